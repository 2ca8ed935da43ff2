import Foundation
import HTTPBinClient
import Specwright
import Testing

/// Status codes and error bodies, and redirects followed by the client.
@Suite struct StatusAndRedirectTests {
    let server: HTTPBinServer
    let client: APIClient

    init() async throws {
        server = try await HTTPBinServer.get()
        client = server.client(credentials: StaticCredentials(bearerToken: "secret-token"))
    }

    @Test func successStatusesWithoutABodyReturnNothing() async throws {
        try await client.send(HTTPBin.Status.get(codes: "204"))
        try await client.send(HTTPBin.Status.get(codes: "200"))
        try await client.send(HTTPBin.Status.put(code: 201))
        try await client.send(HTTPBin.Status.patch(code: 202))
        try await client.send(HTTPBin.Status.delete(code: 204))
        try await client.send(HTTPBin.Status.head(code: 200))
    }

    @Test(arguments: [400, 404, 409, 418, 429, 500, 503])
    func errorStatusesArriveAsStatusErrors(code: Int) async throws {
        do {
            try await client.send(HTTPBin.Status.put(code: code))
            Issue.record("\(code) must throw")
        } catch {
            guard case .status(let failure) = error else {
                Issue.record("expected .status, got \(error)")
                return
            }
            #expect(failure.statusCode == code)
        }
    }

    @Test func a406CarriesItsTypedBody() async throws {
        do {
            try await client.send(HTTPBin.Status.get(codes: "406"))
            Issue.record("406 must throw")
        } catch {
            #expect(error.statusCode == 406)
            #expect(error.model?.message == "Client did not request a supported media type.")
            #expect(error.model?.accept.contains("image/png") == true)
        }
        do {
            _ = try await client.send(HTTPBin.image(accept: "text/x-nothing"))
            Issue.record("406 must throw")
        } catch {
            #expect(error.model?.accept.isEmpty == false)
        }
    }

    @Test func theDescriptionSaysWhatHttpbinSaid() async throws {
        // The model's errorMessage field.
        await #expect(throws: APIError<NotAcceptable>.self) { try await client.send(HTTPBin.Status.get(codes: "406")) }
        do {
            try await client.send(HTTPBin.Status.get(codes: "406"))
        } catch {
            #expect(error.localizedDescription == "The server answered 406 (Not Acceptable): Client did not request a supported media type.")
            #expect("\(error)" == error.localizedDescription)
        }
        // No model: an excerpt of the text body, on one line.
        do {
            try await client.send(HTTPBin.Status.get(codes: "418"))
        } catch {
            #expect(error.localizedDescription.hasPrefix("The server answered 418 ("))
            #expect(error.localizedDescription.contains("-=[ teapot ]=-"), "\(error.localizedDescription)")
            #expect(!error.localizedDescription.contains("\n"))
        }
    }

    @Test func anAdHocEndpointReachesWhatTheSpecDoesNotList() async throws {
        struct UUIDAnswer: Decodable, Sendable { var uuid: UUID }
        let answer = try await client.send(HTTPBin.endpoint(.get, "/uuid", as: UUIDAnswer.self))
        #expect(answer.uuid.uuidString.count == 36)
        await #expect(throws: APIError<Never>.status(404)) { try await client.send(HTTPBin.endpoint(.get, "/no-such-route")) }
    }

    @Test func anErrorEnumPicksTheCaseByStatus() async throws {
        do {
            try await client.send(HTTPBin.Status.post(code: 406, body: Note(text: "x")))
            Issue.record("406 must throw")
        } catch {
            guard case .status406(let body)? = error.model else {
                Issue.record("expected .status406, got \(error)")
                return
            }
            #expect(body.accept.isEmpty == false)
        }
        do {
            try await client.send(HTTPBin.Status.post(code: 500, body: Note(text: "x")))
            Issue.record("500 must throw")
        } catch {
            #expect(error.statusCode == 500)
            #expect(error.model == nil) // httpbin's 500 has an empty body, which is no JSON
        }
    }

    @Test(.timeLimit(.minutes(1))) func a401WithABasicChallengeComesBackPromptly() async throws {
        // URLSession on Linux never completes this task unless its challenge is declined.
        do {
            try await client.send(HTTPBin.Status.get(codes: "401"))
            Issue.record("401 must throw")
        } catch {
            #expect(error.statusCode == 401)
        }
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func aGETFollowsEachRedirectStatus(status: Int) async throws {
        let mark = marker()
        let echo = try await client.send(HTTPBin.redirectTo(url: "/anything/\(mark)?x=1", statusCode: status))
        #expect(echo.method == "GET")
        #expect(echo.args["x"] == .string("1"))
        let lines = try await server.requestLines(containing: mark, count: 2)
        #expect(lines.count == 2)
        // gunicorn's threads may log the two requests in either order.
        #expect(lines.contains { $0.hasPrefix("GET /anything/\(mark)?x=1 HTTP/1.1") })
    }

    @Test(arguments: [(307, "POST", true), (308, "POST", true), (303, "GET", false), (302, "GET", false), (301, "GET", false)])
    func aRedirectedPOSTKeepsItsBodyOnlyFor307And308(status: Int, method: String, keepsBody: Bool) async throws {
        let mark = marker()
        let echo = try await client.send(HTTPBin.redirectToPost(body: Note(text: mark), url: "/anything/\(mark)", statusCode: status))
        #expect(echo.method == method)
        if keepsBody {
            #expect(echo.json == .object(["text": .string(mark), "tags": .array([]), "count": .integer(0), "flavor": .string("vanilla"), "attributes": .object([:])]))
        } else {
            #expect(echo.data.isEmpty)
        }
        let lines = try await server.requestLines(containing: mark, count: 2)
        #expect(lines.contains { $0.hasPrefix("\(method) /anything/\(mark) HTTP/1.1") })
    }

    @Test func chainsOfRelativeAndAbsoluteRedirectsEnd() async throws {
        #expect(try await client.send(HTTPBin.redirect(n: 3)).url.hasSuffix("/get"))
        #expect(try await client.send(HTTPBin.redirect(n: 2, absolute: true)).url.hasSuffix("/get"))
        #expect(try await client.send(HTTPBin.absoluteRedirect(n: 2)).url.hasSuffix("/get"))
        #expect(try await client.send(HTTPBin.relativeRedirect(n: 2)).url.hasSuffix("/get"))
    }

    @Test func tooManyRedirectsStop() async throws {
        do {
            _ = try await client.send(HTTPBin.redirect(n: 11))
            Issue.record("11 redirects must fail")
        } catch {
            guard case .transport(let underlying) = error else {
                Issue.record("expected .transport, got \(error)")
                return
            }
            #expect((underlying as? URLError)?.code == .httpTooManyRedirects)
        }
    }

    @Test func credentialsFollowASameOriginRedirectOnly() async throws {
        let same = try await client.send(HTTPBin.authenticatedRedirectTo(url: "/anything/\(marker())"))
        #expect(same.headers["Authorization"] == "Bearer secret-token")
        // localhost and 127.0.0.1 are different origins for the same server.
        let port = server.url.port ?? 80
        let other = try await client.send(HTTPBin.authenticatedRedirectTo(url: "http://localhost:\(port)/anything/\(marker())"))
        #expect(other.url.hasPrefix("http://localhost:\(port)/anything/"))
        #expect(other.headers["Authorization"] == nil)
    }
}
