import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A non-2xx response: the status, headers, raw body, and the error model when the body decoded.
public struct StatusError<Failure: Sendable>: Sendable, CustomStringConvertible {
    /// The HTTP status code.
    public let statusCode: Int
    /// The response headers.
    public let headers: [String: String]
    /// The raw body.
    public let data: Data
    /// The body decoded as the endpoint's error model; `nil` when the spec gives no model for
    /// this status or the body did not match it.
    public let model: Failure?

    /// A status error with its parts.
    public init(statusCode: Int, headers: [String: String], data: Data, model: Failure?) {
        self.statusCode = statusCode
        self.headers = headers
        self.data = data
        self.model = model
    }

    /// The status and its reason, such as `The server answered 404 (not found).`
    public var description: String {
        "The server answered \(statusCode) (\(HTTPURLResponse.localizedString(forStatusCode: statusCode)))."
    }
}
