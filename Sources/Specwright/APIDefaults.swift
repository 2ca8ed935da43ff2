/// What every endpoint of one API shares: default headers, date coding, and the path of a server
/// the API names relative to the client's base URL.
///
/// Generated code declares one per API (`static let api = APIDefaults(...)`) and passes it to each endpoint.
public struct APIDefaults: Sendable {
    /// Headers sent with every request of the API, in order; client and endpoint headers override them.
    public var headers: [(name: String, value: String)]
    /// A server URL resolved against the client's base URL as a link is: `http://localhost:8080`
    /// with `/api/v1` sends to `http://localhost:8080/api/v1/...`; an absolute one (an endpoint's
    /// own, ``withServer(_:)``) replaces it. Nil when the API's paths go right after the base URL.
    public var server: String?
    /// How dates are read and written in bodies and parameters.
    public var dates: DateCoding

    /// Defaults with these headers, relative server and date coding.
    public init(headers: KeyValuePairs<String, String> = [:], server: String? = nil, dates: DateCoding = .iso8601) {
        self.headers = headers.map { (name: $0.key, value: $0.value) }
        self.server = server
        self.dates = dates
    }

    /// The same defaults for an endpoint with a server of its own: an absolute URL
    /// (`https://uploads.github.com`) it is sent to whatever the client's base URL, or a path the
    /// base URL resolves.
    public func withServer(_ server: String) -> APIDefaults {
        var defaults = self
        defaults.server = server
        return defaults
    }
}
