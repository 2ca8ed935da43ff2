import SpecDiagnostics

/// An entry under `endpoints:`: an endpoint, or a group of entries.
public enum EndpointItem: Sendable {
    /// An endpoint, generated as a factory function.
    case endpoint(EndpointDecl)
    /// A group, generated as a nested namespace.
    case group(GroupDecl)
}

/// A group: a nested namespace of endpoints (`Chirp.Posts.like(id:)`).
public struct GroupDecl: Sendable {
    /// The key as written.
    public var name: String
    /// Where the key is written.
    public var location: SourceLocation
    /// The entries in declaration order.
    public var items: [EndpointItem]
    /// The spec file that declares it.
    public var file: String

    /// Creates the value from all its parts.
    public init(
        name: String,
        location: SourceLocation,
        items: [EndpointItem],
        file: String
    ) {
        self.name = name
        self.location = location
        self.items = items
        self.file = file
    }
}

/// One HTTP endpoint.
public struct EndpointDecl: Sendable {
    /// The key as written: the factory's name.
    public var name: String
    /// The OpenAPI `operationId` it comes from, for configs that name it (with `groupByTag` the
    /// name loses the tag's prefix, the ID keeps it); nil for a spec's endpoints.
    public var operationID: String?
    /// Where the key is written.
    public var location: SourceLocation
    /// The HTTP method.
    public var method: HTTPMethodName
    /// The path template, `/users/{userID}/profile`; empty when the request line is invalid.
    public var path: String
    /// Where the path is written.
    public var pathLocation: SourceLocation
    /// The doc comment text.
    public var description: String?
    /// Whether the endpoint is deprecated.
    public var deprecated: Bool
    /// The endpoint's own auth, overriding the top-level one.
    public var auth: AuthScheme?
    /// Declared path parameters.
    public var pathParameters: [FieldDecl]
    /// Query parameters.
    public var query: [FieldDecl]
    /// Header parameters.
    public var headers: [FieldDecl]
    /// Cookie parameters, sent in the `Cookie` header.
    public var cookies: [FieldDecl] = []
    /// The request body.
    public var body: BodyDecl?
    /// Where the `body` key is written.
    public var bodyLocation: SourceLocation?
    /// How the body is encoded.
    public var encoding: BodyEncoding
    /// The body's `Content-Type` when it is not the encoding's own (`image/png` for bytes,
    /// `text/csv` for text, `application/merge-patch+json` for JSON); nil for the encoding's.
    public var bodyContentType: String?
    /// Where `contentType` is written.
    public var bodyContentTypeLocation: SourceLocation?
    /// The bodies the caller chooses from, when the endpoint takes several media types (`bodies:`,
    /// OpenAPI's JSON with text and bytes): the factory takes an enum `<Endpoint>Body` instead of
    /// ``body``. Empty otherwise.
    public var bodies: [BodyAlternative] = []
    /// Whether a body of fields may be left out: when every field is nil, none is sent (OpenAPI's
    /// `requestBody` without `required: true`). A body of one type is optional by its type.
    public var bodyOptional = false
    /// The response type; `Empty` when not written.
    public var response: TypeExpr?
    /// Whether the response is plain text (`responseEncoding: text`, OpenAPI's `text/*`): a
    /// `String` of the body as UTF-8, not JSON.
    public var responseIsText = false
    /// Whether the response is a multipart body (`responseEncoding: multipart`, OpenAPI's
    /// `multipart/*`), its parts decoded into the response model by their names.
    public var responseIsMultipart = false
    /// The data of the event that ends an event stream (`terminator: "[DONE]"`, OpenAI's sentinel):
    /// the stream ends there, cleanly, without decoding it.
    public var streamTerminator: String?
    /// Whether a dropped event stream reconnects with `Last-Event-ID` (`reconnect: true`).
    public var reconnects = false
    /// How the endpoint's answers page, when they do (`pagination:`): the factory gets a
    /// companion `<name>Pages` that `client.pages` and `client.items` read.
    public var pagination: PaginationDecl?
    /// Where `terminator` or `reconnect` is written, for the diagnostics about them.
    public var streamOptionsLocation: SourceLocation?
    /// The 2xx responses, when they carry different bodies (`responses:`, OpenAPI's `200` and
    /// `202`): the endpoint answers with an enum of outcomes, one case per status. Empty when
    /// ``response`` says it all.
    public var outcomes: [OutcomeDecl] = []
    /// The headers its responses declare (`responseHeaders:`, OpenAPI's response `headers`), read
    /// into a struct `<Endpoint>Headers`.
    public var responseHeaders: [FieldDecl] = []
    /// The `Accept` header the endpoint sends when the caller sets none, when it is not the one its
    /// decoding implies (OpenAPI: the response's declared media types).
    public var accept: String?
    /// The server of this endpoint, in place of the API's: an absolute URL
    /// (`https://uploads.github.com`), or a path the client's base URL resolves (OpenAPI's
    /// `servers` on an operation or path).
    public var server: String?
    /// Error models by status (nil status: `default`), in declaration order.
    public var errors: [ErrorDecl]
    /// The timeout in seconds.
    public var timeout: Double?
    /// Whether a non-idempotent endpoint may be retried (`retry: true`).
    public var retry: Bool
    /// The spec file that declares it.
    public var file: String

