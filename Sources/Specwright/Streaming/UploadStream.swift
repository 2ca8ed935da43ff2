import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where a streamed upload's bytes come from.
enum UploadSource: Sendable {
    /// A file, read as it is sent; sent again from its start when the request is.
    case file(URL)
    /// A sequence of pieces, read once.
    case pieces(PiecePump)
}

/// A request body read as it is sent (`URLRequest.httpBodyStream`): a file or a sequence of
/// pieces, never loaded whole. Reading counts the bytes for the progress handler.
///
/// Its state is under a lock: URLSession reads it from its own queue. URLSession reads it
/// synchronously on its work queue. From a file that is a disk read; from a
/// sequence, a read waits while the sequence has no bytes ready, and on Linux every request of the
/// process waits with it (swift-corelibs-foundation reads body streams on one shared queue):
/// feed it from a source that keeps ahead of the network, or upload from a file.
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

    /// Whether the body can be sent again (a retry, a redirect that keeps the body): a file can.
    var isReplayable: Bool {
        if case .file = source { return true }
        return false
    }

    override func open() {
        lock.withLock {
            sent = 0
            error = nil
            switch source {
            case .file(let url):
                do {
                    handle = try FileHandle(forReadingFrom: url)
                    status = .open
                } catch {
                    self.error = error
                    status = .error
                }
            case .pieces(let pump):
                if pump.start() {
                    status = .open
                } else {
                    error = UploadNotReplayable()
                    status = .error
                }
            }
        }
    }

    override func close() {
        lock.withLock {
            try? handle?.close()
            handle = nil
            if status != .error { status = .closed }
        }
        if case .pieces(let pump) = source { pump.stop() }
    }

    override var streamStatus: Stream.Status { lock.withLock { status } }
    override var streamError: (any Error)? { lock.withLock { error } }
    override var hasBytesAvailable: Bool { lock.withLock { status == .open } }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        guard maxLength > 0, lock.withLock({ status == .open }) else { return lock.withLock { status == .atEnd ? 0 : -1 } }
        let piece: Data?
        do {
            switch source {
            case .file: piece = try lock.withLock { try handle?.read(upToCount: maxLength) }
            case .pieces(let pump): piece = try pump.take(upTo: maxLength)
            }
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

/// An upload from a sequence was sent a second time (a retry, a redirect): its pieces were read
/// the first time. Upload from a file to allow it.
public struct UploadNotReplayable: Error, CustomStringConvertible {
    /// What happened, and what to do.
    public var description: String {
        "The request body is a sequence of bytes that was read when the request was first sent, so it cannot be sent again; upload from a file to allow retries and redirects."
    }
}

/// Reads a sequence of pieces ahead of the upload into a bounded buffer, in a task of its own:
/// the upload takes from the buffer; the task waits while the buffer is full.
final class PiecePump: @unchecked Sendable {
    private let condition = NSCondition()
    private let limit: Int
    private let makeIterator: @Sendable () -> (@Sendable () async throws -> Data?)
    private var buffer: [Data] = []
    private var buffered = 0
    private var finished = false
    private var failure: (any Error)?
    private var started = false
    private var stopped = false
    private var room: CheckedContinuation<Void, Never>?
    private var task: Task<Void, Never>?

    init<Pieces: AsyncSequence & Sendable>(_ sequence: Pieces, limit: Int = 1 << 20) where Pieces.Element == Data {
        self.limit = limit
        makeIterator = {
            let box = PieceIterator(sequence.makeAsyncIterator())
            return { try await box.next() }
        }
    }

    /// Starts reading the sequence; false when it was started before (its pieces are gone).
    func start() -> Bool {
        let first = condition.withLock {
            defer { started = true }
            return !started
        }
        guard first else { return false }
        let next = makeIterator()
        task = Task { [weak self] in
            do {
                while let piece = try await next() {
                    guard let self, await self.put(piece) else { return }
                }
                self?.end(nil)
            } catch {
                self?.end(error)
            }
        }
        return true
    }

    /// Stops reading (the upload ended or was cancelled).
    func stop() {
        let waiting: CheckedContinuation<Void, Never>? = condition.withLock {
            stopped = true
            buffer = []
            buffered = 0
            condition.broadcast()
            defer { room = nil }
            return room
        }
        waiting?.resume()
        task?.cancel()
    }

    /// Puts a piece in the buffer, waiting for room; false once stopped.
    private func put(_ piece: Data) async -> Bool {
        while true {
            let proceed: Bool? = condition.withLock {
                if stopped { return false }
                guard buffered < limit else { return nil }
                buffer.append(piece)
                buffered += piece.count
                condition.broadcast()
                return true
            }
            if let proceed { return proceed }
            await withCheckedContinuation { continuation in
                let now = condition.withLock {
                    guard buffered >= limit, !stopped else { return true }
                    room = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        }
    }

    private func end(_ error: (any Error)?) {
        condition.withLock {
            finished = true
            failure = error
            condition.broadcast()
        }
    }

    /// At most `count` bytes, waiting while none are ready; empty at the end.
    func take(upTo count: Int) throws -> Data {
        let (piece, waiting): (Data, CheckedContinuation<Void, Never>?) = try condition.withLock {
            while buffer.isEmpty, !finished, !stopped { condition.wait() }
            if buffer.isEmpty {
                if let failure { throw failure }
                return (Data(), nil)
            }
            var first = buffer.removeFirst()
            if first.count > count {
                buffer.insert(first.subdata(in: first.startIndex + count..<first.endIndex), at: 0)
                first = first.prefix(count)
            }
            buffered -= first.count
            defer { room = nil }
            return (Data(first), room)
        }
        waiting?.resume()
        return piece
    }
}

/// A sequence's iterator in a class, advanced by one task.
private final class PieceIterator<Iterator: AsyncIteratorProtocol>: @unchecked Sendable where Iterator.Element == Data {
    private var iterator: Iterator

    init(_ iterator: Iterator) {
        self.iterator = iterator
    }

    func next() async throws -> Data? {
        try await iterator.next()
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

    /// The same endpoint sending the pieces of `bytes` as its body, as they come (see
    /// ``RequestBody/stream(_:length:contentType:progress:)``).
    public func uploading<Pieces: AsyncSequence & Sendable>(
        _ bytes: Pieces, length: Int64? = nil, contentType: String? = nil, progress: ProgressHandler? = nil
    ) -> Endpoint where Pieces.Element == Data {
        var endpoint = self
        endpoint.body = .stream(bytes, length: length, contentType: contentType ?? body?.bytesContentType ?? "application/octet-stream", progress: progress)
        return endpoint
    }
}
