import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright
import TestSupport

/// The httpbin all these tests talk to: the one `Scripts/test` started (`HTTPBIN_URL` and
/// `HTTPBIN_LOG` in the environment), or one started here with `Scripts/httpbin start` and
/// stopped when the test process exits.
struct HTTPBinServer: Sendable {
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// `http://127.0.0.1:<port>`
    let url: URL
    /// gunicorn's access log: one `METHOD target HTTP/1.1 status` line per request, the target as sent.
    let log: URL

    /// The server of this test process, started on first use off Swift concurrency's threads.
    private static let shared = Task { try await OffPool.run { try start().get() } }

    /// The shared server, or a failure that says how to get one.
    static func get() async throws -> HTTPBinServer { try await shared.value }

    private static func start() -> Result<HTTPBinServer, Unavailable> {
        let environment = ProcessInfo.processInfo.environment
        if let url = environment["HTTPBIN_URL"].flatMap(URL.init(string:)), let log = environment["HTTPBIN_LOG"] {
            return .success(HTTPBinServer(url: url, log: URL(fileURLWithPath: log)))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specwright-httpbin-\(getpid())")
        let outputFile = folder.appendingPathComponent("start.out")
        // Output goes to files: a pipe would stay open as long as any process the script started.
        let command = "mkdir -p \"$HTTPBIN_DIR\" && exec \"$0\" start > \"$HTTPBIN_DIR/start.out\" 2> \"$HTTPBIN_DIR/start.err\""
        let script = SharedData.packageRoot.appendingPathComponent("Scripts/httpbin").path
        let status = (try? ChildProcess.runBlocking(["/bin/sh", "-c", command, script], environment: ["HTTPBIN_DIR": folder.path]))?.status ?? -1
        guard status == 0 else {
            return .failure(Unavailable(description: "Scripts/httpbin start failed with status \(status) (run `Scripts/httpbin setup` once, or `Scripts/test`)"))
        }
        let text = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        var values: [(String, String)] = []
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values.append((String(parts[0]), String(parts[1]))) }
        }
        func value(_ name: String) -> String? { values.first { $0.0 == name }?.1 }
        guard let url = value("HTTPBIN_URL").flatMap(URL.init(string:)),
              let log = value("HTTPBIN_LOG"), let pid = value("HTTPBIN_PID").flatMap(Int32.init) else {
            return .failure(Unavailable(description: "httpbin did not start (run `Scripts/httpbin setup` once, or `Scripts/test`); Scripts/httpbin said: \(text)"))
        }
        startedPID = pid
        atexit { if startedPID > 0 { kill(startedPID, SIGTERM) } }
        return .success(HTTPBinServer(url: url, log: URL(fileURLWithPath: log)))
    }

    /// A client for this server.
    func client(credentials: (any CredentialsProvider)? = nil, middlewares: [any Middleware] = []) -> APIClient {
        APIClient(baseURL: url, credentials: credentials, middlewares: middlewares)
    }

    /// The access-log lines that contain `marker`, waiting until there are `count` of them
    /// (gunicorn writes a line after its response is sent).
    func requestLines(containing marker: String, count: Int = 1, timeout: Duration = .seconds(5)) async throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n").map(String.init).filter { $0.contains(marker) }
            if lines.count >= count || ContinuousClock.now >= deadline { return lines }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The one access-log line that contains `marker`, without its status.
    func requestLine(containing marker: String) async throws -> String? {
        let lines = try await requestLines(containing: marker)
        guard lines.count == 1, let line = lines.first else { return nil }
        return line.split(separator: " ").dropLast().joined(separator: " ")
    }
}

/// The gunicorn this process started, for the exit handler (a C function cannot capture it).
nonisolated(unsafe) private var startedPID: Int32 = 0

/// A marker that no other request carries, to find a request in the shared access log.
func marker() -> String { "m" + UUID().uuidString.prefix(8).lowercased() }
