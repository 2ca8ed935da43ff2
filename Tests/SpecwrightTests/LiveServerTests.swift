import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright
import Testing

/// The runtime against a real HTTP server on loopback (Server/server.py, shared by the suites).
@Suite(.serialized) final class LiveServerTests {
    let server: LocalServer
    let transport = CapturingTransport()
    /// A client whose base URL ends in `/echo`, so every Chirp endpoint is echoed.
    let echoClient: APIClient
    /// A client on the server root.
    let client: APIClient

    init() async throws {
        server = try await LocalServer.shared()
        let credentials = StaticCredentials(bearerToken: "tok", apiKey: "key+1")
        echoClient = APIClient(baseURL: server.baseURL.appendingPathComponent("echo"), transport: transport, headers: ["X-Client": "tests"], credentials: credentials)
        client = APIClient(baseURL: server.baseURL, transport: transport, credentials: credentials)
    }


    private static let api = APIDefaults(headers: ["Accept": "application/json"])

    @Test(arguments: ["a/b", "q?x=1", "f#g", "s p", "100%", "..", ".", "a+b", "é", "~ok-._"])
    func pathEncodingNeverChangesTheRoute(id: String) async throws {
        let endpoint = Chirp.exportArchive(id: id)
        let data = try await echoClient.send(endpoint)
        let echo = try JSONDecoder().decode(Echo.self, from: data)
        #expect(echo.method == "GET")
        #expect(echo.path == "/echo" + endpoint.path)
        #expect(echo.path.hasPrefix("/echo/exports/"))
        #expect(echo.path.dropFirst("/echo/exports/".count).removingPercentEncoding == id)
    }

    @Test func queryIsStrictlyEncoded() async throws {
        _ = try? await echoClient.send(Chirp.search(q: "a+b c&d=e#f", sort: .inReview, xRequestID: "req-7", since: sampleDate))
        let echo = try transport.echo()
        #expect(echo.query == "q=a%2Bb%20c%26d%3De%23f&sort=in-review&since=2026-11-30T08%3A15%3A00Z")
        #expect(echo.queryItems == [["q", "a+b c&d=e#f"], ["sort", "in-review"], ["since", "2026-11-30T08:15:00Z"]])
        #expect(echo.header("X-Request-ID") == "req-7")
        #expect(echo.header("X-Client") == "tests")
        #expect(echo.header("Accept") == "application/json")
    }

    @Test func aRequestAcceptsWhatItsResponseIsReadAs() async throws {
        let plain = APIDefaults()
        func accept(of endpoint: Endpoint<some Sendable, Never>) async throws -> String? {
            _ = try? await echoClient.send(endpoint)
            return try transport.echo().header("Accept")
        }
        #expect(try await accept(of: Endpoint<JSONValue, Never>(.get, "/accept", plain, response: .json)) == "application/json")
        #expect(try await accept(of: Endpoint<String, Never>(.get, "/accept", plain, response: .text)) == "text/plain")
        #expect(try await accept(of: Endpoint<Data, Never>(.get, "/accept", plain, response: .data)) != "application/json")
        // A header of the endpoint (or of the API or the client) wins.
        let pdf = Endpoint<Data, Never>(.get, "/accept", plain, headers: ["Accept": "application/pdf"], response: .data)
        #expect(try await accept(of: pdf) == "application/pdf")
        let csv = Endpoint<JSONValue, Never>(.get, "/accept", plain, headers: ["Accept": "text/csv"], response: .json)
        #expect(try await accept(of: csv) == "text/csv")
    }

    @Test func aDecodedTimestampIsSentBackWithItsFraction() async throws {
        // The server's `created_at` is 08:15:00.250Z; a "since the last one I saw" query must send
        // exactly that instant back, or the server answers with the last one again.
        let post = try await client.send(Endpoint<Post, Never>(.get, "/json", Self.api, response: .json))
        _ = try? await echoClient.send(Chirp.search(q: "x", sort: .inReview, xRequestID: "req-8", since: post.createdAt))
        let echo = try transport.echo()
        #expect(echo.queryItems.last == ["since", "2026-11-30T08:15:00.250Z"])
    }

    @Test func arraysAndBearer() async throws {
        _ = try? await echoClient.send(Chirp.feed(page: 3, tags: ["x+y", "z"]))
        let echo = try transport.echo()
        #expect(echo.path == "/echo/feed")
        #expect(echo.queryItems == [["page", "3"], ["per_page", "20"], ["tags", "x+y"], ["tags", "z"]])
        #expect(echo.header("Authorization") == "Bearer tok")
    }

    @Test func jsonBody() async throws {
        _ = try? await echoClient.send(Chirp.login(email: "a@b.c", password: "p w+"))
        let echo = try transport.echo()
        #expect(echo.method == "POST")
        #expect(echo.path == "/echo/auth/login")
        #expect(echo.bodyData.map { String(decoding: $0, as: UTF8.self) } == #"{"email":"a@b.c","password":"p w+"}"#)
        #expect(echo.header("Content-Type") == "application/json")
    }

    @Test func formBody() async throws {
        _ = try await echoClient.send(Chirp.signup(name: "Jane Doe+1&x=y", visibility: .unknown("brand new")))
        let echo = try transport.echo()
        #expect(echo.form == [["name", "Jane Doe+1&x=y"], ["visibility", "brand new"]])
        #expect(echo.header("Content-Type") == "application/x-www-form-urlencoded")
    }

