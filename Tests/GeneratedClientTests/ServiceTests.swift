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
        #expect(await fake.liked == ["/posts/\(Self.id.uuidString.lowercased())/like"])
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
/// It implements `send(_:as:)` once per operation (the methods app code calls cannot stand in for
/// one), and reads the arguments from the endpoint each call built.
actor FakeChirp: ChirpService {
    let posts: [Post]
    private(set) var feedCalls: [FeedCall] = []
    private(set) var liked: [String] = []

    init(posts: [Post]) { self.posts = posts }

    private static func unsupported<F>() -> APIError<F> { .transport(URLError(.unsupportedURL)) }

    func send(_ endpoint: Endpoint<Page<Post>, APIErrorResponse>, as operation: ChirpOperations.Feed.Type) async throws(APIError<APIErrorResponse>) -> Page<Post> {
        let query = Dictionary(endpoint.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let call = FeedCall(page: query["page"].flatMap { Int($0) } ?? 0, perPage: query["per_page"].flatMap { Int($0) } ?? 0, tag: query["tag"])
        feedCalls.append(call)
        return Page(items: posts, page: call.page, perPage: call.perPage, total: posts.count)
    }

    func send(_ endpoint: Endpoint<Empty, APIErrorResponse>, as operation: ChirpOperations.PostsLike.Type) async throws(APIError<APIErrorResponse>) -> Empty {
        liked.append(endpoint.path)
        return Empty()
    }

    func send(_ endpoint: Endpoint<TokenResponse, Chirp.RegisterError>, as operation: ChirpOperations.Register.Type) async throws(APIError<Chirp.RegisterError>) -> TokenResponse { throw Self.unsupported() }
    func send(_ endpoint: Endpoint<TokenResponse, APIErrorResponse>, as operation: ChirpOperations.Login.Type) async throws(APIError<APIErrorResponse>) -> TokenResponse { throw Self.unsupported() }
    func send(_ endpoint: Endpoint<TokenResponse, APIErrorResponse>, as operation: ChirpOperations.RefreshToken.Type) async throws(APIError<APIErrorResponse>) -> TokenResponse { throw Self.unsupported() }
    func send(_ endpoint: Endpoint<Account, APIErrorResponse>, as operation: ChirpOperations.Me.Type) async throws(APIError<APIErrorResponse>) -> Account { throw Self.unsupported() }
    func send(_ endpoint: Endpoint<Profile, APIErrorResponse>, as operation: ChirpOperations.ProfileOperation.Type) async throws(APIError<APIErrorResponse>) -> Profile { throw Self.unsupported() }
    func send(_ endpoint: Endpoint<Account, APIErrorResponse>, as operation: ChirpOperations.UpdateProfile.Type) async throws(APIError<APIErrorResponse>) -> Account { throw Self.unsupported() }
    func send(_ endpoint: Endpoint<Avatar, APIErrorResponse>, as operation: ChirpOperations.UploadAvatar.Type) async throws(APIError<APIErrorResponse>) -> Avatar { throw Self.unsupported() }
    func send(_ endpoint: Endpoint<Post, Chirp.CreatePostError>, as operation: ChirpOperations.CreatePost.Type) async throws(APIError<Chirp.CreatePostError>) -> Post { throw Self.unsupported() }
    func send(_ endpoint: Endpoint<Empty, APIErrorResponse>, as operation: ChirpOperations.DeletePost.Type) async throws(APIError<APIErrorResponse>) -> Empty { throw Self.unsupported() }
    func send(_ endpoint: Endpoint<Post, APIErrorResponse>, as operation: ChirpOperations.PostsPost.Type) async throws(APIError<APIErrorResponse>) -> Post { throw Self.unsupported() }
    func send(_ endpoint: Endpoint<Empty, APIErrorResponse>, as operation: ChirpOperations.PostsUnlike.Type) async throws(APIError<APIErrorResponse>) -> Empty { throw Self.unsupported() }
}
