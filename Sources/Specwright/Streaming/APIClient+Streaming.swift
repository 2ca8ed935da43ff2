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
        let decoder = json.decoder(for: endpoint.api.dates, validation: validation)
        guard (200..<300).contains(head.statusCode) else {
            let data: Data
            do {
                // The status is the error, however long its body: the body is read up to the limit.
                data = try await bytes.prefix(upTo: Self.streamedErrorBodyLimit)
            } catch {
                throw Self.transportError(error)
            }
            throw Self.statusError(endpoint, data: data, response: head, decoder: decoder)
        }
        let contentType = head.value(forHTTPHeaderField: "Content-Type")
        if validation.requiresDeclaredContentType, let undeclared = endpoint.response.undeclared(contentType, bodyIsEmpty: false) {
            let data = (try? await bytes.prefix(upTo: Self.streamedErrorBodyLimit)) ?? Data()
            throw .decoding(DecodingFailure(undeclared, data: data, contentType: contentType))
        }
        if let required = endpoint.response.requiredMediaType, let contentType, !Self.isMediaType(contentType, required) {
            // Not a stream at all (a JSON answer to a request that did not ask to stream, a proxy's page).
            let data = (try? await bytes.prefix(upTo: Self.streamedErrorBodyLimit)) ?? Data()
            throw .decoding(DecodingFailure(
                message: "Expected \(required), but the body is \(contentType)", codingPath: "", data: data, contentType: contentType,
                underlying: DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Expected \(required), found \(contentType)."))))
        }
        let policy = endpoint.response.reconnect
        let reconnect: Reconnect?
        if policy.maxAttempts > 0 {
            let reconnectionChain = streamChain(for: endpoint, reconnecting: true)
            reconnect = { @Sendable lastEventID in
                try await reconnection(endpoint, lastEventID: lastEventID, chain: reconnectionChain)
            }
        } else {
            reconnect = nil
        }
        let value = open(StreamStart(bytes: bytes, contentType: contentType,
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
            // A server that is restarting or busy is tried again, within the policy's bounds.
            if head.statusCode == 429 || (500...599).contains(head.statusCode) { throw URLError(.resourceUnavailable) }
            return .refused(head.statusCode)
        }
        return .resumed(bytes)
    }

    /// Whether `contentType` (`text/event-stream; charset=utf-8`) is the media type `expected`.
    static func isMediaType(_ contentType: String, _ expected: String) -> Bool {
        (contentType.split(separator: ";", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces).lowercased() == expected
    }

    /// The middlewares and the transport, for a streamed response of `endpoint` (`reconnecting`:
    /// for the requests that resume it).
    private func streamChain<Value, Failure>(for endpoint: Endpoint<Value, Failure>, reconnecting: Bool = false) -> StreamHandler {
        let credentialHeaders = Self.credentialHeaders(of: endpoint.auth)
        let transport = transport
        var info = endpoint.info
        info.isStreamed = true
        info.isReconnection = reconnecting
        return middlewares.streamChain(info: info) { request in
            try await Self.followingRedirects(request, credentialHeaders: credentialHeaders, send: transport.stream) { $0.cancel() }
        }
    }
}
