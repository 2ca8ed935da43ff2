/// One server-sent event (`text/event-stream`), as the WHATWG HTML standard's event-stream format
/// defines it: its type, its data, and the last event ID when it arrived.
public struct ServerSentEvent: Sendable, Hashable, CustomStringConvertible {
    /// The `event` field: `message` unless the event named another type.
    public var event: String
    /// The `data` fields, joined with line feeds.
    public var data: String
    /// The last event ID when the event arrived: its own `id` field or the one of an event before
    /// it; nil when none was set (or it was reset with an empty `id`). A reconnecting stream sends
    /// it as `Last-Event-ID`.
    public var id: String?
    /// The reconnection time in milliseconds, when the event's block set one with `retry`.
    public var retry: Int?

    /// An event with these fields.
    public init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }

    /// The event in the wire format, ending with the blank line that dispatches it.
    public var description: String {
        var text = event == "message" ? "" : "event: \(event)\n"
        if let id { text += "id: \(id)\n" }
        if let retry { text += "retry: \(retry)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line)\n"
        }
        return text + "\n"
    }
}

/// A piece of a stream (an event, a line, a record) longer than the parser accepts, which would
/// otherwise grow without bound while the server never ends it.
public struct StreamFrameTooLarge: Error, Sendable, CustomStringConvertible {
    /// The most bytes one piece may hold.
    public let limit: Int

    /// The limit it passed.
    public init(limit: Int) {
        self.limit = limit
    }

    /// `An event of the stream is longer than 16777216 bytes.`
    public var description: String {
        "A piece of the stream (an event, a line or a record) is longer than \(limit) bytes."
    }
}
