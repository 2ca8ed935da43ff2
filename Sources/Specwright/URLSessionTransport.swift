import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default ``Transport``: a `URLSession` data task.
///
/// The default session does not follow redirects: ``APIClient`` does, so that credentials never
/// reach another origin and a `307`/`308` re-sends the body. It answers no authentication
/// challenge either: a 401 reaches ``APIClient`` as a status (its body is dropped when the server
/// asked for Basic or Digest credentials, which URLSession consumes). A session you pass follows
/// its own rules.
///
/// Cancelling the calling task cancels the data task at once (on Linux too), and the request fails
/// with `URLError(.cancelled)`. A request that outlives `URLRequest.timeoutInterval` fails with
/// `URLError(.timedOut)`, which ``APIClient`` reports as ``APIError/transport(_:)``.
public struct URLSessionTransport: Transport {
    /// The session that runs the data tasks.
    public let session: URLSession

    /// A transport on `session`; by default a shared session that leaves redirects to ``APIClient``.
    public init(session: URLSession = URLSessionTransport.defaultSession) {
        self.session = session
    }

    /// The session of `URLSessionTransport()`: URLSession's default configuration; redirects and authentication challenges are left to ``APIClient``.
    public static let defaultSession = URLSession(configuration: .default, delegate: SessionDelegate(), delegateQueue: nil)

    /// Runs a data task for `request`.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let handle = DataTaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        // A declined authentication challenge ends the task as cancelled; the caller did not cancel it.
                        if (error as? URLError)?.code == .cancelled, !handle.isCancelled, let challenged = handle.response {
                            continuation.resume(returning: (Data(), challenged))
                        } else {
                            continuation.resume(throwing: error)
                        }
                    } else if let response = response as? HTTPURLResponse {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: NotHTTPResponse())
                    }
                }
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
    }
}

/// Thrown when the session's answer is not an HTTP response; ``APIClient`` reports it as ``APIError/invalidResponse``.
struct NotHTTPResponse: Error {}

/// The data task of one send, so a cancellation that arrives from another thread, before or
/// after the task exists, cancels it.
private final class DataTaskHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelledByCaller = false

    /// Starts the task, and cancels it at once if the caller was cancelled already.
    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelled = cancelledByCaller
        lock.unlock()
        task.resume()
        if cancelled {
            task.cancel()
        }
    }

    /// Whether the caller cancelled.
    var isCancelled: Bool {
        lock.withLock { cancelledByCaller }
    }

    /// The task's HTTP response, once it has one.
    var response: HTTPURLResponse? {
        lock.withLock { task }?.response as? HTTPURLResponse
    }

    /// Cancels the task, now or as soon as it starts.
    func cancel() {
        lock.lock()
        cancelledByCaller = true
        let task = task
        lock.unlock()
        task?.cancel()
    }
}
