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

    /// Sends `request` and returns as soon as the response head has arrived, with the body to read
    /// as it comes (event streams, JSON Lines, downloads). The default sends it with ``send(_:)``
    /// and hands the whole body over as one piece; ``URLSessionTransport`` and ``MockTransport``
    /// stream it.
    func stream(_ request: URLRequest) async throws -> (ByteStream, HTTPURLResponse)
}

extension Transport {
    /// The whole body, once it has arrived, as a stream of one piece.
    public func stream(_ request: URLRequest) async throws -> (ByteStream, HTTPURLResponse) {
        let (data, response) = try await send(request)
        return (ByteStream(data), response)
    }
}
