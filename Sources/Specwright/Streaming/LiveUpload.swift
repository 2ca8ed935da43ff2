import Foundation

/// The pieces of an `AsyncSequence` of `Data`, sent as they are produced, by one send only.
final class LivePieces: @unchecked Sendable {
    /// Hands each piece to `write`, in order.
    typealias Loop = @Sendable (_ write: @Sendable (Data) async throws -> Void) async throws -> Void

    private let lock = NSLock()
    private var loop: Loop?

    init<Pieces: AsyncSequence & Sendable>(_ sequence: Pieces) where Pieces.Element == Data {
        loop = { write in
            for try await piece in sequence where !piece.isEmpty {
                try await write(piece)
            }
        }
    }

    /// The sequence's loop for the send that takes it; nil for every later one.
    func take() -> Loop? {
        lock.withLock {
            defer { loop = nil }
            return loop
        }
    }
}

/// Thrown when a request whose body is an `AsyncSequence` sent as it was produced would have to
/// be sent again: a second send of the same request (a retry, a `307`), or URLSession asking for
/// the body anew in the middle of the request. The request fails rather than send a body cut
/// short or repeated; ``RequestBody/spooledStream(_:contentType:progress:)`` makes a body that
/// can be sent again. ``APIClient`` reports it as ``APIError/transport(_:)``.
public struct SequenceResendError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The bytes of the sequence produced before the request had to start over; nil when none was sent.
    public var bytesProduced: Int64?

    /// An error for a sequence of which `bytesProduced` bytes had gone out.
    public init(bytesProduced: Int64?) {
        self.bytesProduced = bytesProduced
    }

    public var description: String {
        let sent = bytesProduced.map { " after \($0) bytes of it had been produced" } ?? ""
        return "The request body, an AsyncSequence sent as it is produced, cannot be sent again\(sent); "
            + "RequestBody.spooledStream(_:) makes a body that can be resent."
    }

    public var errorDescription: String? { description }
}

/// Where ``LiveUpload`` writes the pieces: a ``PiecePipe``, or on Apple platforms a bound stream pair.
protocol PieceSink: AnyObject, Sendable {
    /// Takes all of `piece`, waiting (without blocking a thread) while the reader is behind.
    func write(_ piece: Data) async throws
    /// The sequence ended: the reader sees the end once it has read everything.
    func finish()
    /// The request is over: drops what waits.
    func stop()
}

extension PiecePipe: PieceSink {}

/// One send of a sequence: a task reads it into a sink as the sink takes the pieces, so memory
/// holds at most a piece and the sink's buffer. The end of the sequence ends the body; an error of
/// the sequence, or URLSession asking for the body again, cancels the request instead (the sink is
/// never ended then, so the server never sees a complete body), and the request fails with that
/// error. The task's end, or the caller's cancellation, stops reading the sequence.
final class LiveUpload: @unchecked Sendable {
    private let lock = NSLock()
    private let loop: LivePieces.Loop
    private let sink: any PieceSink
    private let progress: ProgressHandler?
    private var producer: Task<Void, Never>?
    private var produced: Int64 = 0
    private var failure: (any Error)?
    private var completed = false
    private var cancelRequest: (@Sendable (any Error) -> Void)?
    private var streamHandedOut = false

    /// An upload of `pieces` into `sink`; throws ``SequenceResendError`` when another send took them.
    init(_ pieces: LivePieces, sink: any PieceSink, progress: ProgressHandler?) throws {
        guard let loop = pieces.take() else { throw SequenceResendError(bytesProduced: nil) }
        self.loop = loop
        self.sink = sink
        self.progress = progress
    }

    /// The sink the pieces go to.
    var destination: any PieceSink { sink }

    /// Starts reading the sequence; `cancel` stops the request, with the error it fails with,
    /// when the sequence fails or URLSession asks for the body again.
    func start(cancel: @escaping @Sendable (any Error) -> Void) {
        lock.withLock { cancelRequest = cancel }
        let loop = loop
        let task = Task { [self] in
            do {
                try await loop { piece in
                    try Task.checkCancellation()
                    try await self.sink.write(piece)
                    self.lock.withLock { self.produced += Int64(piece.count) }
                }
                // A cancelled reader's loop ends too (`AsyncStream` gives nil): no end of the body.
                try Task.checkCancellation()
                endOfSequence()
            } catch {
                fail(error)
            }
        }
        let late = lock.withLock {
            producer = task
            return completed
        }
        if late { task.cancel() }
    }

    private func endOfSequence() {
        let end = lock.withLock { !completed && failure == nil }
        if end { sink.finish() }
    }

    private func fail(_ error: any Error) {
        let cancel = lock.withLock { () -> (@Sendable (any Error) -> Void)? in
            guard !completed, failure == nil else { return nil }
            failure = error
            return cancelRequest
        }
        cancel?(error)
    }

    /// URLSession asks for the body from its start: the request fails with ``SequenceResendError``.
    func resendRequested() {
        fail(SequenceResendError(bytesProduced: lock.withLock { produced }))
    }

    /// The body stream to hand URLSession once (Apple platforms' streamed upload task); nil for a
    /// later request, which fails the request.
    func bodyStream(_ make: () -> InputStream?) -> InputStream? {
        let first = lock.withLock {
            defer { streamHandedOut = true }
            return !streamHandedOut
        }
        if first { return make() }
        resendRequested()
        return nil
    }

    /// URLSession sent `total` bytes of the body.
    func sent(_ total: Int64) {
        progress?(TransferProgress(bytes: total, expected: nil))
    }

    /// The task ended: stops reading the sequence and drops what waits. Returns the error the
    /// request fails with instead of the task's own: the sequence's, or ``SequenceResendError``
    /// when URLSession sent more bytes (`sent`, when known) than the sequence produced.
    func complete(error: (any Error)?, sent: Int64?) -> (any Error)? {
        let (producer, failure, produced) = lock.withLock {
            completed = true
            return (self.producer, self.failure, self.produced)
        }
        producer?.cancel()
        sink.stop()
        if let failure { return failure }
        if error == nil, let sent, sent > produced {
            return SequenceResendError(bytesProduced: produced)
        }
        return nil
    }
}
