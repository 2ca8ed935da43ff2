import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright

// The transfer benchmark, against a loopback server (server.py), in one run:
// 1. streaming throughput: the same body read through APIClient's ByteStream and through a bare
//    delegate-based URLSession task (the delegate counts the bytes), alternating, best of 3;
// 2. a download to a file through APIClient.download (default 2 GiB) and an upload from a file
//    through Endpoint.uploading(contentsOf:) (default 1 GiB), each with its peak memory growth:
//    the process's resident size sampled every 10 ms during the transfer, over the size before.
// 3. uploads side by side: from a file (endpoint.uploading(contentsOf:)), from a sequence of 1 MiB
//    pieces sent chunked (endpoint.uploading(_:)), and the bare URLSession references,
//    uploadTask(fromFile:) and a data task reading InputStream(url:) as its httpBodyStream; each
//    with MiB/s, the ratio to the bare body stream, and peak memory growth; then two file uploads
//    in a row on the kept-alive connection.
// Usage: TransferBenchmark [--stream-mib N] [--download-mib N] [--upload-mib N] [--skip-download]

func option(_ name: String, default value: Int) -> Int {
    CommandLine.arguments.firstIndex(of: name).flatMap { CommandLine.arguments.dropFirst($0 + 1).first.flatMap(Int.init) } ?? value
}
let streamBytes = option("--stream-mib", default: 512) << 20
let downloadBytes = option("--download-mib", default: 2048) << 20
let uploadBytes = option("--upload-mib", default: 1024) << 20

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

/// The resident memory of this process in bytes (Linux: /proc/self/statm; elsewhere 0).
@Sendable func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
          let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Samples the resident size every 10 ms while `body` runs; the peak over the size before, and the time.
func measured(_ body: () async throws -> Void) async rethrows -> (seconds: Double, growth: Int) {
    let before = residentBytes()
    let peak = Peak()
    let sampler = Thread {
        while !peak.stopped { peak.note(residentBytes()); Thread.sleep(forTimeInterval: 0.01) }
    }
    sampler.start()
    let start = ContinuousClock.now
    try await body()
    let elapsed = ContinuousClock.now - start
    peak.stop()
    peak.note(residentBytes())
    let (seconds, attoseconds) = elapsed.components
    return (Double(seconds) + Double(attoseconds) / 1e18, max(0, peak.value - before))
}

final class Peak: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    private var done = false
    var value: Int { lock.withLock { peak } }
    var stopped: Bool { lock.withLock { done } }
    func note(_ bytes: Int) { lock.withLock { peak = max(peak, bytes) } }
    func stop() { lock.withLock { done = true } }
}

/// The bare reference: a data task on a delegate session, the delegate counting the bytes.
final class Counter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var done: CheckedContinuation<Int, any Error>?
    func start(_ continuation: CheckedContinuation<Int, any Error>) { lock.withLock { count = 0; done = continuation } }
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) { lock.withLock { count += data.count } }
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let continuation: CheckedContinuation<Int, any Error>? = lock.withLock { done }
        let received: Int = lock.withLock { count }
        if let error {
            continuation?.resume(throwing: error)
        } else {
            continuation?.resume(returning: received)
        }
    }
}
let counter = Counter()
let bareSession = URLSession(configuration: .default, delegate: counter, delegateQueue: nil)
func bareStream(_ size: Int) async throws -> Int {
    try await withCheckedThrowingContinuation { continuation in
        counter.start(continuation)
        bareSession.dataTask(with: base.appendingPathComponent("bytes").appending(queryItems: [URLQueryItem(name: "size", value: String(size))])).resume()
    }
}

let client = APIClient(baseURL: base)
let api = APIDefaults()
func clientStream(_ size: Int) async throws -> Int {
    var count = 0
    for try await piece in try await client.send(Endpoint<ByteStream, Never>(.get, "/bytes", api, query: ["size": size], response: .bytes)) {
        count += piece.count
    }
    return count
}

// 1. Streaming throughput, alternating, best of 3.
_ = try await bareStream(16 << 20)
_ = try await clientStream(16 << 20)
var best = (bare: Double.infinity, client: Double.infinity)
for _ in 0..<3 {
    var counts = (bare: 0, client: 0)
    let bare = try await measured { counts.bare = try await bareStream(streamBytes) }
    let streamed = try await measured { counts.client = try await clientStream(streamBytes) }
    precondition(counts.bare == streamBytes && counts.client == streamBytes, "read \(counts) of \(streamBytes) bytes")
    best = (min(best.bare, bare.seconds), min(best.client, streamed.seconds))
}
let mib = Double(streamBytes) / Double(1 << 20)
print(String(format: "stream %d MiB: bare delegate URLSession %.0f MiB/s; APIClient ByteStream %.0f MiB/s (%.2fx the time, %+.1f%%)",
             streamBytes >> 20, mib / best.bare, mib / best.client, best.client / best.bare, (best.client / best.bare - 1) * 100))