    /// Creates the value from all its parts.
    public init(
        name: String,
        location: SourceLocation,
        method: HTTPMethodName,
        path: String,
        pathLocation: SourceLocation,
        description: String? = nil,
        deprecated: Bool,
        auth: AuthScheme? = nil,
        pathParameters: [FieldDecl],
        query: [FieldDecl],
        headers: [FieldDecl],
        body: BodyDecl? = nil,
        bodyLocation: SourceLocation? = nil,
        encoding: BodyEncoding,
        response: TypeExpr? = nil,
        errors: [ErrorDecl],
        timeout: Double? = nil,
        retry: Bool,
        file: String
    ) {
        self.name = name
        self.location = location
        self.method = method
        self.path = path
        self.pathLocation = pathLocation
        self.description = description
        self.deprecated = deprecated
        self.auth = auth
        self.pathParameters = pathParameters
        self.query = query
        self.headers = headers
        self.body = body
        self.bodyLocation = bodyLocation
        self.encoding = encoding
        self.response = response
        self.errors = errors
        self.timeout = timeout
        self.retry = retry
        self.file = file
    }

    /// The error models' types without repeats, in order: several of them make an enum of error bodies.
    public var distinctErrorTypes: [TypeExpr] {
        var distinct: [TypeExpr] = []
        for error in errors where !distinct.contains(where: { $0.description == error.type.description }) {
            distinct.append(error.type)
        }
        return distinct
    }
}

/// A request body: inline fields (the factory takes them as arguments) or one type (`body:`).
public enum BodyDecl: Sendable {
    /// Inline fields, taken as the factory's arguments, and where they are written.
    case fields([FieldDecl], at: SourceLocation)
    /// One type, taken as the factory's `body` argument.
    case type(TypeExpr)

    /// Where the body is written.
    public var location: SourceLocation {
        switch self {
        case .fields(_, let location): location
        case .type(let type): type.location
        }
    }
}

/// One of the bodies an endpoint takes: its media type and the type of its value.
public struct BodyAlternative: Sendable {
    /// The media type sent as `Content-Type`, such as `application/json` or `text/plain`.
    public var mediaType: String
    /// The value's type: a model or any JSON type for JSON, an object model for a form, `String`
    /// for text, `Data` or `File` for any other media type.
    public var type: TypeExpr
    /// Where the media type is written.
    public var location: SourceLocation

    /// Creates the value from all its parts.
    public init(mediaType: String, type: TypeExpr, location: SourceLocation) {
        self.mediaType = mediaType
        self.type = type
        self.location = location
    }

    /// How the body is sent: JSON (also for `*/*` and `application/*`, as OpenAPI reads them), a
    /// form, text (as bytes of UTF-8) or bytes; nil for multipart, which a chosen body cannot be.
    public var kind: BodyAlternativeKind? { Self.kind(of: mediaType) }

    /// How a body of `mediaType` is sent; nil for multipart.
    public static func kind(of mediaType: String) -> BodyAlternativeKind? {
        let base = String((mediaType.split(separator: ";", maxSplits: 1).first ?? "").filter { $0 != " " && $0 != "\t" }).lowercased()
        if base == "application/json" || base == "text/json" || base.hasSuffix("+json") || base == "*/*" || base == "application/*" { return .json }
        if base == "application/x-www-form-urlencoded" { return .form }
        if base.hasPrefix("multipart/") { return nil }
        return base.hasPrefix("text/") ? .text : .data
    }

