/// How an endpoint must be authenticated; the credential itself comes from the client's ``CredentialsProvider``.
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
}
