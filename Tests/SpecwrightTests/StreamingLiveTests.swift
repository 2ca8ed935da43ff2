import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Specwright
import TestSupport
import Testing

/// Streamed responses from a real server on loopback (Server/streams_app.py: Starlette's
/// StreamingResponse and sse-starlette), each checked by what the client read and what the server
/// counted.
@Suite struct StreamingLiveTests {
    static let api = APIDefaults()

    struct Prompt: Encodable, Sendable { var prompt: String }
    struct Chunk: Decodable, Sendable {
        struct Delta: Decodable, Sendable { var content: String }
        var index: Int
        var delta: Delta
    }
    struct Numbered: Decodable, Sendable, Equatable { var number: Int }
    struct Row: Decodable, Sendable, Equatable { var row: Int; var name: String }
    struct Record: Decodable, Sendable, Equatable { var record: Int }

    /// The events of /typed, as a generated enum of events reads them: by their `event` name.
    enum RunEvent: ServerSentEventDecodable, Equatable {
        struct Started: Decodable, Sendable, Equatable { var run: String }
        struct Delta: Decodable, Sendable, Equatable { var text: String }
        struct Finished: Decodable, Sendable, Equatable { var tokens: Int }
        case started(Started)
        case delta(Delta)
        case finished(Finished)
        case other(ServerSentEvent)

        init(event: ServerSentEvent, decoder: JSONDecoder) throws {
            switch event.event {
            case "started": self = .started(try event.decodeData(Started.self, decoder: decoder))
            case "delta": self = .delta(try event.decodeData(Delta.self, decoder: decoder))
            case "finished": self = .finished(try event.decodeData(Finished.self, decoder: decoder))
            default: self = .other(event)
            }
        }
    }

    func client(middlewares: [any Middleware] = []) async throws -> APIClient {
        APIClient(baseURL: try await StreamsServer.url(), middlewares: middlewares)
    }

    @Test func aChatStreamDecodesEachChunkAndEndsAtDone() async throws {
        let client = try await client()
        let endpoint = Endpoint<EventStream<Chunk>, Never>(
            .post, "/chat/completions", Self.api, body: .json(Prompt(prompt: "streams are typed")), response: .events(terminator: "[DONE]"))
        var words: [String] = []
        for try await chunk in try await client.send(endpoint) {
            #expect(chunk.index == words.count)
            words.append(chunk.delta.content)
        }
        #expect(words == ["streams", "are", "typed"])
    }

