import Foundation
import Specwright
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that answers every request with one canned response and remembers the requests.
final class CannedTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [URLRequest] = []
    let status: Int
    let body: Data
    let headers: [String: String]

    init(status: Int = 200, json: String = "{}", headers: [String: String] = ["Content-Type": "application/json"]) {
        self.status = status
        self.body = Data(json.utf8)
        self.headers = headers
    }

    var requests: [URLRequest] { lock.withLock { recorded } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        lock.withLock { recorded.append(request) }
        let url = request.url ?? URL(fileURLWithPath: "/")
        guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers) else {
            throw URLError(.badServerResponse)
        }
        return (body, response)
    }
}

/// JSON helpers for round trips.
enum JSON {
    static func decode<T: Decodable>(_ type: T.Type, _ text: String, dates: JSONDecoder.DateDecodingStrategy = .iso8601) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = dates
        return try decoder.decode(type, from: Data(text.utf8))
    }

    /// The value encoded, as a dictionary, so tests can look at wire keys.
    static func object(_ value: some Encodable) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }
}
