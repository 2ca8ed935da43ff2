import Foundation
import TestSupport
import Testing

/// Every golden's expected output compiles to SIL against the runtime with warnings as errors (SIL
/// catches what type-checking alone does not, like overflowing literals), in Swift 5 and in Swift 6
/// language mode (most app targets still use 5), so a golden can never record code that does not
/// compile or that warns. The example clients under Tests/GeneratedClients build with the package
/// in Swift 6 mode; here they are compiled in Swift 5 mode too.
@Suite struct GoldenCompileTests {
    /// The folder of the built Swift modules, next to the test bundle.
    static var modulesFolder: URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let modules = folder.appendingPathComponent("Modules/Specwright.swiftmodule")
            if FileManager.default.fileExists(atPath: modules.path) { return modules.deletingLastPathComponent() }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// The language modes generated code must compile in without a warning.
    static let languageModes = ["5", "6"]

    @Test(arguments: GoldenTests.cases, languageModes)
    func expectedOutputCompiles(_ name: String, languageMode: String) async throws {
        let expected = GoldenTests.folder.appendingPathComponent("\(name)/expected")
        try await Self.compile(Self.swiftFiles(in: expected), languageMode: languageMode)
    }

    /// The example clients the package compiles (Swift 6 mode), in Swift 5 mode.
    @Test(arguments: GoldenTests.exampleClients)
    func exampleClientCompilesInSwift5Mode(_ name: String) async throws {
        let folder = Golden.packageRoot.appendingPathComponent("Tests/GeneratedClients/\(name)")
        try await Self.compile(Self.swiftFiles(in: folder), languageMode: "5")
    }

    /// The Swift files of a folder, in name order.
    static func swiftFiles(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    /// Compiles `files` to SIL as one module against the runtime, with warnings as errors.
    static func compile(_ files: [String], languageMode: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let modules = try #require(modulesFolder, "the Specwright module must be built next to the tests", sourceLocation: sourceLocation)
        try #require(!files.isEmpty, "no Swift files to compile", sourceLocation: sourceLocation)
        let output = try await run("swiftc", ["-emit-sil", "-wmo", "-o", "/dev/null", "-module-name", "GoldenCheck", "-package-name", "GoldenCheck",
                                              "-swift-version", languageMode, "-warnings-as-errors", "-I", modules.path] + files)
        #expect(output.status == 0, "Swift \(languageMode) mode:\n\(output.text.prefix(8000))", sourceLocation: sourceLocation)
    }

    /// Runs `tool` (a compiler, or what it built) and returns its exit status and output (standard
    /// error merged), waiting off Swift concurrency's threads for a free core.
    static func run(_ tool: String, _ arguments: [String]) async throws -> (status: Int32, text: String) {
        let result = try await ChildProcess.run([tool] + arguments, mergingErrors: true, weight: .heavy)
        return (result.status, result.output)
    }
}
