import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Shares one network call among identical GET requests in flight at the same time: when five
/// views ask for the same data at once, the server sees one request and every caller gets the
/// result. A caller that is cancelled stops waiting at once without cancelling the others; the
/// shared call is cancelled only when every caller has gone.
///
/// Requests are identical when their URL and headers are (credentials included, so two users'
/// requests are never shared).
public struct DeduplicationMiddleware: Middleware {
    private let calls = InFlightCalls()

    /// A deduplicator; share one instance in one client.
    public init() {}

    /// Joins an identical GET in flight, or starts it.
    public func intercept(_ request: URLRequest, info: RequestInfo, next: @escaping NextHandler) async throws -> (Data, HTTPURLResponse) {
        guard info.method == .get, let url = request.url else { return try await next(request) }
        let headers = (request.allHTTPHeaderFields ?? [:]).map { "\($0.key.lowercased()):\($0.value)" }.sorted()
        let key = ([url.absoluteString] + headers).joined(separator: "\n")
        let caller = UUID()
        let calls = calls
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                calls.join(key: key, caller: caller, continuation: continuation) { try await next(request) }
            }
        } onCancel: {
            calls.leave(key: key, caller: caller)
        }
    }
}

/// The calls in flight, by request key, with the callers waiting for each. A lock rather than an
/// actor: joining and leaving are a few dictionary operations, done on the caller's thread with no
/// task or hop of their own; continuations are resumed outside the lock.
private final class InFlightCalls: @unchecked Sendable {
    typealias Continuation = CheckedContinuation<(Data, HTTPURLResponse), any Error>

    /// One shared call; its state is only touched under the lock.
    private final class Call: @unchecked Sendable {
        var waiters: [UUID: Continuation] = [:]
        var task: Task<Void, Never>?
    }

    private let lock = NSLock()
    private var calls: [String: Call] = [:]
    /// Callers cancelled before they joined: they must not wait.
    private var cancelledEarly: Set<UUID> = []

    func join(key: String, caller: UUID, continuation: Continuation, start: @escaping @Sendable () async throws -> (Data, HTTPURLResponse)) {
        lock.lock()
        if cancelledEarly.remove(caller) != nil {
            lock.unlock()
            continuation.resume(throwing: CancellationError())
            return
        }
        if let call = calls[key] {
            call.waiters[caller] = continuation
            lock.unlock()
            return
        }
        let call = Call()
        call.waiters[caller] = continuation
        calls[key] = call
        // The shared call belongs to no caller, so cancelling the first one does not cancel it.
        call.task = Task {
            let result: Result<(Data, HTTPURLResponse), any Error>
            do { result = .success(try await start()) } catch { result = .failure(error) }
            self.finish(key: key, call: call, with: result)
        }
        lock.unlock()
    }

    func leave(key: String, caller: UUID) {
        lock.lock()
        guard let call = calls[key], let continuation = call.waiters.removeValue(forKey: caller) else {
            cancelledEarly.insert(caller)
            lock.unlock()
            return
        }
        var abandoned: Task<Void, Never>?
        if call.waiters.isEmpty {
            abandoned = call.task
            calls[key] = nil
        }
        lock.unlock()
        continuation.resume(throwing: CancellationError())
        abandoned?.cancel()
    }

    private func finish(key: String, call: Call, with result: Result<(Data, HTTPURLResponse), any Error>) {
        lock.lock()
        if calls[key] === call { calls[key] = nil }
        let waiters = call.waiters.values
        call.waiters = [:]
        lock.unlock()
        for continuation in waiters { continuation.resume(with: result) }
    }
}
