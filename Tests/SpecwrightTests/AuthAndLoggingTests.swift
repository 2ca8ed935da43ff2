import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Specwright
import Testing

/// Accepts only `Authorization: Bearer <valid>`, answering 401 otherwise, and counts requests.
final class TokenCheckingTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    let valid: String

    init(valid: String) { self.valid = valid }

    var requests: Int { lock.withLock { count } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        lock.withLock { count += 1 }
        try await Task.sleep(for: .milliseconds(5)) // let concurrent requests overlap
        let status = request.value(forHTTPHeaderField: "Authorization") == "Bearer \(valid)" ? 204 : 401
        let response = HTTPURLResponse(url: request.url ?? URL(fileURLWithPath: "/"), statusCode: status, httpVersion: nil, headerFields: nil)
        return (Data(), try #require(response))
    }
}

/// Counts how often a refresh ran.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() -> Int { lock.withLock { value += 1; return value } }
    var current: Int { lock.withLock { value } }
}

@Suite struct AuthRefreshTests {
    static let api = APIDefaults()
    static let base = URLComponents(string: "http://127.0.0.1:9")?.url ?? URL(fileURLWithPath: "/")
    static func endpoint() -> Endpoint<Empty, Never> { Endpoint(.get, "/me", api, response: .empty, auth: .bearer) }

    @Test func fiftyConcurrent401sCauseExactlyOneRefresh() async throws {
        let transport = TokenCheckingTransport(valid: "fresh")
        let refreshes = Counter()
        let store = TokenStore(token: "expired") {
            _ = refreshes.increment()
            try await Task.sleep(for: .milliseconds(20))
            return "fresh"
        }
        let client = APIClient(baseURL: Self.base, transport: transport, credentials: store, middlewares: [AuthRefreshMiddleware(store: store)])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<50 { group.addTask { _ = try await client.send(Self.endpoint()) } }
            try await group.waitForAll()
        }
        #expect(refreshes.current == 1)
        #expect(transport.requests == 100) // each request once with the old token, once replayed
        #expect(try await store.current() == "fresh")
    }

    @Test func aFailedRefreshFailsEveryWaitingRequest() async throws {
        struct Revoked: Error {}
        let transport = TokenCheckingTransport(valid: "never")
        let refreshes = Counter()
        let store = TokenStore(token: "expired") {
            _ = refreshes.increment()
            try await Task.sleep(for: .milliseconds(20))
            throw Revoked()
        }
        let client = APIClient(baseURL: Self.base, transport: transport, credentials: store, middlewares: [AuthRefreshMiddleware(store: store)])
        let results = await withTaskGroup(of: Result<Empty, APIError<Never>>.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    do throws(APIError<Never>) { return .success(try await client.send(Self.endpoint())) } catch { return .failure(error) }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(refreshes.current == 1)
        for result in results {
            guard case .failure(.credentials(let error)) = result else {
                Issue.record("expected .credentials, got \(result)")
                continue
            }
            #expect(error is Revoked)
        }
    }

    @Test func aRequestIsReplayedOnlyOnce() async throws {
        let transport = TokenCheckingTransport(valid: "never")
        let store = TokenStore(token: "expired") { "also-rejected" }
        let client = APIClient(baseURL: Self.base, transport: transport, credentials: store, middlewares: [AuthRefreshMiddleware(store: store)])
        do {
            _ = try await client.send(Self.endpoint())
            Issue.record("a rejected replay must fail")
        } catch {
            #expect(error.statusCode == 401)
        }
        #expect(transport.requests == 2)
    }
}

@Suite struct LoggingMiddlewareTests {
    final class Records: @unchecked Sendable {
        private let lock = NSLock()
        private var all: [RequestRecord] = []
        func add(_ record: RequestRecord) { lock.withLock { all.append(record) } }
        var values: [RequestRecord] { lock.withLock { all } }
    }

    @Test func reportsRequestsWithSecretsRedacted() async throws {
        let records = Records()
        let transport = ScriptedTransport([.status(204)])
        let client = APIClient(baseURL: RetryMiddlewareTests.base, transport: transport, headers: ["X-Trace": "t1"],
                               credentials: StaticCredentials(bearerToken: "s3cret", apiKey: "k3y"),
                               middlewares: [LoggingMiddleware { records.add($0) }])
        _ = try await client.send(Endpoint<Empty, Never>(.post, "/posts", APIDefaults(), body: .json(fields: ["a": 1]), response: .empty, auth: .bearer))
        _ = try await client.send(Endpoint<Empty, Never>(.get, "/feed", APIDefaults(), query: ["page": 2], response: .empty, auth: .query("api_key")))
        let first = try #require(records.values.first)
        #expect(first.method == "POST")
        #expect(first.status == 204)
        #expect(first.requestBytes == 7)
        #expect(first.headers.first { $0.name == "Authorization" }?.value == "REDACTED")
        #expect(first.headers.first { $0.name == "X-Trace" }?.value == "t1")
        #expect(records.values.last?.url == "http://127.0.0.1:9/feed?page=2&api_key=REDACTED")
        #expect(!records.values.map(\.url).joined().contains("k3y"))
    }
}
