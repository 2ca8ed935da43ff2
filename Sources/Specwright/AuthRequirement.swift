/// How an endpoint must be authenticated; the credential itself comes from the client's ``CredentialsProvider``.
///
/// One scheme, several sent together (``all(_:)``), or alternatives (``firstAvailable(_:)``), as an
/// OpenAPI `security` list says: `[{ apiKey: [], clientId: [] }, { oauth: [] }]` is
/// `.firstAvailable([.all([.header("X-Key"), .query("client_id")]), .bearer])`.
public enum AuthRequirement: Hashable, Sendable {
    /// No credential is sent.
    case none
    /// `Authorization: Bearer <token>`.
    case bearer
    /// `Authorization: Basic <base64 of user:password>`; the credential is `user:password`.
    case basic
    /// An API key in the named header.
    case header(String)
    /// An API key in the named query parameter.
    case query(String)
    /// An API key in the named cookie, added to the request's `Cookie` header.
    case cookie(String)
    /// Every scheme at once, each with its own credential; a missing one fails the request with
    /// ``APIError/missingCredentials``.
    indirect case all([AuthRequirement])
    /// The first alternative the client has every credential for; `.none` among them (last) sends
    /// the request without credentials when the client has none of the others.
    indirect case firstAvailable([AuthRequirement])

    /// The single schemes this requirement may send (never `.none`, `.all` or `.firstAvailable`),
    /// each once, in order. A middleware asks `auth.schemes.contains(.bearer)`.
    public var schemes: [AuthRequirement] {
        var result: [AuthRequirement] = []
        collectSchemes(into: &result)
        return result
    }

    private func collectSchemes(into result: inout [AuthRequirement]) {
        switch self {
        case .none: break
        case .all(let members), .firstAvailable(let members):
            for member in members { member.collectSchemes(into: &result) }
        default:
            if !result.contains(self) { result.append(self) }
        }
    }
}
