import SpecCore

/// The generated service protocol and its implementation over `APIClient`, or the part of them one file holds.
///
/// The endpoints file declares the protocol (every requirement) and the live struct; the live methods
/// and the default-argument conveniences go in extensions, next to their factories when the output is split.
public struct ServiceIR: Sendable {
    /// The API's namespace, for doc comments.
    public var namespace: String
    /// The access level of every generated declaration.
    public var access: AccessLevel
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
    /// The method name, unique across the spec (group path and endpoint name), unescaped.
    public var name: String
    /// The endpoint's doc comment text.
    public var doc: [String]
    /// The request line, like `GET /feed`.
    public var requestLine: String
    /// Whether the method is marked deprecated.
    public var deprecated: Bool
    /// The factory's parameters (a requirement leaves their defaults out).
    public var parameters: [ParameterIR]
    /// The factory's path from outside the namespace, like `["Chirp", "Posts", "like"]`.
    public var factory: [String]
    /// The failure type, named from outside the namespace; nil for `Never`.
    public var failure: TypeRef?
    /// The response type, or nil for an `Empty` answer (the method then returns nothing).
    public var response: TypeRef?
    /// The stub's closure for this method, like `feedHandler`.
    public var handler: String
    /// The name the stub's method binds its handler to: `handler`, unless a parameter has it.
    public var handlerLocal: String
}
