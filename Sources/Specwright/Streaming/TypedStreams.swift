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
    let reader: any ElementSource<Element>

    init(reader: any ElementSource<Element>) {
        self.reader = reader
    }

    /// A stream of these elements, for tests and stub services of code that reads one; with
    /// `failure`, it ends with that error after them.
    public init(elements: [Element], failure: StreamError? = nil) {
        reader = ElementList(elements, failure: failure)
    }

    /// Reads the elements one after the other.
    public typealias AsyncIterator = StreamIterator<Element>

    /// An iterator over the elements still to come.
    public func makeAsyncIterator() -> StreamIterator<Element> {
        StreamIterator(reader: reader)
    }

    /// Closes the connection from anywhere (a Stop button), without cancelling the reading task:
    /// the loop ends with ``StreamError/Reason/cancelled`` and the stream does not reconnect.
    public func cancel() {
        reader.cancel()
    }
}

/// A response of JSON Lines (`application/jsonl`, `application/x-ndjson`): one `Element` per line,
/// decoded as it arrives. Blank lines are skipped. Failures in the middle end the loop with a
/// ``StreamError`` that says which line. Read once; reading is what fetches more.
public struct JSONLines<Element: Sendable>: AsyncSequence, Sendable {
    /// The error that ends the sequence early.
    public typealias Failure = StreamError
    private let reader: any ElementSource<Element>

    init(reader: any ElementSource<Element>) {
        self.reader = reader
    }

    /// A stream of these elements, for tests and stub services of code that reads one; with
    /// `failure`, it ends with that error after them.
    public init(elements: [Element], failure: StreamError? = nil) {
        reader = ElementList(elements, failure: failure)
    }

    /// Reads the elements one after the other.
    public typealias AsyncIterator = StreamIterator<Element>

    /// An iterator over the elements still to come.
    public func makeAsyncIterator() -> StreamIterator<Element> {
        StreamIterator(reader: reader)
    }

    /// Closes the connection from anywhere (a Stop button), without cancelling the reading task:
    /// the loop ends with ``StreamError/Reason/cancelled`` and the stream does not reconnect.
    public func cancel() {
        reader.cancel()
    }
}

/// A response of JSON text sequences (`application/json-seq`, RFC 7464): one `Element` per
/// record, decoded as it arrives. Failures in the middle end the loop with a ``StreamError`` that
/// says which record. Read once; reading is what fetches more.
public struct JSONSequence<Element: Sendable>: AsyncSequence, Sendable {
    /// The error that ends the sequence early.
    public typealias Failure = StreamError
    private let reader: any ElementSource<Element>

    init(reader: any ElementSource<Element>) {
        self.reader = reader
    }

    /// A stream of these elements, for tests and stub services of code that reads one; with
    /// `failure`, it ends with that error after them.
    public init(elements: [Element], failure: StreamError? = nil) {
        reader = ElementList(elements, failure: failure)
    }

    /// Reads the elements one after the other.
    public typealias AsyncIterator = StreamIterator<Element>

    /// An iterator over the elements still to come.
    public func makeAsyncIterator() -> StreamIterator<Element> {
        StreamIterator(reader: reader)
    }

    /// Closes the connection from anywhere (a Stop button), without cancelling the reading task:
    /// the loop ends with ``StreamError/Reason/cancelled`` and the stream does not reconnect.
    public func cancel() {
        reader.cancel()
    }
}

/// Reads the elements of an ``EventStream``, ``JSONLines`` or ``JSONSequence`` one after the other;
/// `Sendable`, so a view model can keep one. When the last copy of it goes (the loop is left), the
/// connection is closed, even while the sequence itself is still held: a stream is read once.
public struct StreamIterator<Element: Sendable>: AsyncIteratorProtocol, Sendable {
    fileprivate let reader: any ElementSource<Element>
    private let end: IterationEnd

    init(reader: any ElementSource<Element>) {
        self.reader = reader
        end = IterationEnd(reader)
    }

    /// The next element, or nil once the stream has ended.
    public mutating func next() async throws(StreamError) -> Element? {
        try await reader.next()
    }

    /// The next element, or nil once the stream has ended.
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(StreamError) -> Element? {
        try await reader.next()
    }
}

/// Closes a stream when the iteration that reads it ends: the loop was left (`break`, `return`, a
/// thrown error) and its iterator released. Shared by the copies of one iterator.
final class IterationEnd: Sendable {
    private let reader: any ElementSource

    init(_ reader: any ElementSource) {
        self.reader = reader
    }

    deinit {
        reader.cancel()
    }
}

/// Where the elements of a typed stream come from: a framed body, or a list.
protocol ElementSource<Element>: AnyObject, Sendable {
    associatedtype Element: Sendable
    /// The next element, or nil at the end.
    func next() async throws(StreamError) -> Element?
    /// The next element with the event it was read from: nil for lines and records, and for a
    /// list made of elements alone.
    func nextWithEvent() async throws(StreamError) -> (element: Element, event: ServerSentEvent?)?
    /// Ends the stream: what is left is dropped, and the reader gets ``StreamError/Reason/cancelled``.
    func cancel()
}

extension FrameReader: ElementSource {}

/// The elements of a stream made from a list, then its failure if it has one.
final class ElementList<Element: Sendable>: ElementSource, @unchecked Sendable {
    private let lock = NSLock()
    private var elements: [(element: Element, event: ServerSentEvent?)]
    private var position = 0
    private var failure: StreamError?

    init(_ elements: [Element], failure: StreamError?) {
        self.elements = elements.map { ($0, nil) }
        self.failure = failure
    }

    init(events: [(element: Element, event: ServerSentEvent?)], failure: StreamError?) {
        elements = events
        self.failure = failure
    }

    func next() async throws(StreamError) -> Element? {
        try await nextWithEvent()?.element
    }

    func nextWithEvent() async throws(StreamError) -> (element: Element, event: ServerSentEvent?)? {
        let next: Result<(element: Element, event: ServerSentEvent?)?, StreamError> = lock.withLock {
            if position < elements.count {
                defer { position += 1 }
                return .success(elements[position])
            }
            if let failure {
                self.failure = nil
                return .failure(failure)
            }
            return .success(nil)
        }
        return try next.get()
    }

    func cancel() {
        lock.withLock {
            // A list read to its end has nothing left to cancel.
            guard position < elements.count || failure != nil else { return }
            failure = StreamError(.cancelled, index: position)
            position = elements.count
        }
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
