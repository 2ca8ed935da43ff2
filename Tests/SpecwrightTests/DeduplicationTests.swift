import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Specwright
import Testing

/// Answers every request after a delay with its path as the body, and counts requests per path.
final class SlowCountingTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    let delay: Duration

    init(delay: Duration) { self.delay = delay }

    func count(_ path: String) -> Int { lock.withLock { counts[path] ?? 0 } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let path = request.url?.path ?? ""
        lock.withLock { counts[path, default: 0] += 1 }
        try await Task.sleep(for: delay)
        let response = HTTPURLResponse(url: request.url ?? URL(fileURLWithPath: "/"), statusCode: 200, httpVersion: nil, headerFields: nil)
        return (Data(#""\#(path)""#.utf8), try #require(response))
    }
}

@Suite struct DeduplicationTests {
    static let api = APIDefaults()
    static func get(_ path: String) -> Endpoint<String, Never> { Endpoint(.get, EndpointPath(stringLiteral: path), api, response: .json) }

    private func client(_ transport: SlowCountingTransport) -> APIClient {
        APIClient(baseURL: RetryMiddlewareTests.base, transport: transport, middlewares: [DeduplicationMiddleware()])
    }

    @Test func twentyIdenticalConcurrentGETsMakeOneRequest() async throws {
        let transport = SlowCountingTransport(delay: .milliseconds(200))
        let client = client(transport)
        let values = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { try await client.send(Self.get("/feed")) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values == Array(repeating: "/feed", count: 20))
        #expect(transport.count("/feed") == 1)
    }

    @Test func cancellingOneCallerLeavesTheOthersTheirResult() async throws {
        let transport = SlowCountingTransport(delay: .milliseconds(400))
        let client = client(transport)
        let first = Task { try await client.send(Self.get("/feed")) }
        try await Task.sleep(for: .milliseconds(50)) // the first caller leads; the others wait
        let second = Task { try await client.send(Self.get("/feed")) }
        let third = Task { try await client.send(Self.get("/feed")) }
        try await Task.sleep(for: .milliseconds(50))
        let start = ContinuousClock.now
        second.cancel()
        let cancelled = await second.result
        #expect(ContinuousClock.now - start < .milliseconds(250))
        guard case .failure(let error) = cancelled, case .cancelled? = error as? APIError<Never> else {
            Issue.record("expected .cancelled, got \(cancelled)")
            return
        }
        #expect(try await first.value == "/feed")
        #expect(try await third.value == "/feed")
        #expect(transport.count("/feed") == 1)
    }

    @Test func cancellingTheFirstCallerHandsTheRequestToTheNext() async throws {
        let transport = SlowCountingTransport(delay: .milliseconds(300))
        let client = client(transport)
        let first = Task { try await client.send(Self.get("/feed")) }
        try await Task.sleep(for: .milliseconds(50)) // the first caller leads
        let second = Task { try await client.send(Self.get("/feed")) }
        let third = Task { try await client.send(Self.get("/feed")) }
        try await Task.sleep(for: .milliseconds(50))
        first.cancel()
        guard case .failure(let error) = await first.result, case .cancelled? = error as? APIError<Never> else {
            Issue.record("the cancelled leader must get .cancelled")
            return
        }
        #expect(try await second.value == "/feed")
        #expect(try await third.value == "/feed")
        #expect(transport.count("/feed") == 2) // the cancelled call, then one more for both followers
    }

    @Test func differentRequestsAndPOSTsAreNotShared() async throws {
        let transport = SlowCountingTransport(delay: .milliseconds(50))
        let client = client(transport)
        async let a = client.send(Self.get("/a"))
        async let b = client.send(Self.get("/b"))
        async let postOne = client.send(Endpoint<String, Never>(.post, "/p", Self.api, response: .json))
        async let postTwo = client.send(Endpoint<String, Never>(.post, "/p", Self.api, response: .json))
        _ = try await (a, b, postOne, postTwo)
        #expect(transport.count("/a") == 1 && transport.count("/b") == 1)
        #expect(transport.count("/p") == 2)
    }
}
