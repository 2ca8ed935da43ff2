/// One event of an ``EventStream``: the value its data holds, with the event's name, ID and
/// `retry`, read from ``EventStream/events``.
public struct TypedEvent<Value: Sendable>: Sendable {
    /// What the event's data holds, as the stream's elements are.
    public var value: Value
    /// The `event` field: `message` unless the event named another type.
    public var event: String
    /// The last event ID when the event arrived (its own `id` or one before it): what to keep to
    /// resume the stream later with `Last-Event-ID`; nil when none was set.
    public var id: String?
    /// The reconnection time in milliseconds, when the event's block set one with `retry`.
    public var retry: Int?

    /// An event with these fields (for tests and stub services).
    public init(_ value: Value, event: String = "message", id: String? = nil, retry: Int? = nil) {
        self.value = value
        self.event = event
        self.id = id
        self.retry = retry
    }
}

extension TypedEvent: Equatable where Value: Equatable {}
extension TypedEvent: Hashable where Value: Hashable {}

extension EventStream {
    /// The same stream, each element with its event's name, ID and `retry`: `for try await event
    /// in stream.events { lastID = event.id; show(event.value) }`. It is the same single-pass
    /// stream: read either it or the stream, in one loop.
    public var events: Events {
        Events(reader: reader)
    }

    /// The events of an ``EventStream``, each a ``TypedEvent``.
    public struct Events: AsyncSequence, Sendable {
        /// The error that ends the sequence early.
        public typealias Failure = StreamError
        fileprivate let reader: any ElementSource<Element>

        /// An iterator over the events still to come.
        public func makeAsyncIterator() -> Iterator {
            Iterator(reader: reader)
        }

        /// Closes the connection from anywhere, as ``EventStream/cancel()`` does.
        public func cancel() {
            reader.cancel()
        }

        /// Reads the events one after the other.
        public struct Iterator: AsyncIteratorProtocol, Sendable {
            fileprivate let reader: any ElementSource<Element>
            private let end: IterationEnd

            fileprivate init(reader: any ElementSource<Element>) {
                self.reader = reader
                end = IterationEnd(reader)
            }

            /// The next event, or nil once the stream has ended.
            public mutating func next() async throws(StreamError) -> TypedEvent<Element>? {
                guard let (element, event) = try await reader.nextWithEvent() else { return nil }
                return TypedEvent(element, event: event?.event ?? "message", id: event?.id, retry: event?.retry)
            }

            /// The next event, or nil once the stream has ended.
            public mutating func next(isolation actor: isolated (any Actor)?) async throws(StreamError) -> TypedEvent<Element>? {
                try await next()
            }
        }
    }

    /// A stream of these events, for tests and stub services of code that reads
    /// ``events``; with `failure`, it ends with that error after them.
    public init(events: [TypedEvent<Element>], failure: StreamError? = nil) {
        self.init(reader: ElementList(events: events.map { typed in
            (typed.value, ServerSentEvent(event: typed.event, data: "", id: typed.id, retry: typed.retry))
        }, failure: failure))
    }
}
