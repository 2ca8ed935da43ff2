/// What every endpoint of one API shares: default headers, date coding, and the path of a server
/// the API names relative to the client's base URL.
///
/// Generated code declares one per API (`static let api = APIDefaults(...)`) and passes it to each endpoint.
public struct APIDefaults: Sendable {
    /// Headers sent with every request of the API, in order; client and endpoint headers override them.
    public var headers: [(name: String, value: String)]
    /// A relative server URL (`/api/v1`), resolved against the client's base URL as a link is:
    /// `http://localhost:8080` with `/api/v1` sends to `http://localhost:8080/api/v1/...`. Nil when
    /// the API's paths go right after the base URL.
    public var server: String?
    /// How dates are read and written in bodies and parameters.
    public var dates: DateCoding

    /// Defaults with these headers, relative server and date coding.
    public init(headers: KeyValuePairs<String, String> = [:], server: String? = nil, dates: DateCoding = .iso8601) {
        self.headers = headers.map { (name: $0.key, value: $0.value) }
        self.server = server
        self.dates = dates
    }
}
