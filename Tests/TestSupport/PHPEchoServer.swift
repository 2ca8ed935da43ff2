import Foundation

/// PHP's built-in server (`php -S`) on a loopback port, running a script that echoes what PHP
/// parsed from each request. PHP's parser of bracketed form keys is the one Stripe-style APIs
/// are written for, and no one here wrote it.
public enum PHPEchoServer {
    /// Why the server did not start.
    public struct Unavailable: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// Starts `php -S` with `script` as the router.
    public static func start(script: URL) async throws -> LoopbackProcess {
        guard let server = try await LoopbackProcess.start({ ["php", "-S", "127.0.0.1:\($0)", script.path] }) else {
            throw Unavailable(description: "php -S did not start on any of 20 ports (is php-cli installed? Scripts/test installs it)")
        }
        return server
    }
}
