import Foundation

/// A generated stub service was asked for a method whose handler the test did not set. It comes
/// as `APIError.transport(UnsetStubHandler)`, and its description says what to set.
public struct UnsetStubHandler: Error, LocalizedError, CustomStringConvertible, Hashable, Sendable {
    /// The stub type, like `StubChirpService`.
    public var stub: String
    /// The method called, like `feed(page:perPage:tag:)`.
    public var method: String
    /// The handler to set, like `feedHandler`.
    public var handler: String

    /// The error for a call of `method` on `stub`, whose `handler` is not set.
    public init(stub: String, method: String, handler: String) {
        self.stub = stub
        self.method = method
        self.handler = handler
    }

    /// `StubChirpService.feed(page:perPage:tag:) was called, but its feedHandler is not set; set it in the test`.
    public var description: String {
        "\(stub).\(method) was called, but its \(handler) is not set; set it in the test"
    }

    /// The same text, so `localizedDescription` shows it.
    public var errorDescription: String? { description }
}
