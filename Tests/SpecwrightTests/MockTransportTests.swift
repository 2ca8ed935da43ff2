import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright
import Testing

/// MockTransport, the way an app's tests use it (in parallel, each with its own mock).
@Suite struct MockTransportTests {
    @Test func routesByMethodAndTemplateAndRecords() async throws {
        let mock = MockTransport()
        mock.on(.get, "/users/{userID}/profile", .json(Profile(name: "Ada")))
        mock.on(.post, "/posts/{id}/like", .noContent)
        let client = APIClient(baseURL: Chirp.baseURL, transport: mock, credentials: StaticCredentials(bearerToken: "t"))
        let id = try #require(UUID(uuidString: "0F8FAD5B-D9CB-469F-A165-70867728950E"))
        #expect(try await client.send(Chirp.profile(userID: id)).name == "Ada")
        _ = try await client.send(Chirp.Posts.like(id: "42"))
        #expect(mock.requests.count == 2)
        #expect(mock.requests(.post, "/posts/{id}/like").first?.url?.path == "/posts/42/like")
    }

    @Test func answersInTurnAndErrors() async throws {
        let mock = MockTransport()
        mock.on(.get, "/users/{id}/profile", .failure(URLError(.notConnectedToInternet)), .json(Profile(name: "Ada")))
        let client = APIClient(baseURL: Chirp.baseURL, transport: mock)
        let id = UUID()
        do {
            _ = try await client.send(Chirp.profile(userID: id))
            Issue.record("the first answer is a failure")
        } catch {
            guard case .transport(let underlying) = error else { Issue.record("expected .transport, got \(error)"); return }
            #expect((underlying as? URLError)?.code == .notConnectedToInternet)
        }
        #expect(try await client.send(Chirp.profile(userID: id)).name == "Ada")
        #expect(try await client.send(Chirp.profile(userID: id)).name == "Ada")
    }

    @Test func unmatchedRequestsFailClearly() async throws {
        let client = APIClient(baseURL: Chirp.baseURL, transport: MockTransport())
        do {
            _ = try await client.send(Chirp.profile(userID: UUID()))
            Issue.record("an unmatched request must fail")
        } catch {
            guard case .transport(let underlying) = error else { Issue.record("expected .transport, got \(error)"); return }
            #expect("\(underlying)".hasPrefix("MockTransport has no route for GET /users/"))
        }
    }

    @Test(arguments: 0..<8)
    func parallelTestsNeverShareAnswers(_ index: Int) async throws {
        let mock = MockTransport()
        mock.on(.get, "/users/{id}/profile", .json(Profile(name: "user \(index)")))
        let client = APIClient(baseURL: Chirp.baseURL, transport: mock)
        #expect(try await client.send(Chirp.profile(userID: UUID())).name == "user \(index)")
    }
}
