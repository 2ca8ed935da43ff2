import Foundation
import HTTPBinClient
import Specwright
import Testing

/// Basic, bearer and API-key credentials, as httpbin checks them.
@Suite struct AuthTests {
    let server: HTTPBinServer

    init() async throws {
        server = try await HTTPBinServer.get()
    }

    static func basic(_ user: String, _ password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    @Test func basicCredentialsAreAccepted() async throws {
        // A password may hold a colon: only the user name ends at the first one.
        let client = server.client(credentials: StaticCredentials(basic: ("ada", "pa:ss é")))
        let result = try await client.send(HTTPBin.basicAuth(user: "ada", passwd: "pa:ss é"))
        #expect(result == BasicAuthResult(authenticated: true, user: "ada"))
        do {
            _ = try await server.client(credentials: StaticCredentials(bearerToken: "tok")).send(HTTPBin.basicAuth(user: "a", passwd: "b"))
            Issue.record("no user name and password must fail before sending")
        } catch {
            guard case .missingCredentials = error else {
                Issue.record("expected .missingCredentials, got \(error)")
                return
            }
        }
    }

    @Test(.timeLimit(.minutes(1))) func wrongBasicCredentialsAreA401NotAHang() async throws {
        let client = server.client(credentials: StaticCredentials(basic: ("ada", "wrong")))
        do {
            _ = try await client.send(HTTPBin.basicAuth(user: "ada", passwd: "right"))
            Issue.record("wrong credentials must fail")
        } catch {
            #expect(error.statusCode == 401)
        }
        // As an explicit header parameter, wrong credentials are a 404 there.
        let anonymous = server.client()
        #expect(try await anonymous.send(HTTPBin.hiddenBasicAuth(user: "u", passwd: "p", authorization: Self.basic("u", "p"))).authenticated)
    }

    @Test func bearerTokensAreSentAndMissingOnesStopTheRequest() async throws {
        let client = server.client(credentials: StaticCredentials(bearerToken: "tok-123"))
        #expect(try await client.send(HTTPBin.bearer()) == BearerAuthResult(authenticated: true, token: "tok-123"))
        do {
            _ = try await server.client().send(HTTPBin.bearer())
            Issue.record("no credentials must fail before sending")
        } catch {
            guard case .missingCredentials = error else {
                Issue.record("expected .missingCredentials, got \(error)")
                return
            }
        }
    }

    @Test func apiKeysGoInTheirHeaderOrQuery() async throws {
        let client = server.client(credentials: StaticCredentials(apiKey: "key+/=1"))
        #expect(try await client.send(HTTPBin.apiKeyHeader()).headers["X-Api-Key"] == "key+/=1")
        let echo = try await client.send(HTTPBin.Anything.apiKeyInQuery())
        #expect(echo.args["api_key"] == .string("key+/=1"))
        let lines = try await server.requestLines(containing: "/anything/api-key?api_key=key%2B%2F%3D1")
        #expect(!lines.isEmpty)
    }

    @Test func schemesRequiredTogetherAreAllSent() async throws {
        let client = server.client(credentials: StaticCredentials(apiKeys: ["X-API-Key": "key-1", "client_id": "app 7"]))
        let echo = try await client.send(HTTPBin.Anything.keyAndClient())
        #expect(echo.headers["X-Api-Key"] == "key-1")
        #expect(echo.args["client_id"] == .string("app 7"))
        // One of the two missing fails the request before it is sent.
        let halfway = server.client(credentials: StaticCredentials(apiKeys: ["X-API-Key": "key-1"]))
        await #expect(throws: APIError<Never>.missingCredentials) { try await halfway.send(HTTPBin.Anything.keyAndClient()) }
    }

    @Test func theFirstAlternativeTheClientHasCredentialsForIsSent() async throws {
        let both = server.client(credentials: StaticCredentials(bearerToken: "tok", apiKeys: ["X-API-Key": "key"]))
        let withToken = try await both.send(HTTPBin.Anything.tokenOrKey())
        #expect(withToken.headers["Authorization"] == "Bearer tok")
        #expect(withToken.headers["X-Api-Key"] == nil)
        let keyOnly = server.client(credentials: StaticCredentials(apiKeys: ["X-API-Key": "key"]))
        let withKey = try await keyOnly.send(HTTPBin.Anything.tokenOrKey())
        #expect(withKey.headers["Authorization"] == nil)
        #expect(withKey.headers["X-Api-Key"] == "key")
        await #expect(throws: APIError<Never>.missingCredentials) { try await server.client().send(HTTPBin.Anything.tokenOrKey()) }
    }

    @Test func optionalAuthSendsACredentialOnlyWhenTheClientHasOne() async throws {
        let withToken = try await server.client(credentials: StaticCredentials(bearerToken: "tok")).send(HTTPBin.Anything.optionalToken())
        #expect(withToken.headers["Authorization"] == "Bearer tok")
        let anonymous = try await server.client().send(HTTPBin.Anything.optionalToken())
        #expect(anonymous.headers["Authorization"] == nil)
    }

    @Test func aCookieKeyJoinsTheCookiesTheCallerSets() async throws {
        let client = server.client(credentials: StaticCredentials(apiKeys: ["session": "s3cr3t/+="]))
        #expect(try await client.send(HTTPBin.cookieKey()).cookies == ["session": "s3cr3t/+="])
        let both = try await client.send(HTTPBin.cookieKey(cookie: "theme=dark"))
        #expect(both.cookies == ["theme": "dark", "session": "s3cr3t/+="])
        // A value a cookie cannot hold as it is goes percent-encoded, never as a second cookie.
        let awkward = server.client(credentials: StaticCredentials(apiKey: "a b;c=d"))
        #expect(try await awkward.send(HTTPBin.cookieKey()).cookies == ["session": "a%20b%3Bc=d"])
    }
}
