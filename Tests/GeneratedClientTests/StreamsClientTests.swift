import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright
import StreamsClient
import TestSupport
import Testing

/// The client generated from Tests/GeneratedClients/Streams.yaml (streamed responses in the spec
/// format) against the stream server on loopback (Starlette and sse-starlette).
@Suite struct StreamsClientTests {
    func service() async throws -> LiveStreamsService {
        LiveStreamsService(client: APIClient(baseURL: try await StreamsServer.url()))
    }

    @Test func aChatStreamOfTypedChunksEndsAtItsTerminator() async throws {
        var words: [String] = []
        for try await chunk in try await service().chat(body: Prompt(prompt: "one for each word")) {
            #expect(chunk.id == "chatcmpl-1" && chunk.index == words.count)
            words.append(chunk.delta.content)
        }
        #expect(words == ["one", "for", "each", "word"])
    }

    @Test func rawEventsKeepTheirTypeAndID() async throws {
        var events: [String] = []
        for try await event in try await service().rawEvents() { events.append("\(event.event)#\(event.id ?? "-")") }
        #expect(events == ["started#1", "delta#2", "delta#3", "ping#3", "finished#4"])
    }

    @Test func aUnionOfEventsIsChosenByTheEventName() async throws {
        var received: [RunEvent] = []
        for try await event in try await service().typed() { received.append(event) }
        #expect(received == [
            .started(RunStarted(run: "r1")), .delta(TextDelta(text: "Hel")), .delta(TextDelta(text: "lo")),
            .unknown(ServerSentEvent(event: "ping", data: "", id: "3")), .finished(RunFinished(tokens: 2)),
        ])
    }

    @Test func anEndpointThatReconnectsResumesFromTheLastEventID() async throws {
        let name = StreamsServer.name()
        var numbers: [Int] = []
        for try await event in try await service().feed(name: name, count: 8, dropAfter: 3) { numbers.append(event.number) }
        #expect(numbers == Array(1...8))
        let stats = try await StreamsServer.stats(name)
        #expect(stats.connections == 2 && stats.lastEventIDs == [nil, "3"])
    }

    @Test func jsonLinesAndJSONSequencesDecodeEachElement() async throws {
        let service = try await service()
        var rows: [Int] = []
        for try await row in try await service.export(rows: 30) { rows.append(row.row) }
        #expect(rows == Array(0..<30))
        var records: [Int] = []
        for try await record in try await service.records(count: 5) { records.append(record.record) }
        #expect(records == Array(0..<5))
    }

    @Test func aByteStreamDeliversEveryByte() async throws {
        let name = StreamsServer.name()
        var count = 0
        for try await piece in try await service().download(name: name, size: 1_000_000) { count += piece.count }
        #expect(count == 1_000_000)
    }

    @Test func aStubServiceAnswersWithAStreamOfElements() async throws {
        var service = StubStreamsService()
        service.on(StreamsOperations.Chat.self) { _ in
            EventStream(elements: [ChatChunk(id: "c", index: 0, delta: ChatDelta(content: "hi"))])
        }
        var contents: [String] = []
        for try await chunk in try await service.chat(body: Prompt(prompt: "hello")) { contents.append(chunk.delta.content) }
        #expect(contents == ["hi"])
    }

    @Test func aLinkPaginatedEndpointGetsEveryItemOnePagePerRequest() async throws {
        let name = StreamsServer.name()
        let client = APIClient(baseURL: try await StreamsServer.url())
        var numbers: [Int] = []
        for try await issue in client.items(Streams.issuesPages(name: name, perPage: 20, total: 50)) { numbers.append(issue.number) }
        #expect(numbers == Array(1...50))
        #expect(try await StreamsServer.stats(name).connections == 3)
    }

    @Test func aHasMorePaginatedEndpointStartsEachPageAfterTheLastID() async throws {
        let name = StreamsServer.name()
        let client = APIClient(baseURL: try await StreamsServer.url())
        var pages: [Int] = []
        for try await page in client.pages(Streams.customersPages(name: name, limit: 4, total: 10)) { pages.append(page.data.count) }
        #expect(pages == [4, 4, 2])
        #expect(try await StreamsServer.stats(name).lastEventIDs == [nil, "cus_003", "cus_007"])
        let numbered = StreamsServer.name()
        var count = 0
        for try await _ in client.items(Streams.numberedIssuesPages(name: numbered, perPage: 10, total: 30)) { count += 1 }
        // 30 items in full pages of 10: the fourth request finds the end (an empty page).
        #expect(count == 30)
        #expect(try await StreamsServer.stats(numbered).connections == 4)
    }

    /// "Load more": a main-actor model keeps the pages' iterator and asks for a page at a time.
    @MainActor final class IssuesModel {
        private var pages: PageSequence<[StreamsClient.Issue], StreamsClient.Issue, Never>.AsyncIterator?
        private var loading = false
        private(set) var issues: [StreamsClient.Issue] = []

        func loadMore(client: APIClient, name: String) async throws {
            guard !loading else { return }
            loading = true
            defer { loading = false }
            var iterator = pages ?? client.pages(Streams.issuesPages(name: name, perPage: 20, total: 50)).makeAsyncIterator()
            pages = iterator
            if let page = try await iterator.next() { issues += page }
        }
    }

    @Test @MainActor func aViewModelLoadsOnePageAtATime() async throws {
        let client = APIClient(baseURL: try await StreamsServer.url())
        let name = StreamsServer.name()
        let model = IssuesModel()
        try await model.loadMore(client: client, name: name)
        #expect(model.issues.map(\.number) == Array(1...20))
        try await model.loadMore(client: client, name: name)
        #expect(model.issues.count == 40)
        #expect(try await StreamsServer.stats(name).connections == 2)
    }
}
