import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Holds a bearer token and refreshes it, one refresh at a time: however many requests find the
/// token expired at once, they all wait for the same refresh.
///
/// Use it as the client's credentials and with ``AuthRefreshMiddleware``:
/// `APIClient(baseURL: url, credentials: store, middlewares: [AuthRefreshMiddleware(store: store)])`.
///
/// A lock, not an actor, guards the token: reading it on every request costs no hop to another
/// executor. The refresh itself runs in one task that every waiting request shares.
public final class TokenStore: CredentialsProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var token: String?
    private var refreshing: Task<String, any Error>?
    private let refresh: @Sendable () async throws -> String

    /// A store that starts with `token` (nil: refresh before the first request) and gets a new
    /// token from `refresh` (for example by sending the refresh-token endpoint).
    public init(token: String? = nil, refresh: @escaping @Sendable () async throws -> String) {
        self.token = token
        self.refresh = refresh
    }

    /// The bearer token for endpoints that need one; other requirements get nil.
    public func credential(for requirement: AuthRequirement) async throws -> String? {
        requirement == .bearer ? try await current() : nil
    }

    /// The current token, refreshing first if there is none.
    public func current() async throws -> String {
        if let token = lock.withLock({ token }) { return token }
        return try await refreshed(replacing: nil)
    }

    /// A token newer than `failed`: the one another request already refreshed, or a new one. One
    /// refresh runs at a time; its callers share its result or its error.
    public func refreshed(replacing failed: String?) async throws -> String {
        let task: Task<String, any Error>
        switch lock.withLock({ () -> RefreshStep in
            if let token, token != failed { return .known(token) }
            if let refreshing { return .wait(refreshing) }
            let started = Task { [refresh] in try await refresh() }
            refreshing = started
            return .wait(started)
        }) {
        case .known(let token): return token
        case .wait(let shared): task = shared
        }
        do {
            let fresh = try await task.value
            lock.withLock {
                if refreshing == task {
                    token = fresh
                    refreshing = nil
                }
            }
            return fresh
        } catch {
            lock.withLock {
                if refreshing == task { refreshing = nil }
            }
            throw error
        }
    }

    private enum RefreshStep {
        case known(String)
        case wait(Task<String, any Error>)
    }
}

/// A token refresh that failed; every request that waited for it fails with it, as
/// ``APIError/credentials(_:)``.
public struct TokenRefreshError: Error {
    /// Why the refresh failed.
    public var underlying: any Error
}

/// Token refresh for bearer authentication: on a `401` from an endpoint that needs a bearer token,
/// refreshes the ``TokenStore``'s token (once for all requests that failed together) and replays
/// the request once with the new token. A failed refresh fails every waiting request with
/// ``APIError/credentials(_:)``. The client sends the token itself: pass the store as its credentials.
public struct AuthRefreshMiddleware: Middleware {
    /// Where the token comes from.
    public let store: TokenStore

    /// Authentication from `store`.
    public init(store: TokenStore) {
        self.store = store
    }

    /// Sends the request; on a 401, once more with a refreshed token.
    public func intercept(_ request: URLRequest, info: RequestInfo, next: @escaping NextHandler) async throws -> (Data, HTTPURLResponse) {
        guard info.auth.schemes.contains(.bearer), request.value(forHTTPHeaderField: "Authorization")?.hasPrefix("Bearer ") == true else {
            return try await next(request)
        }
        let (data, response) = try await next(request)
        guard response.statusCode == 401 else { return (data, response) }
        let sent = request.value(forHTTPHeaderField: "Authorization").flatMap { header in
            header.hasPrefix("Bearer ") ? String(header.dropFirst(7)) : nil
        }
        let fresh = try await tokenOrRefreshError { try await store.refreshed(replacing: sent) }
        var replay = request
        replay.setValue("Bearer \(fresh)", forHTTPHeaderField: "Authorization")
        return try await next(replay)
    }

    private func tokenOrRefreshError(_ body: () async throws -> String) async throws -> String {
        do {
            return try await body()
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw TokenRefreshError(underlying: error)
        }
    }
}
