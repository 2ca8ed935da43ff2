import Foundation

/// A server URL whose variables were given values that do not make a URL, such as a region with
/// a space: what `Servers.<name>(...)` of generated code throws.
public struct InvalidServerURL: Error, Hashable, Sendable, CustomStringConvertible {
    /// The URL the values made.
    public var url: String

    /// `url`, which is not an absolute http(s) URL.
    public init(url: String) {
        self.url = url
    }

    /// A sentence for people.
    public var description: String {
        "'\(url)' is not an absolute http(s) URL; check the values given for the server's variables"
    }

    /// The URL `template` makes with each `{name}` replaced by its value.
    public static func url(_ template: String, _ values: KeyValuePairs<String, String>) throws(InvalidServerURL) -> URL {
        let text = filled(template, values)
        guard let url = URL(string: text), isHTTP(url) else { throw InvalidServerURL(url: text) }
        return url
    }

    /// The path `template` makes (`/api/{version}`), resolved against `host` as a link is:
    /// `/api` on `http://localhost:8080` is `http://localhost:8080/api` (the host's own path is replaced).
    public static func url(_ template: String, _ values: KeyValuePairs<String, String>, relativeTo host: URL) throws(InvalidServerURL) -> URL {
        let text = filled(template, values)
        guard let url = URL(string: text, relativeTo: host)?.absoluteURL, isHTTP(url) else {
            throw InvalidServerURL(url: host.absoluteString + text)
        }
        return url
    }

    private static func filled(_ template: String, _ values: KeyValuePairs<String, String>) -> String {
        var text = template
        for (name, value) in values {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return text
    }

    private static func isHTTP(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = url.host else { return false }
        return !host.isEmpty
    }
}
