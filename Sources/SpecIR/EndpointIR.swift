/// The generated endpoints file of one spec.
public struct EndpointsFileIR: Sendable {
    /// The spec file's name, for the header.
    public var source: String
    /// The access modifier with its trailing space (`public `), or empty for internal.
    public var access: String
    /// The namespace enum.
    public var namespace: DeclarationIR
    /// `URL(string:)` argument literal, when the spec has a base URL.
    public var baseURL: String?
    /// Default headers as `"Name": "value"` pairs of literals.
    public var defaultHeaders: [HeaderIR]
    /// The `DateCoding` expression, like `.iso8601`.
    public var dates: String
    /// Endpoints and groups in declaration order.
    public var items: [EndpointItemIR]
    /// The service protocol, its live struct, and (unless the endpoints live in shards) its methods.
    public var service: ServiceIR
    /// The factory of endpoints the spec does not list.
    public var adHoc: AdHocEndpointIR
}

/// `Chirp.endpoint(.get, "/path", as: Item.self)`: an endpoint the spec does not list, with what
/// the listed ones share (headers, date coding, default auth, error model).
public struct AdHocEndpointIR: Sendable {
    /// The failure type: the top-level error model, or `Never`.
    public var failure: String
    /// The generic parameter's name: `Response`, unless the failure type has it.
    public var generic: String
    /// What follows `response: ...` in the `Endpoint` call: `, auth: .bearer, errors: [.default]`.
    public var arguments: String
}

/// A literal header sent with every request.
public struct HeaderIR: Sendable {
    /// The header name as a Swift string literal.
    public var name: String
    /// The header value as a Swift string literal.
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

/// One factory function.
public struct EndpointIR: Sendable {
    /// The function name as declared.
    public var name: String
    /// Doc comment lines, ending with the request line (`GET /path`).
    public var doc: DocLines
    /// Whether to emit `@available(*, deprecated)`.
    public var deprecated: Bool
    /// The function's parameters in argument order.
    public var parameters: [ParameterIR]
    /// Whether parameters go one per line.
    public var wrapParameters: Bool
    /// `Endpoint<Response, Failure>`.
    public var returnType: String
    /// `.get`
    public var method: String
    /// The path as a Swift string literal with interpolated parameters.
    public var path: String
    /// The `Endpoint` initializer's labeled arguments after the path, like `query: ["page": page]`.
    public var arguments: [String]
    /// Whether the initializer call goes one argument per line.
    public var wrapArguments: Bool
    /// The enum of error bodies, when they have several types.
    public var errorEnum: ErrorEnumIR?
    /// The endpoint as a method of the service protocol.
    public var service: ServiceMethodIR
}

/// One function parameter.
public struct ParameterIR: Sendable {
    /// The argument label and parameter name.
    public var label: String
    /// The Swift type.
    public var type: String
    /// ` = 1`, ` = nil` or empty.
    public var defaultSuffix: String
}

/// The error bodies of one endpoint, by status.
public struct ErrorEnumIR: Sendable {
    /// The enum's name, `<Endpoint>Error`.
    public var name: String
    /// Doc comment lines.
    public var doc: DocLines
    /// Deprecated with its endpoint, since it names the endpoint's (possibly deprecated) error models.
    public var deprecated: Bool
    /// One case per status, holding that status's model.
    public var cases: [UnionCaseIR]
    /// The protocols after the colon: `Hashable, Sendable`, or `Sendable` with lean conformances.
    public var conformances: String
}

/// One shard of a split endpoints file: extensions of the namespace and its groups.
public struct EndpointsShardIR: Sendable {
    /// The spec file's name, for the header.
    public var source: String
    /// The access modifier with its trailing space, or empty for internal.
    public var access: String
    /// The namespace's name, for `Namespace.api`.
    public var namespace: String
    /// The extensions in declaration order of their scopes.
    public var extensions: [ExtensionIR]
    /// The live service methods of this shard's endpoints (no requirements).
    public var service: ServiceIR
}

/// `extension Chirp.Posts { ... }`: the endpoints of one scope that fall in one shard.
public struct ExtensionIR: Sendable {
    /// The extended type, like `Chirp.Posts`.
    public var scope: String
    /// The endpoints, each `.endpoint`, in declaration order.
    public var endpoints: [EndpointItemIR]
}