    @Test func eventsAreTypedByTheirName() async throws {
        let client = try await client()
        let events = try await client.send(Endpoint<EventStream<RunEvent>, Never>(.get, "/typed", Self.api, response: .events()))
        var received: [RunEvent] = []
        for try await event in events { received.append(event) }
        #expect(received == [
            .started(.init(run: "r1")), .delta(.init(text: "Hel")), .delta(.init(text: "lo")),
            .other(ServerSentEvent(event: "ping", data: "", id: "3")), .finished(.init(tokens: 2)),
        ])
    }

    @Test func anEventStreamSentOneByteAtATimeParsesAsTheStandardSays() async throws {
        let client = try await client()
        let response = try await client.response(Endpoint<EventStream<ServerSentEvent>, Never>(.get, "/split", Self.api, response: .events()))
        #expect(response.header("Content-Type")?.hasPrefix("text/event-stream") == true)
        var events: [ServerSentEvent] = []
        for try await event in response.value { events.append(event) }
        #expect(events == [
            ServerSentEvent(event: "greeting", data: "h\u{e9}llo\nw\u{f6}rld \u{4e16}\u{1F600}", id: "7"),
            ServerSentEvent(data: "no space", id: "7"),
            ServerSentEvent(data: " two spaces", id: "7", retry: 1500),
            ServerSentEvent(data: "", id: "7"),
        ])
    }

    @Test func jsonLinesDecodeLineByLineAcrossPieces() async throws {
        let client = try await client()
        let lines = try await client.send(Endpoint<JSONLines<Row>, Never>(.get, "/export.jsonl", Self.api, query: ["rows": 50], response: .lines()))
        var rows: [Row] = []
        for try await row in lines { rows.append(row) }
        #expect(rows == (0..<50).map { Row(row: $0, name: "name \($0) \u{e9}\u{4e16}") })
    }

    @Test func aJSONTextSequenceDecodesRecordByRecord() async throws {
        let client = try await client()
        let records = try await client.send(Endpoint<JSONSequence<Record>, Never>(.get, "/records", Self.api, query: ["count": 4], response: .sequence()))
        var received: [Record] = []
        for try await record in records { received.append(record) }
        #expect(received == (0..<4).map(Record.init))
    }

    @Test func aDroppedStreamResumesFromTheLastEventIDWithNoEventLostOrRepeated() async throws {
        let client = try await client()
        let name = StreamsServer.name()
        let endpoint = Endpoint<EventStream<Numbered>, Never>(
            .get, "/feed/\(name)", Self.api, query: ["count": 10, "drop_after": 4],
            response: .events(reconnect: ReconnectPolicy(maxAttempts: 3, delay: 5)))
        var numbers: [Int] = []
        for try await event in try await client.send(endpoint) { numbers.append(event.number) }
        #expect(numbers == Array(1...10))
        let stats = try await StreamsServer.stats(name)
        #expect(stats.connections == 2)
        // The server's `retry: 50` (milliseconds), not the policy's 5 seconds, set the wait.
        #expect(stats.lastEventIDs == [nil, "4"])
    }

    @Test func withoutReconnectionADroppedStreamEndsWithATypedErrorSayingWhere() async throws {
        let client = try await client()
        let name = StreamsServer.name()
        let endpoint = Endpoint<EventStream<Numbered>, Never>(.get, "/feed/\(name)", Self.api, query: ["count": 10, "drop_after": 4], response: .events())
        var numbers: [Int] = []
        let events = try await client.send(endpoint)
        do {
            for try await event in events { numbers.append(event.number) }
            Issue.record("the stream ended without the error of its cut connection")
        } catch {
            guard case .transport(let underlying) = error.reason else { throw error }
            #expect((underlying as? URLError)?.code == .networkConnectionLost)
            #expect(error.index == 4)
            #expect(error.description.hasPrefix("The stream failed after 4 elements"))
            #expect(!error.description.contains("Error Domain"), "a sentence, not a dump: \(error.description)")
        }
        #expect(numbers == [1, 2, 3, 4])
        #expect(try await StreamsServer.stats(name).connections == 1)
    }

    @Test func cancellingTheReadingTaskClosesTheConnection() async throws {
        let client = try await client()
        let name = StreamsServer.name()
        let events = try await client.send(Endpoint<EventStream<Numbered>, Never>(.get, "/slow/\(name)", Self.api, query: ["interval": 0.02], response: .events()))
        let reader = Task {
            var count = 0
            do {
                for try await _ in events { count += 1 }
                return "ended after \(count)"
            } catch let error as StreamError {
                if case .cancelled = error.reason { return "cancelled" }
                return "failed: \(error)"
            } catch {
                return "failed: \(error)"
            }
        }
        try await Poll.until("the server sent some events") { try await StreamsServer.stats(name).sent >= 3 }
        reader.cancel()
        #expect(await reader.value == "cancelled")
        try await Poll.until("the server saw the client go away") { try await StreamsServer.stats(name).disconnects == 1 }
        #expect(try await StreamsServer.stats(name).finished == 0)
    }

    @Test func leavingTheLoopEarlyClosesTheConnection() async throws {
        let client = try await client()
        let name = StreamsServer.name()
        do {
            let events = try await client.send(Endpoint<EventStream<Numbered>, Never>(.get, "/slow/\(name)", Self.api, query: ["interval": 0.02], response: .events()))
            for try await event in events where event.number == 2 { break }
        }
        try await Poll.until("the server saw the client go away") { try await StreamsServer.stats(name).disconnects == 1 }
    }

    /// The common way to write it: the sequence in a constant that outlives the loop.
    @Test func leavingTheLoopClosesTheConnectionWhileTheSequenceIsStillHeld() async throws {
        let client = try await client()
        let name = StreamsServer.name()
        let ticks = try await client.send(Endpoint<EventStream<Numbered>, Never>(.get, "/slow/\(name)", Self.api, query: ["interval": 0.02], response: .events()))
        for try await tick in ticks where tick.number == 2 { break }
        try await Poll.until("the server saw the client go away") { try await StreamsServer.stats(name).disconnects == 1 }
        #expect(try await StreamsServer.stats(name).finished == 0)
        // The stream is read once: a second loop over it ends at once, cancelled.
        await #expect(throws: StreamError.self) { for try await _ in ticks {} }
        withExtendedLifetime(ticks) {}
    }

    @Test func typedEventsKeepTheirNameIDAndRetry() async throws {
        let client = try await client()
        let events = try await client.send(Endpoint<EventStream<Numbered>, Never>(.get, "/feed/\(StreamsServer.name())", Self.api,
                                                                                  query: ["count": 3, "drop_after": 10], response: .events()))
        var seen: [String] = []
        for try await event in events.events { seen.append("\(event.event)#\(event.id ?? "-")@\(event.retry ?? -1):\(event.value.number)") }
        #expect(seen == ["message#1@50:1", "message#2@50:2", "message#3@50:3"])
    }

    @Test func cancellingTheStreamItselfEndsTheLoopAndClosesTheConnection() async throws {
        let client = try await client()
        let name = StreamsServer.name()
        let endpoint = Endpoint<EventStream<Numbered>, Never>(.get, "/slow/\(name)", Self.api, query: ["interval": 0.02], response: .events())
            .reconnecting(ReconnectPolicy(maxAttempts: 3, delay: 0.01))
        let events = try await client.send(endpoint)
        var numbers: [Int] = []
        do {
            for try await event in events {
                numbers.append(event.number)
                // A Stop button: another task cancels the stream, not the loop's task.
                if numbers.count == 2 { await Task.detached { events.cancel() }.value }
            }
            Issue.record("the loop ended cleanly after \(numbers)")
        } catch {
            guard case .cancelled = error.reason else { throw error }
            #expect(error.index == numbers.count)
        }
        #expect(numbers.count >= 2)
        try await Poll.until("the server saw the client go away") { try await StreamsServer.stats(name).disconnects == 1 }
        #expect(try await StreamsServer.stats(name).connections == 1, "a cancelled stream does not reconnect")
    }

    @Test func aSlowReaderKeepsAtMostTheBufferLimitInMemory() async throws {
        let client = try await client()
        let name = StreamsServer.name()
        let size = 16 << 20
        let bytes = try await client.send(Endpoint<ByteStream, Never>(.get, "/bytes/\(name)", Self.api, query: ["size": size], response: .bytes))
        let stream = try #require(bytes.handle.source as? SessionStream)
        var iterator = bytes.makeAsyncIterator()
        var read = 0
        var inOrder = true
        func check(_ piece: Data) {
            // The server sends bytes 0, 1, ... 255 over and over.
            inOrder = inOrder && piece.enumerated().allSatisfy { offset, byte in byte == UInt8(truncatingIfNeeded: read + offset) }
            read += piece.count
        }
        check(try #require(try await iterator.next()))
        // The server sends all of it while the reader waits: what memory holds stays at the
        // transport's limit (1 MiB, and one piece more), the rest waits on disk.
        try await Poll.until("the server sent the whole body") { try await StreamsServer.stats(name).finished == 1 }
        #expect(stream.bytesInMemory <= (1 << 20) + (1 << 16))
        while let piece = try await iterator.next() { check(piece) }
        #expect(read == size)
        #expect(inOrder, "the bytes from memory and from the file came back in the order sent")
        #expect(stream.bytesInMemory == 0)
    }

    @Test func aReaderTooFarBehindEndsTheStreamInsteadOfFillingTheDisk() async throws {
        var transport = URLSessionTransport()
        transport.streamBufferBytes = 64 << 10
        transport.streamBacklogLimit = 1 << 20
        let client = APIClient(baseURL: try await StreamsServer.url(), transport: transport)
        let name = StreamsServer.name()
        let bytes = try await client.send(Endpoint<ByteStream, Never>(.get, "/bytes/\(name)", Self.api, query: ["size": 4 << 20], response: .bytes))
        var read = 0
        do {
            // The reader waits while the server sends 4 MiB: past 1 MiB unread the transport
            // stops (on a slow machine before even the first piece is read).
            var iterator = bytes.makeAsyncIterator()
            if let first = try await iterator.next() { read += first.count }
            try await Poll.until("the server stopped sending") {
                let stats = try await StreamsServer.stats(name)
                return stats.finished + stats.disconnects == 1
            }
            while let piece = try await iterator.next() { read += piece.count }
            Issue.record("the stream ended cleanly after \(read) bytes")
        } catch let error as StreamBacklogError {
            #expect(error.limit == 1 << 20)
            #expect(error.description == "The stream's reader fell more than 1 MiB behind; the transfer was stopped.")
        }
        #expect(read < 4 << 20)
    }

    @Test func anErrorStatusBeforeTheStreamIsTheUsualTypedError() async throws {
        struct Problem: Decodable, Sendable { var detail: String }
        let client = try await client()
        let name = StreamsServer.name()
        let endpoint = Endpoint<EventStream<Numbered>, Problem>(.get, "/flaky/\(name)", Self.api, query: ["failures": 5], response: .events(), errors: [.default])
        do {
            _ = try await client.send(endpoint)
            Issue.record("a 503 opened a stream")
        } catch {
            #expect(error.statusCode == 503)
            #expect(error.model?.detail == "try again")
        }
    }
}
