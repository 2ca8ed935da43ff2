import ArticlesClient
import Foundation
import Specwright
import Testing

/// The articles client: API-key auth in a header, public endpoints, header parameters, path encoding.
@Suite struct ArticlesClientTests {
    let client = APIClient(baseURL: Articles.baseURL, transport: CannedTransport(), credentials: StaticCredentials(apiKey: "k3y"))

    @Test func pathValuesAreEncodedAsOneSegmentAndNeverChangeTheRoute() async throws {
        let request = try await client.request(for: Articles.article(slug: "a/b?c#d e%"))
        #expect(request.url?.absoluteString == "https://cms.example.com/api/articles/a%2Fb%3Fc%23d%20e%25")
        let dots = try await client.request(for: Articles.article(slug: ".."))
        #expect(dots.url?.absoluteString == "https://cms.example.com/api/articles/%2E%2E")
    }

    @Test func apiKeyGoesInItsHeader() async throws {
        let request = try await client.request(for: Articles.article(slug: "hello"))
        #expect(request.value(forHTTPHeaderField: "X-API-Key") == "k3y")
    }

    @Test func publicEndpointsSendNoKey() async throws {
        let request = try await client.request(for: Articles.status())
        #expect(request.value(forHTTPHeaderField: "X-API-Key") == nil)
    }
}
