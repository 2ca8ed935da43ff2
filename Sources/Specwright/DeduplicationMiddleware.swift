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
                Task { await calls.join(key: key, caller: caller, continuation: continuation) { try await next(request) } }
            }
        } onCancel: {
            Task { await calls.leave(key: key, caller: caller) }
        }
    }
}

/// The calls in flight, by request key, with the callers waiting for each.
private actor InFlightCalls {
    typealias Continuation = CheckedContinuation<(Data, HTTPURLResponse), any Error>

    private final class Call {
        var waiters: [UUID: Continuation] = [:]
        var task: Task<Void, Never>?
    }

    private var calls: [String: Call] = [:]
    /// Callers cancelled before they joined: they must not wait.
    private var cancelledEarly: Set<UUID> = []

    func join(key: String, caller: UUID, continuation: Continuation, start: @escaping @Sendable () async throws -> (Data, HTTPURLResponse)) {
        if cancelledEarly.remove(caller) != nil {
            continuation.resume(throwing: CancellationError())
            return
        }
        if let call = calls[key] {
            call.waiters[caller] = continuation
            return
        }
        let call = Call()
        call.waiters[caller] = continuation
        calls[key] = call
        call.task = Task {
            let result: Result<(Data, HTTPURLResponse), any Error>
            do { result = .success(try await start()) } catch { result = .failure(error) }
            self.finish(key: key, call: call, with: result)
        }
    }

    func leave(key: String, caller: UUID) {
        guard let call = calls[key], let continuation = call.waiters.removeValue(forKey: caller) else {
            cancelledEarly.insert(caller)
            return
        }
        continuation.resume(throwing: CancellationError())
        if call.waiters.isEmpty {
            call.task?.cancel()
            calls[key] = nil
        }
    }

    private func finish(key: String, call: Call, with result: Result<(Data, HTTPURLResponse), any Error>) {
        if calls[key] === call { calls[key] = nil }
        for continuation in call.waiters.values { continuation.resume(with: result) }
        call.waiters = [:]
    }
}
