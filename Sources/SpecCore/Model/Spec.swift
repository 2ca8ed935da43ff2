import SpecDiagnostics

/// A decoded spec: the root file with every included file's models and endpoints joined in.
public struct Spec: Sendable {
    /// The root file's path as given.
    public var file: String
    /// The namespace name (`name:`).
    public var name: String
    /// Where `name` is written (or the top of the file).
    public var nameLocation: SourceLocation
    /// The doc comment of the namespace.
    public var description: String?
    /// The base URL: absolute, or a path (`/api/v1`) the client resolves against the base URL it is given.
    public var baseURL: String?
    /// Every server the API lists, to choose a client's base URL from.
    public var servers: [ServerDecl] = []
    /// Literal headers sent with every request, in declaration order.
    public var defaultHeaders: [(name: String, value: String)]
    /// How dates are coded.
    public var dates: DateStrategy
    /// The default auth of every endpoint.
    public var auth: AuthScheme
    /// The default error model.
    public var error: TypeExpr?
    /// The access level of generated declarations.
    public var access: AccessLevel
    /// Which protocols generated models conform to.
    public var conformances: Conformances = .full
    /// Whether the service protocol gets a stub for tests (`Stub<Name>Service`). On for specs;
    /// off for OpenAPI documents, whose hundreds of operations would make the client build slower.
    public var stubService = true
    /// Models in declaration order (root file first, then includes in order).
    public var models: [ModelDecl]
    /// Endpoints and groups in declaration order.
    public var endpoints: [EndpointItem]
    /// Every file read for this spec (the root, then includes), for build systems.
    public var files: [String]

    /// Creates the value from all its parts.
    public init(
        file: String,
        name: String,
        nameLocation: SourceLocation,
        description: String? = nil,
        baseURL: String? = nil,
        defaultHeaders: [(name: String, value: String)],
        dates: DateStrategy,
        auth: AuthScheme,
        error: TypeExpr? = nil,
        access: AccessLevel,
        models: [ModelDecl],
        endpoints: [EndpointItem],
        files: [String]
    ) {
        self.file = file
        self.name = name
        self.nameLocation = nameLocation
        self.description = description
        self.baseURL = baseURL
        self.defaultHeaders = defaultHeaders
        self.dates = dates
        self.auth = auth
        self.error = error
        self.access = access
        self.models = models
        self.endpoints = endpoints
        self.files = files
    }
}

/// How `Date` values are coded.
public enum DateStrategy: Sendable, Hashable {
    /// ISO 8601 without or with fractional seconds, or seconds or milliseconds since 1970 as a number.
    case iso8601, iso8601Fractional, seconds, milliseconds
    /// A date format pattern (en_US_POSIX, UTC).
    case pattern(String)
}

/// How an endpoint authenticates: one scheme, several sent together, or alternatives.
public enum AuthScheme: Sendable, Hashable {
    /// No auth, or a bearer token in the `Authorization` header.
    case none, bearer
    /// HTTP basic: `Authorization: Basic` with the client's user name and password.
    case basic
    /// An API key in the named header.
    case header(String)
    /// An API key in the named query parameter.
    case query(String)
    /// An API key in the named cookie.
    case cookie(String)
    /// Several schemes sent together on every request (single schemes, none of them `none`).
    indirect case all([AuthScheme])
    /// Alternatives: the first the client has credentials for is sent (single schemes or `all`;
    /// `none`, if present, last: then a request without credentials is sent without auth).
    indirect case firstAvailable([AuthScheme])
}

/// Which protocols generated models conform to.
public enum Conformances: String, Sendable, CaseIterable {
    /// Every model is `Codable`, `Hashable` and `Sendable` (format v1's rule).
    case full
    /// For compile time on large APIs: a model only responses use is `Decodable`, one only
    /// requests use is `Encodable`, others `Codable`; all `Sendable`, none `Hashable`.
    case lean
}

/// The access level of generated declarations.
public enum AccessLevel: String, Sendable, CaseIterable {
    /// The raw value is the spelling in `access:` and `--access`; `internal` writes no modifier.
    case `public`, package, `internal`
}
