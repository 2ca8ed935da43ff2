import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// PHP's built-in server (`php -S`) on a loopback port, running a script that echoes what PHP
/// parsed from each request. PHP's parser of bracketed form keys is the one Stripe-style APIs
/// are written for, and no one here wrote it. Stopped with ``stop()``.
public final class PHPEchoServer: Sendable {
    /// Why the server did not start.
    public struct Unavailable: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// `http://127.0.0.1:<port>`.
    public let url: URL
    private let pid: pid_t

    private init(url: URL, pid: pid_t) {
        self.url = url
        self.pid = pid
    }

    /// Starts `php -S` with `script` as the router, on the first free port it finds.
    public static func start(script: URL) async throws -> PHPEchoServer {
        for attempt in 0..<20 {
            let port = 20_000 + Int((UInt32(getpid()) &* 7_919 &+ UInt32(attempt) &* 104_729) % 40_000)
            let pid = try ChildProcess.spawn(["php", "-S", "127.0.0.1:\(port)", script.path])
            let url = URL(string: "http://127.0.0.1:\(port)")!
            if try await answers(url, pid: pid) { return PHPEchoServer(url: url, pid: pid) }
            kill(pid, SIGTERM)
            _ = ChildProcess.wait(pid)
        }
        throw Unavailable(description: "php -S did not start on any of 20 ports (is php-cli installed? Scripts/test installs it)")
    }

    /// Whether the server answers within 10 seconds; false when the process ended first (its port was taken).
    private static func answers(_ url: URL, pid: pid_t) async throws -> Bool {
        for _ in 0..<200 {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { return false }
            if let (_, response) = try? await URLSession.shared.data(from: url), (response as? HTTPURLResponse)?.statusCode == 200 {
                return true
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Stops the server.
    public func stop() {
        kill(pid, SIGTERM)
        _ = ChildProcess.wait(pid)
    }
}
