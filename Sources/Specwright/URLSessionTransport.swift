import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default ``Transport``: a `URLSession` data task.
///
/// The default session does not follow redirects: ``APIClient`` does, so that credentials never
/// reach another origin and a `307`/`308` re-sends the body. A session you pass follows its own
/// redirect rules.
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

    /// The session of `URLSessionTransport()`: URLSession's default configuration, redirects refused.
    public static let defaultSession = URLSession(configuration: .default, delegate: RedirectRefusal(), delegateQueue: nil)

    /// Runs a data task for `request`.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let handle = DataTaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
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
    private var isCancelled = false

    /// Starts the task, and cancels it at once if the caller was cancelled already.
    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelled = isCancelled
        lock.unlock()
        task.resume()
        if cancelled {
            task.cancel()
        }
    }

    /// Cancels the task, now or as soon as it starts.
    func cancel() {
        lock.lock()
        isCancelled = true
        let task = task
        lock.unlock()
        task?.cancel()
    }
}
