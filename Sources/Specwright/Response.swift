import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A successful response: the decoded value with the status and headers it came with.
public struct Response<Value> {
    /// The decoded body.
    public let value: Value
    /// The HTTP status code (2xx).
    public let statusCode: Int
    /// The response headers, as the server named them.
    public let headers: [String: String]
    /// The raw HTTP response.
    public let httpResponse: HTTPURLResponse

    /// A response with its parts.
    public init(value: Value, httpResponse: HTTPURLResponse) {
        self.value = value
        statusCode = httpResponse.statusCode
        headers = httpResponse.headerDictionary
        self.httpResponse = httpResponse
    }

    /// The value of the header `name`, matched case-insensitively.
    public func header(_ name: String) -> String? {
        httpResponse.value(forHTTPHeaderField: name)
    }
}

extension Response: Sendable where Value: Sendable {}

extension HTTPURLResponse {
    /// The headers as plain strings.
    var headerDictionary: [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        return headers
    }
}