    @Test func formModelAndHeaderKey() async throws {
        _ = try await echoClient.send(Chirp.updateProfile(body: Profile(name: "Ann", age: 3, interests: ["a", "b"])))
        let echo = try transport.echo()
        #expect(echo.method == "PUT")
        #expect(echo.form == [["name", "Ann"], ["age", "3"], ["interests", "a"], ["interests", "b"], ["status", "ACTIVE"]])
        #expect(echo.header("X-API-Key") == "key+1")
    }

    @Test func multipartBody() async throws {
        let image = File(data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]), filename: "me.png", contentType: "image/png")
        _ = try await echoClient.send(Chirp.uploadAvatar(image: image, caption: "Hi there"))
        let echo = try transport.echo()
        let parts = try #require(echo.parts)
        #expect(parts.count == 2)
        #expect(parts.first?.name == "image")
        #expect(parts.first?.filename == "me.png")
        #expect(parts.first?.contentType == "image/png")
        #expect(parts.first.flatMap { Data(base64Encoded: $0.body) } == image.data)
        #expect(parts.last?.name == "caption")
        #expect(parts.last?.filename == nil)
        #expect(parts.last?.contentType == nil)
        #expect(parts.last?.text == "Hi there")
    }

    @Test func binaryBodyAndQueryKey() async throws {
        let bytes = Data((0..<512).map { UInt8($0 % 256) })
        _ = try await echoClient.send(Chirp.upload(body: bytes))
        let echo = try transport.echo()
        #expect(echo.bodyData == bytes)
        #expect(echo.query == "api_key=key%2B1")
        #expect(echo.header("Content-Type") == "application/octet-stream")
    }

    @Test func noContentIsEmpty() async throws {
        let endpoint = Endpoint<Empty, Never>(.delete, "/status/\(204)", Self.api, response: .empty)
        let response = try await client.response(endpoint)
        #expect(response.statusCode == 204)
        #expect(response.value == Empty())
    }

    @Test func errorStatusWithTypedModel() async throws {
        let endpoint = Endpoint<Empty, APIErrorResponse>(.get, "/status/404", Self.api, response: .empty, errors: [.default])
        do {
            _ = try await client.send(endpoint)
            Issue.record("Expected a status error")
        } catch {
            guard case .status(let status) = error else { Issue.record("Unexpected \(error)"); return }
            #expect(status.statusCode == 404)
            #expect(status.model == APIErrorResponse(code: 404, message: "status 404"))
            #expect(status.headers.contains { $0.key.lowercased() == "x-server" && $0.value == "specwright-test" })
        }
    }

    @Test func decodesAModel() async throws {
        let endpoint = Endpoint<Post, Never>(.get, "/json", Self.api, response: .json)
        let response = try await client.response(endpoint)
        #expect(response.value.createdAt == sampleDate.addingTimeInterval(0.25))
        #expect(response.value.day == CalendarDate("2026-11-30"))
        #expect(response.value.extra?["score"] == 1.5)
        #expect(response.header("x-server") == "specwright-test")
    }

    @Test func aResponseThatMayBeNullDecodesNullAsNil() async throws {
        // An optional response type (`response: "Post?"`, OpenAPI's `anyOf: [{$ref: Post}, {type: "null"}]`).
        func answer(_ body: String) -> Endpoint<Post?, Never> {
            Endpoint(.get, "/answer", Self.api, query: ["type": "application/json", "body": body], response: .json)
        }
        #expect(try await client.send(answer("null")) == nil)
        let post = try await client.send(answer(#"{"id": "0f8fad5b-d9cb-469f-a165-70867728950e", "text": "hi", "like_count": 1, "created_at": "2026-11-30T08:15:00Z"}"#))
        #expect(post?.text == "hi")
    }

    @Test func rawBytes() async throws {
        let endpoint = Endpoint<Data, Never>(.get, "/bytes", Self.api, query: ["count": 1000], response: .data)
        let data = try await client.send(endpoint)
        #expect(data == Data((0..<1000).map { UInt8($0 % 256) }))
    }

    @Test func timeoutIsATransportError() async throws {
        let key = UUID().uuidString
        let start = ContinuousClock.now
        do {
            _ = try await client.send(server.slow(key, timeout: 1) as Endpoint<Empty, Never>)
            Issue.record("Expected a timeout")
        } catch {
            guard case .transport(let underlying) = error else { Issue.record("Unexpected \(error)"); return }
            #expect((underlying as? URLError)?.code == .timedOut)
        }
        #expect(ContinuousClock.now - start >= .milliseconds(900), "not before the 1 s timeout")
        let state = try await server.slowState(key)
        #expect(state.closed && !state.answered, "the client gave up and closed the connection before the answer was due")
    }

    @Test(.timeLimit(.minutes(1))) func cancellationStopsTheRequestPromptly() async throws {
        let key = UUID().uuidString
        let endpoint: Endpoint<Empty, Never> = server.slow(key)
        let client = client
        let task = Task { try await client.send(endpoint) }
        #expect(try await server.slowState(key, settled: false).arrived)
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result, case .cancelled? = error as? APIError<Never> else {
            Issue.record("Unexpected \(result)")
            return
        }
        let state = try await server.slowState(key)
        #expect(state.closed && !state.answered, "cancelling closed the connection long before the answer was due")
    }
}
