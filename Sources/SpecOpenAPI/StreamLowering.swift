import SpecCore
import SpecDiagnostics

/// A response body read as it arrives: its type (`EventStream<T>`, `JSONLines<T>`, ...), the media
/// type it is asked for with, and the sentinel that ends it.
struct StreamedBody {
    var type: TypeExpr
    var mediaType: String
    var terminator: String?

    /// The `Accept` to send: the media type, unless it is the one the stream asks for anyway.
    var accept: String? {
        ["text/event-stream", "application/json-seq"].contains(mediaType.lowercased()) ? nil : mediaType
    }
}

extension OpenAPIContext {
    /// The framing of a streamed media type: server-sent events, JSON Lines, JSON text sequences;
    /// `application/octet-stream` is a byte stream (only when it is a response's one body).
    static func streamFraming(of mediaType: String) -> StreamFraming? {
        let base = String((mediaType.split(separator: ";", maxSplits: 1).first ?? "").filter { $0 != " " && $0 != "\t" }).lowercased()
        switch base {
        case "text/event-stream": return .events
        case "application/jsonl", "application/x-ndjson", "application/x-jsonlines", "application/jsonlines": return .lines
        case "application/json-seq": return .sequence
        case "application/octet-stream": return .bytes
        default: return nil
        }
    }

    /// The streamed body a success response's content describes, if it has one of events, lines or
    /// records (the first such media type), or is bytes only.
    func streamedBody(in content: [(key: String, keyLocation: SourceLocation, value: Node)], hint: NameHint) -> StreamedBody? {
        if let (mediaType, location, media) = content.first(where: { [.events, .lines, .sequence].contains(Self.streamFraming(of: $0.key)) }),
           let framing = Self.streamFraming(of: mediaType) {
            return streamedBody(framing, media: media, mediaType: mediaType, at: location, hint: hint)
        }
        if content.count == 1, let (mediaType, location, _) = content.first, Self.streamFraming(of: mediaType) == .bytes {
            return StreamedBody(type: .named(StreamFraming.bytes.rawValue, arguments: [], at: location), mediaType: mediaType)
        }
        return nil
    }

    /// Whether the operation's success responses have a stream of events, lines or records beside
    /// another body or status: it then gets an endpoint of its own, `<operation>Stream`.
    func hasStreamAlternative(_ operation: Node) -> Bool {
        let successes = (operation["responses"]?.pairs ?? []).filter { $0.key.hasPrefix("2") }
        var streams = 0
        var others = 0
        for success in successes {
            guard let content = followRef(success.value)?["content"]?.pairs, !content.isEmpty else {
                others += 1
                continue
            }
            let streamed = content.filter { [.events, .lines, .sequence].contains(Self.streamFraming(of: $0.key)) }.count
            streams += min(streamed, 1)
            others += content.count - streamed > 0 ? 1 : 0
        }
        return streams > 0 && others > 0
    }

    private func streamedBody(_ framing: StreamFraming, media: Node, mediaType: String, at location: SourceLocation, hint: NameHint) -> StreamedBody {
        let item = media["itemSchema"]
        switch framing {
        case .events:
            if let item {
                // OpenAPI 3.2's event schema: `data` (JSON with `contentSchema`), `event`, `id`, `retry`.
                let element = eventElement(item, hint: hint + "Event", at: location)
                let terminator = element.sentinel ?? (element.isJSON ? "[DONE]" : nil)
                return StreamedBody(type: stream(framing, element.type, at: location), mediaType: mediaType, terminator: terminator)
            }
            guard let schema = media["schema"] else {
                return StreamedBody(type: stream(framing, .named(StreamFraming.rawEvent, arguments: [], at: location), at: location), mediaType: mediaType)
            }
            // A plain schema (OpenAI's): what each event's data holds, as JSON. `[DONE]`, never
            // JSON, ends it, or the sentinel the schema names beside the data (`anyOf: [Chunk, {const: "[DONE]"}]`).
            let data = dataElement(schema, hint: hint + "Event")
            return StreamedBody(type: stream(framing, data.type, at: location), mediaType: mediaType, terminator: data.sentinel ?? "[DONE]")
        case .lines, .sequence:
            guard let schema = item ?? media["schema"] else {
                return StreamedBody(type: stream(framing, Self.json(at: location), at: location), mediaType: mediaType)
            }
            // A plain schema that is an array describes the whole stream: its items are the elements.
            let target = followRef(schema) ?? schema
            let elementSchema = item == nil && target.string("type") == "array" ? target["items"] : schema
            let element = elementSchema.map { type(of: $0, hint: hint + "Item").type } ?? Self.json(at: location)
            return StreamedBody(type: stream(framing, element, at: location), mediaType: mediaType)
        case .bytes:
            return StreamedBody(type: .named(framing.rawValue, arguments: [], at: location), mediaType: mediaType)
        }
    }

