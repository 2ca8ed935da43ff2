import ChirpClient
import Foundation
import Specwright
import Testing

/// The generated `ChirpService`: app code written against the protocol runs with a fake in tests
/// and with `LiveChirpService` over `APIClient` in the app.
@Suite struct ServiceTests {
    /// What a view model looks like when it depends on the protocol only.
    struct FeedModel {
        let service: any ChirpService

        func firstPageTexts() async throws(APIError<APIErrorResponse>) -> [String] {
            try await service.feed().items.map(\.text)
        }

        func like(_ id: UUID) async throws(APIError<APIErrorResponse>) {
            try await service.postsLike(id: id)
        }
    }

    @Test func aFakeServiceStandsInForTheNetwork() async throws {
        let fake = FakeChirp(posts: [Self.post("first"), Self.post("second")])
        let model = FeedModel(service: fake)
        #expect(try await model.firstPageTexts() == ["first", "second"])
        // The convenience filled in the spec's defaults.
        let feedCalls = await fake.feedCalls
        #expect(feedCalls.map(\.page) == [1] && feedCalls.map(\.perPage) == [20] && feedCalls.map(\.tag) == [nil])
        try await model.like(Self.id)
        #expect(await fake.liked == [Self.id])
        // The fake answers with the call's typed error, as the live service would.
        do {
            _ = try await fake.createPost(body: NewPost(text: ""))
            Issue.record("an empty post must be refused")
        } catch {
            guard case .status422(let body)? = error.model else {
                Issue.record("expected the typed 422 body, got \(error)")
                return
            }
            #expect(body.errors.first?.field == "text")
        }
        #expect(try await fake.createPost(body: NewPost(text: "third")).text == "third")
    }

    @Test func theLiveServiceSendsEachEndpointThroughTheClient() async throws {
        let transport = MockTransport()
        let page = Page(items: [Self.post("hello")], page: 2, perPage: 5, total: 6)
        transport.on(.get, "/feed", .json(page))
        transport.on(.post, "/posts/{id}/like", .noContent)
        let service = LiveChirpService(client: APIClient(baseURL: Chirp.baseURL, transport: transport,
                                                         credentials: StaticCredentials(bearerToken: "t0ken")))
        let received = try await service.feed(page: 2, perPage: 5, tag: "swift")
        // Any defaulted argument can be left out, as at the factory.
        _ = try await service.feed(perPage: 5)
        #expect(transport.requests(.get, "/feed").last?.url?.query == "page=1&per_page=5")
        #expect(received.items.map(\.text) == ["hello"])
        try await service.postsLike(id: Self.id)

        let feed = try #require(transport.requests(.get, "/feed").first)
        #expect(feed.url?.query == "page=2&per_page=5&tag=swift")
        #expect(feed.value(forHTTPHeaderField: "Authorization") == "Bearer t0ken")
        #expect(transport.requests(.post, "/posts/{id}/like").first?.url?.path == "/v2/posts/\(Self.id.uuidString.lowercased())/like")
    }

    @Test func theLiveServiceKeepsTypedErrorBodies() async throws {
        let transport = MockTransport()
        transport.on(.post, "/posts", .status(422, json: ValidationErrors(message: "invalid", errors: [FieldError(field: "text", message: "empty")])))
        let service: any ChirpService = LiveChirpService(client: APIClient(baseURL: Chirp.baseURL, transport: transport,
                                                                           credentials: StaticCredentials(bearerToken: "t")))
        do {
            _ = try await service.createPost(body: NewPost(text: ""))
            Issue.record("a 422 must throw")
        } catch {
            guard case .status422(let body)? = error.model else {
                Issue.record("expected the typed 422 body, got \(error)")
                return
            }
            #expect(body.errors.first?.field == "text")
        }
    }

