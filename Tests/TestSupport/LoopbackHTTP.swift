import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests the tests send to their own servers (a probe, a server's counters, its record of
/// requests), in place of Foundation's `URLSession.data(for:)`.
///
/// On Linux, `data(for:)` cancels its task inside the cancelled task's cancellation handler,
/// waiting on URLSession's one work queue, while that queue may be resuming the same task and
/// waiting on the task's lock: a deadlock that stops every URLSession of the process (a stream
/// test cancels a producer that polls a server's counters). Here the task is made on a thread of
/// its own and a cancellation does not touch it: a loopback request ends in moments anyway.
public enum LoopbackHTTP {
    /// The body and response of `request`.
    public static func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
            DispatchQueue.global().async {
                URLSession.shared.dataTask(with: request) { data, response, error in
                    if let response, error == nil {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: error ?? URLError(.badServerResponse))
                    }
                }.resume()
            }
        }
    }

    /// The body and response of a GET of `url`.
    public static func data(from url: URL) async throws -> (Data, URLResponse) {
        try await data(for: URLRequest(url: url))
    }
}
