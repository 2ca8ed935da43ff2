import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright
import TestSupport
import Testing

/// The middlewares with streamed responses, counted by the stream server on loopback, and
/// `MockTransport`'s streams for app code that reads them.
@Suite struct StreamingMiddlewareTests {
    static let api = APIDefaults()
    struct Numbered: Codable, Sendable, Equatable { var number: Int }

    /// Records what a middleware reports, for a test to read.
    final class Records: @unchecked Sendable {
        private let lock = NSLock()
        private var records: [RequestRecord] = []
        func add(_ record: RequestRecord) { lock.withLock { records.append(record) } }
        var all: [RequestRecord] { lock.withLock { records } }
    }

    @Test func loggingReportsTheBytesOfAStreamWhenItEnds() async throws {
        let records = Records()
        let client = APIClient(baseURL: try await StreamsServer.url(), middlewares: [LoggingMiddleware(record: records.add)])
        let name = StreamsServer.name()
        let bytes = try await client.send(Endpoint<ByteStream, Never>(.get, "/bytes/\(name)", Self.api, query: ["size": 300_000], response: .bytes))
        #expect(records.all.isEmpty, "nothing is reported before the stream ends")
        var read = 0
        for try await piece in bytes { read += piece.count }
        let record = try #require(records.all.first)
        #expect(records.all.count == 1)
        #expect(read == 300_000 && record.responseBytes == 300_000)
        #expect(record.status == 200 && record.error == nil)
    }

