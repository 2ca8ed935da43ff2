import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of ``URLSessionTransport``'s default session.
///
/// - It refuses every redirect, so the 3xx response reaches ``APIClient``, which follows it with
///   the rules of ``Redirects``.
/// - It declines server authentication challenges (a 401 with `WWW-Authenticate: Basic`): the
///   client sends its credentials itself. Left alone, URLSession on Linux never completes such a
///   task (swift-corelibs-foundation #5456); declined, the task ends as cancelled and
///   ``URLSessionTransport`` returns the 401 it received. TLS trust keeps the system's handling.
final class SessionDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    /// The challenges of a server asking for HTTP credentials (not TLS or client certificates).
    private static let serverAuthentication: Set<String> = [
        NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest,
        NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate,
    ]

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        if Self.serverAuthentication.contains(challenge.protectionSpace.authenticationMethod) {
            completionHandler(.cancelAuthenticationChallenge, nil)
        } else {
            completionHandler(.performDefaultHandling, nil)
        }
    }
}
