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
}

/// The rest of the chain after a middleware: the next middlewares, then the transport.
public typealias NextHandler = @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)

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
}

extension Array where Element == any Middleware {
    /// The chain as one handler: each middleware wraps the ones after it, around `core`.
    func chain(info: RequestInfo, core: @escaping NextHandler) -> NextHandler {
        reversed().reduce(core) { next, middleware in
            { request in try await middleware.intercept(request, info: info, next: next) }
        }
    }
}
