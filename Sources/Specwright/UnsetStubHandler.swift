import Foundation

/// The error a generated stub service throws for an operation whose answer a test did not set:
/// as `APIError.transport(UnsetStubHandler)`, and its description says what to set.
public struct UnsetStubHandler: Error, LocalizedError, CustomStringConvertible, Hashable, Sendable {
    /// The stub type, like `StubChirpService`.
    public var stub: String
    /// The operation called, like `Feed`.
    public var operation: String
    /// The request it would have sent, like `GET /feed`.
    public var request: String

    /// The error for a call of `operation` on `stub`, which has no answer for it.
    public init(stub: String, operation: String, request: String) {
        self.stub = stub
        self.operation = operation
        self.request = request
    }

    /// `StubChirpService has no answer for Feed (GET /feed); set one with on(_:answer:) in the test`.
    public var description: String {
        "\(stub) has no answer for \(operation) (\(request)); set one with on(_:answer:) in the test"
    }

    /// The same text, so `localizedDescription` shows it.
    public var errorDescription: String? { description }
}
