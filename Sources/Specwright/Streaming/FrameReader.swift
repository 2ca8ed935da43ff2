import Foundation

/// A parser of one stream framing: event streams, JSON Lines, JSON text sequences.
protocol StreamFraming: Sendable {
    associatedtype Frame: Sendable
    /// The frames the next piece of the stream completes.
    mutating func parse(_ bytes: Data) throws(StreamFrameTooLarge) -> [Frame]
    /// The frames the end of the stream completes.
    mutating func finish() -> [Frame]
    /// A parser for the same stream after a reconnection: what the server said to keep (the last
    /// event ID, the reconnection time) kept, the rest new.
    func resumed() -> Self
    /// The ID to resume from (`Last-Event-ID`), if the framing has one.
    var resumeID: String? { get }
    /// The wait before reconnecting the server asked for, in milliseconds.
    var reconnectionTime: Int? { get }
}

extension ServerSentEventParser: StreamFraming {
    func resumed() -> ServerSentEventParser {
        var parser = ServerSentEventParser(maxEventBytes: maxEventBytes)
        parser.keep(lastEventID: lastEventID, reconnectionTime: reconnectionTime)
        return parser
    }

    var resumeID: String? { lastEventID.isEmpty ? nil : lastEventID }
}

extension JSONLinesParser: StreamFraming {
    func resumed() -> JSONLinesParser { JSONLinesParser(maxLineBytes: maxLineBytes) }
    var resumeID: String? { nil }
    var reconnectionTime: Int? { nil }
}

extension JSONSequenceParser: StreamFraming {
    func resumed() -> JSONSequenceParser { JSONSequenceParser(maxRecordBytes: maxRecordBytes) }
    var resumeID: String? { nil }
    var reconnectionTime: Int? { nil }
}

/// What a reconnection brought.
enum Reconnection: Sendable {
    /// A 2xx answer: the stream goes on with its body.
    case resumed(ByteStream)
    /// `204 No Content`: the server says the stream is over.
    case ended
    /// Another status.
    case refused(Int)
}

/// Sends the request again with `Last-Event-ID` (nil: none to send).
typealias Reconnect = @Sendable (_ lastEventID: String?) async throws -> Reconnection

/// Reads the elements of a framed stream: pieces from the transport, split by the framing,
/// decoded one at a time as the reader asks, reconnecting where the stream allows it. One reader
/// at a time (the iterator of one loop).
final class FrameReader<Framing: StreamFraming, Element: Sendable>: @unchecked Sendable {
    typealias Decode = @Sendable (Framing.Frame) throws -> Element

    private var bytes: ByteStream.AsyncIterator
    /// The body being read (replaced by a reconnection), and whether ``cancel()`` was called;
    /// both under `cancelLock`, since `cancel()` comes from another task than the reader.
    private var stream: ByteStream
    private var cancelled = false
    /// The wait and request of a reconnection under way, which ``cancel()`` stops.
    private var reconnecting: Task<Reconnection, any Error>?
    private let cancelLock = NSLock()
    private var framing: Framing
    private let decode: Decode
    /// Whether a frame ends the stream (a sentinel such as `[DONE]`).
    private let isEnd: @Sendable (Framing.Frame) -> Bool
    private let reconnect: Reconnect?
    private let policy: ReconnectPolicy
    private let contentType: String?
    private var frames: [Framing.Frame] = []
    private var position = 0
    /// Elements delivered so far.
    private var delivered = 0
    private var ended = false
    /// The error that ended the stream, once one has.
    private var failure: StreamError?
    /// Reconnections since the last element arrived, and when the first of them started: the
    /// policy bounds both, over however many connections drop before an element comes.
    private var attempts = 0
    private var outageStart: ContinuousClock.Instant?
    /// Whether a reader is in `next()`: one loop at a time reads a stream.
    private var reading = false
    private let readingLock = NSLock()

    init(
        bytes: ByteStream, framing: Framing, contentType: String?, decode: @escaping Decode,
        isEnd: @escaping @Sendable (Framing.Frame) -> Bool = { _ in false },
        reconnect: Reconnect? = nil, policy: ReconnectPolicy = .never
    ) {
        stream = bytes
        self.bytes = bytes.makeAsyncIterator()
        self.framing = framing
        self.contentType = contentType
        self.decode = decode
        self.isEnd = isEnd
        self.reconnect = reconnect
        self.policy = policy
    }

    /// Closes the connection and ends the stream: the reader's loop ends with
    /// ``StreamError/Reason/cancelled``, and no reconnection follows.
    func cancel() {
        let (current, attempt) = cancelLock.withLock {
            cancelled = true
            return (stream, reconnecting)
        }
        current.cancel()
        attempt?.cancel()
    }

    private var isCancelled: Bool {
        cancelLock.withLock { cancelled }
    }

    /// The next element, or nil at the end of the stream. A second loop reading the same stream at
    /// the same time gets ``ConcurrentStreamRead`` (as `.transport`), not a share of the elements.
    func next() async throws(StreamError) -> Element? {
        try await nextWithEvent()?.element
    }

