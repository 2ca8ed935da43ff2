import Foundation

/// How a successful (2xx) response body becomes the endpoint's `Response` value.
public struct ResponseDecoding<Response: Sendable>: Sendable {
    /// The kinds of decoding.
    public enum Kind: Hashable, Sendable {
        /// The body is JSON.
        case json
        /// The body is ignored.
        case empty
        /// The body is returned as raw bytes.
        case data
        /// The body is returned as UTF-8 text.
        case text

        /// The `Accept` header a request sends when nothing else sets one: `application/json` for
        /// JSON, `text/plain` for text, none (any type) otherwise.
        var accept: String? {
            switch self {
            case .json: "application/json"
            case .text: "text/plain"
            case .empty, .data: nil
            }
        }
    }

    /// The kind of decoding.
    public let kind: Kind
    private let decodeBody: @Sendable (Data, JSONDecoder) throws -> Response

    private init(kind: Kind, decode: @escaping @Sendable (Data, JSONDecoder) throws -> Response) {
        self.kind = kind
        decodeBody = decode
    }

    /// The value for a response body; throws `DecodingError` when the body does not match.
    public func decode(_ data: Data, dates: DateCoding) throws -> Response {
        try decodeBody(data, dates.jsonDecoder)
    }

    /// The value for a response body, JSON read with `decoder`.
    func decode(_ data: Data, decoder: JSONDecoder) throws -> Response {
        try decodeBody(data, decoder)
    }
}

extension ResponseDecoding where Response: Decodable {
    /// Decodes the JSON body with the endpoint's date coding.
    public static var json: ResponseDecoding<Response> {
        ResponseDecoding(kind: .json) { data, decoder in
            try decoder.decode(Response.self, from: data)
        }
    }
}

extension ResponseDecoding where Response == Empty {
    /// Ignores the body (for `204 No Content` and bodies the spec does not describe).
    public static var empty: ResponseDecoding<Empty> {
        ResponseDecoding(kind: .empty) { _, _ in Empty() }
    }
}

extension ResponseDecoding where Response == Data {
    /// Returns the body's bytes as they are.
    public static var data: ResponseDecoding<Data> {
        ResponseDecoding(kind: .data) { data, _ in data }
    }
}

extension ResponseDecoding where Response == String {
    /// Returns the body as UTF-8 text (invalid bytes become U+FFFD).
    public static var text: ResponseDecoding<String> {
        ResponseDecoding(kind: .text) { data, _ in String(decoding: data, as: UTF8.self) }
    }
}
