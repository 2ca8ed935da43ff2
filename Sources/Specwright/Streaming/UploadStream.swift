import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where a streamed upload's bytes come from.
enum UploadSource: Sendable {
    /// A file, read as it is sent; sent again from its start when the request is.
    case file(URL)
    /// A sequence of pieces, written to a temporary file before the request is sent (see ``PieceSpool``).
    case pieces(PieceSpool)

    /// The file the body is read from; nil for a sequence not spooled yet.
    var file: URL? {
        switch self {
        case .file(let url): url
        case .pieces(let spool): spool.file
        }
    }
}

/// A request body read as it is sent (`URLRequest.httpBodyStream`): a file, or a sequence spooled
/// to one, never loaded whole. ``URLSessionTransport`` sends both with `uploadTask(fromFile:)`
/// instead, which URLSession can send again from the start (and which needs no stream subclass
/// on Apple platforms); this stream is what other transports read. Reading counts the bytes for
/// the progress handler. Its state is under a lock: a transport may read it on a queue of its
/// own, synchronously, so a read is a disk read and never waits for anything else.
final class UploadStream: InputStream {
    let source: UploadSource
    let length: Int64?
    private let progress: ProgressHandler?
    private let lock = NSLock()
    private var status: Stream.Status = .notOpen
    private var error: (any Error)?
    private var handle: FileHandle?
    private var sent: Int64 = 0
    private weak var streamDelegate: (any StreamDelegate)?

    init(source: UploadSource, length: Int64?, progress: ProgressHandler?) {
        self.source = source
        self.length = length
        self.progress = progress
        super.init(data: Data())
    }


    /// Progress URLSession reports for an upload it reads itself (a file's `uploadTask`).
    func report(sent: Int64, expected: Int64?) {
        progress?(TransferProgress(bytes: sent, expected: length ?? expected))
    }

    /// A stream of the same bytes from their start, with the same progress handler.
    func restarted() -> UploadStream {
        UploadStream(source: source, length: length, progress: progress)
    }

    override func open() {
        lock.withLock {
            sent = 0
            error = nil
            do {
                // A sequence is spooled before the request is made (see `RequestBody.prepared()`).
                guard let url = source.file else { throw CocoaError(.fileReadUnknown) }
                try? handle?.close()
                handle = try FileHandle(forReadingFrom: url)
                status = .open
            } catch {
                self.error = error
                status = .error
            }
        }
    }

    override func close() {
        lock.withLock {
            try? handle?.close()
            handle = nil
            if status != .error { status = .closed }
        }
    }

    override var streamStatus: Stream.Status { lock.withLock { status } }
    override var streamError: (any Error)? { lock.withLock { error } }
    override var hasBytesAvailable: Bool { lock.withLock { status == .open } }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        guard maxLength > 0, lock.withLock({ status == .open }) else { return lock.withLock { status == .atEnd ? 0 : -1 } }
        let piece: Data?
        do {
            piece = try lock.withLock { try handle?.read(upToCount: maxLength) }
        } catch {
            lock.withLock {
                self.error = error
                status = .error
            }
            return -1
        }
        guard let piece, !piece.isEmpty else {
            lock.withLock { status = .atEnd }
            return 0
        }
        piece.copyBytes(to: buffer, count: piece.count)
        let total = lock.withLock {
            sent += Int64(piece.count)
            return sent
        }
        progress?(TransferProgress(bytes: total, expected: length))
        return piece.count
    }

    override func getBuffer(_ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>) -> Bool {
        false
    }

    // What Apple's URLSession asks of a stream subclass, beside reading.
    override var delegate: (any StreamDelegate)? {
        get { streamDelegate }
        set { streamDelegate = newValue }
    }

    #if !canImport(FoundationNetworking)
    override func property(forKey key: Stream.PropertyKey) -> Any? { nil }
    override func setProperty(_ property: Any?, forKey key: Stream.PropertyKey) -> Bool { false }
    override func schedule(in aRunLoop: RunLoop, forMode mode: RunLoop.Mode) {}
    override func remove(from aRunLoop: RunLoop, forMode mode: RunLoop.Mode) {}
    #endif
}

/// The pieces of a sequence, written to a temporary file before the request goes out, then sent
/// from it; the file is removed when the body is done with (a process that dies meanwhile leaves
/// it in the temporary folder, as `specwright-upload-<UUID>`).
///
/// URLSession on Linux reads a body stream synchronously, on the one queue every request of the
/// process shares: a read that waited for an async sequence would stop the very tasks that feed it
/// (found by the tests: the pool's threads wait on that queue to start their requests). Spooled,
/// the upload reads a file, memory stays flat, and the body can be sent again (a retry, a `307`).
final class PieceSpool: @unchecked Sendable {
    private let lock = NSLock()
    private let write: @Sendable (FileHandle) async throws -> Int64
    private var spooling: Task<(URL, Int64), any Error>?
    private var result: (file: URL, length: Int64)?
    /// The file, once made, to remove when the spool goes away.
    private var made: URL?

    init<Pieces: AsyncSequence & Sendable>(_ sequence: Pieces) where Pieces.Element == Data {
        write = { handle in
            var count: Int64 = 0
            for try await piece in sequence {
                try handle.write(contentsOf: piece)
                count += Int64(piece.count)
            }
            return count
        }
    }

    /// The spooled file and its length, spooling the sequence on the first call (once: the
    /// sequence is read once).
    func spooled() async throws -> (file: URL, length: Int64) {
        let task = lock.withLock { () -> Task<(URL, Int64), any Error> in
            if let spooling { return spooling }
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("specwright-upload-\(UUID().uuidString)")
            made = url
            let write = write
            let task = Task {
                guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
                }
                let handle = try FileHandle(forWritingTo: url)
                defer { try? handle.close() }
                return (url, try await write(handle))
            }
            spooling = task
            return task
        }
        // Cancelling the request stops reading the sequence (a live one may never end).
        let (file, length) = try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
        lock.withLock { result = (file, length) }
        return (file, length)
    }

    /// The spooled file, once ``spooled()`` has made it.
    var file: URL? {
        lock.withLock { result?.file }
    }

    deinit {
        if let made { try? FileManager.default.removeItem(at: made) }
    }
}

extension Endpoint {
    /// The same endpoint sending `file`'s bytes as its body, read from disk as they are sent,
    /// with the media type the body had (`application/octet-stream` without one).
    public func uploading(contentsOf file: URL, contentType: String? = nil, progress: ProgressHandler? = nil) -> Endpoint {
        var endpoint = self
        endpoint.body = .file(file, contentType: contentType ?? body?.bytesContentType ?? "application/octet-stream", progress: progress)
        return endpoint
    }

    /// The same endpoint sending the pieces of `bytes` as its body, spooled to a temporary file as
    /// they come (see ``RequestBody/stream(_:contentType:progress:)``).
    public func uploading<Pieces: AsyncSequence & Sendable>(
        _ bytes: Pieces, contentType: String? = nil, progress: ProgressHandler? = nil
    ) -> Endpoint where Pieces.Element == Data {
        var endpoint = self
        endpoint.body = .stream(bytes, contentType: contentType ?? body?.bytesContentType ?? "application/octet-stream", progress: progress)
        return endpoint
    }
}
