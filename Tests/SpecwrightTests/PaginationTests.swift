import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Specwright
import TestSupport
import Testing

/// Pagination against the stream server on loopback, the requests counted by the server: one per
/// page, none after the last.
@Suite struct PaginationTests {
    static let api = APIDefaults()
    struct Issue: Codable, Sendable, Equatable { var number: Int }
    struct Customer: Decodable, Sendable { var id: String }
    struct CustomerList: Decodable, Sendable {
        var data: [Customer]
        var hasMore: Bool
        enum CodingKeys: String, CodingKey { case data, hasMore = "has_more" }
    }

    func client() async throws -> APIClient {
        APIClient(baseURL: try await StreamsServer.url())
    }

    @Test func gitHubsLinkHeaderIsFollowedToTheLastPage() async throws {
        let name = StreamsServer.name()
        let issues = Paginated(Endpoint<[Issue], Never>(.get, "/repos/\(name)/issues", Self.api, query: ["per_page": 30, "total": 95], response: .json),
                               paging: .link)
        var numbers: [Int] = []
        for try await issue in try await client().items(issues) { numbers.append(issue.number) }
        #expect(numbers == Array(1...95))
        let stats = try await StreamsServer.stats(name)
        #expect(stats.connections == 4)
        #expect(stats.lastEventIDs == ["page=1", "page=2", "page=3", "page=4"])
    }

    @Test func stripesHasMoreStartsEachPageAfterTheLastID() async throws {
        let name = StreamsServer.name()
        let customers = Paginated(
            Endpoint<CustomerList, Never>(.get, "/v1/customers/\(name)", Self.api, query: ["limit": 10], response: .json),
            paging: .hasMore(items: { $0.data }, hasMore: { $0.hasMore }, parameter: "starting_after", id: { $0.id }))
        var ids: [String] = []
        for try await customer in try await client().items(customers) { ids.append(customer.id) }
        #expect(ids == (0..<25).map { "cus_\(String(format: "%03d", $0))" })
        let stats = try await StreamsServer.stats(name)
        #expect(stats.connections == 3)
        #expect(stats.lastEventIDs == [nil, "cus_009", "cus_019"])
    }

    @Test func pagesAreFetchedOnlyWhenAskedFor() async throws {
        let name = StreamsServer.name()
        let issues = Paginated(Endpoint<[Issue], Never>(.get, "/repos/\(name)/issues", Self.api, query: ["per_page": 10, "total": 100], response: .json),
                               paging: .link)
        var pages = 0
        for try await page in try await client().pages(issues) {
            pages += 1
            #expect(page.count == 10)
            if pages == 2 { break }
        }
        #expect(try await StreamsServer.stats(name).connections == 2)
        // A short page ends page-number paging without asking for an empty one.
        let numbered = StreamsServer.name()
        let byNumber = Paginated(Endpoint<[Issue], Never>(.get, "/repos/\(numbered)/issues", Self.api, query: ["per_page": 10, "total": 25], response: .json),
                                 paging: .pageNumber(items: { $0 }, parameter: "page", sizeParameter: "per_page"))
        var count = 0
        for try await _ in try await client().items(byNumber) { count += 1 }
        #expect(count == 25)
        #expect(try await StreamsServer.stats(numbered).connections == 3)
    }

    @Test func aServerThatCapsThePageSizeStillGivesEveryItem() async throws {
        let name = StreamsServer.name()
        // Asked for 50 a page, the server sends 20: a page short of 50 is not the last for that.
        let byNumber = Paginated(
            Endpoint<[Issue], Never>(.get, "/repos/\(name)/issues", Self.api, query: ["per_page": 50, "total": 45, "cap": 20], response: .json),
            paging: .pageNumber(items: { $0 }, parameter: "page", sizeParameter: "per_page"))
        var numbers: [Int] = []
        for try await issue in try await client().items(byNumber) { numbers.append(issue.number) }
        #expect(numbers == Array(1...45))
        // 20, 20, then 5: shorter than asked and than the pages before, so the last.
        #expect(try await StreamsServer.stats(name).lastEventIDs == ["page=1", "page=2", "page=3"])
    }

    static let mockURL = URL(string: "https://api.example.com/v2?api-version=1")!

