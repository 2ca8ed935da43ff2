import Foundation

/// Everything the spec says about one request: method, path, parameters, body, auth, and how
/// responses and errors decode. Generated factories return one; ``APIClient`` sends it.
///
/// Parameter values are turned into text when the endpoint is made, with the API's date coding:
/// `nil` values are left out, arrays repeat their key (`tags=a&tags=b`), an empty array sends nothing.
public struct Endpoint<Response: Sendable, Failure: Sendable>: Sendable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The percent-encoded path, relative to the client's base URL, such as `/users/42/profile`.
    public var path: String
    /// The path as the spec wrote it, with `{}` for each parameter, such as `/users/{}/profile`.
    public var pathTemplate: String
    /// The query items in order, before percent-encoding.
    public var query: [(name: String, value: String)]
    /// The header parameters in order; array values are joined with `,`.
    public var headers: [(name: String, value: String)]
    /// The cookie parameters in order, sent in the `Cookie` header, each value as it goes on the
    /// wire: characters a cookie cannot hold percent-encoded, array elements joined with `,`.
    public var cookies: [(name: String, value: String)]
    /// The body, if any.
    public var body: RequestBody?
    /// How a 2xx body becomes `Response`.
    public var response: ResponseDecoding<Response>
    /// How non-2xx bodies become `Failure`, by status or as the default.
    public var errors: [ErrorDecoding<Failure>]
    /// The credential the endpoint needs.
    public var auth: AuthRequirement
    /// The API's default headers and date coding.
    public var api: APIDefaults
    /// The request timeout in seconds; `nil` keeps the transport's default.
    public var timeout: TimeInterval?
    /// Whether the spec opted this (non-idempotent) endpoint into retries (`retry: true`).
    public var retry: Bool

    /// What middlewares see of this endpoint.
    public var info: RequestInfo {
        RequestInfo(method: method, pathTemplate: pathTemplate, auth: auth, isRetryable: retry || method.isIdempotent)
    }

    /// An endpoint as generated code describes it; see the type's documentation for how parameters are written.
    public init(
        _ method: HTTPMethod,
        _ path: EndpointPath,
        _ api: APIDefaults,
        query: KeyValuePairs<String, (any ParameterValue)?> = [:],
        headers: KeyValuePairs<String, (any ParameterValue)?> = [:],
        cookies: KeyValuePairs<String, (any ParameterValue)?> = [:],
        body: RequestBody? = nil,
        response: ResponseDecoding<Response>,
        auth: AuthRequirement = .none,
        errors: [ErrorDecoding<Failure>] = [],
        timeout: TimeInterval? = nil,
        retry: Bool = false
    ) {
        self.method = method
        self.path = path.encoded(dates: api.dates)
        pathTemplate = path.template
        self.query = parameterPairs(query, dates: api.dates)
        self.headers = Self.headerPairs(headers, dates: api.dates)
        self.cookies = cookies.compactMap { name, value in
            guard let values = value?.parameterValues(dates: api.dates), !values.isEmpty else { return nil }
            return (name: name, value: values.map(PercentEncoding.cookieValue).joined(separator: ","))
        }
        self.body = body
        self.response = response
        self.errors = errors
        self.auth = auth
        self.api = api
        self.timeout = timeout
        self.retry = retry
    }

    /// One header per name; arrays are joined with `,` (an empty array sends nothing).
    private static func headerPairs(_ pairs: KeyValuePairs<String, (any ParameterValue)?>, dates: DateCoding) -> [(name: String, value: String)] {
        pairs.compactMap { name, value in
            guard let values = value?.parameterValues(dates: dates), !values.isEmpty else { return nil }
            return (name: name, value: values.joined(separator: ","))
        }
    }
}

extension Endpoint {
    /// The same endpoint sending its body as `mediaType` (`image/png`, `text/plain`): for a body
    /// whose document takes any type (`*/*`, GitHub's release asset upload), the type of what is
    /// sent. An endpoint without a body is returned as it is.
    public func sendingBody(as mediaType: String) -> Endpoint {
        var endpoint = self
        endpoint.body = body?.withContentType(mediaType)
        return endpoint
    }

    /// The same endpoint asking for `mediaTypes` (`"text/plain"`, `"application/json; q=0.5,
    /// text/plain"`): the `Accept` header it sends, for a response the server can write several ways.
    public func accepting(_ mediaTypes: String) -> Endpoint {
        var endpoint = self
        endpoint.headers.removeAll { $0.name.lowercased() == "accept" }
        endpoint.headers.append((name: "Accept", value: mediaTypes))
        return endpoint
    }
}
