import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A test server started as a process of its own on a loopback port: tried on ports until one
/// answers (another process may hold a port), stopped with ``stop()``.
public struct LoopbackProcess: Sendable {
    /// `http://127.0.0.1:<port>`.
    public let url: URL
    /// The server's process.
    public let pid: pid_t

    /// Starts `command(port)` on the first of 20 ports where `probe` answers 200 within `seconds`;
    /// nil when none does (the program is missing, or every port was taken).
    public static func start(_ command: (Int) -> [String], probe: String = "/", seconds: Int = 10) async throws -> LoopbackProcess? {
        for _ in 0..<20 {
            // Each try of the process takes the next port of its sequence: two servers started at
            // once never try the same port, where one's probe would get the other's answer.
            let attempt = Attempts.next()
            let port = 20_000 + Int((UInt32(getpid()) &* 7_919 &+ UInt32(attempt) &* 104_729) % 40_000)
            let pid = try ChildProcess.spawn(command(port))
            guard let url = URL(string: "http://127.0.0.1:\(port)"), let probeURL = URL(string: url.absoluteString + probe) else { continue }
            switch try await answers(probeURL, pid: pid, seconds: seconds) {
            case .answered: return LoopbackProcess(url: url, pid: pid)
            case .ended: continue   // reaped already: its pid may be another process's now
            case .silent: LoopbackProcess(url: url, pid: pid).stop()
            }
        }
        return nil
    }

    /// How a started server met its probe.
    private enum Probe {
        /// `probe` answered 200.
        case answered
        /// The process ended first (its port was taken), and was reaped.
        case ended
        /// Neither, in the time given.
        case silent
    }

    /// Whether `url` answers 200 within `seconds`, or the process ends first.
    private static func answers(_ url: URL, pid: pid_t, seconds: Int) async throws -> Probe {
        for _ in 0..<(seconds * 20) {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { return .ended }
            if let (_, response) = try? await LoopbackHTTP.data(from: url), (response as? HTTPURLResponse)?.statusCode == 200 {
                return .answered
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return .silent
    }

    /// The tries of this process so far.
    private enum Attempts {
        nonisolated(unsafe) private static var count: UInt32 = 0
        private static let lock = NSLock()

        static func next() -> UInt32 {
            lock.withLock {
                defer { count &+= 1 }
                return count
            }
        }
    }

    /// Stops the server: SIGTERM now, SIGKILL if it is still there 10 s later. Returns at once:
    /// the process is waited for on a thread of its own, never on one of Swift concurrency's (a
    /// server that finishes its open connections before it exits held one for as long as it took,
    /// and two such waits stop every test of the process).
    public func stop() {
        let pid = pid
        kill(pid, SIGTERM)
        Thread.detachNewThread {
            var status: Int32 = 0
            for _ in 0..<200 {
                let reaped = waitpid(pid, &status, WNOHANG)
                if reaped == pid || (reaped == -1 && errno != EINTR) { return }   // ended, or not a child of ours
                Thread.sleep(forTimeInterval: 0.05)
            }
            kill(pid, SIGKILL)
            _ = ChildProcess.wait(pid)
        }
    }
}
