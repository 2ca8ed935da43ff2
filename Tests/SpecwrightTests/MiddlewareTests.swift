import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Specwright
import Testing

/// Answers from a script, one entry per request (the last entry repeats), and counts the requests.
final class ScriptedTransport: Transport, @unchecked Sendable {
    enum Answer {
        case status(Int, headers: [String: String] = [:])
        case failure(URLError.Code)
    }

    private let lock = NSLock()
    private var answers: [Answer]
    private var sent: [URLRequest] = []

    init(_ answers: [Answer]) {
        self.answers = answers
    }

    var requests: [URLRequest] { lock.withLock { sent } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let answer: Answer = lock.withLock {
            sent.append(request)
            return answers.count > 1 ? answers.removeFirst() : answers[0]
        }
        switch answer {
        case .failure(let code):
            throw URLError(code)
        case .status(let status, let headers):
            let url = request.url ?? URL(fileURLWithPath: "/")
            guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers) else {
                throw URLError(.badServerResponse)
            }
            return (Data(), response)
        }
    }
}

/// Records what passes through it, in order, under a label.
struct RecordingMiddleware: Middleware {
    let label: String
    let log: Log

    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []
        func add(_ entry: String) { lock.withLock { entries.append(entry) } }
        var all: [String] { lock.withLock { entries } }
    }

    func intercept(_ request: URLRequest, info: RequestInfo, next: @escaping NextHandler) async throws -> (Data, HTTPURLResponse) {
        log.add("\(label) > \(info.method.rawValue) \(info.pathTemplate)")
        var request = request
        request.addValue(label, forHTTPHeaderField: "X-Trail")
        let result = try await next(request)
        log.add("\(label) < \(result.1.statusCode)")
        return result
    }
}

@Suite struct MiddlewareChainTests {
    static let api = APIDefaults()

    @Test func middlewaresRunInOrderAndSeeTheEndpoint() async throws {
        let transport = ScriptedTransport([.status(204)])
        let log = RecordingMiddleware.Log()
        let client = APIClient(baseURL: try #require(URL(string: "http://127.0.0.1:9")), transport: transport,
                               middlewares: [RecordingMiddleware(label: "a", log: log), RecordingMiddleware(label: "b", log: log)])
        let endpoint = Endpoint<Empty, Never>(.delete, "/posts/\(42)", Self.api, response: .empty)
        _ = try await client.send(endpoint)
        #expect(log.all == ["a > DELETE /posts/{}", "b > DELETE /posts/{}", "b < 204", "a < 204"])
        #expect(transport.requests.first?.value(forHTTPHeaderField: "X-Trail") == "a,b")
    }
}

@Suite struct RetryMiddlewareTests {
    static let api = APIDefaults()
    static let base = URLComponents(string: "http://127.0.0.1:9")?.url ?? URL(fileURLWithPath: "/")
    /// Short delays; the total-time bound is tested on its own, so a loaded machine (a sanitizer
    /// run) must not cut these retries short.
    static let fast = RetryMiddleware(maxAttempts: 3, baseDelay: 0.01, maxDelay: 0.05, maxTotalTime: 600, jitter: false)

    private func client(_ transport: ScriptedTransport, retry: RetryMiddleware = fast) -> APIClient {
        APIClient(baseURL: Self.base, transport: transport, middlewares: [retry])
    }

    private func get() -> Endpoint<Empty, Never> { Endpoint(.get, "/feed", Self.api, response: .empty) }

    @Test func retriesAnIdempotentRequestAfterA503() async throws {
        let transport = ScriptedTransport([.status(503, headers: ["Retry-After": "0"]), .status(503), .status(204)])
        _ = try await client(transport).send(get())
        #expect(transport.requests.count == 3)
    }

    @Test func retriesTransientTransportErrors() async throws {
        let transport = ScriptedTransport([.failure(.networkConnectionLost), .status(204)])
        _ = try await client(transport).send(get())
        #expect(transport.requests.count == 2)
    }

    @Test func attemptsAreBounded() async throws {
        let transport = ScriptedTransport([.status(503)])
        await #expect(throws: APIError<Never>.self) { try await client(transport).send(get()) }
        #expect(transport.requests.count == 3)
    }

    @Test func neverRetriesAPostWithoutOptIn() async throws {
        let transport = ScriptedTransport([.status(503), .status(204)])
        let post = Endpoint<Empty, Never>(.post, "/posts", Self.api, response: .empty)
        await #expect(throws: APIError<Never>.self) { try await client(transport).send(post) }
        #expect(transport.requests.count == 1)
    }

    @Test func retriesAPostThatOptsIn() async throws {
        let transport = ScriptedTransport([.status(503), .status(204)])
        let post = Endpoint<Empty, Never>(.post, "/posts", Self.api, response: .empty, retry: true)
        _ = try await client(transport).send(post)
        #expect(transport.requests.count == 2)
    }

    @Test func doesNotRetryClientErrors() async throws {
        let transport = ScriptedTransport([.status(404), .status(204)])
        await #expect(throws: APIError<Never>.self) { try await client(transport).send(get()) }
        #expect(transport.requests.count == 1)
    }

    /// A Retry-After of an hour would end past the 30 minutes' budget: the 503 is the answer, at
    /// once (a wait would run past the time limit).
    @Test(.timeLimit(.minutes(1))) func aRetryThatWouldPassTheTotalTimeIsNotMade() async throws {
        let transport = ScriptedTransport([.status(503, headers: ["Retry-After": "3600"]), .status(204)])
        let bounded = RetryMiddleware(maxAttempts: 5, maxDelay: 7_200, maxTotalTime: 1_800)
        await #expect(throws: APIError<Never>.self) { try await client(transport, retry: bounded).send(get()) }
        #expect(transport.requests.count == 1)
    }

    /// The loop waits an hour for the second attempt: only a cancellation that stops the wait at
    /// once ends the test within its time limit.
    @Test(.timeLimit(.minutes(1))) func cancellationStopsTheRetryLoopPromptly() async throws {
        let transport = ScriptedTransport([.status(503, headers: ["Retry-After": "3600"]), .status(204)])
        let slow = RetryMiddleware(maxAttempts: 5, maxDelay: 7_200, maxTotalTime: 7_200)
        let task = Task { try await client(transport, retry: slow).send(get()) }
        while transport.requests.isEmpty { try await Task.sleep(for: .milliseconds(5)) }   // the first attempt is answered
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result, case .cancelled? = error as? APIError<Never> else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
        #expect(transport.requests.count == 1)
    }

    @Test func retryAfterIsReadAsSecondsOrAnHTTPDate() throws {
        let url = try #require(URL(string: "http://h"))
        let seconds = try #require(HTTPURLResponse(url: url, statusCode: 503, httpVersion: nil, headerFields: ["Retry-After": "7"]))
        #expect(RetryMiddleware.retryAfter(seconds) == 7)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        let date = formatter.string(from: Date().addingTimeInterval(60))
        let dated = try #require(HTTPURLResponse(url: url, statusCode: 503, httpVersion: nil, headerFields: ["Retry-After": date]))
        let wait = try #require(RetryMiddleware.retryAfter(dated))
        #expect(wait > 55 && wait <= 60)
    }
}
