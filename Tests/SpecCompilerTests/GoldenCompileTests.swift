import Foundation
import TestSupport
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

    /// Runs `tool` (a compiler, or what it built) and returns its exit status and output (standard
    /// error merged), waiting off Swift concurrency's threads for a free core.
    static func run(_ tool: String, _ arguments: [String]) async throws -> (status: Int32, text: String) {
        let result = try await ChildProcess.run([tool] + arguments, mergingErrors: true, weight: .heavy)
        return (result.status, result.output)
    }
}
