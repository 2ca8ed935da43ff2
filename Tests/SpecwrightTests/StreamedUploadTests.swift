import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright
import TestSupport
import Testing

/// Uploads of a sequence sent as it is produced, and uploads on a kept-alive connection the
/// server closed, against the stream server on loopback: the server reports what it received,
/// as it receives it (`sent` in its counters), how the body was framed, and each request's port.
@Suite struct StreamedUploadTests {
    typealias Received = TransferTests.Received
    static let api = APIDefaults()
    static let piece = 64 << 10

    static func pattern(_ start: Int, _ end: Int) -> Data {
        TransferTests.pattern(start, end)
    }

    func endpoint(_ name: String) -> Endpoint<Received, Never> {
        Endpoint(.put, "/uploads/\(name)", Self.api, response: .json)
    }

    /// Waits until the server has received at least `bytes` bytes of the upload `name`.
    static func serverReceived(_ bytes: Int, of name: String) async throws {
        try await Poll.until("the server received \(bytes) bytes") { try await StreamsServer.stats(name).sent >= bytes }
    }

    /// Pieces of the pattern: the first `early` bytes, then, once the server has received half of
    /// them, the rest up to `total`; what the sequence's consumer did is told to `ended`. (Half:
    /// on Linux up to 16 KiB of what was produced can wait in URLSession's file reader for more.)
    static func produced(_ name: String, early: Int, total: Int, ended: Ended? = nil) -> AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream { continuation in
            let producer = Task {
                var offset = 0
                func yield(upTo end: Int) {
                    while offset < end {
                        let next = min(end, offset + piece)
                        continuation.yield(pattern(offset, next))
                        offset = next
                    }
                }
                yield(upTo: early)
                ended?.yielded()
                do {
                    try await serverReceived(early / 2, of: name)
                } catch {
                    continuation.finish(throwing: error)
                    return
                }
                yield(upTo: total)
                continuation.finish()
            }
            continuation.onTermination = { termination in
                if case .cancelled = termination { ended?.cancelled() }
                producer.cancel()
            }
        }
    }

    /// Whether a sequence's consumer cancelled it.
    final class Ended: @unchecked Sendable {
        private let lock = NSLock()
        private var wasCancelled = false
        private var wasProduced = false
        func cancelled() { lock.withLock { wasCancelled = true } }
        func yielded() { lock.withLock { wasProduced = true } }
        var isCancelled: Bool { lock.withLock { wasCancelled } }
        /// Whether the early pieces were handed over.
        var produced: Bool { lock.withLock { wasProduced } }
    }

    #if !canImport(FoundationNetworking)
    @Test func aSequenceIsSentChunkedAsItIsProduced() async throws {
        let name = StreamsServer.name()
        let (early, total) = (4 * Self.piece, 10 * Self.piece + 123)
        let reports = TransferTests.Reports()
        let client = APIClient(baseURL: try await StreamsServer.url())
        // The later pieces exist only once the server has the first ones: a body that waited for
        // the end of the sequence would never arrive.
        let received = try await client.send(endpoint(name).uploading(Self.produced(name, early: early, total: total), progress: reports.add))
        #expect(received.bytes == total && received.inOrder)
        #expect(received.transferEncoding == "chunked" && received.contentLength == nil)
        #expect(received.expect == "100-continue")
        let all = reports.all
        #expect(all.last == TransferProgress(bytes: Int64(total), expected: nil))
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.bytes < $1.bytes })
        #expect(try await StreamsServer.stats(name).finished == 1)
    }
    #else
    /// URLSession on Linux cannot send a body as it is produced without holding up every request
    /// of the process (Docs/Benchmarks.md): a sequence is written to a file as it comes, and sent
    /// from it, with its length, once it has ended.
    @Test func onLinuxASequenceIsSentWithItsLengthOnceItHasEnded() async throws {
        let name = StreamsServer.name()
        let total = 10 * Self.piece + 123
        let reports = TransferTests.Reports()
        let pieces = AsyncStream<Data> { continuation in
            for start in stride(from: 0, to: total, by: Self.piece) { continuation.yield(Self.pattern(start, min(total, start + Self.piece))) }
            continuation.finish()
        }
        let client = APIClient(baseURL: try await StreamsServer.url())
        let received = try await client.send(endpoint(name).uploading(pieces, progress: reports.add))
        #expect(received.bytes == total && received.inOrder)
        #expect(received.contentLength == "\(total)" && received.transferEncoding == nil && received.expect == "100-continue")
        #expect(reports.all.last?.bytes == Int64(total))
    }
    #endif

    @Test func cancellingStopsTheSequenceAndTheRequest() async throws {
        let name = StreamsServer.name()
        let ended = Ended()
        let client = APIClient(baseURL: try await StreamsServer.url())
        // The sequence never ends after its first pieces.
        let upload = Task { try await client.send(endpoint(name).uploading(Self.produced(name, early: 2 * Self.piece, total: .max, ended: ended))) }
        #if canImport(FoundationNetworking)
        // Spooled on Linux: nothing reaches the server before the end; the pieces are read.
        try await Poll.until("the first pieces were read") { ended.produced }
        #else
        try await Self.serverReceived(Self.piece, of: name)
        #endif
        upload.cancel()
        let result = await upload.result
        guard case .failure(let error) = result, case .cancelled? = error as? APIError<Never> else {
            Issue.record("a cancelled upload ended with \(result)")
            return
        }
        try await Poll.until("the sequence was cancelled") { ended.isCancelled }
        #if canImport(FoundationNetworking)
        let seen = try await StreamsServer.stats(name)
        #expect(seen.connections == 0, "\(seen)")
        #else
        try await Poll.until("the server saw the client go") { try await StreamsServer.stats(name).disconnects == 1 }
        #endif
        #expect(try await StreamsServer.stats(name).finished == 0)
    }

    struct Broken: Error {}

    @Test func aSequenceThatFailsFailsTheRequestWithItsError() async throws {
        let name = StreamsServer.name()
        let pieces = AsyncThrowingStream<Data, any Error> { continuation in
            let producer = Task {
                continuation.yield(Self.pattern(0, 2 * Self.piece))
                #if !canImport(FoundationNetworking)
                try await Self.serverReceived(Self.piece, of: name)
                #endif
                continuation.finish(throwing: Broken())
            }
            continuation.onTermination = { _ in producer.cancel() }
        }
        let client = APIClient(baseURL: try await StreamsServer.url())
        do {
            _ = try await client.send(endpoint(name).uploading(pieces))
            Issue.record("a sequence that failed was uploaded")
        } catch {
            guard case .transport(let underlying) = error else { throw error }
            #expect(underlying is Broken)
        }
        // The server never saw a complete body (on Linux, none at all: the sequence had not ended).
        #if !canImport(FoundationNetworking)
        try await Poll.until("the server saw the client go") { try await StreamsServer.stats(name).disconnects == 1 }
        #endif
        #expect(try await StreamsServer.stats(name).finished == 0)
    }

    @Test func aSequenceIsSentOnce() async throws {
        let name = StreamsServer.name()
        let pieces = AsyncStream<Data> { continuation in
            continuation.yield(Self.pattern(0, 1000))
            continuation.finish()
        }
        let client = APIClient(baseURL: try await StreamsServer.url())
        let request = try await client.request(for: endpoint(name).uploading(pieces))
        let (data, _) = try await client.transport.send(request)
        #expect(try JSONDecoder().decode(Received.self, from: data).bytes == 1000)
        // The same request again (a retry, a redirect) has no body left to send.
        await #expect(throws: SequenceResendError.self) { try await client.transport.send(request) }
        #expect(try await StreamsServer.stats(name).connections == 1)
    }

    @Test func aSpooledSequenceIsSentWithItsLength() async throws {
        let name = StreamsServer.name()
        let pieces = AsyncStream<Data> { continuation in
            continuation.yield(Self.pattern(0, 300_000))
            continuation.yield(Self.pattern(300_000, 400_000))
            continuation.finish()
        }
        let client = APIClient(baseURL: try await StreamsServer.url())
        let received = try await client.send(endpoint(name).uploadingSpooled(pieces))
        #expect(received.bytes == 400_000 && received.inOrder)
        #expect(received.contentLength == "400000" && received.transferEncoding == nil)
    }

    /// A client on a session of its own, whose one connection the server keeps alive after
    /// answering `/keepalive` and then drops with the next request unanswered; the port of that
    /// connection.
    func keptAliveConnection() async throws -> (APIClient, String) {
        let keeper = StreamsServer.name()
        let client = APIClient(baseURL: try await StreamsServer.url(), transport: URLSessionTransport(configuration: .ephemeral))
        struct Port: Decodable { var port: Int }
        let port = try await client.send(Endpoint<Port, Never>(.get, "/keepalive/\(keeper)", Self.api, response: .json)).port
        return (client, String(port))
    }

    /// Whether the upload was answered on a connection other than the kept-alive one: after one
    /// attempt on it that the server dropped, or at once when the client had seen the connection
    /// close first (libcurl checks a connection before reusing it: on a loaded machine the server's
    /// close can arrive before the next request goes out).
    static func resentOnANewConnection(_ ports: [String?], keptAlive port: String) -> Bool {
        switch ports.count {
        case 2: ports[0] == port && ports[1] != port
        case 1: ports[0] != port
        default: false
        }
    }

    @Test func aFileUploadOnAConnectionTheServerClosedIsSentAgainWhole() async throws {
        let name = StreamsServer.name()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("specwright-upload-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let size = 3_000_000
        try Self.pattern(0, size).write(to: file)
        let (client, port) = try await keptAliveConnection()
        let reports = TransferTests.Reports()
        let received = try await client.send(endpoint(name).uploading(contentsOf: file, progress: reports.add))
        #expect(received.bytes == size && received.inOrder)
        #expect(received.contentLength == "\(size)" && received.transferEncoding == nil)
        #expect(reports.all.last == TransferProgress(bytes: Int64(size), expected: Int64(size)))
        // The first attempt went out on the kept-alive connection and was dropped.
        let ports = try await StreamsServer.stats(name).lastEventIDs
        #expect(Self.resentOnANewConnection(ports, keptAlive: port), "\(ports) after the kept-alive \(port)")
        // Twice more on the connection that is left.
        for _ in 0..<2 {
            #expect(try await client.send(endpoint(StreamsServer.name()).uploading(contentsOf: file)).bytes == size)
        }
    }

    /// A sequence on a kept-alive connection the server closed: on Linux, spooled, it is sent
    /// again whole on a new one, as a file is; on Apple platforms it goes out on a new connection.
    @Test func aSequenceOnAConnectionTheServerClosedIsSentOnANewOne() async throws {
        let name = StreamsServer.name()
        let (keptAlive, port) = try await keptAliveConnection()
        #if canImport(FoundationNetworking)
        let client = keptAlive
        #else
        let client = APIClient(baseURL: try await StreamsServer.url())
        #endif
        let total = 5 * Self.piece
        let pieces = AsyncStream<Data> { continuation in
            for start in stride(from: 0, to: total, by: Self.piece) { continuation.yield(Self.pattern(start, start + Self.piece)) }
            continuation.finish()
        }
        let received = try await client.send(endpoint(name).uploading(pieces))
        let ports = try await StreamsServer.stats(name).lastEventIDs
        #if canImport(FoundationNetworking)
        #expect(received.bytes == total && received.inOrder && received.contentLength == "\(total)")
        #expect(Self.resentOnANewConnection(ports, keptAlive: port), "\(ports) after the kept-alive \(port)")
        #else
        #expect(received.bytes == total && received.inOrder && received.transferEncoding == "chunked")
        #expect(ports.last != port)
        #endif
    }
}
