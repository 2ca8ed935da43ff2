/// The HTTP method of a request, spelled as it goes on the wire.
public enum HTTPMethod: String, Hashable, Sendable, CaseIterable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"
    case head = "HEAD"
    case options = "OPTIONS"
    /// A safe, idempotent request whose body holds the query (the HTTP QUERY method, OpenAPI 3.2).
    case query = "QUERY"
}

extension HTTPMethod {
    /// Whether sending the request twice has the effect of sending it once (RFC 9110): GET, HEAD,
    /// PUT, DELETE, OPTIONS and QUERY. Only these are retried unless an endpoint opts in.
    public var isIdempotent: Bool {
        switch self {
        case .get, .head, .put, .delete, .options, .query: true
        case .post, .patch: false
        }
    }
}
