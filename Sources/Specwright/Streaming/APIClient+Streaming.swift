import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIClient {
    /// The largest error body a streamed endpoint reads (to decode its error model) before giving up.
    static let streamedErrorBodyLimit = 1 << 20

    /// Sends a streamed endpoint: returns once the head has arrived, with the value that reads the
    /// body as it comes. A non-2xx status is the usual ``APIError/status(_:)``, its body read first.
    func streamedResponse<Value, Failure>(
        _ endpoint: Endpoint<Value, Failure>, open: @Sendable (StreamStart) -> Value
    ) async throws(APIError<Failure>) -> Response<Value> {
        let request = try await request(for: endpoint)
        let chain = streamChain(for: endpoint)
        let bytes: ByteStream
        let head: HTTPURLResponse
        do {
            if Task.isCancelled {
                throw CancellationError()
            }
            (bytes, head) = try await chain(request)
        } catch {
            throw Self.transportError(error)
        }
        guard (100..<600).contains(head.statusCode) else {
            bytes.cancel()
            throw .invalidResponse
        }
        let decoder = json.decoder(for: endpoint.api.dates)
        guard (200..<300).contains(head.statusCode) else {
            let data: Data
            do {
                data = try await bytes.collect(upTo: Self.streamedErrorBodyLimit)
            } catch {
                throw Self.transportError(error)
            }
            throw Self.statusError(endpoint, data: data, response: head, decoder: decoder)
        }
        let policy = endpoint.response.reconnect
        let reconnect: Reconnect? = policy.maxAttempts > 0 ? { @Sendable lastEventID in
            try await reconnection(endpoint, lastEventID: lastEventID, chain: chain)
        } : nil
        let value = open(StreamStart(bytes: bytes, response: head, contentType: head.value(forHTTPHeaderField: "Content-Type"),
                                     decoder: decoder, reconnect: reconnect, policy: policy))
        return Response(value: value, httpResponse: head)
    }

    /// The endpoint sent again after its stream dropped, with `Last-Event-ID` (the request is made
    /// afresh, so a credential refreshed meanwhile is the one sent).
    private func reconnection<Value, Failure>(
        _ endpoint: Endpoint<Value, Failure>, lastEventID: String?, chain: StreamHandler
    ) async throws -> Reconnection {
        var request = try await request(for: endpoint)
        if let lastEventID, HeaderValidation.isValid(name: "Last-Event-ID", value: lastEventID) {
            request.setValue(lastEventID, forHTTPHeaderField: "Last-Event-ID")
        }
        let (bytes, head) = try await chain(request)
        if head.statusCode == 204 {
            bytes.cancel()
            return .ended
        }
        guard (200..<300).contains(head.statusCode) else {
            bytes.cancel()
            return .refused(head.statusCode)
        }
        return .resumed(bytes)
    }

    /// The middlewares and the transport, for a streamed response of `endpoint`.
    private func streamChain<Value, Failure>(for endpoint: Endpoint<Value, Failure>) -> StreamHandler {
        let credentialHeaders = Self.credentialHeaders(of: endpoint.auth)
        let transport = transport
        var info = endpoint.info
        info.isStreamed = true
        return middlewares.streamChain(info: info) { request in
            try await Self.followingRedirects(request, credentialHeaders: credentialHeaders, send: transport.stream) { $0.cancel() }
        }
    }
}
