/// One endpoint of a generated service, as a type: the service protocol has one requirement per
/// operation (`send(_:as:)`), and the stub's answers are set per operation.
///
/// An operation type has no values; it only names the endpoint and its response and failure types.
public protocol ServiceOperation {
    /// What the endpoint's success answer decodes as.
    associatedtype Response: Sendable
    /// What its error bodies decode as.
    associatedtype Failure: Sendable
}

/// The answers a generated stub service gives, by operation: a test sets the ones it needs.
public struct StubAnswers: Sendable {
    /// One answer, boxed so it can be stored beside answers of other types.
    private struct Answer<Operation: ServiceOperation>: Sendable {
        let run: @Sendable (Endpoint<Operation.Response, Operation.Failure>) async throws -> Operation.Response
    }

    /// The answers by operation type (a lookup, never iterated).
    private var answers: [ObjectIdentifier: any Sendable] = [:]

    /// No answers yet.
    public init() {}

    /// Answers `operation` with `answer` from now on; `answer` gets the endpoint the call built, with
    /// its path, query, headers and body.
    public mutating func set<Operation: ServiceOperation>(
        _ operation: Operation.Type,
        _ answer: @escaping @Sendable (Endpoint<Operation.Response, Operation.Failure>) async throws -> Operation.Response
    ) {
        answers[ObjectIdentifier(operation)] = Answer<Operation>(run: answer)
    }

    /// Whether an answer for `operation` is set.
    public func isSet<Operation: ServiceOperation>(_ operation: Operation.Type) -> Bool {
        answers[ObjectIdentifier(operation)] != nil
    }

    /// The answer to `endpoint`: what the test's closure returns. An `APIError` it throws reaches the
    /// caller as it is, any other error as `.transport` (`.cancelled` for a cancellation); without an
    /// answer for `operation`, the call fails with ``UnsetStubHandler``.
    public func answer<Operation: ServiceOperation>(
        _ endpoint: Endpoint<Operation.Response, Operation.Failure>, as operation: Operation.Type, stub: String
    ) async throws(APIError<Operation.Failure>) -> Operation.Response {
        guard let answer = answers[ObjectIdentifier(operation)] as? Answer<Operation> else {
            throw .transport(UnsetStubHandler(stub: stub, operation: String(describing: operation),
                                              request: "\(endpoint.method.rawValue) \(endpoint.pathTemplate)"))
        }
        do {
            return try await answer.run(endpoint)
        } catch {
            throw .wrapping(error)
        }
    }
}
