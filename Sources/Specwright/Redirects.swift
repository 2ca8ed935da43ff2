import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How ``APIClient`` follows redirects itself, so it decides what a redirected request carries:
///
/// - credentials (`Authorization`, `Proxy-Authorization`, `Cookie` and the endpoint's API-key header)
///   are sent only to the origin (scheme, host and port) of the original request;
/// - `307` and `308` re-send the method and the body; `303`, and `301`/`302` after a `POST`, become a
///   `GET` without body (as browsers do); other `301`/`302` keep the method and body;
/// - at most ``maxHops`` redirects, then `URLError(.httpTooManyRedirects)`.
///
/// ``URLSessionTransport``'s default session hands redirects to the client instead of following them.
enum Redirects {
    /// The most redirects one request follows.
    static let maxHops = 10

    /// The statuses that redirect.
    static func isRedirect(_ status: Int) -> Bool {
        [301, 302, 303, 307, 308].contains(status)
    }

    /// The absolute http(s) URL the response redirects to, if any.
    static func target(of response: HTTPURLResponse, from request: URLRequest) -> URL? {
        guard isRedirect(response.statusCode), let location = response.value(forHTTPHeaderField: "Location"),
              let url = URL(string: location, relativeTo: request.url)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        return url
    }

    /// The request to send to `url` after `status`, for a request that started at `origin`.
    static func follow(_ request: URLRequest, to url: URL, status: Int, origin: URL?, credentialHeaders: [String]) -> URLRequest {
        var next = request
        next.url = url
        let method = request.httpMethod ?? "GET"
        if status == 303 || ((status == 301 || status == 302) && method == "POST") {
            next.httpMethod = method == "HEAD" ? "HEAD" : "GET"
            next.httpBody = nil
            next.setValue(nil, forHTTPHeaderField: "Content-Type")
            next.setValue(nil, forHTTPHeaderField: "Content-Length")
        }
        if !sameOrigin(url, origin) {
            for name in credentialHeaders { next.setValue(nil, forHTTPHeaderField: name) }
        }
        return next
    }

    /// Whether two URLs share scheme, host and port (default ports made explicit).
    static func sameOrigin(_ first: URL, _ second: URL?) -> Bool {
        guard let second else { return false }
        func key(_ url: URL) -> (String, String, Int) {
            let scheme = url.scheme?.lowercased() ?? ""
            return (scheme, url.host?.lowercased() ?? "", url.port ?? (scheme == "https" ? 443 : 80))
        }
        return key(first) == key(second)
    }
}