// 2. A download to a file.
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specwright-transfer-benchmark-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let downloaded = folder.appendingPathComponent("download.bin")
if !CommandLine.arguments.contains("--skip-download") {
let download = try await measured {
    try await client.download(Endpoint<Data, Never>(.get, "/bytes", api, query: ["size": downloadBytes], response: .data), to: downloaded)
}
let downloadedSize = (try FileManager.default.attributesOfItem(atPath: downloaded.path)[.size] as? NSNumber)?.intValue ?? 0
precondition(downloadedSize == downloadBytes, "downloaded \(downloadedSize) bytes")
try FileManager.default.removeItem(at: downloaded)
print(String(format: "download %d MiB to a file: %.1f s (%.0f MiB/s), peak memory growth %.1f MiB",
             downloadBytes >> 20, download.seconds, Double(downloadBytes >> 20) / download.seconds, Double(download.growth) / Double(1 << 20)))
}

// 3. An upload from a file (written first, outside the measurement).
let source = folder.appendingPathComponent("upload.bin")
guard FileManager.default.createFile(atPath: source.path, contents: nil) else { fatalError("cannot write \(source.path)") }
let writer = try FileHandle(forWritingTo: source)
let block = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0) })
for _ in 0..<(uploadBytes >> 20) { try writer.write(contentsOf: block) }
try writer.close()
struct Received: Decodable, Sendable { var bytes: Int }
var received = 0
let uploadMiB = Double(uploadBytes >> 20)
func report(_ label: String, _ result: (seconds: Double, growth: Int), reference: Double?) {
    let rate = uploadMiB / result.seconds
    let ratio = reference.map { String(format: ", %.2fx the bare body stream's rate", rate / (uploadMiB / $0)) } ?? ""
    print(String(format: "upload %d MiB %@: %.1f s (%.0f MiB/s%@), peak memory growth %.1f MiB",
                 uploadBytes >> 20, label, result.seconds, rate, ratio, Double(result.growth) / Double(1 << 20)))
}
/// The bare references: a task on the delegate session, its completion counted by `counter`.
func bare(_ task: URLSessionTask) async throws {
    let box = BareTask(task: task)
    _ = try await withCheckedThrowingContinuation { continuation in
        counter.start(continuation)
        box.task.resume()
    }
}
struct BareTask: @unchecked Sendable { let task: URLSessionTask }
var bareRequest = URLRequest(url: base.appendingPathComponent("upload"))
bareRequest.httpMethod = "PUT"
do {
    let bareStream = try await measured {
        var request = bareRequest
        request.httpBodyStream = InputStream(url: source)
        try await bare(bareSession.dataTask(with: request))
    }
    report("bare httpBodyStream (chunked)", bareStream, reference: nil)
    let bareFile = try await measured { try await bare(bareSession.uploadTask(with: bareRequest, fromFile: source)) }
    report("bare uploadTask(fromFile:)", bareFile, reference: bareStream.seconds)
    let upload = try await measured {
        received = try await client.send(Endpoint<Received, Never>(.put, "/upload", api, response: .json).uploading(contentsOf: source)).bytes
    }
    precondition(received == uploadBytes, "the server received \(received) bytes")
    report("from a file", upload, reference: bareStream.seconds)
    let pieces = AsyncStream<Data> { continuation in
        for _ in 0..<(uploadBytes >> 20) { continuation.yield(block) }
        continuation.finish()
    }
    let sequence = try await measured {
        received = try await client.send(Endpoint<Received, Never>(.put, "/upload", api, response: .json).uploading(pieces)).bytes
    }
    precondition(received == uploadBytes, "the server received \(received) bytes")
    #if canImport(FoundationNetworking)
    report("from a sequence (spooled to a file, then sent)", sequence, reference: bareStream.seconds)
    #else
    report("from a sequence (chunked)", sequence, reference: bareStream.seconds)
    #endif
    for round in 1...2 {
        let again = try await measured {
            received = try await client.send(Endpoint<Received, Never>(.put, "/upload", api, response: .json).uploading(contentsOf: source)).bytes
        }
        precondition(received == uploadBytes, "the server received \(received) bytes")
        report("from a file, again (\(round))", again, reference: bareStream.seconds)
    }
} catch {
    // A failure is reported with the other figures, not hidden behind a crash.
    print("upload \(uploadBytes >> 20) MiB FAILED: \(error)")
}
