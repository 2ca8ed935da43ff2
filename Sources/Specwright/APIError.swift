import Foundation

/// Why a request failed. `Failure` is the endpoint's error model, so a caller gets it typed
/// (through typed throws) without casts.
///
/// `localizedDescription`, `String(describing:)` and string interpolation give one sentence that
/// says what went wrong, for a status error with what the server said (`The server answered 409
/// (Conflict): That handle is taken.`); `String(reflecting:)` adds the case and the details, for
/// logs. When `Failure` is `Equatable`, so is the error: see ``==(_:_:)`` for what equal means.
public enum APIError<Failure: Sendable>: Error, LocalizedError, CustomStringConvertible, CustomDebugStringConvertible {
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

    /// A status error with this code and model, as a test expects one: `APIError<Problem>.status(404)`.
    public static func status(_ statusCode: Int, model: Failure? = nil) -> APIError {
        .status(StatusError(statusCode: statusCode, model: model))
    }

    /// `error` as this kind of error: an `APIError` of it as it is, a cancellation as
    /// ``cancelled``, anything else as ``transport(_:)``: for a hand-written fake or middleware that
    /// must report an error of another kind through a typed `throws(APIError<Failure>)`.
    public static func wrapping(_ error: any Error) -> APIError {
        if let error = error as? APIError { return error }
        if error is CancellationError { return .cancelled }
        return .transport(error)
    }

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
        case .transport(let error as UnsetStubHandler):
            error.description   // no request was made
        case .transport(let error):
            "The request failed: \(error.localizedDescription)"
        case .invalidResponse:
            "The server's answer was not an HTTP response."
        case .status(let error):
            error.description
        case .decoding(let failure):
            failure.description
        case .encoding(let error as CocoaError) where [.fileReadNoSuchFile, .fileReadNoPermission].contains(error.code):
            "The request body could not be read: \(error.localizedDescription)"
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

    /// The same sentence as `errorDescription`, so logging the error says what went wrong.
    public var description: String {
        errorDescription ?? "The request failed."
    }

    /// The case and its details, for logs: the status and the body's excerpt, the coding path of a
    /// decoding failure, the underlying error.
    public var debugDescription: String {
        switch self {
        case .status(let error):
            let body = error.data.isEmpty ? "no body" : "\(ByteCount.text(error.data.count)) body"
            return "APIError.status(\(error.statusCode)): \(error.description) (\(body)\(error.model == nil ? "" : ", decoded as \(Failure.self)"))"
        case .decoding(let failure):
            return "APIError.decoding: \(failure.description)\(failure.codingPath.isEmpty ? "" : " at \(failure.codingPath)")"
        case .transport(let error), .encoding(let error), .credentials(let error):
            return "APIError.\(caseName): \(description) [\(String(reflecting: error))]"
        default:
            return "APIError.\(caseName): \(description)"
        }
    }

    /// The case's name, for `debugDescription`.
    private var caseName: String {
        switch self {
        case .invalidURL: "invalidURL"
        case .transport: "transport"
        case .invalidResponse: "invalidResponse"
        case .status: "status"
        case .decoding: "decoding"
        case .encoding: "encoding"
        case .missingCredentials: "missingCredentials"
        case .credentials: "credentials"
        case .cancelled: "cancelled"
        case .invalidHeader: "invalidHeader"
        case .responseTooLarge: "responseTooLarge"
        }
    }
}

extension APIError: Equatable where Failure: Equatable {
    /// Whether two errors say the same thing, so a test can expect one in one expression
    /// (`#expect(throws: APIError<Problem>.status(404))`):
    ///
    /// - status errors: the same status code and the same model (headers and raw body are not
    ///   compared: they are how the answer came, not what it said);
    /// - transport, encoding and credentials errors: the same kind of error, that is the same
    ///   error domain and code (for a `URLError`, the same code, such as `.timedOut`);
    /// - decoding failures: the same message at the same coding path;
    /// - the other cases: the same case with the same value.
    public static func == (lhs: APIError, rhs: APIError) -> Bool {
        switch (lhs, rhs) {
        case (.invalidURL(let a), .invalidURL(let b)), (.invalidHeader(let a), .invalidHeader(let b)):
            a == b
        case (.transport(let a), .transport(let b)), (.encoding(let a), .encoding(let b)), (.credentials(let a), .credentials(let b)):
            sameKind(a, b)
        case (.invalidResponse, .invalidResponse), (.missingCredentials, .missingCredentials), (.cancelled, .cancelled):
            true
        case (.status(let a), .status(let b)):
            a == b
        case (.decoding(let a), .decoding(let b)):
            a.message == b.message && a.codingPath == b.codingPath
        case (.responseTooLarge(let a), .responseTooLarge(let b)):
            a == b
        default:
            false
        }
    }

    /// The same error domain and code.
    private static func sameKind(_ a: any Error, _ b: any Error) -> Bool {
        let (first, second) = (a as NSError, b as NSError)
        return first.domain == second.domain && first.code == second.code
    }
}
