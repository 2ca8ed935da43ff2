/// The generated service protocol and its implementation over `APIClient`, or the part of them one file holds.
///
/// The endpoints file declares the protocol (every requirement) and the live struct; the live methods
/// and the default-argument conveniences go in extensions, next to their factories when the output is split.
public struct ServiceIR: Sendable {
    /// The API's namespace, for doc comments.
    public var namespace: String
    /// The access modifier with its trailing space, or empty for internal.
    public var access: String
    /// `ChirpService`
    public var protocolName: String
    /// `LiveChirpService`
    public var liveName: String
    /// `StubChirpService`, the test double.
    public var stubName: String
    /// Whether the stub is generated (the spec's `stubService`).
    public var stub: Bool
    /// The protocol's requirements; empty in a shard, which only extends the types.
    public var requirements: [ServiceMethodIR]
    /// The live methods this file implements.
    public var methods: [ServiceMethodIR]
}

/// One endpoint as a service method.
public struct ServiceMethodIR: Sendable {
    /// The method name, unique across the spec (group path and endpoint name).
    public var name: String
    /// The endpoint's doc comment lines.
    public var doc: DocLines
    /// Whether to emit `@available(*, deprecated)`.
    public var deprecated: Bool
    /// The factory's parameters, without defaults (a protocol requirement cannot have them).
    public var parameters: [ParameterIR]
    /// Whether parameters go one per line.
    public var wrapParameters: Bool
    /// `async throws(APIError<Failure>) -> Response` (no result for `Empty`), types spelled from outside the namespace.
    public var effects: String
    /// The factory call, like `Chirp.Posts.like(id: id)`, and its arguments for a wrapped call.
    public var factory: String
    /// `label: label` per parameter.
    public var arguments: [String]
    /// Whether the call goes one argument per line.
    public var wrapCall: Bool
    /// `client`, or `self.client` when a parameter is named `client`.
    public var client: String
    /// The convenience that fills in the spec's defaults, when any parameter has one.
    public var defaults: ServiceDefaultsIR?
    /// The stub's closure for this method, like `feedHandler`.
    public var handler: String
    /// The closure's type: `@Sendable (Int, String?) async throws -> Page<Post>`. It throws any
    /// error, so a test's closure needs no annotation: the stub passes an `APIError` on as it is
    /// and wraps anything else (`APIError.wrapping`).
    public var handlerType: String
    /// The method as `feed(page:perPage:tag:)`, for doc comments and the unset handler's error.
    public var signatureName: String
    /// Whether the method returns a value (not for `Empty` responses).
    public var returnsValue: Bool
    /// The name the stub's method binds its handler to: `handler`, unless a parameter has it.
    public var handlerLocal: String
    /// How the stub's method reads its handler: `self.feedHandler`, or the bare name when a
    /// parameter is named `self`.
    public var handlerAccess: String
}

/// `func feed() ... { try await feed(page: 1, perPage: 20, tag: nil) }`: the parameters without a
/// default, forwarding the spec's defaults for the rest. It has fewer parameters than the requirement,
/// so it can never stand in for it (a fake that forgets a method does not compile, rather than recurse).
public struct ServiceDefaultsIR: Sendable {
    /// The requirement it calls, as `feed(page:perPage:tag:)`, for its doc comment.
    public var requirement: String
    /// The parameters that have no default.
    public var parameters: [ParameterIR]
    /// Every argument of the requirement: `page: 1`, `q: q`.
    public var arguments: [String]
    /// Whether the call goes one argument per line.
    public var wrapCall: Bool
}
