import Foundation
import Testing

/// `swiftc` against the runtime built next to the tests: the one argument list every compile check
/// of generated code uses.
public enum SwiftCompiler {
    /// The folder of the built Swift modules, next to the test bundle.
    public static var modulesFolder: URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let modules = folder.appendingPathComponent("Modules/Specwright.swiftmodule")
            if FileManager.default.fileExists(atPath: modules.path) { return modules.deletingLastPathComponent() }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// The arguments of every check: one module, Swift `languageMode`, warnings as errors, the runtime's modules.
    public static func arguments(languageMode: String, module: String, modules: URL) -> [String] {
        ["-wmo", "-module-name", module, "-package-name", module, "-swift-version", languageMode, "-warnings-as-errors", "-I", modules.path]
    }

    /// Compiles `files` to SIL as one module against the runtime (SIL catches what type checking
    /// alone does not, like overflowing literals); the exit status and the compiler's output.
    public static func emitSIL(_ files: [String], languageMode: String) async throws -> (status: Int32, text: String) {
        let modules = try #require(modulesFolder, "the Specwright module must be built next to the tests")
        try #require(!files.isEmpty, "no Swift files to compile")
        return try await run("swiftc", ["-emit-sil", "-o", "/dev/null"] + arguments(languageMode: languageMode, module: "GoldenCheck", modules: modules) + files)
    }

    /// Compiles `files` (one of them a `main.swift`) into a program at `output`, linked with the
    /// runtime's objects built next to the tests; the exit status and the compiler's output.
    public static func buildExecutable(_ files: [String], output: String) async throws -> (status: Int32, text: String) {
        let modules = try #require(modulesFolder, "the Specwright module must be built next to the tests")
        let objectsFolder = modules.deletingLastPathComponent().appendingPathComponent("Specwright.build")
        let objects = try FileManager.default.contentsOfDirectory(atPath: objectsFolder.path).filter { $0.hasSuffix(".o") }.sorted()
            .map { objectsFolder.appendingPathComponent($0).path }
        try #require(!objects.isEmpty, "no runtime objects in \(objectsFolder.path)")
        return try await run("swiftc", ["-swift-version", "6", "-module-name", "Program", "-I", modules.path, "-o", output] + files + objects)
    }

    /// Compiles `files` and expects them to compile without a warning in `languageMode`.
    public static func check(_ files: [String], languageMode: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let output = try await emitSIL(files, languageMode: languageMode)
        #expect(output.status == 0, "Swift \(languageMode) mode:\n\(output.text.prefix(8000))", sourceLocation: sourceLocation)
    }

    /// Runs `tool` (a compiler, or what it built) and returns its exit status and output (standard
    /// error merged), waiting off Swift concurrency's threads for a free core.
    public static func run(_ tool: String, _ arguments: [String]) async throws -> (status: Int32, text: String) {
        let result = try await ChildProcess.run([tool] + arguments, mergingErrors: true, weight: .heavy)
        return (result.status, result.output)
    }
}
