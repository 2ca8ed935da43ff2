import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A streamed response as it starts: the body to read and what decoding it needs.
struct StreamStart: Sendable {
    let bytes: ByteStream
    let contentType: String?
    let decoder: JSONDecoder
    /// Sends the request again, for event streams that reconnect.
    let reconnect: Reconnect?
    let policy: ReconnectPolicy
}

extension ResponseDecoding {
    /// Server-sent events, each event's data decoded as JSON of type `Element`; an event whose
    /// data is `terminator` (OpenAI's `[DONE]`), as it is or as a JSON string (`"[DONE]"`), ends
    /// the stream. Reconnects as `reconnect` says.
    public static func events<Element: Decodable & Sendable>(
        terminator: String? = nil, reconnect: ReconnectPolicy = .never
    ) -> ResponseDecoding<EventStream<Element>> where Response == EventStream<Element> {
        eventStream(terminator: terminator, reconnect: reconnect) { event, decoder in try event.decodeData(Element.self, decoder: decoder) }
    }

    /// Server-sent events, each an enum case chosen by its `event` name (see ``ServerSentEventDecodable``).
    public static func events<Element: ServerSentEventDecodable>(
        terminator: String? = nil, reconnect: ReconnectPolicy = .never
    ) -> ResponseDecoding<EventStream<Element>> where Response == EventStream<Element> {
        eventStream(terminator: terminator, reconnect: reconnect) { event, decoder in try Element(event: event, decoder: decoder) }
    }

    /// Server-sent events as they came.
    public static func events(
        terminator: String? = nil, reconnect: ReconnectPolicy = .never
    ) -> ResponseDecoding<EventStream<ServerSentEvent>> where Response == EventStream<ServerSentEvent> {
        eventStream(terminator: terminator, reconnect: reconnect) { event, _ in event }
    }

    /// Server-sent events, each the text of its data.
    public static func events(
        terminator: String? = nil, reconnect: ReconnectPolicy = .never
    ) -> ResponseDecoding<EventStream<String>> where Response == EventStream<String> {
        eventStream(terminator: terminator, reconnect: reconnect) { event, _ in event.data }
    }

    private static func eventStream<Element: Sendable>(
        terminator: String?, reconnect: ReconnectPolicy,
        decode: @escaping @Sendable (ServerSentEvent, JSONDecoder) throws -> Element
    ) -> ResponseDecoding<EventStream<Element>> {
        return ResponseDecoding<EventStream<Element>>(streaming: "text/event-stream", requiring: "text/event-stream", reconnect: reconnect) { start in
            let decoder = start.decoder
            return EventStream(reader: FrameReader(
                bytes: start.bytes, framing: ServerSentEventParser(), contentType: start.contentType,
                decode: { event in try decode(event, decoder) },
                isEnd: { event in terminator.map { Self.isSentinel(event.data, $0) } ?? false },
                reconnect: start.reconnect, policy: start.policy))
        }
    }

    /// Whether an event's data is the sentinel: as it is, or as a JSON string of it, as a server
    /// that writes every data as JSON sends it (FastAPI's `"[DONE]"`, escaped or not).
    static func isSentinel(_ data: String, _ terminator: String) -> Bool {
        if data == terminator { return true }
        guard data.hasPrefix("\""), data.hasSuffix("\""), data.utf8.count <= terminator.utf8.count * 6 + 2 else { return false }
        return (try? JSONDecoder().decode(String.self, from: Data(data.utf8))) == terminator
    }

    /// JSON Lines, each line decoded as JSON of type `Element`.
    public static func lines<Element: Decodable & Sendable>() -> ResponseDecoding<JSONLines<Element>> where Response == JSONLines<Element> {
        ResponseDecoding<JSONLines<Element>>(streaming: "application/jsonl, application/x-ndjson") { start in
            let decoder = start.decoder
            return JSONLines(reader: FrameReader(
                bytes: start.bytes, framing: JSONLinesParser(), contentType: start.contentType,
                decode: { line in try StreamElements.json(Element.self, from: line, decoder: decoder) }))
        }
    }

    /// A JSON text sequence, each record decoded as JSON of type `Element`.
    public static func sequence<Element: Decodable & Sendable>() -> ResponseDecoding<JSONSequence<Element>> where Response == JSONSequence<Element> {
        ResponseDecoding<JSONSequence<Element>>(streaming: "application/json-seq") { start in
            let decoder = start.decoder
            return JSONSequence(reader: FrameReader(
                bytes: start.bytes, framing: JSONSequenceParser(), contentType: start.contentType,
                decode: { record in try StreamElements.json(Element.self, from: record, decoder: decoder) }))
        }
    }
}

extension ResponseDecoding where Response == ByteStream {
    /// The body's bytes as they arrive.
    public static var bytes: ResponseDecoding<ByteStream> {
        ResponseDecoding(streaming: nil) { start in start.bytes }
    }
}

extension Endpoint {
    /// The same endpoint, reconnecting its event stream after a dropped connection as `policy`
    /// says (``ReconnectPolicy/never`` to stop); other responses are not affected.
    public func reconnecting(_ policy: ReconnectPolicy) -> Endpoint {
        var endpoint = self
        endpoint.response = response.reconnecting(policy)
        return endpoint
    }
}
