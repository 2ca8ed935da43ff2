import Foundation
import TestSupport

/// Runs the built `specwright` binary in a scratch folder, as a user would.
struct CLI {
    /// What one run printed and returned.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String

        init(_ result: ChildProcess.Result) {
            (status, stdout, stderr) = (result.status, result.output, result.errors)
        }
    }

    /// The `specwright` executable next to the test bundle.
    static let executable: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("specwright")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("specwright")
    }()

    /// A fresh folder for one test.
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("specwright-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Writes a file relative to the scratch folder.
    func write(_ path: String, _ text: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Reads a file relative to the scratch folder, nil when missing.
    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: folder.appendingPathComponent(path).path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The modification date of a file.
    func modified(_ path: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)[.modificationDate] as? Date
    }

    /// Runs `specwright arguments...` with the scratch folder as the working directory.
    func run(_ arguments: String...) async throws -> Run {
        try await launch(Self.executable, arguments)
    }

    /// Runs `specwright arguments` with the scratch folder as the working directory.
    func run(_ arguments: [String]) async throws -> Run {
        try await launch(Self.executable, arguments)
    }

    /// `run`, on the calling thread: for code that runs on a thread of its own already.
    func runBlocking(_ arguments: String...) throws -> Run {
        Run(try ChildProcess.runBlocking([Self.executable.path] + arguments, in: folder))
    }

    /// Runs `executable arguments...` with the scratch folder as the working directory, waiting
    /// off Swift concurrency's threads.
    func launch(_ executable: URL, _ arguments: [String]) async throws -> Run {
        Run(try await ChildProcess.run([executable.path] + arguments, in: folder))
    }

    static let validSpec = """
        name: Tips
        models:
          Tip:
            text: String
        endpoints:
          today:
            request: GET /tips/today
            response: Tip
        """
}
