import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A non-2xx response: the status, headers, raw body, the error model when the body decoded, and
/// what the server said.
///
/// Two status errors are equal (when the model is `Equatable`) when their status codes and models
/// are: the headers and the raw body are how the answer came, not what it said.
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
    /// What the server said: the error model's message field (the spec's `errorMessage`), else a
    /// short excerpt of a text body (an HTML page's title), one line with control characters
    /// escaped; `nil` for an empty or binary body.
    public let message: String?
    /// The model's own `LocalizedError` description, which then is the whole description.
    let modelDescription: String?

    /// A status error with its parts; `message` defaults to an excerpt of `data`.
    public init(statusCode: Int, headers: [String: String] = [:], data: Data = Data(), model: Failure? = nil, message: String? = nil) {
        self.init(statusCode: statusCode, headers: headers, data: data, model: model, message: message, modelDescription: nil)
    }

    init(statusCode: Int, headers: [String: String], data: Data, model: Failure?, message: String?, modelDescription: String?) {
        self.statusCode = statusCode
        self.headers = headers
        self.data = data
        self.model = model
        let contentType = headers.first { $0.key.lowercased() == "content-type" }?.value
        self.message = message.flatMap(ServerMessage.cleaned) ?? ServerMessage.excerpt(of: data, contentType: contentType)
        self.modelDescription = modelDescription
    }

    /// The status, its reason and what the server said, such as `The server answered 409
    /// (Conflict): That handle is taken.`; or the error model's own `LocalizedError` description
    /// when it has one.
    public var description: String {
        if let modelDescription { return modelDescription }
        let head = "The server answered \(statusCode) (\(Self.reason(statusCode)))"
        return message.map { "\(head): \($0)" } ?? "\(head)."
    }

    /// `Not Found` for 404: the reason phrase with each word capitalized, as servers send it (Apple's
    /// Foundation gives it in lower case, Linux's in title case).
    static func reason(_ statusCode: Int) -> String {
        HTTPURLResponse.localizedString(forStatusCode: statusCode).split(separator: " ")
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}

extension StatusError: Equatable where Failure: Equatable {
    /// Same status code and same model (see the type's documentation).
    public static func == (lhs: StatusError, rhs: StatusError) -> Bool {
        lhs.statusCode == rhs.statusCode && lhs.model == rhs.model
    }
}
