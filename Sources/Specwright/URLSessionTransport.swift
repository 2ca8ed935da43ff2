import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default ``Transport``: a `URLSession` data task, with a limit on the size of response bodies.
///
/// The default session does not follow redirects: ``APIClient`` does, so that credentials never
/// reach another origin and a `307`/`308` re-sends the body. It answers no authentication
/// challenge either: a 401 reaches ``APIClient`` as a status, with its body. A session you pass
/// follows its own rules.
///
/// A response body larger than ``maxResponseBytes`` fails with ``ResponseTooLargeError``
/// (``APIError/responseTooLarge(limit:)``): as soon as the head declares a longer
/// `Content-Length`, or as soon as the bytes received pass the limit (a chunked body, a compressed
/// one, a server that lied about the length). The transfer is cancelled then, so memory holds at
/// most the limit. This holds for the default session and for `init(configuration:)`; on a session
/// you pass in, whose delegate is your own, URLSession buffers the whole body and the limit is
/// checked when it has arrived.
///
/// Cancelling the calling task fails the request at once with `URLError(.cancelled)` and cancels
/// the data task. A request that waits longer than `URLRequest.timeoutInterval` for the response
/// or for the next piece of the body fails with `URLError(.timedOut)`, and so does one that takes
/// longer in all than the session's `timeoutIntervalForResource` (which URLSession on Linux
/// ignores: the transport enforces it there). A server that closes the connection in the middle of
/// the body fails it with `URLError(.networkConnectionLost)`. ``APIClient`` reports these as
/// ``APIError/transport(_:)``.
public struct URLSessionTransport: Transport {
    /// The session that runs the data tasks.
    public let session: URLSession
    /// The largest response body accepted, in bytes; `nil` for no limit. Streamed bodies
    /// (``stream(_:)``) have none: their reader holds what it keeps.
    public let maxResponseBytes: Int?
    /// How many bytes of a streamed body may wait unread in memory; more wait in a temporary file
    /// until the reader catches up (see ``stream(_:)``).
    public var streamBufferBytes = 1 << 20
    /// How many bytes of a streamed body may wait unread in all (memory and temporary file) before
    /// the stream fails with ``StreamBacklogError``, so that a reader that stalls on an endless
    /// stream does not fill the disk; `nil` for no limit. 4 GiB by default.
    public var streamBacklogLimit: Int64? = 4 << 30
    /// The session's `timeoutIntervalForResource` when the transport enforces it (Linux, where
    /// URLSession ignores it, and only when set below the default of 7 days).
    private let resourceTimeout: TimeInterval?

    /// The limit of `URLSessionTransport()`: 64 MiB, far above any JSON answer, well below what
    /// would exhaust a phone's memory. Large downloads can set their own.
    public static let defaultMaxResponseBytes = 64 << 20

    /// A transport on `session` (by default a shared session that leaves redirects and
    /// authentication to ``APIClient``) that accepts bodies up to `maxResponseBytes`.
    public init(session: URLSession = URLSessionTransport.defaultSession, maxResponseBytes: Int? = URLSessionTransport.defaultMaxResponseBytes) {
        self.session = session
        self.maxResponseBytes = maxResponseBytes
        #if canImport(FoundationNetworking)
        let resource = session.configuration.timeoutIntervalForResource
        resourceTimeout = resource > 0 && resource < URLSessionConfiguration.default.timeoutIntervalForResource ? resource : nil
        #else
        resourceTimeout = nil
        #endif
    }

    /// A transport on a new session with `configuration` that, like the default session, leaves
    /// redirects and authentication to ``APIClient`` and stops a body as soon as it passes
    /// `maxResponseBytes`. Make it once and keep it, as you would a `URLSession`.
    public init(configuration: URLSessionConfiguration, maxResponseBytes: Int? = URLSessionTransport.defaultMaxResponseBytes) {
        self.init(session: SessionDelegate.makeSession(configuration: configuration), maxResponseBytes: maxResponseBytes)
    }

