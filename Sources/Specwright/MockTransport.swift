import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ``Transport`` for tests of app code: it answers by method and path template with canned
/// responses or errors, and records every request. Each instance has its own routes and records
/// (no shared state), so tests running in parallel never see each other's answers.
///
/// ```swift
/// let mock = MockTransport()
/// mock.on(.get, "/users/{id}/profile", .json(profile))
/// mock.on(.post, "/posts", .status(422, json: ValidationErrors(...)))
/// let client = APIClient(baseURL: Chirp.baseURL, transport: mock)
/// ```
public final class MockTransport: Transport, @unchecked Sendable {
    /// A canned answer.
    public struct Answer: Sendable {
        fileprivate var result: @Sendable (URLRequest) throws -> Canned

        /// A status with a body and headers.
        public static func status(_ code: Int, body: Data = Data(), headers: [String: String] = [:]) -> Answer {
            Answer { _ in Canned(pieces: [body], status: code, headers: headers) }
        }

        /// A status with a JSON body (dates as ISO 8601 unless `encoder` says otherwise) and
        /// `headers` besides its `Content-Type`.
        public static func status(
            _ code: Int, json value: some Encodable & Sendable, headers: [String: String] = [:],
            encoder: JSONEncoder = DateCoding.iso8601.makeJSONEncoder()
        ) -> Answer {
            let data = Result { try encoder.encode(value) }
            let all = headers.merging(["Content-Type": "application/json"]) { given, _ in given }
            return Answer { _ in Canned(pieces: [try data.get()], status: code, headers: all) }
        }

        /// `200` with a JSON body, and `headers` (a page's `Link: <...>; rel="next"`).
        public static func json(
            _ value: some Encodable & Sendable, headers: [String: String] = [:], encoder: JSONEncoder = DateCoding.iso8601.makeJSONEncoder()
        ) -> Answer {
            status(200, json: value, headers: headers, encoder: encoder)
        }

        /// `204 No Content`.
        public static let noContent = status(204)

        /// The transport fails, as the network would.
        public static func failure(_ error: URLError) -> Answer {
            Answer { _ in throw error }
        }

        /// An answer computed from the request.
        public static func respond(_ handler: @escaping @Sendable (URLRequest) throws -> (body: Data, status: Int)) -> Answer {
            Answer { request in
                let (body, status) = try handler(request)
                return Canned(pieces: [body], status: status, headers: [:])
            }
        }

        /// A body in pieces, as a network delivers it: a streamed endpoint reads them one at a
        /// time; with `failure`, the connection is cut after the last one.
        public static func chunks(
            _ pieces: [Data], status: Int = 200, headers: [String: String] = [:], failure: URLError? = nil
        ) -> Answer {
            Answer { _ in Canned(pieces: pieces, status: status, headers: headers, failure: failure) }
        }

        /// `200` with server-sent events, one piece per event (`text/event-stream`).
        public static func events(_ events: [ServerSentEvent], failure: URLError? = nil) -> Answer {
            chunks(events.map { Data($0.description.utf8) }, headers: ["Content-Type": "text/event-stream"], failure: failure)
        }

        /// `200` with server-sent events whose data is each value as JSON, then `terminator`
        /// (such as `[DONE]`) if given.
        public static func events(
            json values: [some Encodable & Sendable], terminator: String? = nil,
            encoder: JSONEncoder = DateCoding.iso8601.makeJSONEncoder()
        ) -> Answer {
            let events = Result { try values.map { ServerSentEvent(data: String(decoding: try encoder.encode($0), as: UTF8.self)) } }
            return Answer { request in
                let all = try events.get() + (terminator.map { [ServerSentEvent(data: $0)] } ?? [])
                return try Answer.events(all).result(request)
            }
        }

        /// `200` with JSON Lines, one piece per line (`application/jsonl`).
        public static func lines(
            _ values: [some Encodable & Sendable], encoder: JSONEncoder = DateCoding.iso8601.makeJSONEncoder(), failure: URLError? = nil
        ) -> Answer {
            let lines = Result { try values.map { try encoder.encode($0) + Data([0x0A]) } }
            return Answer { _ in Canned(pieces: try lines.get(), status: 200, headers: ["Content-Type": "application/jsonl"], failure: failure) }
        }
    }

