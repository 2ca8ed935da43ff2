import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Specwright
import TestSupport
import Testing

/// Answers every request after a delay with its path as the body, and counts requests per path.
/// The first request to a path may take longer than the rest (`firstDelay`), so a test can
/// cancel it while it is surely in flight; with `holdingFirst`, the first one waits until
/// `release()`, so a test knows it has not ended.
final class SlowCountingTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var finishedCounts: [String: Int] = [:]
    private var held: [CheckedContinuation<Void, Never>] = []
    private var released = false
    let delay: Duration
    let firstDelay: Duration
    let holdingFirst: Bool

    init(delay: Duration, firstDelay: Duration? = nil, holdingFirst: Bool = false) {
        self.delay = delay
        self.firstDelay = firstDelay ?? delay
        self.holdingFirst = holdingFirst
    }

    func count(_ path: String) -> Int { lock.withLock { counts[path] ?? 0 } }

    /// How many requests to `path` have been answered.
    func finished(_ path: String) -> Int { lock.withLock { finishedCounts[path] ?? 0 } }

    /// Lets a held first request go on.
    func release() {
        let waiting = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            released = true
            defer { held = [] }
            return held
        }
        waiting.forEach { $0.resume() }
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let path = request.url?.path ?? ""
        let number = lock.withLock { counts[path, default: 0] += 1; return counts[path] ?? 0 }
        if holdingFirst && number == 1 {
            await withCheckedContinuation { continuation in
                let go = lock.withLock { () -> Bool in
                    if !released { held.append(continuation) }
                    return released
                }
                if go { continuation.resume() }
            }
        } else {
            try await Task.sleep(for: number == 1 ? firstDelay : delay)
        }
        lock.withLock { finishedCounts[path, default: 0] += 1 }
        let response = HTTPURLResponse(url: request.url ?? URL(fileURLWithPath: "/"), statusCode: 200, httpVersion: nil, headerFields: nil)
        return (Data(#""\#(path)""#.utf8), try #require(response))
    }
}

@Suite struct DeduplicationTests {
    static let api = APIDefaults()
    static func get(_ path: String) -> Endpoint<String, Never> { Endpoint(.get, EndpointPath(stringLiteral: path), api, response: .json) }

    private func client(_ transport: SlowCountingTransport, _ middleware: DeduplicationMiddleware = DeduplicationMiddleware()) -> APIClient {
        APIClient(baseURL: RetryMiddlewareTests.base, transport: transport, middlewares: [middleware])
    }

    /// Polls until `condition` holds (the order of the callers is set up by state, not by sleeps,
    /// so a loaded machine cannot reorder them).
    private func until(_ condition: () -> Bool) async throws {
        try await Poll.until("the callers never reached the expected state", condition)
    }

    @Test func twentyIdenticalConcurrentGETsMakeOneRequest() async throws {
        // The call is held until all twenty callers are there, so a loaded machine cannot let one
        // call end before the last caller arrives.
        let transport = SlowCountingTransport(delay: .seconds(2), holdingFirst: true)
        let deduplication = DeduplicationMiddleware()
        let client = client(transport, deduplication)
        let values = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { try await client.send(Self.get("/feed")) } }
            try await until { deduplication.waitingCallers == 19 }
            transport.release()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values == Array(repeating: "/feed", count: 20))
        #expect(transport.count("/feed") == 1)
    }

    @Test(.timeLimit(.minutes(1))) func cancellingOneCallerLeavesTheOthersTheirResult() async throws {
        let transport = SlowCountingTransport(delay: .seconds(3), holdingFirst: true)
        let deduplication = DeduplicationMiddleware()
        let client = client(transport, deduplication)
        let first = Task { try await client.send(Self.get("/feed")) }
        try await until { transport.count("/feed") == 1 } // the first caller leads
        let second = Task { try await client.send(Self.get("/feed")) }
        let third = Task { try await client.send(Self.get("/feed")) }
        try await until { deduplication.waitingCallers == 2 }
        second.cancel()
        let cancelled = await second.result
        #expect(transport.finished("/feed") == 0, "a waiting caller stops at once, not when the call ends")
        transport.release()
        guard case .failure(let error) = cancelled, case .cancelled? = error as? APIError<Never> else {
            Issue.record("expected .cancelled, got \(cancelled)")
            return
        }
        #expect(try await first.value == "/feed")
        #expect(try await third.value == "/feed")
        #expect(transport.count("/feed") == 1)
    }

    @Test func cancellingTheFirstCallerHandsTheRequestToTheNext() async throws {
        let transport = SlowCountingTransport(delay: .milliseconds(100), firstDelay: .seconds(30))
        let deduplication = DeduplicationMiddleware()
        let client = client(transport, deduplication)
        let first = Task { try await client.send(Self.get("/feed")) }
        try await until { transport.count("/feed") == 1 } // the first caller leads
        let second = Task { try await client.send(Self.get("/feed")) }
        let third = Task { try await client.send(Self.get("/feed")) }
        try await until { deduplication.waitingCallers == 2 }
        first.cancel()
        let result = await first.result
        guard case .failure(let error) = result, case .cancelled? = error as? APIError<Never> else {
            Issue.record("the cancelled leader must get .cancelled, got \(result)")
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
