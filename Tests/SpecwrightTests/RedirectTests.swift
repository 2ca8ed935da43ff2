import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright
import Testing

/// Redirects against real servers on loopback, with the default transport (which leaves them to the
/// client): credentials never reach another origin, 307/308 re-send the body, 303 becomes a GET.
@Suite(.serialized) final class RedirectTests {
    let server: LocalServer
    let other: LocalServer
    let transport = CapturingTransport(base: URLSessionTransport())
    let client: APIClient
    static let api = APIDefaults()

    init() async throws {
        server = try await LocalServer.shared()
        other = try await LocalServer.shared(.other)
        client = APIClient(baseURL: server.baseURL, transport: transport,
                           credentials: StaticCredentials(bearerToken: "tok", apiKey: "key"))
    }


    private func redirect(
        to target: String, status: Int = 302, method: HTTPMethod = .get, body: RequestBody? = nil, auth: AuthRequirement = .bearer
    ) -> Endpoint<Empty, Never> {
        Endpoint(method, "/redirect", Self.api, query: ["to": target, "status": status], body: body, response: .empty, auth: auth)
    }

    @Test func sameOriginKeepsCredentials() async throws {
        _ = try await client.send(redirect(to: "/echo/same"))
        let echo = try transport.echo()
        #expect(echo.path == "/echo/same")
        #expect(echo.header("Authorization") == "Bearer tok")
    }

    @Test func crossOriginDropsTheBearerToken() async throws {
        _ = try await client.send(redirect(to: other.baseURL.absoluteString + "/echo/elsewhere"))
        let echo = try transport.echo()
        #expect(echo.path == "/echo/elsewhere")
        #expect(echo.header("Authorization") == nil)
    }

    @Test func crossOriginDropsTheAPIKeyHeader() async throws {
        _ = try await client.send(redirect(to: other.baseURL.absoluteString + "/echo/elsewhere", auth: .header("X-API-Key")))
        let echo = try transport.echo()
        #expect(echo.path == "/echo/elsewhere")
        #expect(echo.header("X-API-Key") == nil)
    }

    @Test(arguments: [307, 308])
    func temporaryAndPermanentRedirectsResendTheBody(_ status: Int) async throws {
        _ = try await client.send(redirect(to: "/echo/moved", status: status, method: .post, body: .json(fields: ["text": "hi"])))
        let echo = try transport.echo()
        #expect(echo.method == "POST")
        #expect(echo.bodyData.map { String(decoding: $0, as: UTF8.self) } == #"{"text":"hi"}"#)
        #expect(echo.header("Content-Type") == "application/json")
    }

    @Test func seeOtherBecomesAGetWithoutBody() async throws {
        _ = try await client.send(redirect(to: "/echo/result", status: 303, method: .post, body: .json(fields: ["text": "hi"])))
        let echo = try transport.echo()
        #expect(echo.method == "GET")
        #expect(echo.bodyData?.isEmpty == true)
        #expect(echo.header("Content-Type") == nil)
    }

    @Test func aRedirectLoopStops() async throws {
        do {
            _ = try await client.send(Endpoint<Empty, Never>(.get, "/loop", Self.api, response: .empty))
            Issue.record("a redirect loop must fail")
        } catch {
            guard case .transport(let underlying) = error, (underlying as? URLError)?.code == .httpTooManyRedirects else {
                Issue.record("expected too many redirects, got \(error)")
                return
            }
        }
    }
}
