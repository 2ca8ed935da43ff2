import Foundation

/// A response body as it arrives, piece by piece: an `AsyncSequence` of `Data`.
///
/// It is read once: the pieces a loop has taken are gone, and a second loop goes on where the
/// first stopped. A slow reader does not fill memory: from ``URLSessionTransport`` at most
/// ``URLSessionTransport/streamBufferBytes`` wait in memory, the rest in a temporary file.
/// Cancelling the reading task, or dropping every copy of the stream and its iterators, closes
/// the connection.
public struct ByteStream: AsyncSequence, Sendable {
    /// A piece of the body, in the size it came off the network.
    public typealias Element = Data

    /// Owns the source: when the last copy of the stream and its iterators is gone, the source is
    /// cancelled.
    let handle: ByteSourceHandle

    init(source: any ByteSource) {
        handle = ByteSourceHandle(source)
    }

    /// A stream of one piece: `data` (nothing when it is empty).
    public init(_ data: Data) {
        self.init(chunks: data.isEmpty ? [] : [data])
    }

    /// A stream of these pieces, in order: for tests of code that reads a stream.
    public init(chunks: [Data]) {
        self.init(source: ChunkSource(chunks))
    }

    /// A stream of the pieces `sequence` produces, read once, as it is read.
    public init<Pieces: AsyncSequence & Sendable>(_ sequence: Pieces) where Pieces.Element == Data {
        self.init(source: SequenceSource(sequence))
    }

    /// Reads the pieces one after the other.
    public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
        let handle: ByteSourceHandle

        /// The next piece, or nil at the end of the body. Throws when the transfer failed (a cut
        /// connection: `URLError(.networkConnectionLost)`), and `CancellationError` when the reading
        /// task was cancelled (the connection is closed then).
        public mutating func next() async throws -> Data? {
            try await handle.next()
        }
    }

    /// An iterator over the pieces still to come.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(handle: handle)
    }

    /// Stops the transfer: the connection is closed and the pieces not read are dropped.
    public func cancel() {
        handle.source.cancel()
    }

    /// The first `limit` bytes still to come (all of them when fewer); the connection is closed
    /// after them.
    public func prefix(upTo limit: Int) async throws -> Data {
        var data = Data()
        for try await piece in self {
            data.append(piece.prefix(limit - data.count))
            if data.count >= limit { break }
        }
        cancel()
        return data
    }

    /// Every piece still to come, joined; throws ``ResponseTooLargeError`` (and closes the
    /// connection) once they pass `limit` bytes.
    public func collect(upTo limit: Int) async throws -> Data {
        var data = Data()
        for try await piece in self {
            guard data.count + piece.count <= limit else {
                cancel()
                throw ResponseTooLargeError(limit: limit, declaredLength: nil)
            }
            data.append(piece)
        }
        return data
    }
}

/// Where the pieces of a ``ByteStream`` come from. One reader at a time.
protocol ByteSource: AnyObject, Sendable {
    /// The next piece; nil at the end.
    func next() async throws -> Data?
    /// Stops the transfer; every later `next()` gets `CancellationError`, and so does a reader
    /// waiting (at once for the transport's streams; a stream read from another sequence when that
    /// sequence's next piece comes).
    func cancel()
}

/// The source of a stream and its copies; cancels the source when the last of them goes away, so
/// a stream no one reads any more does not keep its connection open.
final class ByteSourceHandle: Sendable {
    let source: any ByteSource

    init(_ source: any ByteSource) {
        self.source = source
    }

    func next() async throws -> Data? {
        try await withTaskCancellationHandler {
            try Task.checkCancellation()
            return try await source.next()
        } onCancel: {
            source.cancel()
        }
    }

    deinit {
        source.cancel()
    }
}

/// A stream of pieces already in memory, and a failure after them (a test's cut connection).
final class ChunkSource: ByteSource, @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [Data]
    private let failure: (any Error)?
    private var position = 0
    private var cancelled = false

    init(_ chunks: [Data], failure: (any Error)? = nil) {
        self.chunks = chunks
        self.failure = failure
    }

    /// Every piece, when none has been read yet and no failure follows them: the whole body.
    var whole: Data? {
        lock.withLock {
            guard position == 0, !cancelled, failure == nil else { return nil }
            return chunks.count == 1 ? chunks[0] : chunks.reduce(into: Data()) { $0.append($1) }
        }
    }

    func next() async throws -> Data? {
        try lock.withLock {
            if cancelled { throw CancellationError() }
            guard position < chunks.count else {
                if let failure { throw failure }
                return nil
            }
            defer { position += 1 }
            return chunks[position]
        }
    }

    func cancel() {
        lock.withLock {
            cancelled = true
            chunks = []
        }
    }
}

/// A stream read from another `AsyncSequence` of pieces, one reader at a time.
final class SequenceSource: ByteSource, @unchecked Sendable {
    /// Reads the next piece of the sequence (its iterator, boxed so the source stays `Sendable`).
    private let read: @Sendable () async throws -> Data?
    private let lock = NSLock()
    private var cancelled = false

    init<Pieces: AsyncSequence & Sendable>(_ sequence: Pieces) where Pieces.Element == Data {
        let iterator = IteratorBox(sequence.makeAsyncIterator())
        read = { try await iterator.next() }
    }

    func next() async throws -> Data? {
        if lock.withLock({ cancelled }) { throw CancellationError() }
        let piece = try await read()
        if lock.withLock({ cancelled }) { throw CancellationError() }
        return piece
    }

    func cancel() {
        lock.withLock { cancelled = true }
    }
}

/// An iterator kept in a class, so a `Sendable` closure can advance it; only one reader at a time
/// may call ``next()``.
private final class IteratorBox<Iterator: AsyncIteratorProtocol>: @unchecked Sendable where Iterator.Element == Data {
    private var iterator: Iterator

    init(_ iterator: Iterator) {
        self.iterator = iterator
    }

    func next() async throws -> Data? {
        try await iterator.next()
    }
}

extension ByteStream {
    /// The same stream, calling `onEnd` once with the bytes read when it ends: at its end, on a
    /// failure (with the error), or when it is cancelled or dropped (with `CancellationError`).
    func observed(onEnd: @escaping @Sendable (_ bytes: Int, _ error: (any Error)?) -> Void) -> ByteStream {
        ByteStream(source: ObservedSource(handle, onEnd: onEnd))
    }
}

/// A stream that counts what is read from another and reports when it ends.
private final class ObservedSource: ByteSource, @unchecked Sendable {
    private let inner: ByteSourceHandle
    private let onEnd: @Sendable (Int, (any Error)?) -> Void
    private let lock = NSLock()
    private var bytes = 0
    private var reported = false

    init(_ inner: ByteSourceHandle, onEnd: @escaping @Sendable (Int, (any Error)?) -> Void) {
        self.inner = inner
        self.onEnd = onEnd
    }

    func next() async throws -> Data? {
        do {
            guard let piece = try await inner.source.next() else {
                report(nil)
                return nil
            }
            lock.withLock { bytes += piece.count }
            return piece
        } catch {
            report(error)
            throw error
        }
    }

    func cancel() {
        inner.source.cancel()
        report(CancellationError())
    }

    private func report(_ error: (any Error)?) {
        let count: Int? = lock.withLock {
            guard !reported else { return nil }
            reported = true
            return bytes
        }
        if let count { onEnd(count, error) }
    }

    deinit {
        report(CancellationError())
    }
}
