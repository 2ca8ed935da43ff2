/// What every endpoint of one API shares: headers sent with every request, and how dates are written.
///
/// Generated code declares one per API (`static let api = APIDefaults(...)`) and passes it to each endpoint.
public struct APIDefaults: Sendable {
    /// Headers sent with every request of the API, in order; client and endpoint headers override them.
    public var headers: [(name: String, value: String)]
    /// How dates are read and written in bodies and parameters.
    public var dates: DateCoding

    /// Defaults with these headers and date coding.
    public init(headers: KeyValuePairs<String, String> = [:], dates: DateCoding = .iso8601) {
        self.headers = headers.map { (name: $0.key, value: $0.value) }
        self.dates = dates
    }
}
