import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession tasks of ``URLSessionTransport``'s uploads (a request whose body stream is an
/// ``UploadStream``).
///
/// On Linux (swift-corelibs-foundation over libcurl):
/// - A file goes through a body stream on the transport's own sessions: URLSession reads it in
///   libcurl's 64 KiB pieces, synchronously on its work queue, which a disk read does not hold
///   up. `uploadTask(fromFile:)` reads the file through `DispatchIO` 16 KiB at a time and pauses
///   the transfer between reads, about a sixth as fast. libcurl frames a body stream as chunked
///   even with a `Content-Length`; an empty `Transfer-Encoding` header (which libcurl leaves out)
///   stops that, so the `Content-Length` alone frames the body.
/// - A live sequence goes through `uploadTask(fromFile:)` on the read end of a ``PiecePipe``
///   (`/proc/self/fd/N`) with `Transfer-Encoding: chunked`: URLSession's file reader waits for
///   the pipe without holding its work queue (it pauses the transfer until a piece arrives),
///   where a body stream would have to block that queue, which every task of the process shares.
///   The length URLSession finds for the path is the link's, and the chunked framing ignores it.
/// - Both are sent with `Expect: 100-continue`: on a kept-alive connection the server had closed,
///   nothing of the body has gone out when libcurl finds the connection dead, so it resends the
///   request on a new one from the start; without it the send fails ("Broken pipe").
///
/// On Apple platforms a file is URLSession's `uploadTask(fromFile:)`, and a sequence a streamed
/// upload task reading a bound stream pair (``BoundStreamSink``). On a session whose delegate is
/// not ``SessionDelegate``, a file is `uploadTask(fromFile:)`; a sequence is spooled to a file
/// first on Linux (see ``spooledIfForeign(_:delegate:)``), and on Apple platforms its task's end is
/// seen through its completion handler.
enum UploadTasks {
    typealias Completion = @Sendable (Data?, URLResponse?, (any Error)?) -> Void

    /// On Linux, for a session whose delegate is not ours, `request` with its live sequence
    /// written to a temporary file first and sent from it with its `Content-Length`: such a
    /// session's upload did not resume after waiting for a piece in the tests (its paused
    /// transfer stalled), and nothing would see URLSession ask for the body again.
    static func spooledIfForeign(_ request: URLRequest, delegate: SessionDelegate?) async throws -> URLRequest {
        #if canImport(FoundationNetworking)
        guard delegate == nil, let stream = request.httpBodyStream as? UploadStream, case .live(let pieces) = stream.source else { return request }
        guard let loop = pieces.take() else { throw SequenceResendError(bytesProduced: nil) }
        let spool = PieceSpool(loop: loop)
        let (_, length) = try await spool.spooled()
        var spooled = request
        spooled.httpBodyStream = UploadStream(source: .spooled(spool), length: length, progress: stream.progress)
        spooled.setValue(String(length), forHTTPHeaderField: "Content-Length")
        return spooled
        #else
        return request
        #endif
    }

    /// The task sending `request` on `session`, its body registered with `delegate` (or, without
    /// one, ending through `completion`), and the delegate of the session it runs on (a live
    /// sequence's own on Linux); nil when the request is not an upload.
    static func task(
        for request: URLRequest, on session: URLSession, delegate: SessionDelegate?, completion: @escaping Completion
    ) throws -> (URLSessionTask, SessionDelegate?)? {
        guard let stream = request.httpBodyStream as? UploadStream else { return nil }
        var plain = request
        plain.httpBodyStream = nil
        #if canImport(FoundationNetworking)
        if plain.value(forHTTPHeaderField: "Expect") == nil {
            plain.setValue("100-continue", forHTTPHeaderField: "Expect")
        }
        #endif
        if case .live(let pieces) = stream.source {
            return try live(pieces, progress: stream.progress, request: plain, on: session, delegate: delegate, completion: completion)
        }
        guard let file = stream.source.file else { throw CocoaError(.fileReadUnknown) }
        #if canImport(FoundationNetworking)
        if let delegate, let length = stream.length {
            var streamed = plain
            let fresh = stream.restarted()
            streamed.httpBodyStream = fresh
            streamed.setValue(String(length), forHTTPHeaderField: "Content-Length")
            streamed.setValue(" ", forHTTPHeaderField: "Transfer-Encoding")
            let task = session.dataTask(with: streamed)
            delegate.register(FileBody(fresh, readsStream: true), for: task)
            return (task, delegate)
        }
        #endif
        if let delegate {
            let task = session.uploadTask(with: plain, fromFile: file)
            delegate.register(FileBody(stream, readsStream: false), for: task)
            return (task, delegate)
        }
        let source = stream.source   // keeps a spooled sequence's file until the task ends
        let task = session.uploadTask(with: plain, fromFile: file) { data, response, error in
            withExtendedLifetime(source) { completion(data, response, error) }
        }
        return (task, nil)
    }

