import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The credentials of one request, as they go on the wire.
struct RequestCredentials {
    /// Headers to set (`Authorization`, API-key headers), after every other header.
    var headers: [(name: String, value: String)] = []
    /// Query parameters to add.
    var query: [(name: String, value: String)] = []
    /// Cookies to add to the request's `Cookie` header.
    var cookies: [(name: String, value: String)] = []

    /// Adds the credential of one scheme.
    mutating func add(_ credential: String, for scheme: AuthRequirement) {
        switch scheme {
        case .none, .all, .firstAvailable: break
        case .bearer: headers.append((name: "Authorization", value: "Bearer \(credential)"))
        case .basic: headers.append((name: "Authorization", value: "Basic " + Data(credential.utf8).base64EncodedString()))
        case .header(let name): headers.append((name: name, value: credential))
        case .query(let name): query.append((name: name, value: credential))
        case .cookie(let name): cookies.append((name: name, value: credential))
        }
    }

    /// Sets the headers and cookies on `request`; the cookies join a `Cookie` header it already has.
    func apply<Failure>(to request: inout URLRequest, errorType: Failure.Type) throws(APIError<Failure>) {
        for header in headers {
            guard HeaderValidation.isValid(name: header.name, value: header.value) else { throw .invalidHeader(header.name) }
            request.setValue(header.value, forHTTPHeaderField: header.name)
        }
        try Self.addCookies(cookies.map { (name: $0.name, value: PercentEncoding.cookieValue($0.value)) }, to: &request, errorType: errorType)
    }

    /// Adds `name=value` pairs, their values already encoded for a cookie, to the request's `Cookie`
    /// header, after the cookies it holds.
    static func addCookies<Failure>(
        _ cookies: [(name: String, value: String)], to request: inout URLRequest, errorType: Failure.Type
    ) throws(APIError<Failure>) {
        guard !cookies.isEmpty else { return }
        for cookie in cookies where !HeaderValidation.isValid(name: cookie.name, value: "") {
            throw .invalidHeader("Cookie")
        }
        let added = cookies.map { $0.name + "=" + $0.value }.joined(separator: "; ")
        let existing = request.value(forHTTPHeaderField: "Cookie").flatMap { $0.isEmpty ? nil : $0 }
        request.setValue(existing.map { $0 + "; " + added } ?? added, forHTTPHeaderField: "Cookie")
    }
}

extension APIClient {
    /// The credentials `requirement` sends: every scheme of `.all`, the first alternative of
    /// `.firstAvailable` the provider has every credential for.
    func credentials<Failure>(for requirement: AuthRequirement, errorType: Failure.Type) async throws(APIError<Failure>) -> RequestCredentials {
        var result = RequestCredentials()
        try await collect(requirement, into: &result, errorType: errorType)
        return result
    }

    private func collect<Failure>(
        _ requirement: AuthRequirement, into result: inout RequestCredentials, errorType: Failure.Type
    ) async throws(APIError<Failure>) {
        switch requirement {
        case .none: return
        case .all(let members):
            for member in members { try await collect(member, into: &result, errorType: errorType) }
        case .firstAvailable(let alternatives):
            for alternative in alternatives {
                var candidate = RequestCredentials()
                do {
                    try await collect(alternative, into: &candidate, errorType: errorType)
                } catch .missingCredentials {
                    continue
                }
                result.headers += candidate.headers
                result.query += candidate.query
                result.cookies += candidate.cookies
                return
            }
            throw .missingCredentials
        case .bearer, .basic, .header, .query, .cookie:
            result.add(try await credential(for: requirement, errorType: errorType), for: requirement)
        }
    }

    /// The credential for one scheme, or the error that explains why there is none.
    private func credential<Failure>(for requirement: AuthRequirement, errorType: Failure.Type) async throws(APIError<Failure>) -> String {
        guard let credentials else { throw .missingCredentials }
        let credential: String?
        do {
            credential = try await credentials.credential(for: requirement)
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .credentials(error)
        }
        guard let credential else { throw .missingCredentials }
        return credential
    }

    /// The headers a redirect to another origin must not carry: those that hold credentials.
    static func credentialHeaders(of requirement: AuthRequirement) -> [String] {
        var names = ["Authorization", "Proxy-Authorization", "Cookie"]
        for case .header(let name) in requirement.schemes { names.append(name) }
        return names
    }
}
