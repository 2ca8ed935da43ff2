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
        /// The body is multipart, its parts decoded into a model by their names.
        case multipart
        /// Each status decodes its own way, into one case of an enum of outcomes.
        case byStatus
        /// The body is read as it arrives: an ``EventStream``, ``JSONLines``, ``JSONSequence`` or
        /// ``ByteStream``.
        case stream

        /// The `Accept` header of this kind: `application/json` for JSON, `text/plain` for text,
        /// none (any type) otherwise.
        var accept: String? {
            switch self {
            case .json: "application/json"
            case .text: "text/plain"
            case .multipart: "multipart/form-data"
            case .empty, .data, .byStatus, .stream: nil
            }
        }
    }

    /// The kind of decoding.
    public let kind: Kind
    /// The `Accept` header a request sends when the caller sets none: the media types the
    /// endpoint's responses are declared with, or nil for any.
    public let accept: String?
    private let decodeBody: @Sendable (SuccessBody) throws -> Response
    /// For streamed responses: the value made from the body as it starts to arrive.
    let openStream: (@Sendable (StreamStart) -> Response)?
    /// How a streamed response reconnects after its connection failed (event streams only).
    public private(set) var reconnect: ReconnectPolicy = .never
    /// The `Content-Type` a streamed 2xx response must have (when it has one) to be read as the
    /// stream: `text/event-stream` for events, as browsers' `EventSource` requires.
    var requiredMediaType: String?

    private init(kind: Kind, accept: String?, decode: @escaping @Sendable (SuccessBody) throws -> Response) {
        self.kind = kind
        self.accept = accept
        decodeBody = decode
        openStream = nil
    }

    /// A streamed response: `open` makes the value once the head has arrived; reading it reads the body.
    init(streaming accept: String?, requiring mediaType: String? = nil, reconnect: ReconnectPolicy = .never, open: @escaping @Sendable (StreamStart) -> Response) {
        kind = .stream
        self.accept = accept
        self.reconnect = reconnect
        requiredMediaType = mediaType
        openStream = open
        decodeBody = { body in open(StreamStart(bytes: ByteStream(body.data), contentType: body.contentType,
                                                decoder: body.decoder, reconnect: nil, policy: .never)) }
    }

    private init(_ decoding: ResponseDecoding, accept: String?, reconnect: ReconnectPolicy) {
        kind = decoding.kind
        self.accept = accept
        decodeBody = decoding.decodeBody
        openStream = decoding.openStream
        self.reconnect = reconnect
        requiredMediaType = decoding.requiredMediaType
    }

    /// The same decoding, handing `observe` each body it decodes (a whole body; a stream is left
    /// as it is).
    func observingBody(_ observe: @escaping @Sendable (Data) -> Void) -> ResponseDecoding<Response> {
        guard openStream == nil else { return self }
        let decode = decodeBody
        var observing = ResponseDecoding(kind: kind, accept: accept) { body in
            observe(body.data)
            return try decode(body)
        }
        observing.reconnect = reconnect
        observing.requiredMediaType = requiredMediaType
        return observing
    }

    /// The same decoding, sending `accept` as the `Accept` header (`application/vnd.github+json`,
    /// `application/json, application/xml`) when the caller sets none.
    public func accepting(_ accept: String) -> ResponseDecoding<Response> {
        ResponseDecoding(self, accept: accept, reconnect: reconnect)
    }

    /// The same decoding, reconnecting a dropped event stream as `policy` says
    /// (``ReconnectPolicy/never`` to stop); other responses ignore it.
    public func reconnecting(_ policy: ReconnectPolicy) -> ResponseDecoding<Response> {
        ResponseDecoding(self, accept: accept, reconnect: policy)
    }

    /// The value for a response body that came with `status` and `contentType`; throws
    /// `DecodingError` when the body does not match.
    public func decode(_ data: Data, status: Int = 200, contentType: String? = nil, dates: DateCoding) throws -> Response {
        try decodeBody(SuccessBody(status: status, data: data, contentType: contentType, decoder: dates.jsonDecoder))
    }

    /// The value for a response body, JSON read with `decoder`.
    func decode(_ data: Data, status: Int, contentType: String?, decoder: JSONDecoder) throws -> Response {
        try decodeBody(SuccessBody(status: status, data: data, contentType: contentType, decoder: decoder))
    }

    /// Decodes each status its own way: `decode` gets the status and the body, and returns the
    /// outcome for it (`.created(try body.json(Task.self))`, `.noContent`, by the body's
    /// `contentKind` where a status has several). For an endpoint whose 2xx responses carry
    /// different bodies.
    public static func byStatus(
        accept: String?, _ decode: @escaping @Sendable (_ status: Int, _ body: SuccessBody) throws -> Response
    ) -> ResponseDecoding<Response> {
        ResponseDecoding(kind: .byStatus, accept: accept) { body in try decode(body.status, body) }
    }
}

