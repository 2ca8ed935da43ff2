import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One send of ``URLSessionTransport``: the caller waiting for the answer, the data task, and the
/// response and body received so far, under a lock.
///
/// Whichever comes first resumes the caller, exactly once: the complete answer, the failure of the
/// task, a body over the size limit, or the caller's cancellation. Nothing here blocks or waits for
/// URLSession: the delegate may call it on URLSession's own work queue (see ``SessionDelegate``),
/// where `URLSessionTask.cancel()` would deadlock, so the task is cancelled from another queue.
final class ResponseCollector: @unchecked Sendable {
    typealias Answer = (Data, HTTPURLResponse)

    private let lock = NSLock()
    /// The largest body accepted, in bytes; `nil` for no limit.
    private let limit: Int?
    /// Whether a body may follow the head (not for `HEAD`), so a declared length counts.
    private let expectsBody: Bool
    private var continuation: CheckedContinuation<Answer, any Error>?
    private var task: URLSessionTask?
    private var started = false
    private var cancelledByCaller = false
    private var response: HTTPURLResponse?
    private var body = Data()
    /// The capacity to give the body when its first piece arrives: its declared length, within the limit.
    private var reservation = 0
    /// Fails the send when the whole exchange takes too long (see ``startDeadline(after:)``).
    private var deadline: (any DispatchSourceTimer)?

    /// A collector for `request`, whose body may hold at most `limit` bytes.
    init(request: URLRequest, limit: Int?) {
        self.limit = limit
        expectsBody = request.httpMethod?.uppercased() != "HEAD"
    }

