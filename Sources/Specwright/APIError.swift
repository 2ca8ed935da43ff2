import Foundation

/// Why a request failed. `Failure` is the endpoint's error model, so a caller gets it typed
/// (through typed throws) without casts.
public enum APIError<Failure: Sendable>: Error, LocalizedError {
    /// The base URL and path did not form a valid URL.
    case invalidURL(String)
    /// The request did not complete: no connection, TLS failure, a timeout (`URLError.timedOut`), or
    /// a server that closed the connection in the middle of the body (`URLError.networkConnectionLost`).
    case transport(any Error)
    /// The answer was not a usable HTTP response (not HTTP, or a status outside 100...599).
    case invalidResponse
    /// The server answered with a non-2xx status.
    case status(StatusError<Failure>)
    /// A 2xx body did not match the response model: it is not JSON (an HTML page from a proxy, an
    /// empty or cut-short body, invalid UTF-8), or JSON of another shape. The failure says which.
    case decoding(DecodingFailure)
    /// The request body could not be encoded.
    case encoding(any Error)
    /// The endpoint needs a credential and the client has none.
    case missingCredentials
    /// The client's credentials provider threw.
    case credentials(any Error)
    /// The calling task was cancelled.
    case cancelled
    /// A header name is not an HTTP token, or a header value holds CR, LF or NUL. It is never sent:
    /// URLSession on Linux drops such values silently, and a name with CRLF would inject a header.
    case invalidHeader(String)
    /// The response body was larger than the transport accepts (see
    /// ``URLSessionTransport/maxResponseBytes``); the transfer was stopped when that became clear.
    case responseTooLarge(limit: Int)

    /// The HTTP status, for ``status(_:)`` errors.
    public var statusCode: Int? {
        if case .status(let error) = self { error.statusCode } else { nil }
    }

    /// The decoded error body, for ``status(_:)`` errors whose body matched the model.
    public var model: Failure? {
        if case .status(let error) = self { error.model } else { nil }
    }

    /// A sentence saying what went wrong.
    public var errorDescription: String? {
        switch self {
        case .invalidURL(let url):
            "The request URL \(url) is not valid."
        case .transport(let error):
            "The request failed: \(error.localizedDescription)"
        case .invalidResponse:
            "The server's answer was not an HTTP response."
        case .status(let error):
            error.description
        case .decoding(let failure):
            failure.description
        case .encoding(let error):
            "The request body could not be encoded: \(error)"
        case .missingCredentials:
            "The endpoint requires credentials, and the client has none."
        case .credentials(let error):
            "The credentials could not be loaded: \(error.localizedDescription)"
        case .cancelled:
            "The request was cancelled."
        case .invalidHeader(let name):
            "The header '\(name)' was not sent: a header name must be an HTTP token, and a value cannot hold CR, LF or NUL."
        case .responseTooLarge(let limit):
            "The response body is larger than the limit of \(ByteCount.text(limit))."
        }
    }
}
