import Foundation
import Specwright

/// App code depends on the generated client: a signed-in session over `APIClient`.
public struct ChirpSession: Sendable {
    /// The client, with the token from `login` once signed in.
    public let client: APIClient

    /// Signs in against the server at `baseURL` and returns a session that sends the token.
    public static func signIn(baseURL: URL, user: String, password: String, transport: any Transport = URLSessionTransport()) async throws -> ChirpSession {
        let anonymous = APIClient(baseURL: baseURL, transport: transport)
        let token = try await anonymous.send(Chirp.login(user: user, password: password))
        return ChirpSession(client: APIClient(baseURL: baseURL, transport: transport,
                                              credentials: StaticCredentials(bearerToken: token.accessToken)))
    }

    /// The first page of the feed.
    public func feed() async throws -> Page<Post> {
        try await client.send(Chirp.feed())
    }
}
