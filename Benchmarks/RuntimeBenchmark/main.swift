import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright

// The runtime benchmark: N sequential and N concurrent small GETs to a loopback server, through
// APIClient with every middleware installed and through bare URLSession (both decode the JSON),
// in one run, alternating, best of three rounds (or --rounds N); then the client's own cost per
// request with an in-process transport. Usage: RuntimeBenchmark [--requests N] [--rounds N] [--in-process-only]

struct Item: Codable, Sendable {
    var id: Int
    var text: String
    var likeCount: Int
    enum CodingKeys: String, CodingKey { case id, text, likeCount = "like_count" }
}

let count = CommandLine.arguments.firstIndex(of: "--requests").flatMap { index in
    CommandLine.arguments.dropFirst(index + 1).first.flatMap(Int.init)
} ?? 2000
let rounds = CommandLine.arguments.firstIndex(of: "--rounds").flatMap { index in
    CommandLine.arguments.dropFirst(index + 1).first.flatMap(Int.init)
}.map { max(1, $0) } ?? 3
let concurrency = 16

// Start the loopback server.
let server = Process()
server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
server.arguments = ["python3", URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("server.py").path]
let pipe = Pipe()
server.standardOutput = pipe
try server.run()
defer { server.terminate() }
let portLine = String(decoding: pipe.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
guard let port = Int(portLine), let base = URL(string: "http://127.0.0.1:\(port)") else {
    FileHandle.standardError.write(Data("the benchmark server did not start (python3 needed)\n".utf8))
    exit(1)
}

let session = URLSession(configuration: .default)
let tokens = TokenStore(token: "benchmark") { "benchmark" }
let client = APIClient(
    baseURL: base, credentials: tokens,
    middlewares: [LoggingMiddleware { _ in }, RetryMiddleware(), AuthRefreshMiddleware(store: tokens), DeduplicationMiddleware()]
)
let plain = APIClient(baseURL: base, credentials: StaticCredentials(bearerToken: "benchmark"))
let api = APIDefaults(headers: ["Accept": "application/json"])
// Every request has its own query, so deduplication merges nothing and both sides send N requests.
@Sendable func endpoint(_ index: Int) -> Endpoint<Item, Never> { Endpoint(.get, "/item", api, query: ["i": index], response: .json, auth: .bearer) }

@Sendable func bare(_ index: Int) async throws -> Item {
    var request = URLRequest(url: base.appendingPathComponent("item").appending(queryItems: [URLQueryItem(name: "i", value: String(index))]))
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue("Bearer benchmark", forHTTPHeaderField: "Authorization")
    let (data, _) = try await session.data(for: request)
    return try JSONDecoder().decode(Item.self, from: data)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func timed(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    let (seconds, attoseconds) = (ContinuousClock.now - start).components
    return Double(seconds) + Double(attoseconds) / 1e18
}

func concurrently(_ work: @escaping @Sendable (Int) async throws -> Void) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        var next = 0
        for _ in 0..<concurrency where next < count {
            let index = next
            group.addTask { try await work(index) }
            next += 1
        }
        while try await group.next() != nil, next < count {
            let index = next
            group.addTask { try await work(index) }
            next += 1
        }
        try await group.waitForAll()
    }
}

// `--in-process-only` skips the network runs (for profiling the client's own cost).
let inProcessOnly = CommandLine.arguments.contains("--in-process-only")

// Warm up both paths (connections, caches).
for index in 0..<50 {
    _ = try await bare(index)
    _ = try await client.send(endpoint(index))
}

