import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Retries failed requests with exponential backoff and full jitter, honouring `Retry-After`.
///
/// Only retryable endpoints are retried: idempotent methods (GET, HEAD, PUT, DELETE, OPTIONS), and
/// others whose spec says `retry: true`. A request is retried after a transient transport error
/// (timeout, lost or refused connection) or a status in ``statuses``; never after cancellation,
/// which stops a wait at once. Attempts and total time are bounded. The reconnections of an event
/// stream (``RequestInfo/isReconnection``) are left to the stream's ``ReconnectPolicy``, so the
/// two bounds do not multiply.
public struct RetryMiddleware: Middleware {
    /// The most attempts, the first one included.
    public var maxAttempts: Int
    /// The backoff before the second attempt; each later one doubles it, up to ``maxDelay``.
    public var baseDelay: TimeInterval
    /// The longest wait between attempts, `Retry-After` included.
    public var maxDelay: TimeInterval
    /// No retry starts once this much time has passed since the first attempt.
    public var maxTotalTime: TimeInterval
    /// The statuses worth retrying.
    public var statuses: Set<Int>
    /// Whether waits are drawn at random between zero and the backoff (full jitter), so clients
    /// that failed together do not retry together.
    public var jitter: Bool

    /// A retry policy; the defaults suit most apps.
    public init(
        maxAttempts: Int = 3, baseDelay: TimeInterval = 0.25, maxDelay: TimeInterval = 10, maxTotalTime: TimeInterval = 30,
        statuses: Set<Int> = [408, 429, 500, 502, 503, 504], jitter: Bool = true
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxTotalTime = maxTotalTime
        self.statuses = statuses
        self.jitter = jitter
    }

    /// Sends the request, retrying as the policy allows.
    public func intercept(_ request: URLRequest, info: RequestInfo, next: @escaping NextHandler) async throws -> (Data, HTTPURLResponse) {
        guard info.isRetryable, !info.isReconnection, maxAttempts > 1 else { return try await next(request) }
        let clock = ContinuousClock()
        let start = clock.now
        var attempt = 1
        while true {
            let delay: TimeInterval
            do {
                let (data, response) = try await next(request)
                guard attempt < maxAttempts, statuses.contains(response.statusCode) else { return (data, response) }
                delay = Self.retryAfter(response).map { min($0, maxDelay) } ?? backoff(after: attempt)
                guard (clock.now - start).seconds + delay <= maxTotalTime else { return (data, response) }
            } catch {
                guard attempt < maxAttempts, Self.isTransient(error) else { throw error }
                delay = backoff(after: attempt)
                guard (clock.now - start).seconds + delay <= maxTotalTime else { throw error }
            }
            try await Task.sleep(for: .seconds(delay)) // throws CancellationError when cancelled: no more attempts
            attempt += 1
        }
    }

    /// The wait after `attempt` failed attempts.
    func backoff(after attempt: Int) -> TimeInterval {
        let ceiling = min(maxDelay, baseDelay * pow(2, Double(attempt - 1)))
        return jitter ? Double.random(in: 0...ceiling) : ceiling
    }

    /// `Retry-After` as seconds: a number of seconds, or an HTTP date.
    static func retryAfter(_ response: HTTPURLResponse) -> TimeInterval? {
        guard let value = response.value(forHTTPHeaderField: "Retry-After")?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Double(value), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value).map { max(0, $0.timeIntervalSinceNow) }
    }

    /// Errors worth another attempt: the network, not the request, failed.
    static func isTransient(_ error: any Error) -> Bool {
        guard let code = (error as? URLError)?.code else { return false }
        switch code {
        case .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet, .dnsLookupFailed,
             .cannotFindHost, .resourceUnavailable:
            return true
        default:
            return false
        }
    }
}
