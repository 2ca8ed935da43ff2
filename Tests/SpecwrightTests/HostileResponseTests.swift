import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright
import TestSupport
import Testing

/// Responses a client must survive, from a real server on loopback (Server/hostile.py): each gives
/// one specific `APIError`, never a crash or a hang. Where "promptly" matters, the server's own
/// record says so (it saw the connection close long before its answer was due), not a stopwatch.
@Suite(.serialized) final class HostileResponseTests {
    let server: LocalServer
    let client: APIClient

    init() async throws {
        server = try await LocalServer.shared(.hostile)
        client = APIClient(baseURL: server.baseURL)
    }


    struct Post: Codable, Sendable, Equatable { var text: String; var count: Int; var tags: [String] }
    struct ServerError: Codable, Sendable, Equatable { var code: Int; var message: String }
    struct HugeState: Decodable, Sendable { var sent: Int; var closed: Bool; var finished: Bool }

    static let api = APIDefaults()
    static let mebibyte = 1 << 20
    static let gibibyte = 1 << 30

    static func json(_ path: EndpointPath, _ query: KeyValuePairs<String, (any ParameterValue)?> = [:]) -> Endpoint<Post, ServerError> {
        Endpoint(.get, path, api, query: query, response: .json, errors: [.default])
    }

    static func bytes(_ path: EndpointPath, _ query: KeyValuePairs<String, (any ParameterValue)?> = [:]) -> Endpoint<Data, ServerError> {
        Endpoint(.get, path, api, query: query, response: .data, errors: [.default])
    }

    /// The error `endpoint` fails with through `client`, and how long that took (for lower bounds:
    /// a loaded machine can make a call slower, never faster).
    func failure<Value>(
        of endpoint: Endpoint<Value, ServerError>, client: APIClient? = nil
    ) async -> (error: APIError<ServerError>?, seconds: Double) {
        let start = ContinuousClock.now
        do {
            _ = try await (client ?? self.client).send(endpoint)
            return (nil, Self.seconds(since: start))
        } catch {
            return (error, Self.seconds(since: start))
        }
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The decoding failure of `endpoint`, recording an issue when it failed otherwise.
    func decodingFailure(_ endpoint: Endpoint<Post, ServerError>) async -> DecodingFailure? {
        let (error, _) = await failure(of: endpoint)
        guard case .decoding(let failure)? = error else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return nil
        }
        return failure
    }

    // MARK: Bodies that are not the JSON they should be

    @Test func anHTMLPageFor200IsADecodingErrorThatNamesWhatArrived() async throws {
        let failure = try #require(await decodingFailure(Self.json("/hostile/html")))
        #expect(failure.message == "Expected JSON, but the body is text/html (104 bytes)")
        #expect(failure.contentType == "text/html; charset=utf-8")
        #expect(String(decoding: failure.data, as: UTF8.self).contains("<h1>Bad Gateway</h1>"))
        #expect(failure.description.contains("Expected JSON, but the body is text/html"))
    }

    @Test func jsonLabelledTextPlainStillDecodes() async throws {
        let post = try await client.send(Self.json("/hostile/text-json"))
        #expect(post == Post(text: "hello, this is a post", count: 42, tags: ["a", "b", "c"]))
    }

    @Test func truncatedJSONWithAMatchingLengthIsADecodingError() async throws {
        let failure = try #require(await decodingFailure(Self.json("/hostile/truncated-json")))
        #expect(failure.message == "The JSON body is cut short: it ends after 35 bytes, inside an unfinished value")
        #expect(failure.contentType == "application/json")
        #expect(failure.data.count == 35)
    }

    @Test func invalidUTF8InAStringIsADecodingError() async throws {
        let failure = try #require(await decodingFailure(Self.json("/hostile/invalid-utf8")))
        #expect(failure.message == "The body is not valid UTF-8: byte 14 of 48 starts an invalid sequence")
    }

    @Test func anEmptyBodyForAJSONEndpointIsADecodingError() async throws {
        let failure = try #require(await decodingFailure(Self.json("/hostile/empty")))
        #expect(failure.message == "Expected JSON, but the body is empty")
        #expect(failure.data.isEmpty)
        // An endpoint that expects no body is content with none.
        _ = try await client.send(Endpoint<Empty, ServerError>(.get, "/hostile/empty", Self.api, response: .empty))
    }

    @Test(arguments: ["/hostile/html", "/hostile/truncated-json", "/hostile/invalid-utf8", "/hostile/empty"])
    func errorBodiesThatAreNotJSONAreStatusErrorsWithTheRawBody(path: String) async throws {
        let (error, _) = await failure(of: Self.json(EndpointPath(stringLiteral: path), ["status": 502]))
        guard case .status(let status)? = error else {
            Issue.record("expected .status, got \(String(describing: error))")
            return
        }
        #expect(status.statusCode == 502)
        #expect(status.model == nil)
        let direct = try await URLSessionTransport().send(URLRequest(url: server.baseURL.appendingPathComponent(path).appending(queryItems: [URLQueryItem(name: "status", value: "502")])))
        #expect(status.data == direct.0)
    }