    /// The next element and the event it was read from (nil for lines and records).
    func nextWithEvent() async throws(StreamError) -> (element: Element, event: ServerSentEvent?)? {
        let alone = readingLock.withLock {
            defer { reading = true }
            return !reading
        }
        guard alone else { throw StreamError(.transport(ConcurrentStreamRead()), index: delivered) }
        defer { readingLock.withLock { reading = false } }
        guard let (element, frame) = try await nextElement() else { return nil }
        return (element, frame as? ServerSentEvent)
    }

    private func nextElement() async throws(StreamError) -> (Element, Framing.Frame)? {
        while true {
            // After the error that ended it, the sequence is over, as for any AsyncSequence.
            if failure != nil || (ended && position == frames.count) { return nil }
            if isCancelled { throw fail(.cancelled) }
            if position < frames.count {
                let frame = frames[position]
                position += 1
                if position == frames.count {
                    frames.removeAll(keepingCapacity: true)
                    position = 0
                }
                if isEnd(frame) {
                    finish()
                    return nil
                }
                do {
                    let element = try decode(frame)
                    delivered += 1
                    attempts = 0
                    outageStart = nil
                    return (element, frame)
                } catch {
                    throw fail(.decoding(Self.failure(error, frame: frame, contentType: contentType)), event: frame as? ServerSentEvent)
                }
            }
            if ended { return nil }
            try await read()
        }
    }

    /// Reads the next piece of the stream into frames, or reconnects, or ends.
    private func read() async throws(StreamError) {
        let piece: Data?
        do {
            piece = try await bytes.next()
        } catch {
            if error is CancellationError || Task.isCancelled || isCancelled { throw fail(.cancelled) }
            try await resume(after: error)
            return
        }
        guard let piece else {
            frames = framing.finish()
            position = 0
            ended = true
            return
        }
        do {
            frames = try framing.parse(piece)
            position = 0
        } catch {
            throw fail(.tooLarge(limit: error.limit))
        }
    }

    /// After the connection failed: reconnects as the policy allows, or fails with `error`.
    private func resume(after error: any Error) async throws(StreamError) {
        guard let reconnect, policy.maxAttempts > 0 else { throw fail(.transport(error)) }
        let clock = ContinuousClock()
        let start = outageStart ?? clock.now
        outageStart = start
        var lastError = error
        while attempts < policy.maxAttempts {
            attempts += 1
            let asked = framing.reconnectionTime.map { TimeInterval($0) / 1000 } ?? policy.delay
            let delay = min(asked, policy.maxDelay)
            guard (clock.now - start).seconds + delay <= policy.maxTotalTime else { break }
            let resumeID = framing.resumeID
            // The wait and the request run in a task `cancel()` can stop at once.
            let attempt = Task { () async throws -> Reconnection in
                try await Task.sleep(for: .seconds(delay))
                return try await reconnect(resumeID)
            }
            let running = cancelLock.withLock {
                if !cancelled { reconnecting = attempt }
                return !cancelled
            }
            guard running else {
                attempt.cancel()
                throw fail(.cancelled)
            }
            let outcome = await withTaskCancellationHandler {
                await attempt.result
            } onCancel: {
                attempt.cancel()
            }
            cancelLock.withLock { reconnecting = nil }
            if Task.isCancelled || isCancelled {
                if case .success(.resumed(let body)) = outcome { body.cancel() }
                throw fail(.cancelled)
            }
            do {
                switch try outcome.get() {
                case .resumed(let body):
                    let stillWanted = cancelLock.withLock {
                        if !cancelled { stream = body }
                        return !cancelled
                    }
                    guard stillWanted else {
                        body.cancel()
                        throw fail(.cancelled)
                    }
                    bytes = body.makeAsyncIterator()
                    framing = framing.resumed()
                    return
                case .ended:
                    finish()
                    return
                case .refused(let status):
                    throw fail(.status(status))
                }
            } catch let error as StreamError {
                throw error
            } catch {
                if error is CancellationError || Task.isCancelled || isCancelled { throw fail(.cancelled) }
                lastError = error
            }
        }
        throw fail(.transport(lastError))
    }

    /// Ends the stream where it is and closes the connection.
    private func finish() {
        ended = true
        frames = []
        position = 0
        cancelLock.withLock { stream }.cancel()
    }

    private func fail(_ reason: StreamError.Reason, event: ServerSentEvent? = nil) -> StreamError {
        let error = StreamError(reason, index: delivered, event: event)
        failure = error
        finish()
        return error
    }

    private static func failure(_ error: any Error, frame: Framing.Frame, contentType: String?) -> DecodingFailure {
        if let failure = error as? DecodingFailure { return failure }
        let data = (frame as? Data) ?? (frame as? ServerSentEvent).map { Data($0.data.utf8) } ?? Data()
        return DecodingFailure.json(error, data: data, contentType: contentType)
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

/// Two loops read one stream at the same time; a stream is read by one loop, like any
/// single-pass sequence.
public struct ConcurrentStreamRead: Error, Sendable, LocalizedError, CustomStringConvertible {
    /// The error a second loop gets (for stubs and tests).
    public init() {}

    /// What happened.
    public var description: String {
        "Another loop is reading this sequence at the same time; a stream, or a sequence of pages, is read by one loop at a time."
    }

    /// The same sentence, so `localizedDescription` shows it.
    public var errorDescription: String? { description }
}
