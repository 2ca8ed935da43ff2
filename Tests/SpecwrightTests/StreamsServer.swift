import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright
import TestSupport

/// `Server/streams_app.py` (FastAPI, Starlette's StreamingResponse and sse-starlette, pinned in the
/// test venv) on a loopback port, shared by the stream suites of this test process. Each test uses
/// names of its own for the server's counters (`/stats/{name}`).
enum StreamsServer {
    private static let server = Task<LoopbackProcess, any Error> {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Server/streams_app.py")
        return try await FastAPIServer.start(script: script)
    }

    /// The server's URL, started on first use.
    static func url() async throws -> URL {
        try await server.value.url
    }

    /// What the server counted for `name`.
    struct Stats: Decodable, Sendable {
        var connections: Int
        var lastEventIDs: [String?]
        var disconnects: Int
        var sent: Int
        var finished: Int

        enum CodingKeys: String, CodingKey {
            case connections, disconnects, sent, finished
            case lastEventIDs = "last_event_ids"
        }
    }

    /// The server's counters for `name`.
    static func stats(_ name: String) async throws -> Stats {
        let client = APIClient(baseURL: try await url())
        return try await client.send(Endpoint<Stats, Never>(.get, "/stats/\(name)", APIDefaults(), response: .json))
    }

    /// A name no other test uses.
    static func name() -> String {
        UUID().uuidString.lowercased()
    }
}
