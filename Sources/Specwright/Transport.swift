import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends a built request and returns the raw answer; ``APIClient`` does the rest.
///
/// Swap it to stub responses in tests, add logging or retries, or use another HTTP stack.
/// A transport should honor task cancellation by throwing `CancellationError` or `URLError(.cancelled)`,
/// and report a body over its size limit with ``ResponseTooLargeError``.
public protocol Transport: Sendable {
    /// The body and HTTP response for `request`; throws on transport failure (not on error statuses).
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}
