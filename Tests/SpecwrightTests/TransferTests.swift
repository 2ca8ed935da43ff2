import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright
import TestSupport
import Testing

/// Downloads to a file and uploads from a file or a sequence, against the stream server on
/// loopback: what arrived is checked by the server (uploads) or byte by byte (downloads).
@Suite struct TransferTests {
    static let api = APIDefaults()

    /// Bytes `start..<end` of the server's pattern 0, 1, ... 255, 0, 1, ...
    static func pattern(_ start: Int, _ end: Int) -> Data {
        Data((start..<end).lazy.map { UInt8(truncatingIfNeeded: $0) })
    }

    struct Received: Decodable, Sendable {
        var bytes: Int
        var inOrder: Bool
        var contentLength: String?
        var transferEncoding: String?
        var expect: String?
        var contentType: String?

        enum CodingKeys: String, CodingKey {
            case bytes, expect
            case inOrder = "in_order"
            case contentLength = "content_length"
            case transferEncoding = "transfer_encoding"
            case contentType = "content_type"
        }
    }

    /// The progress a transfer reported, in order.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var reports: [TransferProgress] = []
        func add(_ report: TransferProgress) { lock.withLock { reports.append(report) } }
        var all: [TransferProgress] { lock.withLock { reports } }
    }

    func client() async throws -> APIClient {
        APIClient(baseURL: try await StreamsServer.url())
    }

    func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("specwright-transfer-\(UUID().uuidString)")
    }

    @Test func aDownloadGoesToTheFileWithItsProgress() async throws {
        let name = StreamsServer.name()
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let reports = Reports()
        let size = 3_000_000
        let endpoint = Endpoint<Data, Never>(.get, "/files/\(name)", Self.api, query: ["size": size], response: .data)
        let response = try await client().download(endpoint, to: file, progress: reports.add)
        #expect(response.value == file && response.statusCode == 200)
        #expect(try Data(contentsOf: file) == Self.pattern(0, size))
        let all = reports.all
        #expect(all.last == TransferProgress(bytes: Int64(size), expected: Int64(size)))
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.bytes < $1.bytes })
    }

    @Test func aDroppedDownloadResumesWithARange() async throws {
        let name = StreamsServer.name()
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let size = 2_000_000
        let endpoint = Endpoint<ByteStream, Never>(.get, "/files/\(name)", Self.api, query: ["size": size, "drop_at": 700_000], response: .bytes)
        let response = try await client().download(endpoint, to: file, resume: true)
        #expect(response.statusCode == 206)
        #expect(try Data(contentsOf: file) == Self.pattern(0, size))
        let stats = try await StreamsServer.stats(name)
        #expect(stats.connections == 2)
        #expect(stats.lastEventIDs.first == .some(nil))
        #expect(stats.lastEventIDs.last??.hasPrefix("bytes=") == true)
    }

    @Test func aDownloadContinuesAFileAlreadyThere() async throws {
        let name = StreamsServer.name()
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try Self.pattern(0, 500_000).write(to: file)
        let endpoint = Endpoint<Data, Never>(.get, "/files/\(name)", Self.api, query: ["size": 1_200_000], response: .data)
        let reports = Reports()
        _ = try await client().download(endpoint, to: file, resume: true, progress: reports.add)
        #expect(try Data(contentsOf: file) == Self.pattern(0, 1_200_000))
        #expect(try await StreamsServer.stats(name).lastEventIDs == ["bytes=500000-"])
        // Told first when the answer came (the bytes on disk), then of each piece.
        #expect(reports.all.first.map { $0.bytes == 500_000 && $0.expected == 1_200_000 } == true)
        #expect(reports.all.dropFirst().first.map { $0.bytes > 500_000 } == true)
        // Whole already: the server's 416 says so, and the file is left as it is.
        let again = try await client().download(endpoint, to: file, resume: true)
        #expect(again.statusCode == 416)
        #expect(try Data(contentsOf: file).count == 1_200_000)
    }

    @Test func aFileLongerThanTheServersIsDownloadedAgain() async throws {
        let name = StreamsServer.name()
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try Self.pattern(0, 1_500_000).write(to: file)
        let endpoint = Endpoint<Data, Never>(.get, "/files/\(name)", Self.api, query: ["size": 1_200_000], response: .data)
        let response = try await client().download(endpoint, to: file, resume: true)
        #expect(response.statusCode == 200)
        #expect(try Data(contentsOf: file) == Self.pattern(0, 1_200_000))
        // The 416 for 1,500,000 said the server has 1,200,000 bytes: the second request asks for all.
        #expect(try await StreamsServer.stats(name).lastEventIDs == ["bytes=1500000-", nil])
    }

    @Test func aBodyShorterThanItsLengthIsACutDownload() async throws {
        let mock = MockTransport()
        mock.on(.get, "/short", .status(200, body: Data(count: 50), headers: ["Content-Length": "100"]))
        let client = APIClient(baseURL: URL(string: "https://files.example.com")!, transport: mock)
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try await client.download(Endpoint<Data, Never>(.get, "/short", Self.api, response: .data), to: file)
            Issue.record("a body cut at 50 of 100 bytes was a whole download")
        } catch {
            guard case .transport(let underlying) = error else { throw error }
            #expect((underlying as? URLError)?.code == .networkConnectionLost)
        }
    }

    @Test func aRangeOrValidatorTheCallerSetsIsKept() async throws {
        let mock = MockTransport()
        mock.on(.get, "/part", .status(206, body: Data([1, 2, 3, 4]), headers: ["Content-Range": "bytes 1-4/100", "Content-Length": "4"]))
        mock.on(.get, "/rest", .status(206, body: Data(count: 50), headers: ["Content-Range": "bytes 50-99/100", "Content-Length": "50", "ETag": #""v1""#]))
        let client = APIClient(baseURL: URL(string: "https://files.example.com")!, transport: mock)
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        // A part asked for is the download.
        var part = Endpoint<Data, Never>(.get, "/part", Self.api, response: .data)
        part.headers.append((name: "Range", value: "bytes=1-4"))
        let reports = Reports()
        try await client.download(part, to: file, progress: reports.add)
        #expect(try Data(contentsOf: file) == Data([1, 2, 3, 4]))
        #expect(reports.all.last.map { $0.bytes == 4 && $0.expected == 4 } == true)
        // A validator kept from an earlier run goes with the first resumption.
        try Data(count: 50).write(to: file)
        var rest = Endpoint<Data, Never>(.get, "/rest", Self.api, response: .data)
        rest.headers.append((name: "If-Range", value: #""v1""#))
        try await client.download(rest, to: file, resume: true)
        #expect(try Data(contentsOf: file).count == 100)
        let sent = try #require(mock.requests(.get, "/rest").first)
        #expect(sent.value(forHTTPHeaderField: "Range") == "bytes=50-")
        #expect(sent.value(forHTTPHeaderField: "If-Range") == #""v1""#)
    }

    @Test func anUploadOfAMissingFileSaysWhichFile() async throws {
        let mock = MockTransport()
        let client = APIClient(baseURL: URL(string: "https://files.example.com")!, transport: mock)
        let missing = temporaryFile()
        do {
            _ = try await client.send(Endpoint<Empty, Never>(.put, "/up", Self.api, response: .empty).uploading(contentsOf: missing))
            Issue.record("a missing file was uploaded")
        } catch {
            guard case .encoding = error else { throw error }
            #expect(error.localizedDescription == "The request body could not be read: The file to upload, \(missing.path), cannot be read.")
        }
        #expect(mock.requests.isEmpty, "nothing was sent")
    }

    @Test func aDownloadThatFailsWithAStatusIsTheUsualError() async throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let endpoint = Endpoint<Data, Never>(.get, "/flaky/\(StreamsServer.name())", Self.api, query: ["failures": 5], response: .data)
        let client = try await client()
        do {
            try await client.download(endpoint, to: file)
            Issue.record("a 503 was downloaded")
        } catch {
            #expect(error.statusCode == 503)
        }
    }

    @Test func anUploadFromAFileIsReadAsItIsSent() async throws {
        let name = StreamsServer.name()
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let size = 3_000_000
        try Self.pattern(0, size).write(to: file)
        let reports = Reports()
        let endpoint = Endpoint<Received, Never>(.put, "/uploads/\(name)", Self.api, body: .binary(Data(), contentType: "video/mp4"), response: .json)
            .uploading(contentsOf: file, progress: reports.add)
        let received = try await client().send(endpoint)
        #expect(received.bytes == size && received.inOrder)
        #expect(received.contentLength == "\(size)" && received.transferEncoding == nil && received.contentType == "video/mp4")
        #expect(reports.all.last == TransferProgress(bytes: Int64(size), expected: Int64(size)))
        let all = reports.all
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.bytes < $1.bytes })
    }

    @Test func anUploadFromASequenceIsSentAsItComes() async throws {
        let name = StreamsServer.name()
        let pieces = AsyncStream<Data> { continuation in
            for start in stride(from: 0, to: 1_000_000, by: 100_000) { continuation.yield(Self.pattern(start, start + 100_000)) }
            continuation.finish()
        }
        let endpoint = Endpoint<Received, Never>(.put, "/uploads/\(name)", Self.api, response: .json).uploading(pieces)
        let received = try await client().send(endpoint)
        #expect(received.bytes == 1_000_000 && received.inOrder)
        #if canImport(FoundationNetworking)
        // On Linux, written to a file as it comes and sent with its length (see StreamedUploadTests).
        #expect(received.contentLength == "1000000" && received.transferEncoding == nil)
        #else
        // Sent as it comes: chunked, without a length (see StreamedUploadTests).
        #expect(received.contentLength == nil && received.transferEncoding == "chunked")
        #endif
        #expect(received.contentType == "application/octet-stream")
    }

    @Test func uploadsGoThroughASessionOfYourOwnToo() async throws {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let client = APIClient(baseURL: try await StreamsServer.url(), transport: URLSessionTransport(session: session))
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try Self.pattern(0, 600_000).write(to: file)
        let fromFile = StreamsServer.name()
        let received = try await client.send(Endpoint<Received, Never>(.put, "/uploads/\(fromFile)", Self.api, response: .json).uploading(contentsOf: file))
        #expect(received.bytes == 600_000 && received.inOrder && received.contentLength == "600000")
        let fromSequence = StreamsServer.name()
        let pieces = AsyncStream<Data> { continuation in
            continuation.yield(Self.pattern(0, 300_000))
            continuation.yield(Self.pattern(300_000, 400_000))
            continuation.finish()
        }
        let again = try await client.send(Endpoint<Received, Never>(.put, "/uploads/\(fromSequence)", Self.api, response: .json).uploading(pieces))
        // Spooled to a file first on Linux (see UploadTasks.spooledIfForeign), chunked elsewhere.
        #if canImport(FoundationNetworking)
        #expect(again.bytes == 400_000 && again.inOrder && again.contentLength == "400000")
        #else
        #expect(again.bytes == 400_000 && again.inOrder && again.transferEncoding == "chunked")
        #endif
    }
}
