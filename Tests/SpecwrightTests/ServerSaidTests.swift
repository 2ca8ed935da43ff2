import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright
import Testing

/// What an app shows and logs for an error: what the server said, from a real server on loopback.
/// `catch { showToast(error.localizedDescription) }` shows the server's own message, and equal
/// errors compare equal, so a test expects one in one expression.
@Suite struct ServerSaidTests {
    let server: LocalServer
    let client: APIClient
    static let api = APIDefaults()

    init() async throws {
        server = try await LocalServer.shared()
        client = APIClient(baseURL: server.baseURL)
    }

    struct Problem: Codable, Sendable, Equatable { var code: Int; var message: String }

    /// A model whose own description an app chose.
    struct Friendly: Decodable, Sendable, Equatable, LocalizedError {
        var code: Int
        var errorDescription: String? { "Something went wrong (\(code)). Try again later." }
    }

    /// `/answer`: the status, content type and body given.
    static func answer<Failure>(
        _ status: Int, _ type: String, _ body: String, errors: [ErrorDecoding<Failure>] = []
    ) -> Endpoint<Empty, Failure> {
        Endpoint(.get, "/answer", api, query: ["status": status, "type": type, "body": body], response: .empty, errors: errors)
    }

    func failure<Value, Failure>(_ endpoint: Endpoint<Value, Failure>, client: APIClient? = nil) async -> APIError<Failure>? {
        do {
            _ = try await (client ?? self.client).send(endpoint)
            return nil
        } catch {
            return error
        }
    }

    @Test func theModelsMessageIsInTheDescription() async throws {
        let endpoint = Self.answer(409, "application/json", #"{"code": 409, "message": "That handle is taken."}"#,
                                   errors: [ErrorDecoding<Problem>.default(message: { $0.message })])
        let error = try #require(await failure(endpoint))
        #expect(error.localizedDescription == "The server answered 409 (Conflict): That handle is taken.")
        #expect(String(describing: error) == "The server answered 409 (Conflict): That handle is taken.")
        #expect("\(error)" == "The server answered 409 (Conflict): That handle is taken.")
        #expect(String(reflecting: error) == "APIError.status(409): The server answered 409 (Conflict): That handle is taken. (49 bytes body, decoded as Problem)")
        guard case .status(let status) = error else { Issue.record("expected .status"); return }
        #expect(status.message == "That handle is taken.")
        #expect(status.model == Problem(code: 409, message: "That handle is taken."))
    }

    @Test func withoutAMessageFieldATextBodyIsExcerpted() async throws {
        let text = try #require(await failure(Self.answer(500, "text/plain", "  database is down\n\nretry in 5 minutes  ") as Endpoint<Empty, Never>))
        #expect(text.localizedDescription == "The server answered 500 (Internal Server Error): database is down retry in 5 minutes")
        // JSON without a message field the spec names: the JSON text, cut short.
        let json = try #require(await failure(Self.answer(400, "application/json", #"{"error": "bad", "hint": "x"}"#) as Endpoint<Empty, Never>))
        #expect(json.localizedDescription == #"The server answered 400 (Bad Request): {"error": "bad", "hint": "x"}"#)
        let long = try #require(await failure(Self.answer(503, "text/plain", String(repeating: "overloaded ", count: 50)) as Endpoint<Empty, Never>))
        let description = long.localizedDescription
        #expect(description.hasSuffix("…") && description.count < 260, "\(description)")
    }

    @Test func anHTMLPageGivesItsTitle() async throws {
        let page = "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>nginx</p></body></html>"
        let error = try #require(await failure(Self.answer(502, "text/html; charset=utf-8", page) as Endpoint<Empty, Never>))
        #expect(error.localizedDescription == "The server answered 502 (Bad Gateway): 502 Bad Gateway")
    }

    @Test func controlAndDirectionCharactersAreEscaped() async throws {
        // A line break would split a log line; U+202E would turn the rest of it around.
        let error = try #require(await failure(Self.answer(400, "text/plain", "bad\u{1B}[31m red \u{202E}txt.exe") as Endpoint<Empty, Never>))
        #expect(error.localizedDescription == #"The server answered 400 (Bad Request): bad\u{1B}[31m red \u{202E}txt.exe"#)
    }

    @Test func anEmptyBodySaysOnlyTheStatus() async throws {
        let error = try #require(await failure(Self.answer(404, "application/json", "") as Endpoint<Empty, Never>))
        #expect(error.localizedDescription == "The server answered 404 (Not Found).")
    }

