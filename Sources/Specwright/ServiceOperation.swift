/// One call of an endpoint of a generated service, as a value: the arguments app code passed
/// (`call.body.text`, `call.id`) and the endpoint they build.
///
/// The service protocol has one requirement per operation (`sendFeed(_:)`), which the live service
/// and the stub forward to one generic `send(_:)` (``OperationSender``); a hand-written fake
/// implements each and reads the call's typed arguments.
public protocol ServiceOperation: Sendable {
    /// What the endpoint's success answer decodes as (`Empty` for an answer without a body).
    associatedtype Response: Sendable
    /// What its error bodies decode as.
    associatedtype Failure: Sendable
    /// What `send(_:)` returns: `Response`, or nothing (`Void`) where that is `Empty`.
    associatedtype Output: Sendable

    /// The request these arguments make, as the endpoint's factory builds it.
    var endpoint: Endpoint<Response, Failure> { get }

    /// What the call returns for the endpoint's decoded answer.
    static func output(from response: Response) -> Output
}

extension ServiceOperation where Output == Response {
    /// The answer itself.
    public static func output(from response: Response) -> Output { response }
}

extension ServiceOperation where Response == Empty, Output == Void {
    /// Nothing: the endpoint answers without a body.
    public static func output(from response: Empty) {}
}

/// A service that answers every operation through one generic `send(_:)`: a generated live service
/// and stub are one (through the service's forwarding protocol), and so can be a fake that records
/// every call.
public protocol OperationSender: Sendable {
    /// Answers `call`, whichever operation it is.
    func send<Operation: ServiceOperation>(
        _ call: Operation
    ) async throws(APIError<Operation.Failure>) -> Operation.Output
}

/// Answers `call` through `sender`'s generic `send(_:)`: what a generated service's requirements
/// forward to, named apart so that an endpoint whose method is also `send` cannot take the call.
public func forward<Operation: ServiceOperation>(
    _ call: Operation, to sender: some OperationSender
) async throws(APIError<Operation.Failure>) -> Operation.Output {
    try await sender.send(call)
}

extension APIClient {
    /// Sends the operation's endpoint and returns what its service method returns: how a live
    /// service answers every operation.
    public func send<Operation: ServiceOperation>(
        _ call: Operation
    ) async throws(APIError<Operation.Failure>) -> Operation.Output {
        Operation.output(from: try await send(call.endpoint))
    }
}

/// The answers a generated stub service gives, by operation: a test sets the ones it needs.
public struct StubAnswers: Sendable {
    /// One answer, boxed so it can be stored beside answers of other types.
    private struct Answer<Operation: ServiceOperation>: Sendable {
        let run: @Sendable (Operation) async throws(APIError<Operation.Failure>) -> Operation.Output
    }

    /// The answers by operation type (a lookup, never iterated).
    private var answers: [ObjectIdentifier: any Sendable] = [:]

    /// No answers yet.
    public init() {}

    /// Answers `operation` with `answer` from now on; `answer` gets the call, with the arguments app
    /// code passed and the `endpoint` they build, and throws only the operation's `APIError`.
    public mutating func set<Operation: ServiceOperation>(
        _ operation: Operation.Type,
        _ answer: @escaping @Sendable (Operation) async throws(APIError<Operation.Failure>) -> Operation.Output
    ) {
        answers[ObjectIdentifier(operation)] = Answer<Operation>(run: answer)
    }

    /// Whether an answer for `operation` is set.
    public func isSet<Operation: ServiceOperation>(_ operation: Operation.Type) -> Bool {
        answers[ObjectIdentifier(operation)] != nil
    }

    /// The answer to `call`: what the test's closure returns or throws. Without an answer for its
    /// operation, the call fails with ``UnsetStubHandler``, which names the `stub`.
    public func answer<Operation: ServiceOperation>(
        _ call: Operation, stub: String
    ) async throws(APIError<Operation.Failure>) -> Operation.Output {
        guard let answer = answers[ObjectIdentifier(Operation.self)] as? Answer<Operation> else {
            let endpoint = call.endpoint
            throw .transport(UnsetStubHandler(stub: stub, operation: String(describing: Operation.self),
                                              request: "\(endpoint.method.rawValue) \(endpoint.pathTemplate)"))
        }
        return try await answer.run(call)
    }
}