    @Test func aCursorOrLinkGivenAgainStopsWithPagingLoop() async throws {
        let mock = MockTransport()
        mock.on(.get, "/customers", .status(200, body: Data(#"{"data": [{"id": "c1"}], "has_more": true}"#.utf8), headers: ["Content-Type": "application/json"]))
        let client = APIClient(baseURL: Self.mockURL, transport: mock)
        struct List: Decodable, Sendable { var data: [Customer] }
        let customers = Paginated(Endpoint<List, Never>(.get, "/customers", Self.api, response: .json),
                                  paging: .hasMore(items: { $0.data }, hasMore: { _ in true }, parameter: "starting_after", id: { $0.id }))
        var ids: [String] = []
        do {
            for try await customer in client.items(customers) { ids.append(customer.id) }
            Testing.Issue.record("paging ended cleanly")
        } catch {
            guard case .transport(let loop as PagingLoop) = error else { throw error }
            #expect(loop.request == "GET /customers?starting_after=c1")
            #expect(loop.pages == 1)
            #expect(error.localizedDescription.contains("repeats an earlier one after 1 page;"))
        }
        // The first page, then the one after c1, which is the first again: it ends there.
        #expect(ids == ["c1"])
        #expect(mock.requests.count == 2)

        // Empty pages whose Link leads to themselves: no busy loop either.
        let links = MockTransport()
        links.on(.get, "/issues", .json([Issue](), headers: ["Link": #"<https://api.example.com/v2/issues?page=2&api-version=1>; rel="next""#]))
        let linked = APIClient(baseURL: Self.mockURL, transport: links)
        do {
            for try await _ in linked.items(Paginated(Endpoint<[Issue], Never>(.get, "/issues", Self.api, response: .json), paging: .link)) {}
            Testing.Issue.record("paging ended cleanly")
        } catch {
            guard case .transport(let loop as PagingLoop) = error else { throw error }
            #expect(loop.request == "GET /issues?page=2")
        }
        #expect(links.requests.count == 2)
    }

    @Test func aPageThatFailedIsAskedForAgainAndTheSameAnswerTwiceIsALoop() async throws {
        let mock = MockTransport()
        mock.on(.get, "/issues",
                .json([Issue(number: 1)], headers: ["Link": #"<https://api.example.com/v2/issues?page=2>; rel="next""#]),
                .failure(URLError(.timedOut)),
                .json([Issue(number: 2)]))
        let client = APIClient(baseURL: Self.mockURL, transport: mock)
        var pages = client.pages(Paginated(Endpoint<[Issue], Never>(.get, "/issues", Self.api, response: .json), paging: .link)).makeAsyncIterator()
        #expect(try await pages.next() == [Issue(number: 1)])
        await #expect(throws: APIError<Never>.self) { _ = try await pages.next() }
        // "Load more" after the error: the same page is asked for again, and comes.
        #expect(try await pages.next() == [Issue(number: 2)])
        #expect(try await pages.next() == nil)
        #expect(mock.requests.map { $0.url?.query } == ["api-version=1", "api-version=1&page=2", "api-version=1&page=2"])

        // A server that answers every page number past its last with the last page.
        let clamping = MockTransport()
        clamping.on(.get, "/issues", .json([Issue(number: 1), Issue(number: 2)]))
        let clamped = APIClient(baseURL: Self.mockURL, transport: clamping)
        let byNumber = Paginated(Endpoint<[Issue], Never>(.get, "/issues", Self.api, query: ["per_page": 50], response: .json),
                                 paging: .pageNumber(items: { $0 }, parameter: "page", sizeParameter: "per_page"))
        var numbers: [Int] = []
        do {
            for try await issue in clamped.items(byNumber) { numbers.append(issue.number) }
            Testing.Issue.record("paging ended cleanly")
        } catch {
            guard case .transport(let loop as PagingLoop) = error else { throw error }
            #expect(loop.request == "GET /issues?per_page=50&page=2")
        }
        #expect(numbers == [1, 2])
        #expect(clamping.requests.count == 2)
    }

    @Test func aLinkKeepsTheBaseQueryOnceAndMaxPagesStops() async throws {
        let mock = MockTransport()
        mock.on(.get, "/issues",
                .json([Issue(number: 1)], headers: ["Link": #"<https://api.example.com/v2/issues?api-version=1&page=2&key=k>; rel="next""#]),
                .json([Issue(number: 2)], headers: ["Link": #"<https://api.example.com/v2/issues?api-version=1&page=3&key=k>; rel="next""#]),
                .json([Issue(number: 3)]))
        let client = APIClient(baseURL: Self.mockURL, transport: mock, credentials: StaticCredentials(apiKey: "k"))
        let issues = Paginated(Endpoint<[Issue], Never>(.get, "/issues", Self.api, response: .json, auth: .query("key")), paging: .link)
        var numbers: [Int] = []
        for try await issue in client.items(issues.limited(to: 2)) { numbers.append(issue.number) }
        #expect(numbers == [1, 2])
        // The base URL's query and the API key come once each, as on the first request.
        #expect(mock.requests.map { $0.url?.query } == ["api-version=1&key=k", "api-version=1&page=2&key=k"])
    }

    @Test func aLinkHeaderReadsAsRFC8288Says() {
        let header = #"<https://api.github.com/x?page=1>; rel="prev", <https://api.github.com/x?page=3>; rel="next last", <https://a.b/c?d=e,f>; title="a, b"; rel=first"#
        #expect(LinkHeader.target(of: header, relation: "next") == "https://api.github.com/x?page=3")
        #expect(LinkHeader.target(of: header, relation: "first") == "https://a.b/c?d=e,f")
        #expect(LinkHeader.target(of: header, relation: "prev") == "https://api.github.com/x?page=1")
        #expect(LinkHeader.target(of: #"<https://x.example/1>; rel="prev""#, relation: "next") == nil)
    }
}
