import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright
import TestSupport

/// The Python test server (`Server/server.py`) on a loopback port, shared by the suites of this
/// test process: started on first use, off Swift concurrency's threads, and stopped when the
/// process ends (the server exits when its stdin closes). Its scripted routes keep their state per
/// key, so tests running at once never see each other's numbers.
///
/// Starting it fails (and so fails the test) when `python3` is missing.
final class LocalServer: Sendable {
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    /// The servers a test may ask for: each is its own process and origin.
    enum Role: Sendable {
        /// The server most tests talk to.
        case main
        /// A second origin, for redirects that leave the first.
        case other
        /// The server of the hostile-response tests, whose huge bodies at full speed would slow
        /// everyone else's requests.
        case hostile
    }

    /// `http://127.0.0.1:<port>`.
    let baseURL: URL
    /// The server's stdin, held open for the life of the test process.
    private let input: FileHandle

    private init(baseURL: URL, input: FileHandle) {
        self.baseURL = baseURL
        self.input = input
    }

    private static let main = Task { try await start() }
    private static let other = Task { try await start() }
    private static let hostile = Task { try await start() }

    /// The shared server of `role`, started on first use.
    static func shared(_ role: Role = .main) async throws -> LocalServer {
        switch role {
        case .main: try await main.value
        case .other: try await other.value
        case .hostile: try await hostile.value
        }
    }

    /// Starts a server and reads the port it reports, waiting off Swift concurrency's threads.
    private static func start() async throws -> LocalServer {
        try await OffPool.run { try startBlocking() }
    }

    private static func startBlocking() throws -> LocalServer {
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
            throw StartError(description: "python3 \(script.path) did not report a port (is python3 installed?); it printed \"\(line)\".")
        }
        return LocalServer(baseURL: url, input: input.fileHandleForWriting)
    }
}

/// What the server saw of one `/slow/<key>` request.
struct SlowState: Decodable, Sendable {
    /// The request reached the server.
    var arrived: Bool
    /// The client closed the connection before the answer was due.
    var closed: Bool
    /// The server sent its answer.
    var answered: Bool
}

extension LocalServer {
    /// `/slow/<key>`, answered after `seconds` unless the client closes first. The default is ten
    /// minutes: a test that expects the client to give up first can then never be fooled by a
    /// slow machine, and the server's record says which happened.
    func slow<Failure>(_ key: String, seconds: Int = 600, timeout: TimeInterval? = nil) -> Endpoint<Empty, Failure> {
        Endpoint(.get, EndpointPath(stringLiteral: "/slow/\(key)"), APIDefaults(), query: ["seconds": seconds], response: .empty, timeout: timeout)
    }

    /// What `/slow/<key>` saw: once it arrived (`settled` false), or once the server saw the close
    /// or answered (the server waits up to 30 s for either).
    func slowState(_ key: String, settled: Bool = true) async throws -> SlowState {
        let endpoint = Endpoint<SlowState, Never>(.get, EndpointPath(stringLiteral: "/slow-state/\(key)"), APIDefaults(),
                                                  query: ["until": settled ? "settled" : "arrived"], response: .json)
        return try await APIClient(baseURL: baseURL).send(endpoint)
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
