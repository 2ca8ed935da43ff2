import ChirpClient
import Foundation
import Specwright
import Testing

/// The generated `StubChirpService`: a view-model test sets the one handler it needs, in a line.
@Suite struct StubServiceTests {
    @Test func aViewModelTestIsThreeLines() async throws {
        var service = StubChirpService()
        service.feedHandler = { page, _, _ in Page(items: [ServiceTests.post("hello")], page: page, perPage: 20, total: 1) }
        #expect(try await ServiceTests.FeedModel(service: service).firstPageTexts() == ["hello"])
    }

    @Test func aHandlerGetsTheArgumentsAndItsErrorsReachTheCaller() async throws {
        var service = StubChirpService()
        service.feedHandler = { page, perPage, tag in
            #expect((page, perPage, tag) == (1, 20, nil))   // the convenience filled in the spec's defaults
            throw APIError<APIErrorResponse>.status(503, model: APIErrorResponse(code: "down", message: "Back soon."))
        }
        await #expect(throws: APIError<APIErrorResponse>.status(503, model: APIErrorResponse(code: "down", message: "Back soon."))) {
            _ = try await service.feed()
        }
        service.postsLikeHandler = { _ in }
        try await service.postsLike(id: ServiceTests.id)
        // Another error a handler throws arrives as .transport, a cancellation as .cancelled.
        service.meHandler = { throw URLError(.notConnectedToInternet) }
        await #expect(throws: APIError<APIErrorResponse>.transport(URLError(.notConnectedToInternet))) { _ = try await service.me() }
        service.meHandler = { throw CancellationError() }
        await #expect(throws: APIError<APIErrorResponse>.cancelled) { _ = try await service.me() }
    }

    @Test func aMethodWhoseHandlerIsNotSetSaysWhatToSet() async throws {
        let service = StubChirpService()
        do {
            _ = try await service.me()
            Issue.record("an unset handler must fail the call")
        } catch {
            guard case .transport(let underlying) = error, let unset = underlying as? UnsetStubHandler else {
                Issue.record("expected UnsetStubHandler, got \(error)")
                return
            }
            #expect(unset == UnsetStubHandler(stub: "StubChirpService", method: "me()", handler: "meHandler"))
            #expect(error.localizedDescription == "StubChirpService.me() was called, but its meHandler is not set; set it in the test")
        }
    }

    @Test func anAdHocEndpointSharesTheAPIsHeadersAuthAndErrorModel() async throws {
        let transport = MockTransport()
        transport.on(.get, "/posts/top", .json([ServiceTests.post("top")]))
        transport.on(.delete, "/drafts", .status(409, json: APIErrorResponse(code: "busy", message: "Drafts are being saved.")))
        let client = APIClient(baseURL: Chirp.baseURL, transport: transport, credentials: StaticCredentials(bearerToken: "t"))
        let top = try await client.send(Chirp.endpoint(.get, "/posts/top", query: ["limit": 3], as: [Post].self))
        #expect(top.map(\.text) == ["top"])
        let request = try #require(transport.requests(.get, "/posts/top").first)
        #expect(request.url?.query == "limit=3")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t")
        #expect(request.value(forHTTPHeaderField: "X-Chirp-Client") == "ios")
        do {
            try await client.send(Chirp.endpoint(.delete, "/drafts"))
            Issue.record("a 409 must throw")
        } catch {
            #expect(error.model == APIErrorResponse(code: "busy", message: "Drafts are being saved."))
            #expect(error.localizedDescription == "The server answered 409 (Conflict): Drafts are being saved.")
        }
    }
}
