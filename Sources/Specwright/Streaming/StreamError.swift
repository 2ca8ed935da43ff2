import Foundation

/// Why a streamed response (``EventStream``, ``JSONLines``, ``JSONSequence``) ended before its end,
/// and where: how many elements had arrived, and for an event stream the event that failed.
///
/// An error status before the stream starts is an ``APIError`` of the call, as for any endpoint;
/// this is what ends the sequence once it has started.
public struct StreamError: Error, Sendable, LocalizedError, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable {
        /// The connection failed or was cut (`URLError(.networkConnectionLost)`,
        /// `URLError(.timedOut)`), and was not resumed (the endpoint does not reconnect, or every
        /// attempt failed).
        case transport(any Error)
        /// An element did not decode as the element type.
        case decoding(DecodingFailure)
        /// An element was longer than the parser accepts.
        case tooLarge(limit: Int)
        /// A reconnection was answered with this status, not 2xx (204 ends the stream cleanly instead).
        case status(Int)
        /// The reading task was cancelled; the connection is closed.
        case cancelled
    }

    /// What went wrong.
    public let reason: Reason
    /// How many elements the stream had delivered before: the position of the one that failed.
    public let index: Int
    /// The event that failed to decode (event streams only).
    public let event: ServerSentEvent?

    /// An error with its parts.
    public init(_ reason: Reason, index: Int, event: ServerSentEvent? = nil) {
        self.reason = reason
        self.index = index
        self.event = event
    }

    /// One sentence: `Event 4 of the stream (event "delta", id 41) does not match its model at
    /// choices[0]: ...`, `The stream failed after 12 elements: The network connection was lost.`
    public var description: String {
        switch reason {
        case .transport(let error):
            "The stream failed after \(Self.count(index)): \(Self.sentence(error))"
        case .decoding(let failure):
            "\(element) does not match its model\(failure.codingPath.isEmpty ? "" : " at \(failure.codingPath)"): \(failure.message)"
        case .tooLarge(let limit):
            "\(element) is longer than \(limit) bytes."
        case .status(let status):
            "The server answered \(status) when the stream reconnected after \(Self.count(index))."
        case .cancelled:
            "The stream was cancelled after \(Self.count(index))."
        }
    }

    /// The same sentence, so `localizedDescription` shows it.
    public var errorDescription: String? { description }

    /// `Event 4 of the stream (event "delta", id 41)` or `Element 4 of the stream`, counted from
    /// 1 (``index`` counts from 0).
    private var element: String {
        guard let event else { return "Element \(index + 1) of the stream" }
        var details = ["event \"\(event.event)\""]
        if let id = event.id { details.append("id \(id)") }
        return "Event \(index + 1) of the stream (\(details.joined(separator: ", ")))"
    }

    /// What an error says: its own description, or the localized one a `URLError` carries, or
    /// the value itself (a plain `Error` type).
    private static func sentence(_ error: any Error) -> String {
        if let described = (error as? LocalizedError)?.errorDescription { return described }
        if let message = (error as NSError).userInfo[NSLocalizedDescriptionKey] as? String { return message }
        if error is URLError { return error.localizedDescription }
        return String(describing: error)
    }

    private static func count(_ index: Int) -> String {
        index == 1 ? "1 element" : "\(index) elements"
    }
}

/// How an event stream reconnects after its connection failed: it waits the time the server last
/// asked for with `retry` (or ``delay``), sends the request again with `Last-Event-ID`, and goes on
/// with the events the server sends from there, as one sequence. A `204` answer ends the stream;
/// another non-2xx status ends it with ``StreamError/Reason/status(_:)``.
public struct ReconnectPolicy: Sendable, Hashable {
    /// The most reconnections in a row that bring no event before the stream fails.
    public var maxAttempts: Int
    /// The wait before reconnecting when the server did not set one with `retry`, in seconds.
    public var delay: TimeInterval
    /// The longest wait before one reconnection, whatever `retry` says.
    public var maxDelay: TimeInterval
    /// The stream fails once this long has passed since the connection failed without a
    /// reconnection bringing an event.
    public var maxTotalTime: TimeInterval

    /// A policy; the defaults follow browsers' `EventSource` (a few seconds), bounded.
    public init(maxAttempts: Int = 5, delay: TimeInterval = 3, maxDelay: TimeInterval = 30, maxTotalTime: TimeInterval = 120) {
        self.maxAttempts = max(0, maxAttempts)
        self.delay = max(0, delay)
        self.maxDelay = max(0, maxDelay)
        self.maxTotalTime = max(0, maxTotalTime)
    }

    /// Never reconnect: a failed connection ends the stream with ``StreamError/Reason/transport(_:)``.
    public static let never = ReconnectPolicy(maxAttempts: 0)
}
