import SpecCore

/// The generated endpoints file of one spec.
public struct EndpointsFileIR: Sendable {
    /// The spec file's name, for the header.
    public var source: String
    /// The access level of every generated declaration.
    public var access: AccessLevel
    /// The namespace enum.
    public var namespace: DeclarationIR
    /// The base URL the spec names, as written, when it is absolute.
    public var baseURL: String?
    /// The spec's base path (`/api/v1`), which a client resolves against the base URL it is given.
    public var serverPath: String?
    /// Every server the spec lists, to choose a base URL from.
    public var servers: [ServerIR]
    /// The name of the enum that holds them.
    public var serversName: String
    /// Headers sent with every request, in order.
    public var defaultHeaders: [HeaderIR]
    /// How dates are coded.
    public var dates: DateStrategy
    /// Endpoints and groups in declaration order.
    public var items: [EndpointItemIR]
    /// The service protocol, its live struct, and (unless the endpoints live in shards) its methods.
    public var service: ServiceIR
    /// The factory of endpoints the spec does not list.
    public var adHoc: AdHocEndpointIR
}

/// A server the API lists: `Servers.production` or, with variables, `Servers.regional(region:)`.
public struct ServerIR: Sendable {
    /// A variable of the URL template, as a parameter.
    public struct Parameter: Sendable {
        /// The Swift parameter name, unescaped.
        public var name: String
        /// The name between braces in the URL.
        public var variable: String
        /// The value when the caller gives none.
        public var defaultValue: String
        /// Doc comment text: the description and the allowed values, if any.
        public var doc: String?
    }

    /// The Swift name, unescaped.
    public var name: String
    /// Doc comment lines.
    public var doc: [String]
    /// The URL template.
    public var url: String
    /// The variables, in the document's order.
    public var parameters: [Parameter]
    /// Whether the URL is a path, resolved against a host the caller gives (`relativeTo:`).
    public var relative = false
}

/// `Chirp.endpoint(.get, "/path", as: Item.self)`: an endpoint the spec does not list, with what
/// the listed ones share (headers, date coding, default auth, error model).
public struct AdHocEndpointIR: Sendable {
    /// The failure type: the top-level error model, or nil for `Never`.
    public var failure: TypeRef?
    /// The generic parameter's name: `Response`, unless the failure type has it.
    public var generic: String
    /// The spec's default auth, if any.
    public var auth: AuthScheme?
    /// How the top-level error model decodes, if there is one.
    public var error: ErrorMappingIR?
}

/// A literal header sent with every request.
public struct HeaderIR: Sendable {
    /// The header name.
    public var name: String
    /// The header value.
    public var value: String
}

/// An endpoint or a group.
public enum EndpointItemIR: Sendable {
    /// A factory function.
    case endpoint(EndpointIR)
    /// A nested namespace of further items.
    case group(GroupIR)
}

/// A nested namespace.
public struct GroupIR: Sendable {
    /// The namespace enum's Swift name.
    public var name: String
    /// Endpoints and groups in declaration order.
    public var items: [EndpointItemIR]
}

/// One factory function: its signature and the request it builds.
public struct EndpointIR: Sendable {
    /// The function name, unescaped.
    public var name: String
    /// Doc comment text: the description (without the parameters, which say their own).
    public var doc: [String]
    /// The request line as written in the spec, like `GET /posts/{id}`, for the doc comment.
    public var requestLine: String
    /// Whether the function is marked deprecated.
    public var deprecated: Bool
    /// The function's parameters in argument order.
    public var parameters: [ParameterIR]
    /// The HTTP method.
    public var method: HTTPMethodName
    /// The path: literal text and parameters, in order.
    public var path: [PathPartIR]
    /// The query parameters, in order.
    public var query: [WireFieldIR]
    /// The header parameters, in order.
    public var headers: [WireFieldIR]
    /// The cookie parameters, in order.
    public var cookies: [WireFieldIR]
    /// The request body, if any.
    public var body: BodyIR?
    /// The success response's type and how it decodes.
    public var response: ResponseIR
    /// The failure type of `Endpoint<Response, Failure>`: an error model, the error enum, or nil for `Never`.
    public var failure: TypeRef?
    /// How the endpoint authenticates, if it does.
    public var auth: AuthScheme?
    /// How error bodies decode, by status, in the spec's order.
    public var errors: [ErrorMappingIR]
    /// The request timeout in seconds, if the spec sets one.
    public var timeout: Double?
    /// Whether a failed request may be retried.
    public var retry: Bool
    /// The enum of error bodies, when they have several types.
    public var errorEnum: ErrorEnumIR?
    /// The struct of the headers its responses declare, when they declare any.
    public var responseHeaders: ResponseHeadersIR?
    /// The endpoint as a method of the service protocol.
    public var service: ServiceMethodIR
    /// The endpoint's own server, in place of the API's (`api.withServer(...)`), if it has one.
    public var server: String?
}

