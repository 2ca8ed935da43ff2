// A hand-written copy of what the generator emits for the Chirp sample spec: the runtime's
// acceptance test. It must compile without warnings against `Specwright` (imported without
// @testable, so only public API is used).
import Foundation
import Specwright

// ---- Models file ----

public struct Post: Codable, Hashable, Sendable {
    public var id: UUID
    public var text: String
    public var likeCount: Int
    public var createdAt: Date
    public var day: CalendarDate?
    public var extra: JSONValue?

    public init(id: UUID, text: String, likeCount: Int = 0, createdAt: Date, day: CalendarDate? = nil, extra: JSONValue? = nil) {
        self.id = id
        self.text = text
        self.likeCount = likeCount
        self.createdAt = createdAt
        self.day = day
        self.extra = extra
    }

    enum CodingKeys: String, CodingKey { case id, text, likeCount = "like_count", createdAt = "created_at", day, extra }
}

public struct Page<Item: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    public var items: [Item]
    public var page: Int

    public init(items: [Item], page: Int) {
        self.items = items
        self.page = page
    }
}

public struct TokenResponse: Codable, Hashable, Sendable {
    public var token: String

    public init(token: String) {
        self.token = token
    }
}

public struct APIErrorResponse: Codable, Hashable, Sendable {
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }
}

public struct ValidationErrors: Codable, Hashable, Sendable {
    public var fields: [String: String]

    public init(fields: [String: String]) {
        self.fields = fields
    }
}

public struct NewPost: Codable, Hashable, Sendable {
    public var text: String
    public var visibility: Visibility
    public var publishAt: Date?

    public init(text: String, visibility: Visibility = .public, publishAt: Date? = nil) {
        self.text = text
        self.visibility = visibility
        self.publishAt = publishAt
    }

    enum CodingKeys: String, CodingKey { case text, visibility, publishAt = "publish_at" }
}

public struct Profile: Codable, Hashable, Sendable {
    public var name: String
    public var bio: String?
    public var age: Int?
    public var birthday: CalendarDate?
    public var interests: [String]
    public var status: Status

    public init(name: String, bio: String? = nil, age: Int? = nil, birthday: CalendarDate? = nil, interests: [String] = [], status: Status = .active) {
        self.name = name
        self.bio = bio
        self.age = age
        self.birthday = birthday
        self.interests = interests
        self.status = status
    }
}

public struct ImageAttachment: Codable, Hashable, Sendable {
    public var url: URL
    public var width: Int

    public init(url: URL, width: Int) {
        self.url = url
        self.width = width
    }
}

public struct VideoAttachment: Codable, Hashable, Sendable {
    public var url: URL
    public var seconds: Double

    public init(url: URL, seconds: Double) {
        self.url = url
        self.seconds = seconds
    }
}

/// Open string enum: unknown wire values decode as .unknown(value) and encode back unchanged.
public enum Visibility: StringEnum {
    case `public`, followers, inReview
    case unknown(String)

    public init(rawValue: String) {
        switch rawValue {
        case "public": self = .public
        case "followers": self = .followers
        case "in-review": self = .inReview
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .public: "public"
        case .followers: "followers"
        case .inReview: "in-review"
        case .unknown(let value): value
        }
    }
}

/// Frozen enum: an unknown value is a decoding error.
public enum Status: String, StringEnum, CaseIterable { case active = "ACTIVE", banned = "BANNED" }

/// Tagged union: {"type": "image", ...ImageAttachment fields...}
public enum Attachment: Codable, Hashable, Sendable {
    case image(ImageAttachment)
    case video(VideoAttachment)

    public init(from decoder: any Decoder) throws {
        let tag = try UnionCoding.tag(in: decoder, key: "type")
        switch tag {
        case "image": self = .image(try ImageAttachment(from: decoder))
        case "video": self = .video(try VideoAttachment(from: decoder))
        default: throw UnionCoding.unknownTag(tag, key: "type", in: decoder)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .image(let value): try UnionCoding.encode(value, tag: "image", key: "type", to: encoder)
        case .video(let value): try UnionCoding.encode(value, tag: "video", key: "type", to: encoder)
        }
    }
}

// ---- Endpoints file ----

public enum Chirp {
    /// The base URL the spec names.
    public static let baseURL = URL(string: "https://chirp-api.example.com")!
    /// What every endpoint of this API shares: default headers (sent with every request) and date coding.
    static let api = APIDefaults(headers: ["Accept": "application/json"], dates: .iso8601)

    public static func login(email: String, password: String) -> Endpoint<TokenResponse, APIErrorResponse> {
        Endpoint(.post, "/auth/login", api, body: .json(fields: ["email": email, "password": password]), response: .json, errors: [.default])
    }

    public static func feed(page: Int = 1, perPage: Int = 20, tag: String? = nil, tags: [String] = []) -> Endpoint<Page<Post>, APIErrorResponse> {
        Endpoint(.get, "/feed", api, query: ["page": page, "per_page": perPage, "tag": tag, "tags": tags], response: .json, auth: .bearer, errors: [.default])
    }

    public static func profile(userID: UUID) -> Endpoint<Profile, Never> {
        Endpoint(.get, "/users/\(userID)/profile", api, response: .json)
    }

    public static func createPost(body: NewPost) -> Endpoint<Post, CreatePostError> {
        Endpoint(.post, "/posts", api, body: .json(body), response: .json,
                 errors: [.status(422, ValidationErrors.self, CreatePostError.status422), .default(APIErrorResponse.self, CreatePostError.default)])
    }

    /// The error bodies of ``createPost(body:)``, by status.
    public enum CreatePostError: Hashable, Sendable {
        case status422(ValidationErrors)
        case `default`(APIErrorResponse)
    }

    public static func uploadAvatar(image: File, caption: String? = nil) -> Endpoint<Empty, Never> {
        Endpoint(.put, "/me/avatar", api, body: .multipart(fields: ["image": image, "caption": caption]), response: .empty)
    }

    public static func signup(name: String, visibility: Visibility = .public) -> Endpoint<Empty, Never> {
        Endpoint(.post, "/signup", api, body: .form(fields: ["name": name, "visibility": visibility]), response: .empty)
    }

    public static func updateProfile(body: Profile) -> Endpoint<Empty, Never> {
        Endpoint(.put, "/profile", api, body: .form(body), response: .empty, auth: .header("X-API-Key"))
    }

    public static func upload(body: Data) -> Endpoint<Empty, Never> {
        Endpoint(.put, "/blob", api, body: .binary(body), response: .empty, auth: .query("api_key"))
    }

    public static func uploadFile(body: File) -> Endpoint<Empty, Never> {
        Endpoint(.put, "/file", api, body: .binary(body), response: .empty)
    }

    public static func exportArchive(id: String) -> Endpoint<Data, Never> {
        Endpoint(.get, "/exports/\(id)", api, response: .data)
    }

    public static func search(q: String, sort: Visibility = .public, xRequestID: String? = nil, since: Date? = nil) -> Endpoint<[Post], Never> {
        Endpoint(.get, "/search", api, query: ["q": q, "sort": sort, "since": since], headers: ["X-Request-ID": xRequestID], response: .json, timeout: 10)
    }

    public enum Posts {
        public static func like(id: String) -> Endpoint<Empty, Never> {
            Endpoint(.post, "/posts/\(id)/like", api, response: .empty)
        }
    }
}
