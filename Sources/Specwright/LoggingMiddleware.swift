import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One finished request, as ``LoggingMiddleware`` reports it; secrets are already redacted.
public struct RequestRecord: Sendable {
    /// `GET`, `POST`, ...
    public var method: String
    /// The URL, with secret query values replaced by `REDACTED`.
    public var url: String
    /// The request headers, with secret values replaced by `REDACTED`.
    public var headers: [(name: String, value: String)]
    /// The response status, or nil when the request failed before a response.
    public var status: Int?
    /// From handing the request on to getting the response (or the error); for a streamed
    /// response, to the end of the stream.
    public var duration: Duration
    /// The request body's size in bytes (an upload's `Content-Length`; 0 when a streamed one has none).
    public var requestBytes: Int
    /// The response body's size in bytes; for a streamed response, the bytes read before it ended.
    public var responseBytes: Int
    /// The error, when the request failed.
    public var error: (any Error)?
}

/// Reports every request (method, URL, status, duration, sizes) to a hook, for logs and metrics,
/// with `Authorization` and the other configured secret headers and query items redacted.
public struct LoggingMiddleware: Middleware {
    /// Header names (any case) whose values are never reported.
    public var secretHeaders: Set<String>
    /// Query item names (any case) whose values are never reported.
    public var secretQueryItems: Set<String>
    /// Receives each record.
    public let record: @Sendable (RequestRecord) -> Void

    /// A logger; the default secrets cover credentials and cookies.
    public init(
        secretHeaders: Set<String> = ["Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-API-Key"],
        secretQueryItems: Set<String> = ["api_key", "apikey", "access_token", "token"],
        record: @escaping @Sendable (RequestRecord) -> Void
    ) {
        self.secretHeaders = Set(secretHeaders.map { $0.lowercased() })
        self.secretQueryItems = Set(secretQueryItems.map { $0.lowercased() })
        self.record = record
    }

    /// Sends the request on and reports it.
    public func intercept(_ request: URLRequest, info: RequestInfo, next: @escaping NextHandler) async throws -> (Data, HTTPURLResponse) {
        let start = ContinuousClock.now
        var entry = record(of: request, info: info)
        do {
            let (data, response) = try await next(request)
            entry.status = response.statusCode
            entry.responseBytes = data.count
            entry.duration = ContinuousClock.now - start
            record(entry)
            return (data, response)
        } catch {
            entry.error = error
            entry.duration = ContinuousClock.now - start
            record(entry)
            throw error
        }
    }

    /// Sends the request on and reports it when its stream ends: the bytes read, and the
    /// duration from sending it to the end of the stream (or its failure, or its cancellation).
    public func intercept(stream request: URLRequest, info: RequestInfo, next: @escaping StreamHandler) async throws -> (ByteStream, HTTPURLResponse) {
        let start = ContinuousClock.now
        var entry = record(of: request, info: info)
        let body: ByteStream
        let response: HTTPURLResponse
        do {
            (body, response) = try await next(request)
        } catch {
            entry.error = error
            entry.duration = ContinuousClock.now - start
            record(entry)
            throw error
        }
        entry.status = response.statusCode
        let record = record
        let finished = entry
        return (body.observed { bytes, error in
            var entry = finished
            entry.responseBytes = bytes
            entry.error = error
            entry.duration = ContinuousClock.now - start
            record(entry)
        }, response)
    }

    /// The record of `request` before it is sent, secrets redacted.
    private func record(of request: URLRequest, info: RequestInfo) -> RequestRecord {
        RequestRecord(
            method: request.httpMethod ?? info.method.rawValue, url: redactedURL(request.url),
            headers: (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map { name, value in
                (name, secretHeaders.contains(name.lowercased()) ? "REDACTED" : value)
            },
            status: nil, duration: .zero,
            requestBytes: request.httpBody?.count ?? request.value(forHTTPHeaderField: "Content-Length").flatMap { Int($0) } ?? 0,
            responseBytes: 0, error: nil)
    }

    private func redactedURL(_ url: URL?) -> String {
        guard let url else { return "" }
        let text = url.absoluteString
        // The common case, no secret in the query, needs no parsing.
        guard let question = text.firstIndex(of: "?"), text[question...].split(separator: "&").contains(where: { item in
            secretQueryItems.contains(item.drop { $0 == "?" }.prefix { $0 != "=" }.lowercased())
        }) else { return text }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return text }
        if let items = components.percentEncodedQueryItems {
            components.percentEncodedQueryItems = items.map { item in
                secretQueryItems.contains(item.name.lowercased()) ? URLQueryItem(name: item.name, value: "REDACTED") : item
            }
        }
        return components.string ?? url.absoluteString
    }
}