/// A 2xx response body as ``ResponseDecoding/byStatus(accept:_:)`` hands it over, to read as
/// the status's declared type.
public struct SuccessBody: Sendable {
    /// What a body's `Content-Type` says it is.
    public enum ContentKind: Hashable, Sendable {
        /// `application/json`, `text/json`, anything ending in `+json`.
        case json
        /// Any other `text/*` type.
        case text
        /// Any other type: bytes.
        case other
    }

    /// The status it came with.
    public let status: Int
    /// The bytes as they came.
    public let data: Data
    /// The `Content-Type` it came with, if any.
    public let contentType: String?
    /// The endpoint's JSON decoder.
    let decoder: JSONDecoder

    init(status: Int, data: Data, contentType: String?, decoder: JSONDecoder) {
        self.status = status
        self.data = data
        self.contentType = contentType
        self.decoder = decoder
    }

    /// What `contentType` says the body is; nil without one.
    public var contentKind: ContentKind? {
        guard let contentType else { return nil }
        if MediaTypes.isJSON(contentType) { return .json }
        return MediaTypes.base(contentType).hasPrefix("text/") ? .text : .other
    }

    /// The body as JSON of type `type`, with the endpoint's date coding.
    public func json<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try StreamElements.json(type, from: data, decoder: decoder)
    }

    /// The body as UTF-8 text (invalid bytes become U+FFFD).
    public var text: String {
        String(decoding: data, as: UTF8.self)
    }
}

extension ResponseDecoding where Response: Decodable {
    /// Decodes the JSON body with the endpoint's date coding.
    public static var json: ResponseDecoding<Response> {
        ResponseDecoding(kind: .json, accept: Kind.json.accept) { body in
            try body.json(Response.self)
        }
    }
}

extension ResponseDecoding where Response: Decodable {
    /// Reads a multipart body (`multipart/form-data`, `multipart/mixed`), and decodes the model from
    /// its parts by their names: a `String` member from a part's text, `Data` or ``File`` from its
    /// bytes, an array from every part of its name, anything else from JSON (a part of JSON, or
    /// text: an enum's value, a date, a number). A body that is not multipart is a decoding error.
    public static var multipart: ResponseDecoding<Response> {
        ResponseDecoding(kind: .multipart, accept: Kind.multipart.accept) { body in
            let parts = try MultipartParsing.parts(of: body.data, contentType: body.contentType ?? "")
            return try MultipartDecoder.decode(Response.self, from: parts, json: body.decoder)
        }
    }
}

extension ResponseDecoding where Response == [ReceivedPart] {
    /// Reads a multipart body as its parts, each with its name, file name, headers and bytes.
    public static var parts: ResponseDecoding<[ReceivedPart]> {
        ResponseDecoding(kind: .multipart, accept: Kind.multipart.accept) { body in
            try MultipartParsing.parts(of: body.data, contentType: body.contentType ?? "")
        }
    }
}

extension ResponseDecoding where Response == Empty {
    /// Ignores the body (for `204 No Content` and bodies the spec does not describe).
    public static var empty: ResponseDecoding<Empty> {
        ResponseDecoding(kind: .empty, accept: nil) { _ in Empty() }
    }
}

extension ResponseDecoding where Response == Data {
    /// Returns the body's bytes as they are.
    public static var data: ResponseDecoding<Data> {
        ResponseDecoding(kind: .data, accept: nil) { $0.data }
    }
}

extension ResponseDecoding where Response == String {
    /// Returns the body as UTF-8 text (invalid bytes become U+FFFD).
    public static var text: ResponseDecoding<String> {
        ResponseDecoding(kind: .text, accept: Kind.text.accept) { $0.text }
    }
}
