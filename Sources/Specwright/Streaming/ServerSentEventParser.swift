import Foundation

/// Reads `text/event-stream` bytes into ``ServerSentEvent``s, exactly as the WHATWG HTML standard
/// says: fields `event`, `data` (several lines joined), `id` (one holding NUL is ignored) and
/// `retry` (digits only); comments (`:`) and unknown fields ignored; one leading space of a value
/// dropped; lines ended by CR, LF or CRLF; a leading byte order mark skipped; text decoded as
/// UTF-8 with invalid bytes replaced. Bytes may be split anywhere between calls, inside a CRLF or a
/// UTF-8 character too: the events are the same as for the whole input at once. At the end, an
/// event without its blank line is dropped, as the standard says.
public struct ServerSentEventParser: Sendable {
    /// The most bytes one line or one event's data may hold.
    public let maxEventBytes: Int
    /// The last event ID, as of the last blank line: what a reconnection sends as
    /// `Last-Event-ID`. An `id` field of an event not ended yet is not in it, so a connection cut
    /// in the middle of an event resumes at that event.
    public private(set) var lastEventID = ""
    /// The `id` fields read so far, the last event ID once the event they belong to is dispatched.
    private var idBuffer = ""
    /// The reconnection time the stream last asked for with `retry`, in milliseconds.
    public private(set) var reconnectionTime: Int?

    private var line: [UInt8] = []
    private var data: [UInt8] = []
    private var eventType = ""
    private var blockRetry: Int?
    /// The previous byte was a CR: a LF right after it ends no other line.
    private var afterCR = false
    /// No line has ended yet: a byte order mark at its start is skipped.
    private var atStart = true

    /// A parser that accepts events of up to `maxEventBytes` bytes (16 MiB by default).
    public init(maxEventBytes: Int = 16 << 20) {
        self.maxEventBytes = maxEventBytes
    }

    /// The events that `bytes`, the next piece of the stream, completes.
    public mutating func parse(_ bytes: Data) throws(StreamFrameTooLarge) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        var failure: StreamFrameTooLarge?
        bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            do throws(StreamFrameTooLarge) {
                try parse(buffer, into: &events)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return events
    }

    /// The end of the stream: an event that did not end with a blank line is dropped, so there is
    /// never one to return (the result is there to match the other parsers).
    public mutating func finish() -> [ServerSentEvent] {
        idBuffer = lastEventID
        line = []
        data = []
        eventType = ""
        blockRetry = nil
        return []
    }

    /// Starts from what an earlier parser of the same stream knew (after a reconnection).
    mutating func keep(lastEventID: String, reconnectionTime: Int?) {
        self.lastEventID = lastEventID
        idBuffer = lastEventID
        self.reconnectionTime = reconnectionTime
    }

    private mutating func parse(_ buffer: UnsafeRawBufferPointer, into events: inout [ServerSentEvent]) throws(StreamFrameTooLarge) {
        var start = 0
        var index = 0
        let count = buffer.count
        while index < count {
            let byte = buffer[index]
            if byte != 0x0A && byte != 0x0D {
                index += 1
                continue
            }
            if byte == 0x0A && afterCR && index == start && line.isEmpty {
                // The LF of a CRLF whose CR ended the line before.
                afterCR = false
                index += 1
                start = index
                continue
            }
            afterCR = byte == 0x0D
            if line.isEmpty {
                try process(UnsafeRawBufferPointer(rebasing: buffer[start..<index]), into: &events)
            } else {
                try append(UnsafeRawBufferPointer(rebasing: buffer[start..<index]))
                let whole = line
                line = []
                var failure: StreamFrameTooLarge?
                whole.withUnsafeBytes { bytes in
                    do throws(StreamFrameTooLarge) {
                        try process(bytes, into: &events)
                    } catch {
                        failure = error
                    }
                }
                if let failure { throw failure }
            }
            index += 1
            start = index
        }
        if start < count {
            afterCR = false
            try append(UnsafeRawBufferPointer(rebasing: buffer[start..<count]))
        }
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) throws(StreamFrameTooLarge) {
        guard line.count + bytes.count <= maxEventBytes else { throw StreamFrameTooLarge(limit: maxEventBytes) }
        line.append(contentsOf: bytes)
    }

    /// One whole line, without its end.
    private mutating func process(_ bytes: UnsafeRawBufferPointer, into events: inout [ServerSentEvent]) throws(StreamFrameTooLarge) {
        guard bytes.count <= maxEventBytes else { throw StreamFrameTooLarge(limit: maxEventBytes) }
        var line = bytes
        if atStart {
            atStart = false
            if line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF {
                line = UnsafeRawBufferPointer(rebasing: line[3...])
            }
        }
        guard let firstByte = line.first else {
            dispatch(into: &events)
            return
        }
        if firstByte == 0x3A { return }   // a comment
        let field: UnsafeRawBufferPointer
        var value: UnsafeRawBufferPointer
        if let colon = line.firstIndex(of: 0x3A) {
            field = UnsafeRawBufferPointer(rebasing: line[..<colon])
            value = UnsafeRawBufferPointer(rebasing: line[(colon + 1)...])
            if value.first == 0x20 {
                value = UnsafeRawBufferPointer(rebasing: value[1...])
            }
        } else {
            field = line
            value = UnsafeRawBufferPointer(rebasing: line[line.endIndex...])
        }
        if field.elementsEqual("data".utf8) {
            guard data.count + value.count + 1 <= maxEventBytes else { throw StreamFrameTooLarge(limit: maxEventBytes) }
            data.append(contentsOf: value)
            data.append(0x0A)
        } else if field.elementsEqual("event".utf8) {
            eventType = String(decoding: value, as: UTF8.self)
        } else if field.elementsEqual("id".utf8) {
            if !value.contains(0) {
                idBuffer = String(decoding: value, as: UTF8.self)
            }
        } else if field.elementsEqual("retry".utf8) {
            if !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }) {
                // Digits past what an Int holds mean "a very long time".
                let milliseconds = value.reduce(0) { total, digit in
                    let (times, overflow) = total.multipliedReportingOverflow(by: 10)
                    return overflow ? Int.max : min(Int.max - Int(digit - 0x30), times) + Int(digit - 0x30)
                }
                reconnectionTime = milliseconds
                blockRetry = milliseconds
            }
        }
    }

    /// A blank line: the event so far, if it has data.
    private mutating func dispatch(into events: inout [ServerSentEvent]) {
        lastEventID = idBuffer
        defer {
            data = []
            eventType = ""
            blockRetry = nil
        }
        guard !data.isEmpty else { return }
        data.removeLast()   // the line feed after the last data line
        events.append(ServerSentEvent(
            event: eventType.isEmpty ? "message" : eventType, data: String(decoding: data, as: UTF8.self),
            id: lastEventID.isEmpty ? nil : lastEventID, retry: blockRetry))
    }
}
