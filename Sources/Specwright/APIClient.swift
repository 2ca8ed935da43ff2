import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends ``Endpoint``s to one server: builds the request, adds headers and credentials,
/// sends it through a ``Transport``, and decodes the response or the typed error.
///
/// Headers, from lowest to highest precedence: the API's default headers, the client's headers,
/// the endpoint's header parameters, the body's `Content-Type`, and the credential. Cookie
/// parameters and cookie credentials join the `Cookie` header, after the cookies it holds.
public struct APIClient: Sendable {
    /// The server URL that endpoint paths are appended to; its path is kept as a prefix
    /// (`http://host/api/v1` + `/feed` is `http://host/api/v1/feed`), unless the API names a
    /// relative server (``APIDefaults/server``), which is resolved against this URL instead.
    public let baseURL: URL
    /// What sends the requests.
    public let transport: any Transport
    /// Extra headers sent with every request.
    public let headers: [(name: String, value: String)]
    /// Where bearer tokens and API keys come from.
    public let credentials: (any CredentialsProvider)?
    /// The middlewares every request goes through, outermost first (see ``Middleware``).
    public let middlewares: [any Middleware]
    /// How JSON bodies are read and written (the API's date coding unless changed).
    public let json: JSONCoding
    /// How strictly answers are read: lenient unless changed (see ``ResponseValidation``).
    public let validation: ResponseValidation
    /// The base URL split once: scheme, host and path without a trailing `/`, and its query.
    private let base: (prefix: String, query: String?)?

    /// A client for the server at `baseURL`; `headers` go with every request (in name order).
    public init(
        baseURL: URL,
        transport: any Transport = URLSessionTransport(),
        headers: [String: String] = [:],
        credentials: (any CredentialsProvider)? = nil,
        middlewares: [any Middleware] = [],
        json: JSONCoding = .standard,
        validation: ResponseValidation = .lenient
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.headers = headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
        self.credentials = credentials
        self.middlewares = middlewares
        self.json = json
        self.validation = validation
        base = Self.split(baseURL)
    }