    @Test func theModelsOwnLocalizedErrorWins() async throws {
        let endpoint = Self.answer(503, "application/json", #"{"code": 7}"#, errors: [ErrorDecoding<Friendly>.default])
        let error = try #require(await failure(endpoint))
        #expect(error.localizedDescription == "Something went wrong (7). Try again later.")
        #expect(String(describing: error) == "Something went wrong (7). Try again later.")
    }

    @Test func aRangeDecodesTheStatusesWithoutTheirOwnEntry() async throws {
        enum Failure: Sendable, Equatable { case notFound(Problem), clientError(Problem), other(Problem) }
        let errors: [ErrorDecoding<Failure>] = [
            .status(404, Problem.self, { .notFound($0) }), .range(400...499, Problem.self, { .clientError($0) }), .default(Problem.self, { .other($0) }),
        ]
        var models: [Failure?] = []
        for code in [404, 409, 503] {
            let endpoint = Endpoint<Empty, Failure>(.get, EndpointPath(stringLiteral: "/status/\(code)"), Self.api, response: .empty, errors: errors)
            models.append(await failure(endpoint)?.model)
        }
        #expect(models == [.notFound(Problem(code: 404, message: "status 404")), .clientError(Problem(code: 409, message: "status 409")),
                           .other(Problem(code: 503, message: "status 503"))])
    }

    @Test func errorsCompareInOneExpression() async throws {
        let endpoint = Endpoint<Empty, Problem>(.get, "/status/500", Self.api, response: .empty, errors: [.default])
        await #expect(throws: APIError<Problem>.status(500, model: Problem(code: 500, message: "status 500"))) {
            try await client.send(endpoint)
        }
        let untyped = Endpoint<Empty, Never>(.get, "/status/500", Self.api, response: .empty)
        await #expect(throws: APIError<Never>.status(500)) { try await client.send(untyped) }
        // What equality means: the status and the model, not the headers or the body's bytes.
        #expect(APIError<Problem>.status(500) != APIError<Problem>.status(501))
        #expect(APIError<Problem>.status(500) != APIError<Problem>.status(500, model: Problem(code: 1, message: "x")))
        #expect(APIError<Never>.status(StatusError(statusCode: 500, headers: ["A": "b"], data: Data("x".utf8))) == APIError<Never>.status(500))
        #expect(APIError<Never>.transport(URLError(.timedOut)) == .transport(URLError(.timedOut)))
        #expect(APIError<Never>.transport(URLError(.timedOut)) != .transport(URLError(.networkConnectionLost)))
        #expect(APIError<Never>.cancelled == .cancelled)
        #expect(APIError<Never>.cancelled != .missingCredentials)
        #expect(APIError<Never>.responseTooLarge(limit: 1) != .responseTooLarge(limit: 2))
    }

    @Test func aTimeoutComparesEqualToTheErrorATestExpects() async throws {
        let endpoint: Endpoint<Empty, Never> = server.slow(UUID().uuidString, timeout: 1)
        await #expect(throws: APIError<Never>.transport(URLError(.timedOut))) { try await client.send(endpoint) }
    }

    @Test func headersFromADictionaryGoWithEveryRequest() async throws {
        var headers: [String: String] = ["X-App-Version": "2.4"]
        headers["X-Device"] = "test"
        let transport = CapturingTransport()
        let client = APIClient(baseURL: server.baseURL, transport: transport, headers: headers)
        _ = try await client.send(Endpoint<Empty, Never>(.get, "/echo/headers", Self.api, response: .empty))
        let echo = try transport.echo()
        #expect(echo.header("X-App-Version") == "2.4")
        #expect(echo.header("X-Device") == "test")
    }

    @Test func aClientCanReadAndWriteDatesAsItsServerDoes() async throws {
        struct Stamp: Codable, Sendable { var at: Date }
        // The spec says ISO 8601; this server sends and expects seconds.
        let seconds = JSONCoding(decoder: { $0.dateDecodingStrategy = .secondsSince1970 }, encoder: { $0.dateEncodingStrategy = .secondsSince1970 })
        let client = APIClient(baseURL: server.baseURL, json: seconds)
        let stamp = try await client.send(Endpoint<Stamp, Never>(.get, "/epoch", Self.api, response: .json))
        #expect(stamp.at == Date(timeIntervalSince1970: 1_795_940_100))
        let transport = CapturingTransport()
        let writer = APIClient(baseURL: server.baseURL, transport: transport, json: seconds)
        _ = try await writer.send(Endpoint<Empty, Never>(.post, "/echo/stamp", Self.api, body: .json(stamp), response: .empty))
        #expect(try transport.echo().bodyData == Data(#"{"at":1795940100}"#.utf8))
        // Without it, the API's own coding: the number is not an ISO 8601 date.
        await #expect(throws: APIError<Never>.self) { try await APIClient(baseURL: server.baseURL).send(Endpoint<Stamp, Never>(.get, "/epoch", Self.api, response: .json)) }
    }

    @Test func aMockWithoutTheRouteSaysWhichRequestAndWhichRoutes() async throws {
        let mock = MockTransport()
        mock.on(.get, "/feed", .noContent)
        mock.on(.post, "/posts", .noContent)
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: mock)
        let x = Endpoint<Empty, Never>(.get, "/x", Self.api, response: .empty)
        let error = await failure(x, client: client)
        #expect(error?.localizedDescription == "The request failed: MockTransport has no route for GET /x (routes: GET /feed, POST /posts)")
        let none = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: MockTransport())
        let unrouted = await failure(x, client: none)
        #expect(unrouted?.localizedDescription == "The request failed: MockTransport has no route for GET /x (it has no routes; add one with on(_:_:_:))")
    }
}
