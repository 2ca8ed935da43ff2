import Foundation

/// A body that did not match its model: why, where, and the bytes.
///
/// When a JSON body is not JSON at all, the message says what arrived instead: `Expected JSON, but
/// the body is text/html` (a proxy's error page), `Expected JSON, but the body is empty`, `The body
/// is not valid UTF-8 ...`, `The JSON body is cut short ...`.
public struct DecodingFailure: Error, Sendable, CustomStringConvertible {
    /// What did not match, from the underlying `DecodingError`, or what arrived instead of JSON.
    public let message: String
    /// Where in the body, such as `items[3].created_at`; empty for the top level.
    public let codingPath: String
    /// The body that failed to decode.
    public let data: Data
    /// The response's `Content-Type` header, such as `text/html; charset=utf-8`; `nil` when the
    /// server sent none (or the failure was not made from a response).
    public let contentType: String?
    /// The underlying error, usually a `DecodingError`.
    public let underlying: any Error

    /// Describes a decoding error for `data`, a body that came with `contentType`.
    public init(_ error: any Error, data: Data, contentType: String? = nil) {
        self.data = data
        self.contentType = contentType
        underlying = error
        guard let error = error as? DecodingError else {
            message = String(describing: error)
            codingPath = ""
            return
        }
        switch error {
        case .typeMismatch(let type, let context):
            message = "Expected \(type): \(context.debugDescription)"
            codingPath = Self.readable(context.codingPath)
        case .valueNotFound(let type, let context):
            message = "Missing \(type) value: \(context.debugDescription)"
            codingPath = Self.readable(context.codingPath)
        case .keyNotFound(let key, let context):
            message = "Missing key \"\(key.stringValue)\": \(context.debugDescription)"
            codingPath = Self.readable(context.codingPath + [key])
        case .dataCorrupted(let context):
            message = context.debugDescription
            codingPath = Self.readable(context.codingPath)
        @unknown default:
            message = String(describing: error)
            codingPath = ""
        }
    }

    /// A failure with its parts.
    init(message: String, codingPath: String, data: Data, contentType: String?, underlying: any Error) {
        self.message = message
        self.codingPath = codingPath
        self.data = data
        self.contentType = contentType
        self.underlying = underlying
    }

    /// The failure of a JSON body: when the body is not JSON at all, the message says what it is
    /// instead (JSONDecoder only says "The given data was not valid JSON.").
    static func json(_ error: any Error, data: Data, contentType: String?) -> DecodingFailure {
        if case .dataCorrupted(let context)? = error as? DecodingError, context.codingPath.isEmpty,
           let problem = JSONBodyProblem.find(in: data, contentType: contentType) {
            return DecodingFailure(message: problem, codingPath: "", data: data, contentType: contentType, underlying: error)
        }
        return DecodingFailure(error, data: data, contentType: contentType)
    }

    /// The message with its location, such as `The response body does not match at items[3].created_at: ...`.
    public var description: String {
        let location = codingPath.isEmpty ? "" : " at \(codingPath)"
        return "The response body does not match its model\(location): \(message)"
    }

    /// `items[3].created_at` from coding keys.
    static func readable(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}
