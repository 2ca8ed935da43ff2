import Foundation
import Services
import Specwright
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Two specs in one target: their namespaces keep equal endpoint names apart.
@Suite struct ServicesTests {
    /// Records requests and answers with an empty JSON array.
    final class Recorder: Transport, @unchecked Sendable {
        let lock = NSLock()
        var requests: [URLRequest] = []
        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            lock.withLock { requests.append(request) }
            let response = HTTPURLResponse(url: request.url ?? URL(fileURLWithPath: "/"), statusCode: 200, httpVersion: nil, headerFields: nil)
            return (Data("[]".utf8), try #require(response))
        }
    }

    @Test func sameEndpointNamesLiveInTheirOwnNamespaces() async throws {
        let recorder = Recorder()
        let credentials = StaticCredentials(bearerToken: "b", apiKey: "k")
        let invoices = try await APIClient(baseURL: Billing.baseURL, transport: recorder, credentials: credentials).send(Services.openInvoices())
        let accounts = try await APIClient(baseURL: Accounts.baseURL, transport: recorder, credentials: credentials).send(Services.accounts())
        #expect(invoices.isEmpty && accounts.isEmpty)
        #expect(recorder.requests.map { $0.url?.absoluteString } == [
            "https://billing.example.com/v1/invoices?status=open",
            "https://accounts.example.com/v2/accounts",
        ])
        #expect(recorder.requests[0].value(forHTTPHeaderField: "Authorization") == "Bearer b")
        #expect(recorder.requests[1].value(forHTTPHeaderField: "X-API-Key") == "k")
    }

    @Test func defaultsComeFromTheSpec() throws {
        let account = try JSONDecoder().decode(Account.self, from: Data(#"{"id": "1", "email": "a@b.c"}"#.utf8))
        #expect(account.plan == .free)
    }
}
