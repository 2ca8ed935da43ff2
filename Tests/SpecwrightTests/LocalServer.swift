import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright

/// The Python test server (`Server/server.py`) running on a loopback port, for one test.
///
/// Starting it fails (and so fails the test) when `python3` is missing.
final class LocalServer: @unchecked Sendable {
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    private let process: Process
    /// The server's stdin: closing it (or this process dying) stops the server.
    private let input: Pipe
    private let lock = NSLock()
    private var stopped = false
    /// `http://127.0.0.1:<port>`.
    let baseURL: URL

    init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Server/server.py")
        guard FileManager.default.fileExists(atPath: script.path) else {
            throw StartError(description: "The test server is missing at \(script.path).")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--port", "0", "--exit-on-stdin-close"]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        var buffer = Data()
        while !buffer.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        let line = String(decoding: buffer, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = Int(line), let url = URL(string: "http://127.0.0.1:\(port)") else {
            try? input.fileHandleForWriting.close()
            if process.isRunning {
                process.terminate()
            }
            process.waitUntilExit()
            throw StartError(description: "python3 \(script.path) did not report a port (is python3 installed?); exit status \(process.terminationStatus), output \"\(line)\".")
        }
        self.process = process
        self.input = input
        baseURL = url
    }

    deinit {
        stop()
    }

    /// Stops the server and waits for it to exit.
    func stop() {
        lock.lock()
        let alreadyStopped = stopped
        stopped = true
        lock.unlock()
        guard !alreadyStopped else { return }
        try? input.fileHandleForWriting.close()
        if process.isRunning {
            process.terminate()
        }
        process.waitUntilExit()
    }
}

/// A transport that sends through `URLSessionTransport` and keeps the last response body,
/// so tests can read the echo server's report even for endpoints that return `Empty`.
final class CapturingTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var body = Data()
    private let base: URLSessionTransport

    /// Sends through `base` (by default a session that follows redirects itself).
    init(base: URLSessionTransport = URLSessionTransport(session: URLSession(configuration: .ephemeral))) {
        self.base = base
    }

    /// The last response body.
    var lastBody: Data {
        lock.lock()
        defer { lock.unlock() }
        return body
    }

    private func keep(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        body = data
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await base.send(request)
        keep(data)
        return (data, response)
    }

    /// The last body as the echo server's report.
    func echo() throws -> Echo {
        try JSONDecoder().decode(Echo.self, from: lastBody)
    }
}

/// What `/echo/...` reports about a request it received.
struct Echo: Decodable {
    struct Part: Decodable, Equatable {
        var name: String?
        var filename: String?
        var contentType: String?
        var body: String

        var text: String? {
            Data(base64Encoded: body).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    var method: String
    var path: String
    var query: String
    var queryItems: [[String]]
    var headers: [[String]]
    var body: String
    var form: [[String]]?
    var parts: [Part]?

    /// The first header with this name, matched case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.first?.lowercased() == name.lowercased() }?.last
    }

    var bodyData: Data? {
        Data(base64Encoded: body)
    }
}