/// Where a parameter goes in the request.
public enum ParameterLocation: String, Sendable {
    /// A placeholder of the path, a query item, a header, a cookie.
    case path, query, header, cookie
    /// The whole request body, or one field of a body the spec lists field by field.
    case body, bodyField
}

/// One function parameter.
public struct ParameterIR: Sendable {
    /// The argument label and parameter name, unescaped.
    public var name: String
    /// The parameter's type.
    public var type: TypeRef
    /// The default argument: the spec's default, or `nil` for an optional.
    public var defaultValue: ValueIR?
    /// Where the value goes.
    public var location: ParameterLocation
    /// The name on the wire (the path placeholder, query key, header or body field name).
    public var wireName: String
    /// Doc comment text for the parameter, from its description.
    public var doc: [String]
}

/// A part of an endpoint's path.
public enum PathPartIR: Sendable {
    /// Literal text.
    case text(String)
    /// The value of the parameter with this Swift name.
    case parameter(String)
    /// The value of the parameter with this Swift name in a path style (`label`, `matrix`, each
    /// exploded or not; `form` for `simple` exploded; nil for `simple`), with the name a matrix
    /// writes; `members` when the value is written as the JSON it encodes to (an object's members,
    /// a union's value).
    case styledParameter(String, style: ParameterStyle?, wireName: String, members: Bool)
}

/// A value sent under a wire name: a query item, a header, a body field.
public struct WireFieldIR: Sendable {
    /// The name on the wire.
    public var wireName: String
    /// The Swift parameter that holds the value, unescaped.
    public var name: String
    /// The style the value is wrapped in (`StyledValue(name, style: ...)`) when it is more than
    /// text values sent the default way; nil to pass the value as it is.
    public var style: ParameterStyle?
    /// Whether the value is a multipart field sent as one JSON part (`JSONPart(name)`): an object,
    /// map, union or `JSON` value in a multipart body.
    public var jsonPart: Bool = false
    /// The content type a multipart field's part is sent with, when the spec gives one (`TypedPart(avatar, contentType: "image/png")`).
    public var contentType: String?
    /// The headers a multipart field's part is sent with, each from an argument of its own.
    public var partHeaders: [WireFieldIR] = []
}

/// A request body.
public struct BodyIR: Sendable {
    /// How the body is encoded.
    public var encoding: BodyEncoding
    /// The fields, when the spec lists the body field by field; nil when one `body` parameter holds it.
    public var fields: [WireFieldIR]?
    /// Whether no body is sent when the value is nil (one `body` parameter of optional type) or
    /// every field is nil.
    public var optional: Bool = false
    /// The enum the `body` parameter is, when the endpoint takes several media types.
    public var alternatives: BodyEnumIR?
    /// The `Content-Type` sent in place of the encoding's own (`.withContentType("image/png")`).
    public var contentType: String?
}

/// The bodies of an endpoint that takes several media types: an enum with a case per media type
/// and the `RequestBody` each is sent as.
public struct BodyEnumIR: Sendable {
    /// The enum's name, `<Endpoint>Body`.
    public var name: String
    /// Doc comment text.
    public var doc: [String]
    /// Deprecated with its endpoint.
    public var deprecated: Bool
    /// One case per media type, in declaration order.
    public var cases: [BodyCaseIR]
}

/// One body of a body enum.
public struct BodyCaseIR: Sendable {
    /// The case name, unescaped.
    public var name: String
    /// The payload type.
    public var type: TypeRef
    /// The media type it is sent as.
    public var mediaType: String
    /// How it is sent.
    public var kind: BodyAlternativeKind
    /// Whether the payload is a `File`, which carries its own content type.
    public var isFile: Bool
}

/// How a success response decodes.
public enum ResponseDecodingIR: String, Sendable {
    /// JSON into the response type; no body (`Empty`); the bytes as they came (`Data`); the body
    /// as UTF-8 text (`String`); a multipart body's parts into the response model.
    case json, empty, data, text, multipart
    /// Read as it arrives: server-sent events, JSON Lines, a JSON text sequence, the bytes.
    case events, lines, sequence, bytes

