import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `Tests/SpecwrightTests/Server/streams_app.py` (FastAPI, Starlette's StreamingResponse and
/// sse-starlette, pinned in the test venv) on a loopback port, shared by the stream suites of a
/// test process. Each test uses names of its own for the server's counters (`/stats/{name}`).
public enum StreamsServer {
    private static let server = Task<LoopbackProcess, any Error> {
        let script = SharedData.packageRoot.appendingPathComponent("Tests/SpecwrightTests/Server/streams_app.py")
        return try await FastAPIServer.start(script: script)
    }

    /// The server's URL, started on first use.
    public static func url() async throws -> URL {
        try await server.value.url
    }

    /// What the server counted for one name.
    public struct Stats: Decodable, Sendable {
        /// Requests that reached the route.
        public var connections: Int
        /// The `Last-Event-ID` of each request (nil when it sent none).
        public var lastEventIDs: [String?]
        /// Streams the server saw the client leave before their end.
        public var disconnects: Int
        /// Events, or bytes, handed to the connection.
        public var sent: Int
        /// Streams sent to their end.
        public var finished: Int

        enum CodingKeys: String, CodingKey {
            case connections, disconnects, sent, finished
            case lastEventIDs = "last_event_ids"
        }
    }

    /// The server's counters for `name`.
    public static func stats(_ name: String) async throws -> Stats {
        let (data, _) = try await LoopbackHTTP.data(from: try await url().appendingPathComponent("stats/\(name)"))
        return try JSONDecoder().decode(Stats.self, from: data)
    }

    /// A name no other test uses.
    public static func name() -> String {
        UUID().uuidString.lowercased()
    }
}
