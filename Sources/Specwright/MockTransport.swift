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
        fileprivate var result: @Sendable (URLRequest) throws -> (Data, Int, [String: String])

        /// A status with a body and headers.
        public static func status(_ code: Int, body: Data = Data(), headers: [String: String] = [:]) -> Answer {
            Answer { _ in (body, code, headers) }
        }

        /// A status with a JSON body (dates as ISO 8601 unless `encoder` says otherwise).
        public static func status(_ code: Int, json value: some Encodable & Sendable, encoder: JSONEncoder = DateCoding.iso8601.makeJSONEncoder()) -> Answer {
            let data = Result { try encoder.encode(value) }
            return Answer { _ in (try data.get(), code, ["Content-Type": "application/json"]) }
        }

        /// `200` with a JSON body.
        public static func json(_ value: some Encodable & Sendable, encoder: JSONEncoder = DateCoding.iso8601.makeJSONEncoder()) -> Answer {
            status(200, json: value, encoder: encoder)
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
                return (body, status, [:])
            }
        }
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

    /// Records the request and answers it from the first matching route.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
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
        let (body, status, headers) = try answer.result(request)
        guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers) else {
            throw URLError(.badServerResponse)
        }
        return (body, response)
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
