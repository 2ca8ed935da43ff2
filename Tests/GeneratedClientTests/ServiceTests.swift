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
        #expect(await fake.feedCalls == [FeedCall(page: 1, perPage: 20, tag: nil)])
        try await model.like(Self.id)
        #expect(await fake.liked == [Self.id])
    }

    @Test func theLiveServiceSendsEachEndpointThroughTheClient() async throws {
        let transport = MockTransport()
        let page = Page(items: [Self.post("hello")], page: 2, perPage: 5, total: 6)
        transport.on(.get, "/feed", .json(page))
        transport.on(.post, "/posts/{id}/like", .noContent)
        let service = LiveChirpService(client: APIClient(baseURL: Chirp.baseURL, transport: transport,
                                                         credentials: StaticCredentials(bearerToken: "t0ken")))
        let received = try await service.feed(page: 2, perPage: 5, tag: "swift")
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

    static let id = UUID(uuidString: "7C3D5A4B-1111-2222-3333-444455556666") ?? UUID()

    static func post(_ text: String) -> Post {
        let author = PublicUser(id: id, handle: "ada", displayName: "Ada", createdAt: Date(timeIntervalSince1970: 0))
        return Post(id: UUID(), author: author, text: text, visibility: .public, createdAt: Date(timeIntervalSince1970: 0))
    }
}

struct FeedCall: Equatable {
    var page: Int
    var perPage: Int
    var tag: String?
}

/// A fake written the way an app's tests would: an actor that records calls and answers from memory.
/// Every requirement must be implemented (the default-argument conveniences cannot stand in for one).
actor FakeChirp: ChirpService {
    let posts: [Post]
    private(set) var feedCalls: [FeedCall] = []
    private(set) var liked: [UUID] = []

    init(posts: [Post]) { self.posts = posts }

    private static func unsupported<F>() -> APIError<F> { .transport(URLError(.unsupportedURL)) }

    func feed(page: Int, perPage: Int, tag: String?) async throws(APIError<APIErrorResponse>) -> Page<Post> {
        feedCalls.append(FeedCall(page: page, perPage: perPage, tag: tag))
        return Page(items: posts, page: page, perPage: perPage, total: posts.count)
    }

    func postsLike(id: UUID) async throws(APIError<APIErrorResponse>) { liked.append(id) }

    func register(body: Registration) async throws(APIError<Chirp.RegisterError>) -> TokenResponse { throw Self.unsupported() }
    func login(email: String, password: String) async throws(APIError<APIErrorResponse>) -> TokenResponse { throw Self.unsupported() }
    func refreshToken(refreshToken: String) async throws(APIError<APIErrorResponse>) -> TokenResponse { throw Self.unsupported() }
    func me() async throws(APIError<APIErrorResponse>) -> Account { throw Self.unsupported() }
    func profile(userID: UUID) async throws(APIError<APIErrorResponse>) -> Profile { throw Self.unsupported() }
    func updateProfile(body: ProfileUpdate) async throws(APIError<APIErrorResponse>) -> Account { throw Self.unsupported() }
    func uploadAvatar(image: File, caption: String?) async throws(APIError<APIErrorResponse>) -> Avatar { throw Self.unsupported() }
    func createPost(body: NewPost) async throws(APIError<Chirp.CreatePostError>) -> Post { throw Self.unsupported() }
    func deletePost(id: UUID) async throws(APIError<APIErrorResponse>) { throw Self.unsupported() }
    func postsPost(id: UUID) async throws(APIError<APIErrorResponse>) -> Post { throw Self.unsupported() }
    func postsUnlike(id: UUID) async throws(APIError<APIErrorResponse>) { throw Self.unsupported() }
}
