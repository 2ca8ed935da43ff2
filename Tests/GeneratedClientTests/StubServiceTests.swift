import ChirpClient
import Foundation
import Specwright
import Testing

/// The generated `StubChirpService`: a view-model test sets the one answer it needs, in a line.
@Suite struct StubServiceTests {
    @Test func aViewModelTestIsThreeLines() async throws {
        var service = StubChirpService()
        service.on(ChirpOperations.Feed.self) { _ in Page(items: [ServiceTests.post("hello")], page: 1, perPage: 20, total: 1) }
        #expect(try await ServiceTests.FeedModel(service: service).firstPageTexts() == ["hello"])
    }

    @Test func anAnswerGetsTheCallsArgumentsAndItsErrorsReachTheCaller() async throws {
        var service = StubChirpService()
        service.on(ChirpOperations.Feed.self) { call throws(APIError<APIErrorResponse>) in
            // The method filled in the spec's defaults, and the endpoint is the one they build.
            #expect(call.page == 1 && call.perPage == 20 && call.tag == nil)
            #expect(call.endpoint.query.map { "\($0.name)=\($0.value)" } == ["page=1", "per_page=20"])
            throw .status(503, model: APIErrorResponse(code: "down", message: "Back soon."))
        }
        await #expect(throws: APIError<APIErrorResponse>.status(503, model: APIErrorResponse(code: "down", message: "Back soon."))) {
            _ = try await service.feed()
        }
        service.on(ChirpOperations.CreatePost.self) { call in ServiceTests.post(call.body.text) }
        #expect(try await service.createPost(body: NewPost(text: "typed")).text == "typed")
        // An operation without a body answers nothing.
        service.on(ChirpOperations.PostsLike.self) { call in #expect(call.id == ServiceTests.id) }
        try await service.postsLike(id: ServiceTests.id)
        // An answer fails only with the operation's APIError: a transport failure or a cancellation is said as one.
        service.on(ChirpOperations.Me.self, throwing: .transport(URLError(.notConnectedToInternet)))
        await #expect(throws: APIError<APIErrorResponse>.transport(URLError(.notConnectedToInternet))) { _ = try await service.me() }
        service.on(ChirpOperations.Me.self, throwing: .cancelled)
        await #expect(throws: APIError<APIErrorResponse>.cancelled) { _ = try await service.me() }
    }

    @Test func anOperationWithoutAnAnswerSaysWhatToSet() async throws {
        let service = StubChirpService()
        do {
            _ = try await service.me()
            Issue.record("an operation without an answer must fail the call")
        } catch {
            guard case .transport(let underlying) = error, let unset = underlying as? UnsetStubHandler else {
                Issue.record("expected UnsetStubHandler, got \(error)")
                return
            }
            #expect(unset == UnsetStubHandler(stub: "StubChirpService", operation: "Me", request: "GET /me"))
            #expect(error.localizedDescription == "StubChirpService has no answer for Me (GET /me); set one with on(_:answer:) in the test")
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
