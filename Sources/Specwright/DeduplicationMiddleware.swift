import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Shares one network call among identical GET requests in flight at the same time: when five
/// views ask for the same data at once, the server sees one request and every caller gets the
/// result.
///
/// The first caller sends the request in its own task (no task or hop is added when nothing is
/// shared); the others wait for its result. A waiting caller that is cancelled stops waiting at
/// once. If the first caller is cancelled, its request stops with it and the next waiting caller
/// sends the request again, so the others still get their result.
///
/// Requests are identical when their URL and headers are (credentials included, so two users'
/// requests are never shared). Streamed responses are never shared.
public struct DeduplicationMiddleware: Middleware {
    private let calls = InFlightCalls()

    /// A deduplicator; share one instance in one client.
    public init() {}

    /// The callers waiting for a call in flight (for tests that order callers by state).
    var waitingCallers: Int { calls.waitingCallers }

    /// Joins an identical GET in flight, or sends it.
    public func intercept(_ request: URLRequest, info: RequestInfo, next: @escaping NextHandler) async throws -> (Data, HTTPURLResponse) {
        guard info.method == .get, let url = request.url else { return try await next(request) }
        let headers = (request.allHTTPHeaderFields ?? [:]).map { "\($0.key.lowercased()):\($0.value)" }.sorted()
        let key = ([url.absoluteString] + headers).joined(separator: "\n")
        let calls = calls
        while true {
            switch calls.enter(key) {
            case .lead(let call):
                let result: Result<(Data, HTTPURLResponse), any Error>
                do { result = .success(try await next(request)) } catch { result = .failure(error) }
                // A cancelled leader hands the request over instead of failing the others.
                calls.finish(key: key, call: call, with: Task.isCancelled ? .failure(HandOver()) : result)
                return try result.get()
            case .follow(let call, let caller):
                do {
                    return try await withTaskCancellationHandler {
                        try await withCheckedThrowingContinuation { continuation in
                            calls.wait(call, caller: caller, continuation: continuation)
                        }
                    } onCancel: {
                        calls.leave(call, caller: caller)
                    }
                } catch is HandOver {
                    continue
                }
            }
        }
    }

    /// Sends a streamed request on as it is: a stream is read once, by one caller, so two are never merged.
    public func intercept(stream request: URLRequest, info: RequestInfo, next: @escaping StreamHandler) async throws -> (ByteStream, HTTPURLResponse) {
        try await next(request)
    }
}

/// Tells the callers waiting on a cancelled leader to send the request again.
private struct HandOver: Error {}

/// The calls in flight, by request key, with the callers waiting for each, under a lock:
/// entering, waiting and leaving are a few dictionary operations on the caller's thread.
private final class InFlightCalls: @unchecked Sendable {
    typealias Continuation = CheckedContinuation<(Data, HTTPURLResponse), any Error>

    /// One request in flight; its state is only touched under the lock.
    final class Call: @unchecked Sendable {
        var waiters: [Int: Continuation] = [:]
        /// Followers cancelled before they started waiting.
        var cancelledEarly: Set<Int> = []
        var finished: Result<(Data, HTTPURLResponse), any Error>?
    }

    enum Role {
        case lead(Call)
        case follow(Call, caller: Int)
    }

    private let lock = NSLock()
    private var calls: [String: Call] = [:]
    private var nextCaller = 0

    /// The callers waiting, over all calls in flight.
    var waitingCallers: Int {
        lock.withLock { calls.values.reduce(0) { $0 + $1.waiters.count } }
    }

    /// Leads a new call for `key`, or follows the one in flight.
    func enter(_ key: String) -> Role {
        lock.withLock {
            if let call = calls[key] {
                nextCaller += 1
                return .follow(call, caller: nextCaller)
            }
            let call = Call()
            calls[key] = call
            return .lead(call)
        }
    }

    /// Waits for the call's result (at once if it has finished or the caller was cancelled).
    func wait(_ call: Call, caller: Int, continuation: Continuation) {
        let ready: Result<(Data, HTTPURLResponse), any Error>? = lock.withLock {
            if call.cancelledEarly.remove(caller) != nil { return .failure(CancellationError()) }
            if let finished = call.finished { return finished }
            call.waiters[caller] = continuation
            return nil
        }
        if let ready { continuation.resume(with: ready) }
    }

    /// A waiting caller was cancelled: it stops waiting; the call goes on for the others.
    func leave(_ call: Call, caller: Int) {
        let continuation: Continuation? = lock.withLock {
            guard let continuation = call.waiters.removeValue(forKey: caller) else {
                if call.finished == nil { call.cancelledEarly.insert(caller) }
                return nil
            }
            return continuation
        }
        continuation?.resume(throwing: CancellationError())
    }

    /// The leader's result, for every caller waiting and any still on the way.
    func finish(key: String, call: Call, with result: Result<(Data, HTTPURLResponse), any Error>) {
        let waiters: [Continuation] = lock.withLock {
            if calls[key] === call { calls[key] = nil }
            call.finished = result
            let waiting = Array(call.waiters.values)
            call.waiters = [:]
            return waiting
        }
        for continuation in waiters { continuation.resume(with: result) }
    }
}