    /// Whether `text` can be a `Content-Type`: a `/` and printable ASCII only (`image/png`,
    /// `text/csv; charset=utf-8`).
    public static func isMediaType(_ text: String) -> Bool {
        text.contains("/") && text.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }
    }
}

/// The kinds of chosen bodies.
public enum BodyAlternativeKind: String, Sendable {
    /// The raw values name the enum case a body of the kind gets.
    case json, form, text, data
}

/// One 2xx response of an endpoint with several: its status and its body.
public struct OutcomeDecl: Sendable {
    /// The status, `201`, or the range `2XX` (every 2xx not listed on its own).
    public var status: SuccessStatus
    /// The body's type: `Empty` when the response has none (`204`), `Data` for bytes.
    public var type: TypeExpr
    /// Whether the body is plain text, a `String` of its UTF-8.
    public var isText: Bool
    /// The doc comment text (OpenAPI: the response's description).
    public var description: String?
    /// Which of its status's bodies this is, when the status has several (JSON, text, bytes),
    /// told apart by the response's `Content-Type`; nil when the status has one.
    public var content: OutcomeContent?
    /// Where the status key is written.
    public var location: SourceLocation

    /// Creates the value from all its parts.
    public init(
        status: SuccessStatus, type: TypeExpr, isText: Bool = false, description: String? = nil, content: OutcomeContent? = nil,
        location: SourceLocation
    ) {
        self.status = status
        self.type = type
        self.isText = isText
        self.description = description
        self.content = content
        self.location = location
    }
}

/// One of the bodies a status can answer with, as its `Content-Type` says.
public enum OutcomeContent: String, Sendable, CaseIterable {
    /// JSON, decoded into the type.
    case json
    /// `text/*`: a `String`.
    case text
    /// Any other type: `Data`.
    case data
}

/// The status of a success response: one code, or `2XX`.
public enum SuccessStatus: Sendable, Hashable, Comparable {
    /// One status, such as `201`.
    case code(Int)
    /// `2XX`: every 2xx status not listed on its own.
    case range

    /// The key as written: `201` or `2XX`.
    public var key: String {
        switch self {
        case .code(let code): String(code)
        case .range: "2XX"
        }
    }

    /// Reads `201` or `2XX` (`2xx`); nil for anything else.
    public init?(key: String) {
        if key == "2XX" || key == "2xx" {
            self = .range
        } else if let code = Int(key), (200...299).contains(code), key.count == 3 {
            self = .code(code)
        } else {
            return nil
        }
    }
}

/// An error model for one status, a range of statuses, or every other non-2xx status.
public struct ErrorDecl: Sendable {
    /// Which statuses the model is for.
    public var status: ErrorStatus
    /// The model decoded from the body.
    public var type: TypeExpr
    /// Where the status key is written.
    public var location: SourceLocation

    /// Creates the value from all its parts.
    public init(
        status: ErrorStatus,
        type: TypeExpr,
        location: SourceLocation
    ) {
        self.status = status
        self.type = type
        self.location = location
    }
}

/// The statuses an error model is for, as an `errors:` key writes them.
public enum ErrorStatus: Sendable, Hashable {
    /// One status, such as `404`.
    case code(Int)
    /// Every status of a class, `4XX` (400 to 499) for 4: the ones not listed on their own.
    case range(Int)
    /// `default`: every other non-2xx status.
    case other

    /// The key as written: `404`, `4XX` or `default`.
    public var key: String {
        switch self {
        case .code(let code): String(code)
        case .range(let digit): "\(digit)XX"
        case .other: "default"
        }
    }

    /// The statuses of a range, `400...499` for `4XX`.
    public var codes: ClosedRange<Int>? {
        if case .range(let digit) = self { digit * 100...digit * 100 + 99 } else { nil }
    }
}

/// HTTP methods of format v1.
public enum HTTPMethodName: String, Sendable, CaseIterable {
    /// The raw value is the method as written in the request line and sent.
    case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE", head = "HEAD", options = "OPTIONS"
    /// `QUERY` (OpenAPI 3.2): a safe, idempotent request whose body says what to find.
    case query = "QUERY"
}

/// Body encodings of format v1.
public enum BodyEncoding: String, Sendable, CaseIterable {
    /// The raw value is the spelling under `encoding:`; `text` is a `String` sent as UTF-8.
    case json, form, multipart, binary, text
}