    @Test func theFakeInSpecFormatIsThisOne() throws {
        let source = URL(fileURLWithPath: #filePath)
        let docs = source.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Docs/SpecFormat.md")
        // The declaration that starts with `header`, to its closing brace.
        func declaration(_ header: String, in url: URL) throws -> Substring {
            let text = try String(contentsOf: url, encoding: .utf8)
            let start = try #require(text.range(of: "\n" + header + "\n"))
            let end = try #require(text.range(of: "\n}\n", range: start.upperBound..<text.endIndex))
            return text[start.lowerBound..<end.upperBound]
        }
        for header in ["actor FakeChirp: ChirpService {", "actor RecordingChirp: ChirpServiceForwarding {"] {
            #expect(try declaration(header, in: docs) == declaration(header, in: source), "\(header)")
        }
    }

    @Test func aForwardingFakeRecordsEveryCallInOneMethod() async throws {
        let fake = RecordingChirp()
        try await fake.postsLike(id: Self.id)
        await #expect(throws: APIError<APIErrorResponse>.transport(URLError(.unsupportedURL))) { _ = try await fake.me() }
        #expect(await fake.requests == ["POST /posts/\(Self.id.uuidString.lowercased())/like", "GET /me"])
    }

    static let id = UUID(uuidString: "7C3D5A4B-1111-2222-3333-444455556666") ?? UUID()

    static func post(_ text: String) -> Post {
        let author = PublicUser(id: id, handle: "ada", displayName: "Ada", createdAt: Date(timeIntervalSince1970: 0))
        return Post(id: UUID(), author: author, text: text, visibility: .public, createdAt: Date(timeIntervalSince1970: 0))
    }
}

/// A fake written the way an app's tests would: an actor that records calls and answers from memory.
/// It implements one requirement per operation, `send` and the name of the method app code calls,
/// given the call's typed arguments (the methods app code calls cannot stand in for one).
actor FakeChirp: ChirpService {
    let posts: [Post]
    private(set) var feedCalls: [ChirpOperations.Feed] = []
    private(set) var liked: [UUID] = []

    init(posts: [Post]) { self.posts = posts }

    func sendFeed(_ call: ChirpOperations.Feed) async throws(APIError<APIErrorResponse>) -> Page<Post> {
        feedCalls.append(call)
        return Page(items: posts, page: call.page, perPage: call.perPage, total: posts.count)
    }

    func sendPostsLike(_ call: ChirpOperations.PostsLike) async throws(APIError<APIErrorResponse>) {
        liked.append(call.id)
    }

    func sendCreatePost(_ call: ChirpOperations.CreatePost) async throws(APIError<Chirp.CreatePostError>) -> Post {
        guard let author = posts.first?.author, !call.body.text.isEmpty else {
            throw .status(422, model: .status422(ValidationErrors(message: "invalid", errors: [FieldError(field: "text", message: "empty")])))
        }
        return Post(id: UUID(), author: author, text: call.body.text, visibility: .public, createdAt: Date())
    }

    func sendRegister(_ call: ChirpOperations.Register) async throws(APIError<Chirp.RegisterError>) -> TokenResponse { throw .transport(URLError(.unsupportedURL)) }
    func sendLogin(_ call: ChirpOperations.Login) async throws(APIError<APIErrorResponse>) -> TokenResponse { throw .transport(URLError(.unsupportedURL)) }
    func sendRefreshToken(_ call: ChirpOperations.RefreshToken) async throws(APIError<APIErrorResponse>) -> TokenResponse { throw .transport(URLError(.unsupportedURL)) }
    func sendMe(_ call: ChirpOperations.Me) async throws(APIError<APIErrorResponse>) -> Account { throw .transport(URLError(.unsupportedURL)) }
    func sendProfile(_ call: ChirpOperations.ProfileOperation) async throws(APIError<APIErrorResponse>) -> Profile { throw .transport(URLError(.unsupportedURL)) }
    func sendUpdateProfile(_ call: ChirpOperations.UpdateProfile) async throws(APIError<APIErrorResponse>) -> Account { throw .transport(URLError(.unsupportedURL)) }
    func sendUploadAvatar(_ call: ChirpOperations.UploadAvatar) async throws(APIError<APIErrorResponse>) -> Avatar { throw .transport(URLError(.unsupportedURL)) }
    func sendDeletePost(_ call: ChirpOperations.DeletePost) async throws(APIError<APIErrorResponse>) { throw .transport(URLError(.unsupportedURL)) }
    func sendPostsPost(_ call: ChirpOperations.PostsPost) async throws(APIError<APIErrorResponse>) -> Post { throw .transport(URLError(.unsupportedURL)) }
    func sendPostsUnlike(_ call: ChirpOperations.PostsUnlike) async throws(APIError<APIErrorResponse>) { throw .transport(URLError(.unsupportedURL)) }
}

/// A fake that records every call in one generic method (SpecFormat.md shows it).
actor RecordingChirp: ChirpServiceForwarding {
    private(set) var requests: [String] = []

    func send<Operation: ServiceOperation>(_ call: Operation) async throws(APIError<Operation.Failure>) -> Operation.Output {
        requests.append("\(call.endpoint.method.rawValue) \(call.endpoint.path)")
        // A call without a body answers nothing; this fake has no answer for the others.
        guard let nothing = () as? Operation.Output else { throw .transport(URLError(.unsupportedURL)) }
        return nothing
    }
}
