import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One streamed exchange of ``URLSessionTransport``: ``SessionDelegate`` hands it the response head
/// and the body's pieces as URLSession receives them, and a ``ByteStream`` reads them.
///
/// Memory stays flat however far the reader falls behind: up to `bufferLimit` bytes wait in
/// memory, and what comes while that much is waiting goes to a temporary file (deleted at once, so
/// nothing is left behind), which the reader empties in order before memory is used again.
/// URLSession cannot hold the transfer back instead: on Linux a delegate call that waits stops
/// every session of the process (they share one work queue), and a suspended task that resumes
/// starts its request again from the beginning.
final class SessionStream: TaskReceiver, ByteSource, @unchecked Sendable {
    private let lock = NSLock()
    private let bufferLimit: Int
    /// The most unread bytes, in memory and spooled together, before the stream fails.
    private let backlogLimit: Int64?
    /// The pieces in memory not read yet, from `first` on.
    private var pieces: [Data] = []
    private var first = 0
    private var buffered = 0
    /// Where pieces wait once memory is full.
    private var spool: Spool?
    private var response: HTTPURLResponse?
    /// The caller of ``start(_:)`` until the head arrives.
    private var head: CheckedContinuation<HTTPURLResponse, any Error>?
    /// A reader waiting for the next piece.
    private var reader: CheckedContinuation<Data?, any Error>?
    /// How the transfer ended, once it has.
    private var outcome: Result<Void, any Error>?
    private var cancelled = false
    private var task: URLSessionTask?

    /// A stream that keeps at most `bufferLimit` unread bytes in memory, and fails with
    /// ``StreamBacklogError`` once more than `backlogLimit` wait unread in all.
    init(bufferLimit: Int, backlogLimit: Int64? = nil) {
        let bufferLimit = max(1, bufferLimit)
        self.bufferLimit = bufferLimit
        self.backlogLimit = backlogLimit.map { max(Int64(bufferLimit), $0) }
    }

    /// The bytes waiting in memory (for tests of the limit).
    var bytesInMemory: Int {
        lock.withLock { buffered }
    }

