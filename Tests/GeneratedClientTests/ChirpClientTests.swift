import ChirpClient
import Foundation
import Specwright
import Testing

/// The generated Chirp client: key mapping, defaults, open enums, generics, errors and request building.
@Suite struct ChirpClientTests {
    static let userJSON = """
        {"id": "7C3D5A4B-1111-2222-3333-444455556666", "handle": "ada", "display_name": "Ada", "created_at": "2026-11-30T10:00:00Z"}
        """

    @Test func decodesSnakeCaseKeysAndAppliesDefaultsForMissingKeys() throws {
        let post = try JSON.decode(Post.self, """
            {"id": "7C3D5A4B-1111-2222-3333-444455556666", "author": \(Self.userJSON), "text": "hi",
             "visibility": "in-review", "created_at": "2026-11-30T10:00:00Z"}
            """)
        #expect(post.likeCount == 0)
        #expect(post.tags == [])
        #expect(post.likedByMe == false)
        #expect(post.visibility == .inReview)
        #expect(post.editedAt == nil)
        #expect(post.author.displayName == "Ada")
        #expect(post.author.followerCount == 0)
    }

    @Test func encodesWireNames() throws {
        let draft = NewPost(text: "hello", replyTo: UUID(uuidString: "7C3D5A4B-1111-2222-3333-444455556666"))
        let object = try JSON.object(draft)
        #expect(Set(object.keys) == ["text", "tags", "visibility", "reply_to"])
        #expect(object["visibility"] as? String == "public")
    }

    @Test func memberwiseInitHasDefaults() {
        let draft = NewPost(text: "x")
        #expect(draft.visibility == .public)
        #expect(draft.tags.isEmpty)
        #expect(draft.replyTo == nil)
    }

    @Test func unknownEnumValuesSurviveARoundTrip() throws {
        let value = try JSON.decode([Visibility].self, #"["followers", "friends-only"]"#)
        #expect(value == [.followers, .unknown("friends-only")])
        let encoded = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        #expect(encoded == #"["followers","friends-only"]"#)
        #expect(Visibility(rawValue: "in-review") == .inReview)
        #expect(Visibility.inReview.rawValue == "in-review")
    }

    @Test func genericPageDecodesItsItems() throws {
        let page = try JSON.decode(Page<FieldError>.self, """
            {"items": [{"field": "text", "message": "too long"}], "page": 2, "per_page": 20, "total": 21}
            """)
        #expect(page.items.first?.field == "text")
        #expect(page.perPage == 20)
        #expect(page == Page(items: [FieldError(field: "text", message: "too long")], page: 2, perPage: 20, total: 21))
    }

    @Test func feedBuildsItsQueryWithDefaultsAndBearerAuth() async throws {
        let transport = CannedTransport()
        let client = APIClient(baseURL: Chirp.baseURL, transport: transport, credentials: StaticCredentials(bearerToken: "t0ken"))
        let request = try await client.request(for: Chirp.feed(page: 2, tag: "swift+ios"))
        #expect(request.url?.absoluteString == "https://api.chirp.example.com/v2/feed?page=2&per_page=20&tag=swift%2Bios")
        #expect(request.httpMethod == "GET")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t0ken")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
    }

    @Test func loginSendsItsInlineBodyAsJSONWithoutAuth() async throws {
        let transport = CannedTransport()
        let client = APIClient(baseURL: Chirp.baseURL, transport: transport, credentials: StaticCredentials(bearerToken: "t0ken"))
        let request = try await client.request(for: Chirp.login(email: "a@b.c", password: "pw"))
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(request.httpBody.map { String(decoding: $0, as: UTF8.self) } == #"{"email":"a@b.c","password":"pw"}"#)
    }

    @Test func validationErrorsArriveTypedByStatus() async throws {
        let transport = CannedTransport(status: 422, json: #"{"message": "invalid", "errors": [{"field": "text", "message": "empty"}]}"#)
        let client = APIClient(baseURL: Chirp.baseURL, transport: transport, credentials: StaticCredentials(bearerToken: "t"))
        do {
            _ = try await client.send(Chirp.createPost(body: NewPost(text: "")))
            Issue.record("a 422 must throw")
        } catch {
            guard case .status(let failure) = error, case .status422(let body)? = failure.model else {
                Issue.record("expected a typed 422 body, got \(error)")
                return
            }
            #expect(failure.statusCode == 422)
            #expect(body.errors.first?.field == "text")
        }
    }

    @Test func otherStatusesUseTheDefaultErrorModel() async throws {
        let transport = CannedTransport(status: 500, json: #"{"code": "boom", "message": "down"}"#)
        let client = APIClient(baseURL: Chirp.baseURL, transport: transport, credentials: StaticCredentials(bearerToken: "t"))
        do {
            _ = try await client.send(Chirp.createPost(body: NewPost(text: "x")))
            Issue.record("a 500 must throw")
        } catch {
            guard case .status(let failure) = error, case .default(let body)? = failure.model else {
                Issue.record("expected the default error body, got \(error)")
                return
            }
            #expect(body.code == "boom")
        }
    }

    @Test func noContentDecodesAsEmpty() async throws {
        let transport = CannedTransport(status: 204, json: "")
        let client = APIClient(baseURL: Chirp.baseURL, transport: transport, credentials: StaticCredentials(bearerToken: "t"))
        let value: Empty = try await client.send(Chirp.Posts.unlike(id: UUID()))
        #expect(value == Empty())
        #expect(transport.requests.first?.httpMethod == "DELETE")
    }
}
