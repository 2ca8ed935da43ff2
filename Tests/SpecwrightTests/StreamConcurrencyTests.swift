import Foundation
@testable import Specwright
import Testing

/// A stream is read by one loop at a time: a second one gets an error, not half the elements, and
/// the first goes on.
@Suite struct StreamConcurrencyTests {
    @Test func twoLoopsCannotReadOneStreamAtOnce() async throws {
        let (pieces, continuation) = AsyncStream<Data>.makeStream()
        let events = EventStream<String>(reader: FrameReader(
            bytes: ByteStream(pieces), framing: ServerSentEventParser(), contentType: nil, decode: { $0.data }))
        let first = Task { () -> [String] in
            var received: [String] = []
            for try await event in events { received.append(event) }
            return received
        }
        // The first loop waits inside `next()` for a piece that has not come.
        try await Task.sleep(for: .milliseconds(100))
        var iterator = events.makeAsyncIterator()
        do {
            _ = try await iterator.next()
            Issue.record("a second loop read the stream")
        } catch {
            guard case .transport(let underlying) = error.reason else { throw error }
            #expect(underlying is ConcurrentStreamRead)
        }
        continuation.yield(Data("data: one\n\n".utf8))
        continuation.finish()
        #expect(try await first.value == ["one"])
    }

    @Test func aCancelledStreamEndsItsLoopWithCancelled() async throws {
        let (pieces, continuation) = AsyncStream<Data>.makeStream()
        let events = EventStream<String>(reader: FrameReader(
            bytes: ByteStream(pieces), framing: ServerSentEventParser(), contentType: nil, decode: { $0.data }))
        continuation.yield(Data("data: one\n\ndata: two\n\n".utf8))
        var iterator = events.makeAsyncIterator()
        #expect(try await iterator.next() == "one")
        events.cancel()
        continuation.yield(Data("data: three\n\n".utf8))
        var received: [String] = []
        do {
            while let event = try await iterator.next() { received.append(event) }
            Issue.record("the loop ended cleanly")
        } catch {
            guard case .cancelled = error.reason else { throw error }
        }
        // Not even "two", which had arrived before the cancel, reaches the loop.
        #expect(received.isEmpty)
        #expect(try await iterator.next() == nil)
    }

    @Test func aCancelledListStopsWhereItIs() async throws {
        let stream = JSONLines<Int>(elements: [1, 2, 3])
        var iterator = stream.makeAsyncIterator()
        #expect(try await iterator.next() == 1)
        stream.cancel()
        do {
            _ = try await iterator.next()
            Issue.record("a cancelled list went on")
        } catch {
            guard case .cancelled = error.reason else { throw error }
            #expect(error.index == 1)
        }
        #expect(try await iterator.next() == nil)
    }

    @Test(.timeLimit(.minutes(1))) func cancellingDuringAReconnectionWaitEndsAtOnce() async throws {
        let mock = MockTransport()
        mock.on(.get, "/feed", .events([ServerSentEvent(data: "one", id: "1")], failure: URLError(.networkConnectionLost)))
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: mock)
        // The reconnection would wait ten minutes: only the cancel can end the loop in time.
        let endpoint = Endpoint<EventStream<String>, Never>(.get, "/feed", APIDefaults(), response: .events())
            .reconnecting(ReconnectPolicy(maxAttempts: 3, delay: 600, maxDelay: 600, maxTotalTime: 3600))
        let events = try await client.send(endpoint)
        var iterator = events.makeAsyncIterator()
        #expect(try await iterator.next() == "one")
        let stopper = Task {
            try await Task.sleep(for: .milliseconds(200))
            events.cancel()
        }
        do {
            _ = try await iterator.next()
            Issue.record("the stream went on")
        } catch {
            guard case .cancelled = error.reason else { throw error }
        }
        try await stopper.value
        #expect(mock.requests.count == 1, "no reconnection was sent")
        #expect(try await iterator.next() == nil)
    }
}
