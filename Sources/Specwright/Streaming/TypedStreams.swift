import Foundation

/// A response of server-sent events (`text/event-stream`), each decoded as `Element` as it arrives:
/// `for try await chunk in try await client.send(Chat.stream(...))`.
///
/// `Element` is what the spec says: a model decoded from each event's `data` as JSON, a
/// ``ServerSentEvent`` as it came, a `String` of the data, or an enum of the events by their
/// `event` name (``ServerSentEventDecodable``). A sentinel the spec names (OpenAI's `[DONE]`) ends
/// the sequence cleanly. Where the endpoint reconnects, a dropped connection is resumed with
/// `Last-Event-ID` (see ``ReconnectPolicy``) and the loop sees one sequence.
///
/// Failures in the middle end the loop with a ``StreamError`` that says where. It is read once;
/// reading is what fetches more (see ``ByteStream``), and cancelling the reading task closes the
/// connection.
public struct EventStream<Element: Sendable>: AsyncSequence, Sendable {
    /// The error that ends the sequence early.
    public typealias Failure = StreamError
    private let reader: FrameReader<ServerSentEventParser, Element>

    init(reader: FrameReader<ServerSentEventParser, Element>) {
        self.reader = reader
    }

    /// Reads the elements one after the other.
    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let reader: FrameReader<ServerSentEventParser, Element>

        /// The next element, or nil once the stream has ended.
        public mutating func next() async throws(StreamError) -> Element? {
            try await reader.next()
        }

        /// The next element, or nil once the stream has ended.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(StreamError) -> Element? {
            try await reader.next()
        }
    }

    /// An iterator over the elements still to come.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(reader: reader)
    }
}

/// A response of JSON Lines (`application/jsonl`, `application/x-ndjson`): one `Element` per line,
/// decoded as it arrives. Blank lines are skipped. Failures in the middle end the loop with a
/// ``StreamError`` that says which line. Read once; reading is what fetches more.
public struct JSONLines<Element: Sendable>: AsyncSequence, Sendable {
    /// The error that ends the sequence early.
    public typealias Failure = StreamError
    private let reader: FrameReader<JSONLinesParser, Element>

    init(reader: FrameReader<JSONLinesParser, Element>) {
        self.reader = reader
    }

    /// Reads the elements one after the other.
    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let reader: FrameReader<JSONLinesParser, Element>

        /// The next element, or nil once the stream has ended.
        public mutating func next() async throws(StreamError) -> Element? {
            try await reader.next()
        }

        /// The next element, or nil once the stream has ended.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(StreamError) -> Element? {
            try await reader.next()
        }
    }

    /// An iterator over the elements still to come.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(reader: reader)
    }
}

/// A response of JSON text sequences (`application/json-seq`, RFC 7464): one `Element` per
/// record, decoded as it arrives. Failures in the middle end the loop with a ``StreamError`` that
/// says which record. Read once; reading is what fetches more.
public struct JSONSequence<Element: Sendable>: AsyncSequence, Sendable {
    /// The error that ends the sequence early.
    public typealias Failure = StreamError
    private let reader: FrameReader<JSONSequenceParser, Element>

    init(reader: FrameReader<JSONSequenceParser, Element>) {
        self.reader = reader
    }

    /// Reads the elements one after the other.
    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let reader: FrameReader<JSONSequenceParser, Element>

        /// The next element, or nil once the stream has ended.
        public mutating func next() async throws(StreamError) -> Element? {
            try await reader.next()
        }

        /// The next element, or nil once the stream has ended.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(StreamError) -> Element? {
            try await reader.next()
        }
    }

    /// An iterator over the elements still to come.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(reader: reader)
    }
}

/// An element of an ``EventStream`` read from the whole event, not only its data: an enum of the
/// events a stream sends, chosen by their `event` name. Generated for event unions.
public protocol ServerSentEventDecodable: Sendable {
    /// The element for `event`; JSON in its data is read with `decoder` (the endpoint's date coding).
    init(event: ServerSentEvent, decoder: JSONDecoder) throws
}

extension ServerSentEvent {
    /// The event's data as JSON of type `type`.
    public func decodeData<Value: Decodable>(_ type: Value.Type, decoder: JSONDecoder) throws -> Value {
        try StreamElements.json(type, from: Data(data.utf8), decoder: decoder)
    }
}

/// How stream elements are read from their frames.
enum StreamElements {
    /// JSON of type `type`: decimals from numbers or text, as for whole bodies.
    static func json<Value: Decodable>(_ type: Value.Type, from data: Data, decoder: JSONDecoder) throws -> Value {
        if let decimals = try Decimals.decode(type, from: data, decoder: decoder) { return decimals }
        return try decoder.decode(type, from: data)
    }
}