    /// Keeps the caller's continuation and the task about to start; when the caller was cancelled
    /// already, resumes it with `URLError(.cancelled)` at once (``didStart()`` then cancels the task).
    func attach(_ continuation: CheckedContinuation<Answer, any Error>, task: URLSessionTask) {
        lock.lock()
        self.task = task
        guard !cancelledByCaller else {
            lock.unlock()
            continuation.resume(throwing: URLError(.cancelled))
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    /// Notes that the task was resumed, and cancels it if the caller was cancelled meanwhile.
    func didStart() {
        let cancel = lock.withLock {
            started = true
            return cancelledByCaller
        }
        if cancel {
            cancelTask()
        }
    }

    /// Fails the send with `URLError(.timedOut)` and cancels the task if it has not ended after
    /// `seconds`, however steadily the body trickles in (a request's own timeout only limits the
    /// wait for each next piece).
    func startDeadline(after seconds: TimeInterval) {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + seconds)
        timer.setEventHandler { [weak self] in
            self?.expire(after: seconds)
        }
        let running = lock.withLock {
            guard continuation != nil else { return false }
            deadline = timer
            return true
        }
        if running {
            timer.resume()
        }
    }

    private func expire(after seconds: TimeInterval) {
        guard let waiting = lock.withLock({ takeContinuation() }) else { return }
        waiting.resume(throwing: URLError(.timedOut, userInfo: [
            NSLocalizedDescriptionKey: "The request did not complete within the session's timeoutIntervalForResource (\(seconds) s).",
        ]))
        cancelTask()
    }

    /// The caller was cancelled: it gets `URLError(.cancelled)` now, and the task is cancelled.
    func cancelByCaller() {
        lock.lock()
        cancelledByCaller = true
        let waiting = takeContinuation()
        let cancel = started
        lock.unlock()
        waiting?.resume(throwing: URLError(.cancelled))
        if cancel {
            cancelTask()
        }
    }

    /// The response head arrived. Returns `false` when its declared length is over the limit: the
    /// caller then has ``ResponseTooLargeError`` and the task is being cancelled.
    func receive(_ response: URLResponse) -> Bool {
        guard let response = response as? HTTPURLResponse else { return true }
        lock.lock()
        guard continuation != nil else {
            lock.unlock()
            return false
        }
        self.response = response
        let declared = response.expectedContentLength
        if let limit, expectsBody, !Self.isBodyless(response.statusCode), declared > limit, !Self.isEncoded(response) {
            let waiting = takeContinuation()
            lock.unlock()
            waiting?.resume(throwing: ResponseTooLargeError(limit: limit, declaredLength: Int(clamping: declared)))
            cancelTask()
            return false
        }
        // One allocation for a body of known size (bounded, whatever the server claims).
        reservation = Int(clamping: max(0, min(declared, Int64(min(limit ?? Self.largestReservation, Self.largestReservation)))))
        lock.unlock()
        return true
    }

    /// A piece of the body arrived. Once the body passes the limit, the caller has
    /// ``ResponseTooLargeError``, the task is cancelled, and later pieces are dropped.
    func receive(_ data: Data) {
        lock.lock()
        guard continuation != nil else {
            lock.unlock()
            return
        }
        if let limit, body.count + data.count > limit {
            let waiting = takeContinuation()
            lock.unlock()
            waiting?.resume(throwing: ResponseTooLargeError(limit: limit, declaredLength: nil))
            cancelTask()
            return
        }
        if !body.isEmpty {
            body.append(data)
        } else if reservation > data.count {
            var buffer = Data(capacity: reservation)
            buffer.append(data)
            body = buffer
        } else {
            body = data   // often the whole body: kept as it came, without a copy
        }
        lock.unlock()
    }

    /// The task ended (delegate-driven tasks): resumes the caller with the answer or the error.
    func complete(error: (any Error)?, taskResponse: @autoclosure () -> URLResponse?) {
        lock.lock()
        let response = response
        let body = body
        guard let waiting = takeContinuation() else {
            lock.unlock()
            return
        }
        lock.unlock()
        waiting.resume(with: Self.result(error: error, response: response ?? (taskResponse() as? HTTPURLResponse), body: body, limit: nil))
    }

    /// The task ended (completion-handler tasks, on a session you passed in): the whole body
    /// arrived at once, so the limit is checked now.
    func complete(data: Data?, response: URLResponse?, error: (any Error)?) {
        guard let (waiting, task) = lock.withLock({ takeContinuation().map { ($0, task) } }) else { return }
        // After a declined challenge the handler gets no response; the task has the 401.
        let response = (response ?? task?.response) as? HTTPURLResponse
        waiting.resume(with: Self.result(error: error, response: response, body: data ?? Data(), limit: limit))
    }

    /// The caller's continuation, taken so that nothing resumes it twice; the body and the deadline
    /// released (call under the lock).
    private func takeContinuation() -> CheckedContinuation<Answer, any Error>? {
        let waiting = continuation
        continuation = nil
        body = Data()
        deadline?.cancel()
        deadline = nil
        return waiting
    }

    /// Cancels the task from another queue: the caller may be on URLSession's work queue, which
    /// `URLSessionTask.cancel()` enters synchronously.
    private func cancelTask() {
        guard let task = lock.withLock({ task }) else { return }
        let box = TaskBox(task: task)
        DispatchQueue.global().async {
            box.task.cancel()
        }
    }

    /// What the caller gets when the task ended.
    private static func result(error: (any Error)?, response: HTTPURLResponse?, body: Data, limit: Int?) -> Result<Answer, any Error> {
        if let error {
            // A declined authentication challenge ends the task as cancelled; the caller did not
            // cancel it (its cancellation resumes the caller first), so the 401 or 407 is the answer.
            if (error as? URLError)?.code == .cancelled, let response, [401, 407].contains(response.statusCode) {
                return .success((body, response))
            }
            return .failure(TransportErrors.normalized(error, response: response))
        }
        guard let response else { return .failure(NotHTTPResponse()) }
        if let limit, body.count > limit {
            return .failure(ResponseTooLargeError(limit: limit, declaredLength: nil))
        }
        return .success((body, response))
    }

    /// Statuses that never have a body, whatever their `Content-Length` says.
    private static func isBodyless(_ status: Int) -> Bool {
        (100..<200).contains(status) || status == 204 || status == 304
    }

    /// Whether the body is compressed on the wire (its declared length is not the length received).
    private static func isEncoded(_ response: HTTPURLResponse) -> Bool {
        guard let encoding = response.value(forHTTPHeaderField: "Content-Encoding")?.trimmingCharacters(in: .whitespaces) else { return false }
        return !encoding.isEmpty && encoding.lowercased() != "identity"
    }

    /// The most reserved up front for a declared length; a larger body grows as it arrives.
    private static let largestReservation = 64 << 20
}

/// A task handed to another queue (URLSessionTask is thread-safe, but not marked `Sendable` everywhere).
struct TaskBox: @unchecked Sendable {
    let task: URLSessionTask
}