    /// Whether the body is read as it arrives.
    public var isStream: Bool {
        switch self {
        case .events, .lines, .sequence, .bytes: true
        case .json, .empty, .data, .text, .multipart: false
        }
    }
}

/// An endpoint's success response.
public struct ResponseIR: Sendable {
    /// The response type (`Empty` for no body).
    public var type: TypeRef
    /// How it decodes.
    public var decoding: ResponseDecodingIR
    /// The `Accept` header sent when the caller sets none, when it is not the one the decoding implies.
    public var accept: String?
    /// The enum of outcomes the type is, when 2xx statuses carry different bodies.
    public var outcomes: OutcomeEnumIR?
    /// How the answers page, when they do.
    public var pagination: PaginationIR?
    /// The data of the event that ends an event stream (`[DONE]`).
    public var terminator: String?
    /// Whether a dropped event stream reconnects.
    public var reconnects = false
}

/// Which statuses an error mapping covers.
public enum ErrorStatusIR: Sendable, Hashable {
    /// One status code.
    case code(Int)
    /// A range of status codes, like 400...499.
    case range(Int, Int)
    /// Every status not listed otherwise.
    case `default`
}

/// How the error bodies of some statuses decode.
public struct ErrorMappingIR: Sendable {
    /// The statuses.
    public var status: ErrorStatusIR
    /// The error body's type and the error enum case that holds it, when the endpoint has an error enum.
    public var enumCase: ErrorEnumCaseRef?
    /// The Swift name of the error model's message field (`errorMessage`), if it names one.
    public var messageField: String?
}

/// A case of an endpoint's error enum, holding one error model.
public struct ErrorEnumCaseRef: Sendable {
    /// The error model.
    public var type: TypeRef
    /// The enum's name.
    public var enumName: String
    /// The case's name, unescaped.
    public var caseName: String
}

/// The error bodies of one endpoint, by status.
public struct ErrorEnumIR: Sendable {
    /// The enum's name, `<Endpoint>Error`.
    public var name: String
    /// Doc comment text.
    public var doc: [String]
    /// Deprecated with its endpoint, since it names the endpoint's (possibly deprecated) error models.
    public var deprecated: Bool
    /// One case per status, holding that status's model.
    public var cases: [UnionCaseIR]
    /// The protocols the enum conforms to.
    public var conformances: [Conformance]
    /// Whether the enum is `indirect` (lean conformances), as an outcome enum is.
    public var indirect = false
}

/// One shard file of a split output: its share of the models, and of the endpoints as extensions
/// of the namespace and its groups.
public struct ShardFileIR: Sendable {
    /// The spec file's name, for the header.
    public var source: String
    /// The access level of every generated declaration.
    public var access: AccessLevel
    /// The namespace's name, for `Namespace.api`.
    public var namespace: String
    /// The models of this shard, in declaration order.
    public var models: [ModelIR]
    /// The extensions in declaration order of their scopes.
    public var extensions: [ExtensionIR]
    /// The service methods of this shard's endpoints (no requirements).
    public var service: ServiceIR
}

/// `extension Chirp.Posts { ... }`: the endpoints of one scope that fall in one shard.
public struct ExtensionIR: Sendable {
    /// The extended type's path, like `["Chirp", "Posts"]`.
    public var scope: [String]
    /// The endpoints, each `.endpoint`, in declaration order.
    public var endpoints: [EndpointItemIR]
}

/// How an endpoint's answers page: its companion function `<name>Pages`, returning the runtime's
/// `Paginated` with the rule that reads the pages.
public struct PaginationIR: Sendable {
    /// How the ID the next page starts after is read from an item's field.
    public enum IDConversion: Sendable {
        /// A `String` as it is.
        case string
        /// An integer, as its digits.
        case integer
        /// A `UUID`, as its text.
        case uuid
    }

    /// The rule, with the Swift names of the fields it reads and the wire names of the query
    /// parameters it sets.
    public enum Rule: Sendable {
        case link
        case cursor(next: String, parameter: String)
        case hasMore(hasMore: String, parameter: String, id: String, conversion: IDConversion)
        case page(parameter: String, size: String?, first: Int)
        case offset(parameter: String, size: String?)
    }

    /// The companion function's name, unescaped.
    public var name: String
    /// The type of one item.
    public var item: TypeRef
    /// The page's property holding the items, and whether it is optional; nil when a page is the array.
    public var items: (member: String, optional: Bool)?
    /// What follows a page.
    public var rule: Rule
}