    /// The session of `URLSessionTransport()`: URLSession's default configuration; redirects and
    /// authentication challenges are left to ``APIClient``, body sizes are checked as they arrive.
    ///
    /// On Linux this session (like those of `init(configuration:)`) calls its delegate on
    /// URLSession's own work queue, which is what stops a body at the limit with nothing queued
    /// on the way. Start tasks of your own on a session of your own: a completion handler of a
    /// task started here would run on that queue too, where calling `resume()` or `cancel()` on a
    /// task waits forever.
    public static let defaultSession = SessionDelegate.makeSession(configuration: .default)

    /// Runs a data task for `request` (an upload task for a file or a sequence, see
    /// ``RequestBody/file(_:contentType:progress:)`` and ``RequestBody/stream(_:contentType:progress:)``).
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let collector = ResponseCollector(request: request, limit: maxResponseBytes)
        // Our sessions report each piece to the delegate; another session buffers the body.
        let delegate = session.delegate as? SessionDelegate
        let request = try await UploadTasks.spooledOnLinux(request)
        let (task, runsOn) = try Self.task(for: request, on: session, delegate: delegate) { data, response, error in
            collector.complete(data: data, response: response, error: error)
        }
        let resourceTimeout = resourceTimeout
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                collector.attach(continuation, task: task)
                if let resourceTimeout {
                    collector.startDeadline(after: resourceTimeout)
                }
                runsOn?.register(collector, for: task)
                task.resume()
                collector.didStart()
            }
        } onCancel: {
            collector.cancelByCaller()
        }
    }

    /// The task for `request`: an upload's (see ``UploadTasks``), else a data task, delegate-driven
    /// on our sessions and ending through `completion` on another; with the delegate of the
    /// session it runs on.
    static func task(
        for request: URLRequest, on session: URLSession, delegate: SessionDelegate?, completion: @escaping UploadTasks.Completion
    ) throws -> (URLSessionTask, SessionDelegate?) {
        if let upload = try UploadTasks.task(for: request, on: session, delegate: delegate, completion: completion) {
            return upload
        }
        return delegate == nil ? (session.dataTask(with: request, completionHandler: completion), nil) : (session.dataTask(with: request), delegate)
    }
}

extension URLSessionTransport {
    /// Sends `request` and returns when the response head has arrived; the body is read as the
    /// returned stream is read (see ``ByteStream``).
    ///
    /// Memory stays flat however slowly the stream is read: up to ``streamBufferBytes`` wait in
    /// memory, the rest in a temporary file (removed at once, so nothing is left behind). URLSession
    /// cannot slow the server down on Linux (a delegate that waits stops every session of the
    /// process, and a resumed task starts over), so the transfer runs at the network's speed.
    /// There is no size limit: the reader decides what it keeps; a reader that falls more than
    /// ``streamBacklogLimit`` behind ends the stream with ``StreamBacklogError``. On a session you
    /// passed in (whose delegate is your own), the body is received whole first, with the size
    /// limit, then handed over.
    public func stream(_ request: URLRequest) async throws -> (ByteStream, HTTPURLResponse) {
        let request = try await UploadTasks.spooledOnLinux(request)
        guard let delegate = session.delegate as? SessionDelegate else {
            let (data, response) = try await send(request)
            return (ByteStream(data), response)
        }
        let stream = SessionStream(bufferLimit: streamBufferBytes, backlogLimit: streamBacklogLimit)
        let (task, runsOn) = try Self.task(for: request, on: session, delegate: delegate) { _, _, _ in }
        (runsOn ?? delegate).register(stream, for: task)
        let response = try await stream.start(task)
        return (ByteStream(source: stream), response)
    }
}

/// Thrown when the session's answer is not an HTTP response; ``APIClient`` reports it as ``APIError/invalidResponse``.
struct NotHTTPResponse: Error {}
