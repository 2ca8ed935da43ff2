import Foundation

/// Runs the built `specwright` binary in a scratch folder, as a user would.
struct CLI {
    /// What one run printed and returned.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
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
    func run(_ arguments: String...) throws -> Run {
        try launch(Self.executable, arguments)
    }

    /// Runs `executable arguments...` with the scratch folder as the working directory.
    func launch(_ executable: URL, _ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
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