    /// An answer as it goes out: the body's pieces, and a failure after them.
    fileprivate struct Canned {
        var pieces: [Data]
        var status: Int
        var headers: [String: String]
        var failure: URLError?
    }

    /// A request no route matched. Its description (and so the `APIError`'s) says which request
    /// and which routes there are: `MockTransport has no route for GET /x (routes: GET /feed)`.
    public struct Unmatched: Error, LocalizedError, CustomStringConvertible {
        /// What was sent and what routes there were.
        public var description: String

        /// The same text, so `localizedDescription` shows it.
        public var errorDescription: String? { description }
    }

    private struct Route {
        var method: HTTPMethod
        var template: String
        var segments: [Substring]
        var answers: [Answer]
    }

    private let lock = NSLock()
    private var routes: [Route] = []
    private var recorded: [URLRequest] = []

    /// A transport with no routes yet.
    public init() {}

    /// Answers requests with this method whose path ends with `template` (`{...}` matches one
    /// segment). Several answers are given in turn, the last one repeating. Later routes win.
    public func on(_ method: HTTPMethod, _ template: String, _ answers: Answer...) {
        let route = Route(method: method, template: template, segments: template.split(separator: "/"), answers: answers.isEmpty ? [.noContent] : answers)
        lock.withLock { routes.insert(route, at: 0) }
    }

    /// Every request sent, in order.
    public var requests: [URLRequest] {
        lock.withLock { recorded }
    }

    /// The requests sent with this method to paths matching `template`.
    public func requests(_ method: HTTPMethod, _ template: String) -> [URLRequest] {
        let segments = template.split(separator: "/")
        return requests.filter { $0.httpMethod == method.rawValue && Self.matches(segments, $0.url) }
    }

    /// Records the request and answers it from the first matching route, the body whole.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (canned, response) = try answer(request)
        if let failure = canned.failure { throw failure }
        // One piece is the body as the test gave it, not a copy.
        return (canned.pieces.count == 1 ? canned.pieces[0] : canned.pieces.reduce(into: Data()) { $0.append($1) }, response)
    }

    /// Records the request and answers it from the first matching route, the body in its pieces.
    public func stream(_ request: URLRequest) async throws -> (ByteStream, HTTPURLResponse) {
        let (canned, response) = try answer(request)
        let pieces = canned.pieces.filter { !$0.isEmpty }
        guard let failure = canned.failure else { return (ByteStream(chunks: pieces), response) }
        return (ByteStream(source: ChunkSource(pieces, failure: failure)), response)
    }

    private func answer(_ request: URLRequest) throws -> (Canned, HTTPURLResponse) {
        let (answer, known): (Answer?, [String]) = lock.withLock {
            recorded.append(request)
            guard let index = routes.firstIndex(where: { $0.method.rawValue == request.httpMethod && Self.matches($0.segments, request.url) }) else {
                return (nil, routes.reversed().map { "\($0.method.rawValue) \($0.template)" })
            }
            let answer = routes[index].answers[0]
            if routes[index].answers.count > 1 { routes[index].answers.removeFirst() }
            return (answer, [])
        }
        guard let answer, let url = request.url else {
            let routes = known.isEmpty ? "it has no routes; add one with on(_:_:_:)" : "routes: " + known.joined(separator: ", ")
            throw Unmatched(description: "MockTransport has no route for \(request.httpMethod ?? "?") \(request.url?.path ?? "") (\(routes))")
        }
        let canned = try answer.result(request)
        guard let response = HTTPURLResponse(url: url, statusCode: canned.status, httpVersion: "HTTP/1.1", headerFields: canned.headers) else {
            throw URLError(.badServerResponse)
        }
        return (canned, response)
    }

    private static func matches(_ template: [Substring], _ url: URL?) -> Bool {
        guard let path = url.flatMap({ URLComponents(url: $0, resolvingAgainstBaseURL: false)?.percentEncodedPath }) else { return false }
        let segments = path.split(separator: "/")
        guard segments.count >= template.count else { return false }
        return zip(segments.suffix(template.count), template).allSatisfy { segment, pattern in
            (pattern.hasPrefix("{") && pattern.hasSuffix("}")) || segment == pattern
        }
    }
}