    @Test func validJSONOfAnotherShapeKeepsTheModelMessageWhateverItsLabel() async throws {
        let mock = MockTransport()
        mock.on(.get, "/shape", .status(200, body: Data("[1, 2]".utf8), headers: ["Content-Type": "text/html"]))
        do {
            _ = try await APIClient(baseURL: server.baseURL, transport: mock).send(Self.json("/shape"))
            Issue.record("an array is not a post")
        } catch {
            guard case .decoding(let failure) = error else { Issue.record("expected .decoding, got \(error)"); return }
            #expect(failure.message.hasPrefix("Expected Dictionary"))
            #expect(failure.contentType == "text/html")
        }
    }

    // MARK: A server that stops in the middle

    @Test func aServerThatClosesInTheMiddleOfJSONIsConnectionLost() async throws {
        let (error, _) = await failure(of: Self.json("/hostile/cut-json"))
        guard case .transport(let underlying)? = error, let urlError = underlying as? URLError else {
            Issue.record("expected .transport(URLError), got \(String(describing: error))")
            return
        }
        #expect(urlError.code == .networkConnectionLost)
        #expect(urlError.localizedDescription.contains("closed the connection before the whole response body arrived"))
    }

    @Test func aChunkedBodyCutShortIsConnectionLost() async throws {
        let (error, _) = await failure(of: Self.bytes("/huge/\(UUID().uuidString)", ["length": 1_000_000, "cut": 300_000]))
        guard case .transport(let underlying)? = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect((underlying as? URLError)?.code == .networkConnectionLost)
    }

    // MARK: Challenges and cancellation while a body streams

    /// URLSession on Linux never completes a challenged task unless the challenge is declined: the
    /// time limit catches that hang.
    @Test(.timeLimit(.minutes(1))) func aBasicChallengeIsA401WithItsBody() async throws {
        let (error, _) = await failure(of: Self.json("/hostile/basic-challenge"))
        #expect(error?.statusCode == 401)
        #expect(error?.model == ServerError(code: 401, message: "who are you"))
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let key = UUID().uuidString
        let (error, seconds) = await failure(of: server.slow(key, timeout: 1))
        guard case .transport(let underlying)? = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect((underlying as? URLError)?.code == .timedOut)
        #expect(seconds >= 0.9, "not before the 1 s timeout")
        let state = try await server.slowState(key)
        #expect(state.closed && !state.answered, "the client gave up and closed the connection before the answer was due")
    }

    @Test(arguments: [false, true])
    func aBodyThatTricklesIsStoppedByTheResourceTimeout(ownSession: Bool) async throws {
        // 100 bytes every 0.1 s: each piece comes well within the request's 1 s timeout (which
        // only limits the wait for the next piece), the whole would take 17 minutes.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForResource = 2
        let transport = ownSession ? URLSessionTransport(session: URLSession(configuration: configuration)) : URLSessionTransport(configuration: configuration)
        let key = UUID().uuidString
        let endpoint = Endpoint<Data, ServerError>(.get, "/huge/\(key)", Self.api, query: ["length": 100_000, "chunk": 100, "delay": 0.1],
                                                   response: .data, timeout: 1)
        let (error, seconds) = await failure(of: endpoint, client: APIClient(baseURL: server.baseURL, transport: transport))
        guard case .transport(let underlying)? = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect((underlying as? URLError)?.code == .timedOut)
        #expect(seconds > 1.9, "not before the 2 s resource timeout")
        let state = try await hugeState(key)
        #expect(state.closed && !state.finished, "the resource timeout ended the download long before its 17 minutes")
    }

    /// Cancels `task` and checks that it ends with `.cancelled`.
    static func expectCancelled<Value: Sendable>(_ task: Task<Value, any Error>) async {
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result, case .cancelled? = error as? APIError<ServerError> else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
    }

    @Test(.timeLimit(.minutes(1))) func cancellingBeforeTheHeadArrivesStopsAtOnce() async throws {
        let key = UUID().uuidString
        let endpoint: Endpoint<Empty, ServerError> = server.slow(key)
        let client = client
        let task = Task { try await client.send(endpoint) }
        #expect(try await server.slowState(key, settled: false).arrived)
        await Self.expectCancelled(task)
        let state = try await server.slowState(key)
        #expect(state.closed && !state.answered, "cancelling closed the connection long before the answer was due")
    }

    /// Declines server challenges, as an app's own session delegate might.
    final class DecliningDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }

    @Test func aSessionOfYourOwnThatDeclinesAChallengeGetsThe401() async throws {
        let session = URLSession(configuration: .ephemeral, delegate: DecliningDelegate(), delegateQueue: nil)
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(session: session))
        let (error, _) = await failure(of: Self.json("/hostile/basic-challenge"), client: client)
        #expect(error?.statusCode == 401)
    }

    @Test func cancellingWhileABodyStreamsStopsAtOnce() async throws {
        // 16 KB every 50 ms: the gibibyte would take 55 minutes.
        let key = UUID().uuidString
        let endpoint = Self.bytes("/huge/\(key)", ["length": Self.gibibyte, "chunk": 16 << 10, "delay": 0.05])
        let client = client
        let task = Task { try await client.send(endpoint) }
        try await Poll.until("the server never sent the first pieces") { try await self.hugeProgress(key).sent > 64 << 10 }
        await Self.expectCancelled(task)
        let state = try await hugeState(key)
        #expect(state.closed && !state.finished, "cancelling closed the connection while the body was streaming")
    }

    /// What the server has sent of `/huge/<key>` so far, at once.
    func hugeProgress(_ key: String) async throws -> HugeState {
        try await client.send(Endpoint<HugeState, Never>(.get, "/huge-state/\(key)", Self.api, response: .json))
    }
}
