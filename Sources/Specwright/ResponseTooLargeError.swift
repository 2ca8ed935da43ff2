import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Thrown by a transport when a response body is larger than it accepts; ``APIClient`` reports it
/// as ``APIError/responseTooLarge(limit:)``.
///
/// ``URLSessionTransport`` throws it as soon as the response head declares a longer body, or as
/// soon as the bytes received pass the limit, and cancels the transfer. A custom ``Transport`` can
/// throw it too.
public struct ResponseTooLargeError: Error, Sendable, CustomStringConvertible {
    /// The largest body accepted, in bytes.
    public let limit: Int
    /// The length the server declared (`Content-Length`), when that is how the limit was found to be passed.
    public let declaredLength: Int?

    /// An error for a body over `limit` bytes; `declaredLength` when the server announced it.
    public init(limit: Int, declaredLength: Int? = nil) {
        self.limit = limit
        self.declaredLength = declaredLength
    }

    /// Such as `The response body is larger than the limit of 64 MiB (declared: 1073741824 bytes).`
    public var description: String {
        let declared = declaredLength.map { " (declared: \($0) bytes)" } ?? ""
        return "The response body is larger than the limit of \(ByteCount.text(limit))\(declared)."
    }
}

/// Byte counts for messages.
enum ByteCount {
    /// `64 MiB`, `1.5 KiB`, `100 bytes`.
    static func text(_ count: Int) -> String {
        let units = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, unit) in units where count >= size {
            let value = Double(count) / Double(size)
            let number = value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
            return "\(number) \(unit)"
        }
        return count == 1 ? "1 byte" : "\(count) bytes"
    }
}

/// How transport failures are reported the same way on every platform.
enum TransportErrors {
    /// `error`, except that a server closing the connection in the middle of the body is
    /// `URLError(.networkConnectionLost)`, as on Apple platforms (URLSession on Linux reports
    /// libcurl's "transfer closed with N bytes remaining to read" as `URLError(.unknown)`).
    static func normalized(_ error: any Error, response: HTTPURLResponse?) -> any Error {
        guard let urlError = error as? URLError, urlError.code == .unknown, let response,
              response.value(forHTTPHeaderField: "Content-Encoding") == nil else { return error }
        var info: [String: Any] = [
            NSUnderlyingErrorKey: urlError,
            NSLocalizedDescriptionKey: "The server closed the connection before the whole response body arrived (\(urlError.localizedDescription)).",
        ]
        if let url = response.url {
            info[NSURLErrorFailingURLErrorKey] = url
        }
        return URLError(.networkConnectionLost, userInfo: info)
    }
}
