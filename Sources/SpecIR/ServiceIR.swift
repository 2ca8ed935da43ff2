import SpecCore

/// The generated service protocol, its implementation over `APIClient` and its stub, or the part of
/// them one file holds.
///
/// Each endpoint is an operation type holding a call's arguments (`ChirpOperations.Feed`, next to the
/// methods that make it); the protocol has one requirement per operation, `send` and its method's
/// name, taking the operation (`sendFeed(_:)`), which the live struct and the stub get from the forwarding
/// protocol: they implement one generic `send(_:)`.
/// The methods app code calls (`service.feed(perPage: 50)`) are protocol extension methods with the
/// factory's parameters and defaults, next to their factories when the output is split.
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
    /// `ChirpServiceForwarding`: a service that answers every operation through one generic `send(_:)`
    /// (the live service and the stub), each requirement's default forwarding to it.
    public var forwardingName: String
    /// Whether the stub is generated (the spec's `stubService`).
    public var stub: Bool
    /// `ChirpOperations`, the enum of the operation types.
    public var operations: String
    /// The protocol's requirements, one per operation; empty in a shard, which only extends the protocol.
    /// A requirement takes the operation type (`sendFeed(_:)`), so these carry no parameters and no doc.
    public var requirements: [ServiceMethodIR]
    /// The methods with the factories' parameters this file declares, and their operation types.
    public var methods: [ServiceMethodIR]
}

/// One endpoint as a service method.
public struct ServiceMethodIR: Sendable {
    /// The method name, unique across the spec (group path and endpoint name), unescaped.
    public var name: String
    /// The protocol's requirement for the operation, `sendFeed`.
    public var requirement: String
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
    /// The factory's response type, `Empty` included: the first argument of its `Endpoint`.
    public var endpointResponse: TypeRef
    /// The operation type's name inside the operations enum, like `Feed`.
    public var operation: String
}