    /// `http://host/api/v1/?x=1` -> (`http://host/api/v1`, `x=1`); nil when the URL cannot take a path.
    private static func split(_ url: URL) -> (prefix: String, query: String?)? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        let query = components.percentEncodedQuery
        components.percentEncodedPath = ""
        components.percentEncodedQuery = nil
        components.fragment = nil
        return ((components.string ?? "") + path, query)
    }

    /// Sends the endpoint and returns its decoded response (discardable: an `Empty` one says nothing).
    @discardableResult
    public func send<Value, Failure>(_ endpoint: Endpoint<Value, Failure>) async throws(APIError<Failure>) -> Value {
        try await response(endpoint).value
    }

    /// Sends the endpoint and returns its decoded response with the status and headers.
    public func response<Value, Failure>(_ endpoint: Endpoint<Value, Failure>) async throws(APIError<Failure>) -> Response<Value> {
        if let open = endpoint.response.openStream {
            return try await streamedResponse(endpoint, open: open)
        }
        let request = try await request(for: endpoint)
        let credentialHeaders = Self.credentialHeaders(of: endpoint.auth)
        let transport = transport
        let core: NextHandler = { request in
            try await Self.sendFollowingRedirects(request, through: transport, credentialHeaders: credentialHeaders)
        }
        let data: Data
        let httpResponse: HTTPURLResponse
        do {
            if Task.isCancelled {
                throw CancellationError()
            }
            (data, httpResponse) = try await middlewares.chain(info: endpoint.info, core: core)(request)
        } catch {
            throw Self.transportError(error)
        }
        guard (100..<600).contains(httpResponse.statusCode) else {
            throw .invalidResponse
        }
        let decoder = json.decoder(for: endpoint.api.dates, validation: validation)
        guard (200..<300).contains(httpResponse.statusCode) else {
            throw Self.statusError(endpoint, data: data, response: httpResponse, decoder: decoder)
        }
        if validation.requiresDeclaredContentType,
           let undeclared = endpoint.response.undeclared(httpResponse.value(forHTTPHeaderField: "Content-Type"), bodyIsEmpty: data.isEmpty) {
            throw .decoding(DecodingFailure(undeclared, data: data, contentType: undeclared.contentType))
        }
        do {
            let value = try endpoint.response.decode(data, status: httpResponse.statusCode,
                                                     contentType: httpResponse.value(forHTTPHeaderField: "Content-Type"), decoder: decoder)
            return Response(value: value, httpResponse: httpResponse)
        } catch {
            let contentType = httpResponse.value(forHTTPHeaderField: "Content-Type")
            throw .decoding(endpoint.response.kind == .json || (endpoint.response.kind == .byStatus && error is DecodingError)
                ? DecodingFailure.json(error, data: data, contentType: contentType)
                : DecodingFailure(error, data: data, contentType: contentType))
        }
    }

    /// The error for a non-2xx answer, its body decoded as the endpoint's error model for the status.
    static func statusError<Value, Failure>(
        _ endpoint: Endpoint<Value, Failure>, data: Data, response: HTTPURLResponse, decoder: JSONDecoder
    ) -> APIError<Failure> {
        let decoded = try? endpoint.errors.decoding(for: response.statusCode)?.decoded(data, decoder: decoder)
        return .status(StatusError(statusCode: response.statusCode, headers: response.headerDictionary, data: data,
                                   model: decoded?.model, message: decoded?.message, modelDescription: decoded?.description))
    }

    /// The `URLRequest` the client would send for the endpoint, with URL, headers, body and credential.
    public func request<Value, Failure>(for endpoint: Endpoint<Value, Failure>) async throws(APIError<Failure>) -> URLRequest {
        let credentials = try await credentials(for: endpoint.auth, errorType: Failure.self)
        let query = endpoint.query + credentials.query
        let url = try url(path: endpoint.path, query: query, server: endpoint.api.server, errorType: Failure.self)
        var request = URLRequest(url: url)
        request.httpMethod = endpoint.method.rawValue
        if let timeout = endpoint.timeout {
            request.timeoutInterval = timeout
        }
        for header in endpoint.api.headers + headers + endpoint.headers {
            guard HeaderValidation.isValid(name: header.name, value: header.value) else { throw .invalidHeader(header.name) }
            request.setValue(header.value, forHTTPHeaderField: header.name)
        }
        try RequestCredentials.addCookies(endpoint.cookies, to: &request, errorType: Failure.self)
        // What the response is read as, unless a header of the API, the client or the endpoint says otherwise.
        if request.value(forHTTPHeaderField: "Accept") == nil, let accept = endpoint.response.accept {
            request.setValue(accept, forHTTPHeaderField: "Accept")
        }
        var body = endpoint.body
        if let unprepared = body {
            do {
                body = try await unprepared.prepared()
            } catch {
                throw .encoding(error)
            }
        }
        if let body, let upload = body.uploadStream() {
            request.httpBodyStream = upload.stream
            request.setValue(upload.contentType, forHTTPHeaderField: "Content-Type")
            if let length = upload.length { request.setValue(String(length), forHTTPHeaderField: "Content-Length") }
        } else if let body {
            do {
                let (data, contentType) = try body.encoded(dates: endpoint.api.dates, encoder: json.encoder(for: endpoint.api.dates))
                request.httpBody = data
                request.setValue(contentType, forHTTPHeaderField: "Content-Type")
            } catch {
                throw .encoding(error)
            }
        }
        try credentials.apply(to: &request, errorType: Failure.self)
        return request
    }

    /// The base URL with the endpoint's path appended and the strictly encoded query set.
    private func url<Failure>(
        path: String, query: [(name: String, value: String)], server: String?, errorType: Failure.Type
    ) throws(APIError<Failure>) -> URL {
        // A relative server (`/api/v1`) resolves against the base URL, as a link in a page would.
        let resolved = server.map { server in URL(string: server, relativeTo: baseURL).flatMap { Self.split($0.absoluteURL) } }
        guard let base = resolved ?? base else { throw .invalidURL(baseURL.absoluteString + path) }
        var text = base.prefix + (path.hasPrefix("/") ? path : "/" + path)
        let queryParts = [base.query, query.isEmpty ? nil : PercentEncoding.query(query)].compactMap { $0 }.filter { !$0.isEmpty }
        if !queryParts.isEmpty {
            text += "?" + queryParts.joined(separator: "&")
        }
        guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
            throw .invalidURL(text)
        }
        return url
    }

    /// Sends the request and follows redirects with the rules of ``Redirects``.
    private static func sendFollowingRedirects(
        _ request: URLRequest, through transport: any Transport, credentialHeaders: [String]
    ) async throws -> (Data, HTTPURLResponse) {
        try await followingRedirects(request, credentialHeaders: credentialHeaders, send: transport.send)
    }

    /// Sends with `send` and follows redirects with the rules of ``Redirects``; `discard` drops
    /// the body of each redirect.
    static func followingRedirects<Body>(
        _ request: URLRequest, credentialHeaders: [String],
        send: (URLRequest) async throws -> (Body, HTTPURLResponse), discard: (Body) -> Void = { _ in }
    ) async throws -> (Body, HTTPURLResponse) {
        let origin = request.url
        var request = request
        for _ in 0...Redirects.maxHops {
            try Task.checkCancellation()
            let (body, response) = try await send(request)
            guard let next = Redirects.target(of: response, from: request) else { return (body, response) }
            discard(body)
            request = Redirects.follow(request, to: next, status: response.statusCode, origin: origin, credentialHeaders: credentialHeaders)
        }
        throw URLError(.httpTooManyRedirects)
    }

    /// The API error for a transport failure: cancellation, a body over the limit, or `.transport`.
    static func transportError<Failure>(_ error: any Error) -> APIError<Failure> {
        if error is CancellationError || (error as? URLError)?.code == .cancelled {
            return .cancelled
        }
        if error is NotHTTPResponse {
            return .invalidResponse
        }
        if let tooLarge = error as? ResponseTooLargeError {
            return .responseTooLarge(limit: tooLarge.limit)
        }
        if let refresh = error as? TokenRefreshError {
            return .credentials(refresh.underlying)
        }
        return .transport(error)
    }
}