    /// The task sending a live sequence, chunked, its reading started, and its session's delegate.
    /// On Linux it runs on a session of its own, made like `session` and invalidated when the task
    /// ends: a new connection, never one kept alive that the server may have closed (libcurl's
    /// resend on such a connection did not always resume the paused body in the tests).
    private static func live(
        _ pieces: LivePieces, progress: ProgressHandler?, request: URLRequest, on session: URLSession,
        delegate: SessionDelegate?, completion: @escaping Completion
    ) throws -> (URLSessionTask, SessionDelegate?) {
        var chunked = request
        chunked.setValue(nil, forHTTPHeaderField: "Content-Length")
        let task: URLSessionTask
        let upload: LiveUpload
        #if canImport(FoundationNetworking)
        let pipe = try PiecePipe()
        let path = "/proc/self/fd/\(pipe.readDescriptor)"
        guard FileManager.default.fileExists(atPath: path) else {
            pipe.stop()
            throw CocoaError(.fileReadUnsupportedScheme, userInfo: [NSLocalizedDescriptionKey:
                "A sequence is sent as it is produced through \(path), and /proc is not mounted; RequestBody.spooledStream(_:) sends it from a file."])
        }
        upload = try LiveUpload(pieces, sink: pipe, progress: progress)
        chunked.setValue("chunked", forHTTPHeaderField: "Transfer-Encoding")
        let url = URL(fileURLWithPath: path)
        var runsOn = delegate
        if delegate != nil {
            let own = SessionDelegate.makeSession(configuration: session.configuration)
            runsOn = own.delegate as? SessionDelegate
            task = own.uploadTask(with: chunked, fromFile: url)
            runsOn?.register(upload, for: task)
            upload.whenComplete = { own.finishTasksAndInvalidate() }
        } else {
            task = session.uploadTask(with: chunked, fromFile: url) { data, response, error in
                completion(data, response, upload.complete(error: error, sent: nil) ?? error)
            }
        }
        #else
        let sink = try BoundStreamSink()
        upload = try LiveUpload(pieces, sink: sink, progress: progress)
        let runsOn = delegate
        if let delegate {
            task = session.uploadTask(withStreamedRequest: chunked)
            delegate.register(upload, for: task)
        } else {
            chunked.httpBodyStream = sink.input
            task = session.dataTask(with: chunked) { data, response, error in
                completion(data, response, upload.complete(error: error, sent: nil) ?? error)
            }
        }
        #endif
        let box = TaskBox(task: task)
        upload.start { _ in
            // `cancel()` enters URLSession's work queue, where this may be called.
            DispatchQueue.global().async { box.task.cancel() }
        }
        return (task, runsOn)
    }
}

extension LiveUpload: UploadBody {
    func newBodyStream() -> InputStream? {
        #if canImport(FoundationNetworking)
        // Asked only when libcurl rewinds the body to resend it (a file body takes no stream).
        resendRequested()
        return nil
        #else
        return bodyStream { (destination as? BoundStreamSink)?.input }
        #endif
    }
}

/// The body of a file upload: a stream URLSession reads (made afresh when it resends), or a file
/// URLSession reads itself, whose progress comes from the bytes it reports sent.
final class FileBody: UploadBody, @unchecked Sendable {
    private let stream: UploadStream
    private let readsStream: Bool

    init(_ stream: UploadStream, readsStream: Bool) {
        self.stream = stream
        self.readsStream = readsStream
    }

    func sent(_ total: Int64) {
        if !readsStream { stream.report(sent: total, expected: nil) }
    }

    func newBodyStream() -> InputStream? {
        readsStream ? stream.restarted() : nil
    }

    func complete(error: (any Error)?, sent: Int64?) -> (any Error)? {
        nil
    }
}
