import Foundation
import Testing

/// Every golden's expected output compiles to SIL against the runtime with warnings as errors (SIL
/// catches what type-checking alone does not, like overflowing literals), so a golden can never
/// record code that does not compile.
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

    @Test(arguments: GoldenTests.cases)
    func expectedOutputCompiles(_ name: String) async throws {
        let modules = try #require(Self.modulesFolder, "the Specwright module must be built next to the tests")
        let expected = GoldenTests.folder.appendingPathComponent("\(name)/expected")
        let files = try FileManager.default.contentsOfDirectory(atPath: expected.path).sorted().map { expected.appendingPathComponent($0).path }
        let output = try await Self.run("swiftc", ["-emit-sil", "-wmo", "-o", "/dev/null", "-module-name", "GoldenCheck", "-package-name", "GoldenCheck", "-swift-version", "6",
                                             "-warnings-as-errors", "-I", modules.path] + files)
        #expect(output.status == 0, "\(output.text)")
    }

    /// Runs `tool` and returns its exit status and output. The wait happens on a thread of its own:
    /// blocking one of Swift concurrency's few threads (two on a two-core machine) for a long compile
    /// would stall every other test, and their time limits with it.
    static func run(_ tool: String, _ arguments: [String]) async throws -> (status: Int32, text: String) {
        try await Golden.onOwnThread { try runBlocking(tool, arguments) }
    }

    private static func runBlocking(_ tool: String, _ arguments: [String]) throws -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
