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
    struct Issue: Decodable, Sendable, Equatable { var number: Int }
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

    @Test func aLinkHeaderReadsAsRFC8288Says() {
        let header = #"<https://api.github.com/x?page=1>; rel="prev", <https://api.github.com/x?page=3>; rel="next last", <https://a.b/c?d=e,f>; title="a, b"; rel=first"#
        #expect(LinkHeader.target(of: header, relation: "next") == "https://api.github.com/x?page=3")
        #expect(LinkHeader.target(of: header, relation: "first") == "https://a.b/c?d=e,f")
        #expect(LinkHeader.target(of: header, relation: "prev") == "https://api.github.com/x?page=1")
        #expect(LinkHeader.target(of: #"<https://x.example/1>; rel="prev""#, relation: "next") == nil)
    }
}
