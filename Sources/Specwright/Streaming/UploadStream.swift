import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where a streamed upload's bytes come from.
enum UploadSource: Sendable {
    /// A file, read as it is sent; sent again from its start when the request is.
    case file(URL)
    /// A sequence sent as it is produced, once (see ``LiveUpload``).
    case live(LivePieces)
    /// A sequence written to a temporary file before the request is sent (see ``PieceSpool``).
    case spooled(PieceSpool)

    /// The file the body is read from; nil for a live sequence and a sequence not spooled yet.
    var file: URL? {
        switch self {
        case .file(let url): url
        case .live: nil
        case .spooled(let spool): spool.file
        }
    }
}

/// A request body read as it is sent (`URLRequest.httpBodyStream`): a file, a sequence spooled to
/// one, or a live sequence, never loaded whole. This is what a transport reads; how
/// ``URLSessionTransport`` sends each kind is told in ``RequestBody/file(_:contentType:progress:)``
/// and ``RequestBody/stream(_:contentType:progress:)``. A file's stream sends exactly the length
/// it was given (a file that shrank meanwhile is an error, one that grew is cut there), counting
/// the bytes for the progress handler; a live sequence's stream waits in `read` for the next
/// piece. State is under a lock: a transport may read on a queue of its own.
final class UploadStream: InputStream {
    let source: UploadSource
    let length: Int64?
    let progress: ProgressHandler?
    private let lock = NSLock()
    private var status: Stream.Status = .notOpen
    private var error: (any Error)?
    private var handle: FileHandle?
    private var live: LiveReader?
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
            guard status == .notOpen else { return }
            do {
                switch source {
                case .live(let pieces):
                    live = try LiveReader(pieces)
                case .file, .spooled:
                    // A sequence is spooled before the request is made (see `RequestBody.prepared()`).
                    guard let url = source.file else { throw CocoaError(.fileReadUnknown) }
                    handle = try FileHandle(forReadingFrom: url)
                }
                status = .open
            } catch {
                self.error = error
                status = .error
            }
        }
    }

    override func close() {
        let live = lock.withLock {
            try? handle?.close()
            handle = nil
            if status != .error { status = .closed }
            defer { self.live = nil }
            return self.live
        }
        live?.stop()
    }

    override var streamStatus: Stream.Status { lock.withLock { status } }
    override var streamError: (any Error)? { lock.withLock { error } }
    override var hasBytesAvailable: Bool { lock.withLock { status == .open } }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        guard maxLength > 0, lock.withLock({ status == .open }) else { return lock.withLock { status == .atEnd ? 0 : -1 } }
        if let live = lock.withLock({ live }) {
            return readLive(live, into: buffer, maxLength: maxLength)
        }
        let wanted = length.map { Int(clamping: min(Int64(maxLength), $0 - lock.withLock { sent })) } ?? maxLength
        guard wanted > 0 else {
            lock.withLock { status = .atEnd }
            return 0
        }
        let piece: Data?
        do {
            piece = try lock.withLock { try handle?.read(upToCount: wanted) }
        } catch {
            return failed(error)
        }
        guard let piece, !piece.isEmpty else {
            if let length, lock.withLock({ sent }) < length {
                // Cut short, the body would not match its Content-Length.
                return failed(CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "The file to upload became shorter than its \(length) bytes while it was being sent."]))
            }
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

    private func readLive(_ live: LiveReader, into buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        let count = live.pipe.read(into: buffer, count: maxLength)
        if let failure = live.failure { return failed(failure) }
        if count < 0 { return failed(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)) }
        if count == 0 {
            lock.withLock { status = .atEnd }
            return 0
        }
        let total = lock.withLock {
            sent += Int64(count)
            return sent
        }
        progress?(TransferProgress(bytes: total, expected: nil))
        return count
    }

    private func failed(_ error: any Error) -> Int {
        lock.withLock {
            if self.error == nil { self.error = error }
            status = .error
        }
        return -1
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

/// A live sequence read through ``UploadStream`` (by a transport other than URLSession's): the
/// pieces go into a pipe the stream reads, waiting. An error of the sequence stops the pipe, and
/// the reader gets the error, never the end of a body cut short.
final class LiveReader: @unchecked Sendable {
    let pipe: PiecePipe
    private let upload: LiveUpload
    private let lock = NSLock()
    private var error: (any Error)?

    init(_ pieces: LivePieces) throws {
        pipe = try PiecePipe()
        upload = try LiveUpload(pieces, sink: pipe, progress: nil)
        upload.start { [pipe, weak self] error in
            self?.lock.withLock { self?.error = error }
            pipe.stop()
        }
    }

    /// What the sequence failed with, if it has.
    var failure: (any Error)? {
        lock.withLock { error }
    }

    /// The body is done with: stops reading the sequence.
    func stop() {
        _ = upload.complete(error: nil, sent: nil)
    }
}

/// The pieces of a sequence, written to a temporary file before the request goes out, then sent
/// from it with their `Content-Length` (``RequestBody/spooledStream(_:contentType:progress:)``);
/// the file is removed when the body is done with (a process that dies meanwhile leaves it in the
/// temporary folder, as `specwright-upload-<UUID>`). Memory stays flat, and the body can be sent
/// again (a retry, a `307`), which a sequence sent as it is produced cannot.
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
            // A sequence's loop also ends when its reader is cancelled (`AsyncStream` gives nil):
            // that is no end of the body, which would go out cut short as if whole.
            try Task.checkCancellation()
            return count
        }
    }

    /// A spool of the pieces `loop` hands over (a live sequence taken by a send that spools it).
    init(loop: @escaping LivePieces.Loop) {
        write = { handle in
            let count = Counter()
            try await loop { piece in
                try handle.write(contentsOf: piece)
                count.add(piece.count)
            }
            try Task.checkCancellation()
            return count.total
        }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count: Int64 = 0
        func add(_ bytes: Int) { lock.withLock { count += Int64(bytes) } }
        var total: Int64 { lock.withLock { count } }
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

    /// The same endpoint sending the pieces of `bytes` as its body as they are produced, chunked,
    /// once (see ``RequestBody/stream(_:contentType:progress:)``).
    public func uploading<Pieces: AsyncSequence & Sendable>(
        _ bytes: Pieces, contentType: String? = nil, progress: ProgressHandler? = nil
    ) -> Endpoint where Pieces.Element == Data {
        var endpoint = self
        endpoint.body = .stream(bytes, contentType: contentType ?? body?.bytesContentType ?? "application/octet-stream", progress: progress)
        return endpoint
    }

    /// The same endpoint sending the pieces of `bytes` written to a temporary file first, with
    /// their `Content-Length`, so the request can be sent again (see
    /// ``RequestBody/spooledStream(_:contentType:progress:)``).
    public func uploadingSpooled<Pieces: AsyncSequence & Sendable>(
        _ bytes: Pieces, contentType: String? = nil, progress: ProgressHandler? = nil
    ) -> Endpoint where Pieces.Element == Data {
        var endpoint = self
        endpoint.body = .spooledStream(bytes, contentType: contentType ?? body?.bytesContentType ?? "application/octet-stream", progress: progress)
        return endpoint
    }
}