var results: [String: (client: Double, bare: Double)] = [:]
for mode in inProcessOnly ? [] : ["sequential", "concurrent"] {
    var bestClient = Double.infinity, bestBare = Double.infinity, bestPlain = Double.infinity
    // Each round's own ratios too: a machine that speeds up or slows down between rounds moves
    // the best times apart, but the ratios within one round much less.
    var plainRatios: [Double] = [], clientRatios: [Double] = []
    for _ in 0..<rounds {
        let plainTime = try await timed {
            if mode == "sequential" {
                for index in 0..<count { _ = try await plain.send(endpoint(index)) }
            } else {
                try await concurrently { _ = try await plain.send(endpoint($0)) }
            }
        }
        bestPlain = min(bestPlain, plainTime)
        let bareTime = try await timed {
            if mode == "sequential" {
                for index in 0..<count { _ = try await bare(index) }
            } else {
                try await concurrently { _ = try await bare($0) }
            }
        }
        let clientTime = try await timed {
            if mode == "sequential" {
                for index in 0..<count { _ = try await client.send(endpoint(index)) }
            } else {
                try await concurrently { _ = try await client.send(endpoint($0)) }
            }
        }
        bestBare = min(bestBare, bareTime)
        bestClient = min(bestClient, clientTime)
        plainRatios.append(plainTime / bareTime)
        clientRatios.append(clientTime / bareTime)
    }
    results[mode] = (bestClient, bestBare)
    print(String(format: "%@ (%d requests%@): URLSession %.3f s; APIClient %.3f s (%+.1f%%); with 4 middlewares %.3f s (%+.1f%%)",
                 mode, count, mode == "concurrent" ? ", \(concurrency) at a time" : "", bestBare,
                 bestPlain, (bestPlain / bestBare - 1) * 100, bestClient, (bestClient / bestBare - 1) * 100))
    print(String(format: "  median of %d rounds' own ratios: APIClient %+.1f%%, with 4 middlewares %+.1f%%",
                 rounds, (median(plainRatios) - 1) * 100, (median(clientRatios) - 1) * 100))
}

// The client's own cost without a network: the same requests answered at once by an in-process transport.
struct CannedTransport: Transport {
    let body = Data(#"{"id": 1, "text": "hello", "like_count": 3}"#.utf8)
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let url = request.url, let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                                                                   headerFields: ["Content-Type": "application/json"]) else {
            throw URLError(.badServerResponse)
        }
        return (body, response)
    }
}
let cannedPlain = APIClient(baseURL: base, transport: CannedTransport(), credentials: StaticCredentials(bearerToken: "benchmark"))
let cannedClient = APIClient(
    baseURL: base, transport: CannedTransport(), credentials: tokens,
    middlewares: [LoggingMiddleware { _ in }, RetryMiddleware(), AuthRefreshMiddleware(store: tokens), DeduplicationMiddleware()]
)
/// Sends `count` requests from a task off the main actor, so no hop to the main actor is measured.
func offMain(_ client: APIClient) async throws -> Double {
    try await Task.detached {
        let start = ContinuousClock.now
        for index in 0..<count { _ = try await client.send(endpoint(index)) }
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        return Double(seconds) + Double(attoseconds) / 1e18
    }.value
}
var perRequest: (plain: Double, middlewares: Double) = (.infinity, .infinity)
for _ in 0..<3 {
    let plainTime = try await offMain(cannedPlain)
    let clientTime = try await offMain(cannedClient)
    perRequest = (min(perRequest.plain, plainTime), min(perRequest.middlewares, clientTime))
}
print(String(format: "without a network (%d requests, canned answers): APIClient %.1f µs per request; with 4 middlewares %.1f µs",
             count, perRequest.plain / Double(count) * 1e6, perRequest.middlewares / Double(count) * 1e6))
if let sequential = results["sequential"] {
    // The client's own work (building, middlewares, decoding, with no transport) against what one
    // bare loopback request takes: the part of the overhead that is the client's code, steady
    // where end-to-end ratios move by several percent between runs.
    let bareRequest = sequential.bare / Double(count)
    print(String(format: "  the client's own cost per request: %.1f%% of a bare request (%.0f µs); %.1f%% with 4 middlewares",
                 perRequest.plain / Double(count) / bareRequest * 100, bareRequest * 1e6,
                 perRequest.middlewares / Double(count) / bareRequest * 100))
}
