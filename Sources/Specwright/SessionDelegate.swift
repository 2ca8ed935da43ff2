import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What ``SessionDelegate`` hands a task's callbacks to: a ``ResponseCollector`` (a whole body) or
/// a ``SessionStream`` (a body read as it arrives). Called on URLSession's work queue: nothing waits.
protocol TaskReceiver: AnyObject, Sendable {
    /// The response head; false to cancel the task.
    func receive(_ response: URLResponse) -> Bool
    /// A piece of the body.
    func receive(_ data: Data)
    /// The end of the task; `taskResponse` is the task's response, for ends that came without a head.
    func complete(error: (any Error)?, taskResponse: @autoclosure () -> URLResponse?)
}

extension ResponseCollector: TaskReceiver {}

/// What ``SessionDelegate`` tells the body of an upload task about it (see ``UploadTasks``).
/// Called on URLSession's work queue: nothing waits.
protocol UploadBody: AnyObject, Sendable {
    /// URLSession has sent `total` bytes of the body.
    func sent(_ total: Int64)
    /// The body again from its start, when URLSession resends the request; nil fails it.
    func newBodyStream() -> InputStream?
    /// The task ended with `error`, having sent `sent` bytes: the error it fails with instead, if any.
    func complete(error: (any Error)?, sent: Int64?) -> (any Error)?
}

/// The delegate of the sessions ``URLSessionTransport`` makes (its default session, and
/// `URLSessionTransport(configuration:)`).
///
/// - It hands each data task's response head, body pieces and end to the task's
///   ``ResponseCollector``, which enforces the size limit as the bytes arrive.
/// - It refuses every redirect, so the 3xx response reaches ``APIClient``, which follows it with
///   the rules of ``Redirects``.
/// - It declines server authentication challenges (a 401 with `WWW-Authenticate: Basic`): the
///   client sends its credentials itself. Left alone, URLSession on Linux never completes such a
///   task (swift-corelibs-foundation #5456); declined, the task ends as cancelled and
///   ``URLSessionTransport`` returns the 401 it received, with its body. TLS trust keeps the
///   system's handling.
///
/// On Linux its calls run on URLSession's own work queue (see ``InlineDelegateQueue``), so nothing
/// here blocks or calls back into URLSession synchronously.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// The challenges of a server asking for HTTP credentials (not TLS or client certificates).
    private static let serverAuthentication: Set<String> = [
        NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest,
        NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate,
    ]

    private let lock = NSLock()
    /// The receiver of each running task, by task identifier (unique within the session).
    private var collectors: [Int: any TaskReceiver] = [:]
    /// The bodies of upload tasks, by task identifier.
    private var uploads: [Int: any UploadBody] = [:]

    /// A session with this kind of delegate: URLSession's `configuration`, redirects and
    /// authentication challenges left to ``APIClient``, body sizes checked as they arrive.
    static func makeSession(configuration: URLSessionConfiguration) -> URLSession {
        URLSession(configuration: configuration, delegate: SessionDelegate(), delegateQueue: InlineDelegateQueue.make())
    }

    /// Routes the callbacks of `task` to `collector` until the task completes.
    func register(_ collector: any TaskReceiver, for task: URLSessionTask) {
        lock.withLock { collectors[task.taskIdentifier] = collector }
    }

    private func collector(for task: URLSessionTask) -> (any TaskReceiver)? {
        lock.withLock { collectors[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let proceed = collector(for: dataTask)?.receive(response) ?? true
        completionHandler(proceed ? .allow : .cancel)   // Linux ignores the disposition; the collector cancels the task.
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        collector(for: dataTask)?.receive(data)
    }

    /// Tells `upload` what becomes of `task`'s body until the task completes.
    func register(_ upload: any UploadBody, for task: URLSessionTask) {
        lock.withLock { uploads[task.taskIdentifier] = upload }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        let upload = lock.withLock { uploads[task.taskIdentifier] }
        upload?.sent(totalBytesSent)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (collector, upload) = lock.withLock {
            (collectors.removeValue(forKey: task.taskIdentifier), uploads.removeValue(forKey: task.taskIdentifier))
        }
        let replaced = upload?.complete(error: error, sent: task.countOfBytesSent)
        collector?.complete(error: replaced ?? error, taskResponse: task.response)
    }

    /// The body from its start: URLSession asks for a streamed upload's body, and again when it
    /// resends a request. A file's stream is made afresh; a sequence sent as it is produced
    /// cannot be, and its request fails (see ``LiveUpload``); another body has none.
    func urlSession(_ session: URLSession, task: URLSessionTask, needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void) {
        let upload = lock.withLock { uploads[task.taskIdentifier] }
        completionHandler(upload?.newBodyStream())
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)   // URLSession continues on its queue asynchronously.
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        Self.answer(challenge, completionHandler: completionHandler)
    }

    /// Declines a server's request for HTTP credentials (the client sends its own), and leaves TLS
    /// and client certificates to the system.
    static func answer(
        _ challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let disposition: URLSession.AuthChallengeDisposition =
            Self.serverAuthentication.contains(challenge.protectionSpace.authenticationMethod) ? .cancelAuthenticationChallenge : .performDefaultHandling
        // Both dispositions make URLSession on Linux cancel or restart the task, entering its work
        // queue synchronously: answer from another queue.
        DispatchQueue.global().async {
            completionHandler(disposition, nil)
        }
    }
}

#if canImport(FoundationNetworking)
/// The delegate queue of ``SessionDelegate``'s sessions on Linux: it runs each delegate call at
/// once, on the URLSession work queue that makes it, instead of as an operation on another thread.
///
/// On a queue of its own the delegate falls behind a fast download (hundreds of MB can wait in the
/// queue before the call that finds the body too large runs), and every response costs three
/// thread hops. Run inline, a body over the limit is stopped at the piece that passes it, and a
/// small response costs no hop at all. swift-corelibs-foundation hands every delegate call to
/// `addOperation(_:)` with a block; anything else still runs in order, one at a time.
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    /// A queue for one session.
    static func make() -> OperationQueue {
        InlineDelegateQueue()
    }

    override init() {
        super.init()
        name = "Specwright.SessionDelegate"
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
#else
/// On Apple platforms the delegate runs on an ordinary serial queue made by URLSession (running
/// it inline relies on how swift-corelibs-foundation calls its delegate queue).
enum InlineDelegateQueue {
    /// `nil`: URLSession makes a serial queue.
    static func make() -> OperationQueue? {
        nil
    }
}
#endif
