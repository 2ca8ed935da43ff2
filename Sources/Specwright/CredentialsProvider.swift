/// Supplies the bearer token or API key an endpoint requires, such as from a keychain or a refreshed session.
public protocol CredentialsProvider: Sendable {
    /// The token or key for one scheme, `requirement` (for ``AuthRequirement/basic``, `user:password`);
    /// `nil` when there is none, which fails the request with ``APIError/missingCredentials``, or
    /// moves on to the next of ``AuthRequirement/firstAvailable(_:)``'s alternatives. The client
    /// asks for each scheme of ``AuthRequirement/all(_:)`` in turn: never for `.all` or `.firstAvailable`.
    func credential(for requirement: AuthRequirement) async throws -> String?
}

/// Fixed credentials: one bearer token, a user name and password, and API keys by header, query
/// parameter or cookie name.
public struct StaticCredentials: CredentialsProvider {
    /// The token for ``AuthRequirement/bearer``.
    public var bearerToken: String?
    /// The user name and password for ``AuthRequirement/basic``.
    public var basic: (user: String, password: String)?
    /// The key for any header, query or cookie requirement not named in ``apiKeys``.
    public var apiKey: String?
    /// Keys by the header, query parameter or cookie name they go in.
    public var apiKeys: [String: String]

    /// Credentials with a bearer token, a user name and password for HTTP basic, and/or API keys.
    public init(
        bearerToken: String? = nil, basic: (user: String, password: String)? = nil, apiKey: String? = nil, apiKeys: [String: String] = [:]
    ) {
        self.bearerToken = bearerToken
        self.basic = basic
        self.apiKey = apiKey
        self.apiKeys = apiKeys
    }

    /// The token or key for `requirement`.
    public func credential(for requirement: AuthRequirement) async throws -> String? {
        switch requirement {
        case .none, .all, .firstAvailable: nil
        case .bearer: bearerToken
        case .basic: basic.map { "\($0.user):\($0.password)" }
        case .header(let name), .query(let name), .cookie(let name): apiKeys[name] ?? apiKey
        }
    }
}
