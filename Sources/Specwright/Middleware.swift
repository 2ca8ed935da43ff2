import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a middleware knows about the endpoint behind a request.
public struct RequestInfo: Sendable, Hashable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path as the spec wrote it, with `{}` for each parameter, such as `/users/{}/profile`.
    public var pathTemplate: String
    /// The credential the endpoint needs.
    public var auth: AuthRequirement
    /// Whether the spec allows retrying it: idempotent methods (GET, HEAD, PUT, DELETE, OPTIONS)
    /// always, others only with `retry: true`.
    public var isRetryable: Bool
    /// Whether the response is read as it arrives (an event stream, JSON Lines, a download): the
    /// chain runs ``Middleware/intercept(stream:info:next:)``.
    public var isStreamed = false
    /// Whether the request resumes an event stream whose connection dropped (with
    /// `Last-Event-ID`): the stream's ``ReconnectPolicy`` bounds these attempts, so
    /// ``RetryMiddleware`` does not retry them as well.
    public var isReconnection = false
}

/// The rest of the chain after a middleware: the next middlewares, then the transport.
public typealias NextHandler = @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)

/// The rest of the chain after a middleware, for a streamed response: it returns when the head has
/// arrived, with the body to read.
public typealias StreamHandler = @Sendable (URLRequest) async throws -> (ByteStream, HTTPURLResponse)

/// A step between ``APIClient`` and its ``Transport``: it sees each request with its endpoint's
/// ``RequestInfo`` and calls `next` to continue; it can change the request, call `next` again
/// (retry), answer without calling it (short-circuit), or only observe.
///
/// Order: `APIClient(middlewares: [a, b])` runs `a` first (outermost), then `b`, then the transport,
/// and responses come back through `b`, then `a`. Credentials are already on the request; redirects
/// are followed inside the chain, so every middleware sees the final response.
public protocol Middleware: Sendable {
    /// Handles one request; call `next` to send it on.
    func intercept(_ request: URLRequest, info: RequestInfo, next: @escaping NextHandler) async throws -> (Data, HTTPURLResponse)

    /// Handles one request whose response is streamed; call `next` to send it on. `next` returns
    /// when the head has arrived, so what a middleware does here happens before the first byte of
    /// the body: a retry or a token refresh resends the request, never a stream half read.
    ///
    /// The default runs ``intercept(_:info:next:)`` with a `next` that opens the stream and hands
    /// back the head with an empty body: middlewares that change requests, retry on a status or
    /// refresh credentials work for streams unchanged. What one returns without calling `next`
    /// (a cached answer) becomes the stream's body. Implement this to see the body of a stream
    /// (``LoggingMiddleware`` counts it) or to leave streams alone (``DeduplicationMiddleware``).
    func intercept(stream request: URLRequest, info: RequestInfo, next: @escaping StreamHandler) async throws -> (ByteStream, HTTPURLResponse)
}

extension Middleware {
    /// Runs ``intercept(_:info:next:)`` for the stream: see the requirement.
    public func intercept(stream request: URLRequest, info: RequestInfo, next: @escaping StreamHandler) async throws -> (ByteStream, HTTPURLResponse) {
        let opened = OpenedStream()
        let (data, response) = try await intercept(request, info: info) { request in
            let (body, response) = try await next(request)
            opened.replace(with: body)
            return (Data(), response)
        }
        // An answer of the middleware's own (a body, or no call of `next`) is the body.
        guard data.isEmpty, let body = opened.take() else {
            opened.take()?.cancel()
            return (ByteStream(data), response)
        }
        return (body, response)
    }
}

/// The last stream `next` opened in an adapted middleware; one it opened before (a retry) is closed.
private final class OpenedStream: @unchecked Sendable {
    private let lock = NSLock()
    private var body: ByteStream?

    func replace(with body: ByteStream) {
        let earlier = lock.withLock {
            defer { self.body = body }
            return self.body
        }
        earlier?.cancel()
    }

    func take() -> ByteStream? {
        lock.withLock {
            defer { body = nil }
            return body
        }
    }
}

extension Array where Element == any Middleware {
    /// The chain as one handler: each middleware wraps the ones after it, around `core`.
    func chain(info: RequestInfo, core: @escaping NextHandler) -> NextHandler {
        reversed().reduce(core) { next, middleware in
            { request in try await middleware.intercept(request, info: info, next: next) }
        }
    }

    /// The chain for a streamed response.
    func streamChain(info: RequestInfo, core: @escaping StreamHandler) -> StreamHandler {
        reversed().reduce(core) { next, middleware in
            { request in try await middleware.intercept(stream: request, info: info, next: next) }
        }
    }
}
