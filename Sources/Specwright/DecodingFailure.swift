import Foundation

/// A body that did not match its model: why, where, and the bytes.
public struct DecodingFailure: Error, Sendable, CustomStringConvertible {
    /// What did not match, from the underlying `DecodingError`.
    public let message: String
    /// Where in the body, such as `items[3].created_at`; empty for the top level.
    public let codingPath: String
    /// The body that failed to decode.
    public let data: Data
    /// The underlying error, usually a `DecodingError`.
    public let underlying: any Error

    /// Describes a decoding error for `data`.
    public init(_ error: any Error, data: Data) {
        self.data = data
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
