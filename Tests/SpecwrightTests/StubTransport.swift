import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright

/// A transport that records every request and answers with a canned status, headers and body,
/// or throws a canned error.
final class StubTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [URLRequest] = []
    let statusCode: Int
    let body: Data
    let headers: [String: String]
    let error: (any Error)?

    init(status: Int = 200, body: String = "{}", headers: [String: String] = [:], error: (any Error)? = nil) {
        statusCode = status
        self.body = Data(body.utf8)
        self.headers = headers
        self.error = error
    }

    /// The requests sent so far.
    var requests: [URLRequest] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    private func record(_ request: URLRequest) {
        lock.lock()
        defer { lock.unlock() }
        recorded.append(request)
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        record(request)
        if let error {
            throw error
        }
        guard let url = request.url,
              let response = HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: headers)
        else { throw URLError(.badURL) }
        return (body, response)
    }
}

/// A credentials provider that always throws.
struct FailingCredentials: CredentialsProvider {
    struct Failure: Error {}

    func credential(for requirement: AuthRequirement) async throws -> String? {
        throw Failure()
    }
}

extension URLRequest {
    /// The body as UTF-8 text.
    var bodyText: String {
        String(decoding: httpBody ?? Data(), as: UTF8.self)
    }
}

/// A client on the Chirp base URL with a stub transport and a bearer token / API key.
func stubClient(_ transport: StubTransport, credentials: (any CredentialsProvider)? = StaticCredentials(bearerToken: "tok", apiKey: "key")) -> APIClient {
    APIClient(baseURL: Chirp.baseURL, transport: transport, credentials: credentials)
}

/// 2026-11-30T08:15:00Z.
let sampleDate = Date(timeIntervalSince1970: 1_796_026_500)
