import ChirpKit
import Foundation
import Specwright
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client the build plugin generated from Chirp.api.yaml, tested with a canned transport.
@Suite struct ChirpKitTests {
    /// Answers every request with one JSON body and remembers what was asked.
    final class Canned: Transport, @unchecked Sendable {
        let lock = NSLock()
        var requests: [URLRequest] = []
        let status: Int
        let json: String

        init(status: Int = 200, json: String) {
            self.status = status
            self.json = json
        }

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            lock.withLock { requests.append(request) }
            let response = HTTPURLResponse(url: request.url ?? Chirp.baseURL, statusCode: status, httpVersion: nil, headerFields: nil)
            return (Data(json.utf8), try #require(response))
        }
    }

    @Test func feedDecodesTheGenericPageWithDefaultsAndOpenEnums() async throws {
        let transport = Canned(json: #"{"items": [{"id": 1, "text": "hi", "visibility": "friends"}], "page": 1, "total": 1}"#)
        let client = APIClient(baseURL: Chirp.baseURL, transport: transport, credentials: StaticCredentials(bearerToken: "t"))
        let page = try await client.send(Chirp.feed(perPage: 5))
        #expect(page.items.first?.likeCount == 0)
        #expect(page.items.first?.visibility == .unknown("friends"))
        #expect(transport.requests.first?.url?.absoluteString == "http://127.0.0.1:8080/feed?page=1&per_page=5")
        #expect(transport.requests.first?.value(forHTTPHeaderField: "Authorization") == "Bearer t")
    }

    @Test func validationErrorsArriveTyped() async throws {
        let transport = Canned(status: 422, json: #"{"message": "invalid", "fields": ["text"]}"#)
        let client = APIClient(baseURL: Chirp.baseURL, transport: transport, credentials: StaticCredentials(bearerToken: "t"))
        do {
            _ = try await client.send(Chirp.createPost(body: NewPost(text: "")))
            Issue.record("a 422 must throw")
        } catch {
            guard case .status(let failure) = error, case .status422(let problem)? = failure.model else {
                Issue.record("expected a typed 422 body, got \(error)")
                return
            }
            #expect(problem.fields == ["text"])
        }
    }
}
