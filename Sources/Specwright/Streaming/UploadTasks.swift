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
/// - A live sequence is spooled to a file first and sent from it (``spooledOnLinux(_:)`` says why).
/// - Uploads are sent with `Expect: 100-continue`: on a kept-alive connection the server had closed,
///   nothing of the body has gone out when libcurl finds the connection dead, so it resends the
///   request on a new one from the start; without it the send fails ("Broken pipe").
///
/// On Apple platforms a file is URLSession's `uploadTask(fromFile:)`, and a sequence a streamed
/// upload task reading a bound stream pair (``BoundStreamSink``). On a session whose delegate is
/// not ``SessionDelegate``, a file is `uploadTask(fromFile:)`, and on Apple platforms a sequence's
/// task's end is seen through its completion handler.
enum UploadTasks {
    typealias Completion = @Sendable (Data?, URLResponse?, (any Error)?) -> Void

    /// On Linux, `request` with its live sequence written to a temporary file first and sent from
    /// it with its `Content-Length`. URLSession there cannot send a body as it is produced without
    /// holding up every request of the process: it reads a body stream synchronously on the one
    /// queue all sessions share (a read that waits for the next piece stops them all), and ends
    /// the body at the first read with nothing available. Its file reader can pause the transfer,
    /// and a pipe behind it did send chunked bodies, but its paused uploads kept that queue busy
    /// (77 to 93% of a core while waiting) and at times never resumed (Docs/Benchmarks.md); a
    /// sequence is sent whole, after its end, until that can be done reliably.
    static func spooledOnLinux(_ request: URLRequest) async throws -> URLRequest {
        #if canImport(FoundationNetworking)
        guard let stream = request.httpBodyStream as? UploadStream, case .live(let pieces) = stream.source else { return request }
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
        #if !canImport(FoundationNetworking)
        if case .live(let pieces) = stream.source {
            return try live(pieces, progress: stream.progress, request: plain, on: session, delegate: delegate, completion: completion)
        }
        #endif
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

    #if !canImport(FoundationNetworking)
    /// The task sending a live sequence, chunked, its reading started, and its session's delegate
    /// (Apple platforms: a streamed upload task reading a bound stream pair).
    private static func live(
        _ pieces: LivePieces, progress: ProgressHandler?, request: URLRequest, on session: URLSession,
        delegate: SessionDelegate?, completion: @escaping Completion
    ) throws -> (URLSessionTask, SessionDelegate?) {
        var chunked = request
        chunked.setValue(nil, forHTTPHeaderField: "Content-Length")
        let task: URLSessionTask
        let upload: LiveUpload
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
        let box = TaskBox(task: task)
        upload.start { _ in
            // `cancel()` enters URLSession's work queue, where this may be called.
            DispatchQueue.global().async { box.task.cancel() }
        }
        return (task, runsOn)
    }
    #endif
}

extension LiveUpload: UploadBody {
    func newBodyStream() -> InputStream? {
        #if canImport(FoundationNetworking)
        // Not sent through URLSession on Linux (spooled first): a request for its body again fails.
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
