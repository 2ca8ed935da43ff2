/// How a streamed response is read as it arrives: the type expressions `EventStream<T>`,
/// `JSONLines<T>`, `JSONSequence<T>` and `ByteStream`, named after the runtime types they become.
public enum StreamFraming: String, Sendable, CaseIterable {
    /// Server-sent events (`text/event-stream`), each event's data an element.
    case events = "EventStream"
    /// JSON Lines (`application/jsonl`, `application/x-ndjson`), each line an element.
    case lines = "JSONLines"
    /// JSON text sequences (`application/json-seq`), each record an element.
    case sequence = "JSONSequence"
    /// The body's bytes as they arrive.
    case bytes = "ByteStream"

    /// Whether the type takes the element type as its generic argument (all but `ByteStream`).
    public var takesElement: Bool { self != .bytes }

    /// The element of `EventStream<ServerSentEvent>`: each event as it came (type, data, id, retry).
    public static let rawEvent = "ServerSentEvent"
}

extension SymbolTable {
    /// The framing and element of a streamed response type (`EventStream<ChatChunk>`), unless a
    /// model of the spec has that name; nil for any other type.
    public func stream(_ type: TypeExpr) -> (framing: StreamFraming, element: TypeExpr?)? {
        guard case .named(let name, let arguments, _) = type, model(named: name) == nil, let framing = StreamFraming(rawValue: name) else { return nil }
        return (framing, arguments.first)
    }
}