    /// Runs `task` (registered with the session's delegate) and returns when the head has arrived.
    func start(_ task: URLSessionTask) async throws -> HTTPURLResponse {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelledAlready = lock.withLock {
                    self.task = task
                    guard !cancelled else { return true }
                    head = continuation
                    return false
                }
                if cancelledAlready {
                    continuation.resume(throwing: URLError(.cancelled))
                    task.cancel()   // never resumed: it ends, and leaves the delegate, at once
                    return
                }
                task.resume()
            }
        } onCancel: {
            cancel()
        }
    }

    // MARK: Reading

    func next() async throws -> Data? {
        if case .ready(let piece) = try lock.withLock({ try take() }) {
            return piece
        }
        return try await withCheckedThrowingContinuation { continuation in
            let ready: Result<Data?, any Error>? = lock.withLock {
                do {
                    if case .ready(let piece) = try take() { return .success(piece) }
                } catch {
                    return .failure(error)
                }
                // One reader at a time: a second one would take the first one's place unanswered.
                guard reader == nil else { return .failure(ConcurrentStreamRead()) }
                reader = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    /// What a reader finds.
    private enum Take {
        /// The next piece, or nil at the end.
        case ready(Data?)
        /// Nothing yet.
        case wait
    }

    /// The next piece or the end, if either is there (call under the lock): memory first, then
    /// the spool, which holds only what came after everything in memory.
    private func take() throws -> Take {
        if cancelled { throw CancellationError() }
        if first < pieces.count {
            let piece = pieces[first]
            first += 1
            buffered -= piece.count
            if first == pieces.count {
                pieces.removeAll(keepingCapacity: true)
                first = 0
            }
            return .ready(piece)
        }
        if let spool, spool.unread > 0 {
            do {
                return .ready(try spool.read(upTo: Self.spoolReadSize))
            } catch {
                throw fail(error)
            }
        }
        switch outcome {
        case .success?: return .ready(nil)
        case .failure(let error)?: throw error
        case nil: return .wait
        }
    }

    func cancel() {
        let (waiting, starting, task) = lock.withLock {
            guard !cancelled else { return (nil as CheckedContinuation<Data?, any Error>?, nil as CheckedContinuation<HTTPURLResponse, any Error>?, nil as URLSessionTask?) }
            cancelled = true
            release()
            defer { reader = nil; head = nil }
            return (reader, head, outcome == nil ? self.task : nil)
        }
        waiting?.resume(throwing: CancellationError())
        starting?.resume(throwing: URLError(.cancelled))
        if let task {
            // `cancel()` enters URLSession's work queue on Linux, where the delegate may be running.
            let box = TaskBox(task: task)
            DispatchQueue.global().async { box.task.cancel() }
        }
    }

    /// Drops what waits (call under the lock).
    private func release() {
        pieces = []
        first = 0
        buffered = 0
        spool = nil
    }

    /// Ends the stream with `error` (a spool that cannot be written or read), cancelling the task
    /// (call under the lock).
    private func fail(_ error: any Error) -> any Error {
        outcome = .failure(error)
        release()
        if let task {
            let box = TaskBox(task: task)
            DispatchQueue.global().async { box.task.cancel() }
        }
        return error
    }

    // MARK: URLSession's side (on its work queue: nothing here waits)

    func receive(_ response: URLResponse) -> Bool {
        let starting: CheckedContinuation<HTTPURLResponse, any Error>? = lock.withLock {
            guard let response = response as? HTTPURLResponse else { return nil }
            self.response = response
            defer { head = nil }
            return head
        }
        if let response = response as? HTTPURLResponse {
            starting?.resume(returning: response)
        }
        return true
    }

    func receive(_ data: Data) {
        let (waiting, result): (CheckedContinuation<Data?, any Error>?, Result<Data?, any Error>) = lock.withLock {
            guard !cancelled, outcome == nil else { return (nil, .success(nil)) }
            if let reader {
                self.reader = nil
                return (reader, .success(data))
            }
            // Memory holds only what is older than all the spool holds.
            if (spool?.unread ?? 0) == 0, buffered + data.count <= bufferLimit || buffered == 0 {
                pieces.append(data)
                buffered += data.count
                return (nil, .success(nil))
            }
            let backlog = Int64(buffered) + Int64(spool?.unread ?? 0) + Int64(data.count)
            if let backlogLimit, backlog > backlogLimit {
                return (nil, .failure(fail(StreamBacklogError(limit: backlogLimit))))
            }
            do {
                if spool == nil { spool = try Spool() }
                try spool?.write(data)
                return (nil, .success(nil))
            } catch {
                return (nil, .failure(fail(error)))
            }
        }
        waiting?.resume(with: result)
    }

    func complete(error: (any Error)?, taskResponse: @autoclosure () -> URLResponse?) {
        let (starting, waiting, result) = lock.withLock {
            let received = response ?? taskResponse() as? HTTPURLResponse
            let result: Result<Void, any Error>
            if case .failure(let earlier)? = outcome {
                result = .failure(earlier)
            } else if let error {
                // A declined authentication challenge ends the task as cancelled: the 401 is the answer.
                if !cancelled, (error as? URLError)?.code == .cancelled, let received, [401, 407].contains(received.statusCode) {
                    result = .success(())
                } else {
                    result = .failure(cancelled ? CancellationError() : TransportErrors.normalized(error, response: received))
                }
            } else {
                result = .success(())
            }
            outcome = result
            let starting = head.map { ($0, received) }
            head = nil
            let empty = first == pieces.count && (spool?.unread ?? 0) == 0
            let waiting = empty ? reader : nil
            if waiting != nil { reader = nil }
            return (starting, waiting, result)
        }
        if let (continuation, received) = starting {
            // The head came with the end (a refused redirect, a declined challenge), or never came.
            switch (result, received) {
            case (.success, let received?): continuation.resume(returning: received)
            case (.success, nil): continuation.resume(throwing: NotHTTPResponse())
            case (.failure(let error), _): continuation.resume(throwing: error)
            }
        }
        waiting?.resume(with: result.map { nil })
    }

    /// How much of the spool one read takes.
    private static let spoolReadSize = 256 << 10
}

/// A temporary file of pieces waiting to be read, in order; removed from the file system as soon
/// as it is open, so it goes away with its handle whatever happens. Used under its stream's lock.
private final class Spool {
    private let handle: FileHandle
    private var readOffset: UInt64 = 0
    private var writeOffset: UInt64 = 0

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("specwright-stream-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        handle = try FileHandle(forUpdating: url)
        try? FileManager.default.removeItem(at: url)
    }

    /// The bytes written and not read yet.
    var unread: UInt64 { writeOffset - readOffset }

    func write(_ data: Data) throws {
        try handle.seek(toOffset: writeOffset)
        try handle.write(contentsOf: data)
        writeOffset += UInt64(data.count)
    }

    /// The next bytes, at most `count`; once all is read, the file starts again from empty.
    func read(upTo count: Int) throws -> Data {
        try handle.seek(toOffset: readOffset)
        let data = try handle.read(upToCount: Int(min(UInt64(count), unread))) ?? Data()
        guard !data.isEmpty else { throw CocoaError(.fileReadUnknown) }
        readOffset += UInt64(data.count)
        if readOffset == writeOffset {
            try handle.truncate(atOffset: 0)
            readOffset = 0
            writeOffset = 0
        }
        return data
    }

    deinit {
        try? handle.close()
    }
}
