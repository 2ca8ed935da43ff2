import Testing

/// Waiting for a state a test sets up, rather than sleeping and hoping a loaded machine got there.
public enum Poll {
    /// Checks `condition` every 5 ms until it holds; fails the test with `what` after `timeout`.
    public static func until(
        _ what: Comment, timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: () async throws -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while try await !condition() {
            try #require(ContinuousClock.now < deadline, what, sourceLocation: sourceLocation)
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