    private func stream(_ framing: StreamFraming, _ element: TypeExpr, at location: SourceLocation) -> TypeExpr {
        .named(framing.rawValue, arguments: [element], at: location)
    }

    /// The element of an event stream from its item schema: a `oneOf` of events told apart by
    /// their `event` name is a union of events; one event whose data has a `contentSchema` (or a
    /// schema that is not text) is that schema; otherwise each event as it came. A sentinel the
    /// schema allows beside the events (an event of constant data, or data that may be one constant
    /// string) ends the stream.
    private func eventElement(_ item: Node, hint: NameHint, at location: SourceLocation) -> (type: TypeExpr, isJSON: Bool, sentinel: String?) {
        var schema = followRef(item) ?? item
        var sentinel: String?
        var variants = (schema["oneOf"] ?? schema["anyOf"])?.items ?? []
        // The events, and an event whose data is one string (`{properties: {data: {const: "[DONE]"}}}`).
        let constant = variants.firstIndex { variant in
            let event = followRef(variant) ?? variant
            return Self.eventName(of: event) == nil && event["properties"]?["data"].flatMap { Self.constantString(followRef($0) ?? $0) } != nil
        }
        if let constant, variants.count > 1 {
            let event = followRef(variants[constant]) ?? variants[constant]
            sentinel = event["properties"]?["data"].flatMap { Self.constantString(followRef($0) ?? $0) }
            variants.remove(at: constant)
            if variants.count == 1 {
                schema = followRef(variants[0]) ?? variants[0]
                variants = []
            }
        }
        if !variants.isEmpty {
            let events = variants.map { variant -> (name: String, data: TypeExpr, location: SourceLocation)? in
                let event = followRef(variant) ?? variant
                guard let name = Self.eventName(of: event) else { return nil }
                return (name, eventData(event, hint: hint + SwiftNames.model(name), inUnion: true).type, event.location)
            }
            guard events.allSatisfy({ $0 != nil }) else {
                unsupported("event stream", "the events of this stream are not each named by a single `event` value (const or a one-value enum), so they are read as they came, as ServerSentEvent", at: location)
                return (.named(StreamFraming.rawEvent, arguments: [], at: location), false, sentinel)
            }
            var variants: [UnionDecl.Variant] = []
            for event in events.compactMap({ $0 }) {
                guard !variants.contains(where: { $0.tag == event.name }) else {
                    unsupported("event stream", "event '\(event.name)' is listed twice; the first is its case, this one is not read", at: event.location)
                    continue
                }
                variants.append(UnionDecl.Variant(tag: event.name, type: event.data, location: event.location))
            }
            let name = takeInlineName(hint, title: nil)
            var union = UnionDecl(variants: variants, discriminatorLocation: location)
            union.byEventName = true
            models.append(ModelDecl(name: name, genericParameters: [], location: location, description: description(of: schema),
                                    deprecated: false, kind: .union(union), file: schema.file))
            return (.named(name, arguments: [], at: location), false, sentinel)
        }
        let data = eventData(schema, hint: hint, inUnion: false)
        return (data.type, data.isJSON, data.sentinel ?? sentinel)
    }

    /// What an event's data holds: its `contentSchema` (JSON), or a schema that is not text (also
    /// JSON), else the text (`String`) for the case of a union of events; for a whole stream, an
    /// event without either is read as it came. With the sentinel the data may be instead.
    private func eventData(_ event: Node, hint: NameHint, inUnion: Bool) -> (type: TypeExpr, isJSON: Bool, sentinel: String?) {
        let declared = event["properties"]?["data"]
        let data = declared.map { followRef($0) ?? $0 }
        if let content = data?["contentSchema"] {
            let element = dataElement(content, hint: hint)
            return (element.type, true, element.sentinel)
        }
        if let declared, let data, Self.describesJSON(data) {
            // `data: {$ref: Chunk}`, or `data: {anyOf: [{$ref: Chunk}, {const: "[DONE]"}]}`.
            let element = dataElement(declared, hint: hint)
            return (element.type, true, element.sentinel)
        }
        if let data, let media = data.string("contentMediaType"), Self.isJSON(media) {
            unsupported("event stream", "the events' data is JSON, but with no contentSchema nothing says what it holds; each event is read as it came, as \(inUnion ? "text" : "ServerSentEvent")", at: data.location)
        }
        return (.named(inUnion ? BuiltinType.string.rawValue : StreamFraming.rawEvent, arguments: [], at: event.location), false, nil)
    }

    /// The one `event` name an event schema allows: `const`, or an enum of one value.
    private static func eventName(of event: Node) -> String? {
        guard let property = event["properties"]?["event"] else { return nil }
        if let value = property.string("const") { return value }
        let values = property["enum"]?.items.compactMap(\.scalar) ?? []
        return values.count == 1 ? values[0] : nil
    }
}
