import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Specwright
import TestSupport
import Testing

/// The concurrency properties of the middlewares, counted by a real server on loopback
/// (Server/server.py's scripted routes), not by a stand-in transport.
@Suite(.serialized) final class ServerCountedTests {
    let server: LocalServer

    init() async throws {
        server = try await LocalServer.shared()
    }


    struct Count: Decodable, Sendable { var count: Int }
    struct Counts: Decodable, Sendable { var count: Int; var refresh: Int; var protected: Int }
    struct Token: Codable, Sendable { var token: String }
    struct ServerError: Decodable, Sendable, Hashable { var code: Int; var message: String }

    static let api = APIDefaults()

    /// A unique key per test run, so the server's counters start at zero.
    static func key() -> String { UUID().uuidString.lowercased() }

    func counts(_ key: String) async throws -> Counts {
        try await APIClient(baseURL: server.baseURL).send(Endpoint<Counts, Never>(.get, "/counts/\(key)", Self.api, response: .json))
    }

    @Test func fiftyConcurrent401sCauseExactlyOneRefresh() async throws {
        let key = Self.key()
        let refresher = APIClient(baseURL: server.baseURL)
        let store = TokenStore(token: "expired-at-start") {
            // The refresh answers once all 50 requests have had their 401, however slowly they start.
            try await refresher.send(Endpoint<Token, Never>(.post, "/refresh/\(key)", Self.api, query: ["after": "50"], response: .json)).token
        }
        let client = APIClient(baseURL: server.baseURL, credentials: store, middlewares: [AuthRefreshMiddleware(store: store)])
        let protected = Endpoint<Token, ServerError>(.get, "/protected/\(key)", Self.api, response: .json, auth: .bearer, errors: [.default])
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<50 { group.addTask { try await client.send(protected).token } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(tokens == Array(repeating: "token-1", count: 50))
        let counts = try await counts(key)
        #expect(counts.refresh == 1)
        #expect(counts.protected == 100) // each request failed once and was replayed once
    }

    @Test func twentyIdenticalConcurrentGETsReachTheServerOnce() async throws {
        let key = Self.key()
        let deduplication = DeduplicationMiddleware()
        let client = APIClient(baseURL: server.baseURL, middlewares: [deduplication])
        // The server holds the call until all twenty callers are there.
        let endpoint = Endpoint<Count, Never>(.get, "/count/\(key)", Self.api, query: ["hold": "1"], response: .json)
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 { group.addTask { try await client.send(endpoint).count } }
            try await Poll.until("the callers never joined the first") { deduplication.waitingCallers == 19 }
            _ = try await APIClient(baseURL: server.baseURL).send(Endpoint<Empty, Never>(.get, "/release/\(key)", Self.api, response: .empty))
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values == Array(repeating: 1, count: 20))
        #expect(try await counts(key).count == 1)
    }

    @Test func a503WithRetryAfterIsRetriedForAGET() async throws {
        let key = Self.key()
        let client = APIClient(baseURL: server.baseURL, middlewares: [RetryMiddleware(maxAttempts: 3, baseDelay: 0.01, jitter: false)])
        let start = ContinuousClock.now
        let value = try await client.send(Endpoint<Count, ServerError>(.get, "/flaky/\(key)", Self.api, query: ["failures": "1", "retry_after": "1"], response: .json, errors: [.default]))
        #expect(value.count == 2)
        #expect(ContinuousClock.now - start >= .milliseconds(950)) // Retry-After: 1 was honoured
        #expect(try await counts(key).count == 2)
    }

    @Test func aPOSTIsNotRetriedWithoutOptIn() async throws {
        let key = Self.key()
        let client = APIClient(baseURL: server.baseURL, middlewares: [RetryMiddleware(maxAttempts: 3, baseDelay: 0.01, jitter: false)])
        do {
            _ = try await client.send(Endpoint<Count, ServerError>(.post, "/flaky/\(key)", Self.api, query: ["failures": "1"], response: .json, errors: [.default]))
            Issue.record("the 503 must reach the caller")
        } catch {
            #expect(error.statusCode == 503)
            #expect(error.model?.message == "try later")
        }
        #expect(try await counts(key).count == 1)
        // With `retry: true` the same POST is retried.
        let optedIn = try await client.send(Endpoint<Count, ServerError>(.post, "/flaky/\(key)", Self.api, query: ["failures": "2"], response: .json,
                                                                          errors: [.default], retry: true))
        #expect(optedIn.count == 3)
    }

    /// The loop waits an hour for the second attempt: only a cancellation that stops the wait at
    /// once ends the test within its time limit.
    @Test(.timeLimit(.minutes(1))) func cancellationStopsARetryLoopPromptly() async throws {
        let key = Self.key()
        let patient = RetryMiddleware(maxAttempts: 10, baseDelay: 0.01, maxDelay: 7_200, maxTotalTime: 7_200, jitter: false)
        let client = APIClient(baseURL: server.baseURL, middlewares: [patient])
        let endpoint = Endpoint<Count, ServerError>(.get, "/flaky/\(key)", Self.api, query: ["failures": "100", "retry_after": "3600"], response: .json, errors: [.default])
        let task = Task { try await client.send(endpoint) }
        // Once the first 503 has arrived, the loop waits an hour.
        try await Poll.until("the first request never arrived") { try await counts(key).count > 0 }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result, case .cancelled? = error as? APIError<ServerError> else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
        #expect(try await counts(key).count == 1)
    }

    @Test func aServerThatClosesMidBodyIsATransportError() async throws {
        let client = APIClient(baseURL: server.baseURL)
        do {
            _ = try await client.send(Endpoint<Data, Never>(.get, "/truncated", Self.api, query: ["length": "100000"], response: .data))
            Issue.record("a truncated body must not decode")
        } catch {
            guard case .transport(let underlying) = error else {
                Issue.record("expected .transport, got \(error)")
                return
            }
            #expect(underlying is URLError)
        }
    }
}