    @Test func retriesHappenBeforeTheFirstByteOnly() async throws {
        let retry = RetryMiddleware(maxAttempts: 3, baseDelay: 0.01, jitter: false)
        let client = APIClient(baseURL: try await StreamsServer.url(), middlewares: [retry])
        // A 503 head is retried: the second connection streams.
        let flaky = StreamsServer.name()
        var numbers: [Int] = []
        for try await event in try await client.send(Endpoint<EventStream<Numbered>, Never>(.get, "/flaky/\(flaky)", Self.api, response: .events())) {
            numbers.append(event.number)
        }
        #expect(numbers == [0, 1, 2])
        #expect(try await StreamsServer.stats(flaky).connections == 2)
        // A stream cut in the middle is not sent again by the retry middleware.
        let feed = StreamsServer.name()
        let events = try await client.send(Endpoint<EventStream<Numbered>, Never>(.get, "/feed/\(feed)", Self.api, query: ["drop_after": 2], response: .events()))
        await #expect(throws: StreamError.self) {
            for try await _ in events {}
        }
        #expect(try await StreamsServer.stats(feed).connections == 1)
    }

    @Test func reconnectionsAreBoundedByTheStreamsPolicyNotMultipliedByRetries() async throws {
        let mock = MockTransport()
        mock.on(.get, "/feed",
                .events([ServerSentEvent(data: "{\"number\":1}", id: "1")], failure: URLError(.networkConnectionLost)),
                .status(503))
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: mock,
                               middlewares: [RetryMiddleware(maxAttempts: 3, baseDelay: 0, jitter: false)])
        let endpoint = Endpoint<EventStream<Numbered>, Never>(.get, "/feed", Self.api, response: .events())
            .reconnecting(ReconnectPolicy(maxAttempts: 2, delay: 0))
        var numbers: [Int] = []
        await #expect(throws: StreamError.self) {
            for try await event in try await client.send(endpoint) { numbers.append(event.number) }
        }
        #expect(numbers == [1])
        // The first request, then two reconnections: the retry middleware sends none of them twice.
        let sent = mock.requests(.get, "/feed")
        #expect(sent.count == 3)
        #expect(sent.dropFirst().allSatisfy { $0.value(forHTTPHeaderField: "Last-Event-ID") == "1" })
    }

    @Test func deduplicationNeverMergesStreams() async throws {
        let client = APIClient(baseURL: try await StreamsServer.url(), middlewares: [DeduplicationMiddleware()])
        let name = StreamsServer.name()
        let endpoint = Endpoint<EventStream<Numbered>, Never>(.get, "/slow/\(name)", Self.api, query: ["count": 3, "interval": 0.01], response: .events())
        async let first = client.send(endpoint)
        async let second = client.send(endpoint)
        let streams = try await [first, second]
        for stream in streams {
            var count = 0
            for try await _ in stream { count += 1 }
            #expect(count == 3)
        }
        #expect(try await StreamsServer.stats(name).connections == 2)
    }

    @Test func aTokenRefreshResendsAStreamedRequestBeforeItStarts() async throws {
        let mock = MockTransport()
        mock.on(.get, "/events", .status(401), .events(json: [Numbered(number: 1)], terminator: "[DONE]"))
        let store = TokenStore(token: "old") { "new" }
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: mock, credentials: store,
                               middlewares: [AuthRefreshMiddleware(store: store)])
        let endpoint = Endpoint<EventStream<Numbered>, Never>(.get, "/events", Self.api, response: .events(terminator: "[DONE]"), auth: .bearer)
        var numbers: [Int] = []
        for try await event in try await client.send(endpoint) { numbers.append(event.number) }
        #expect(numbers == [1])
        #expect(mock.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == ["Bearer old", "Bearer new"])
    }

    @Test func mockTransportAnswersWithEventsLinesAndCutStreams() async throws {
        let mock = MockTransport()
        mock.on(.get, "/events", .events([ServerSentEvent(event: "tick", data: "{\"number\":7}", id: "1")]))
        mock.on(.get, "/lines", .lines([Numbered(number: 1), Numbered(number: 2)]))
        mock.on(.get, "/cut", .lines([Numbered(number: 1)], failure: URLError(.networkConnectionLost)))
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: mock)

        var events: [ServerSentEvent] = []
        for try await event in try await client.send(Endpoint<EventStream<ServerSentEvent>, Never>(.get, "/events", Self.api, response: .events())) {
            events.append(event)
        }
        #expect(events == [ServerSentEvent(event: "tick", data: "{\"number\":7}", id: "1")])

        var lines: [Numbered] = []
        for try await line in try await client.send(Endpoint<JSONLines<Numbered>, Never>(.get, "/lines", Self.api, response: .lines())) {
            lines.append(line)
        }
        #expect(lines == [Numbered(number: 1), Numbered(number: 2)])

        let cut = try await client.send(Endpoint<JSONLines<Numbered>, Never>(.get, "/cut", Self.api, response: .lines()))
        var iterator = cut.makeAsyncIterator()
        #expect(try await iterator.next() == Numbered(number: 1))
        do {
            _ = try await iterator.next()
            Issue.record("the cut stream ended cleanly")
        } catch {
            #expect(error.index == 1)
            guard case .transport(let underlying) = error.reason else { throw error }
            #expect((underlying as? URLError)?.code == .networkConnectionLost)
        }
    }

    @Test func anUndecodableElementEndsTheStreamSayingWhich() async throws {
        let mock = MockTransport()
        mock.on(.get, "/events", .events([ServerSentEvent(data: "{\"number\":1}"), ServerSentEvent(event: "delta", data: "{\"number\":\"two\"}", id: "41")]))
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: mock)
        let events = try await client.send(Endpoint<EventStream<Numbered>, Never>(.get, "/events", Self.api, response: .events()))
        var iterator = events.makeAsyncIterator()
        #expect(try await iterator.next() == Numbered(number: 1))
        do {
            _ = try await iterator.next()
            Issue.record("an event that does not match decoded")
        } catch {
            #expect(error.index == 1 && error.event?.id == "41")
            #expect(error.description.hasPrefix("Event 2 of the stream (event \"delta\", id 41) does not match its model at number:"))
        }
        // The error ended the sequence: it stays ended.
        #expect(try await iterator.next() == nil)
    }

    @Test func aJSONAnswerToAnEventStreamIsADecodingErrorWithTheBody() async throws {
        // A request that did not ask to stream (OpenAI's `stream: true` left out) gets JSON back.
        let mock = MockTransport()
        mock.on(.post, "/chat", .json(Numbered(number: 1)))
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: mock)
        let endpoint = Endpoint<EventStream<Numbered>, Never>(.post, "/chat", Self.api, response: .events(terminator: "[DONE]"))
        do {
            _ = try await client.send(endpoint)
            Issue.record("a JSON body was read as events")
        } catch {
            guard case .decoding(let failure) = error else { throw error }
            #expect(failure.message == "Expected text/event-stream, but the body is application/json")
            #expect(failure.data == Data(#"{"number":1}"#.utf8))
        }
    }

    @Test func aSentinelEndsTheStreamAsItIsOrAsAJSONString() async throws {
        let mock = MockTransport()
        let events = [ServerSentEvent(data: #"{"number":1}"#), ServerSentEvent(data: #""[DONE]""#), ServerSentEvent(data: #"{"number":2}"#)]
        mock.on(.post, "/chat", .events(events))
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: mock)
        let endpoint = Endpoint<EventStream<Numbered>, Never>(.post, "/chat", Self.api, response: .events(terminator: "[DONE]"))
        var numbers: [Int] = []
        for try await value in try await client.send(endpoint) { numbers.append(value.number) }
        #expect(numbers == [1])
    }

    @Test func aStubStreamOfTypedEventsGivesEachItsFields() async throws {
        let stream = EventStream(events: [TypedEvent(Numbered(number: 1), event: "tick", id: "a", retry: 10), TypedEvent(Numbered(number: 2))])
        var seen: [String] = []
        for try await event in stream.events { seen.append("\(event.event)#\(event.id ?? "-")@\(event.retry ?? -1):\(event.value.number)") }
        #expect(seen == ["tick#a@10:1", "message#-@-1:2"])
        // The same stream's elements are the values alone.
        var values: [Int] = []
        for try await value in EventStream(events: [TypedEvent(Numbered(number: 3))]) { values.append(value.number) }
        #expect(values == [3])
    }
}
