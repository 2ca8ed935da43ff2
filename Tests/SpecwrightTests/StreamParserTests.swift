import Foundation
import Specwright
import TestSupport
import Testing

/// The event-stream, JSON Lines and JSON-sequence parsers: the WHATWG standard's own examples, each
/// rule, and the same elements however the bytes are split.
@Suite struct StreamParserTests {
    /// All the events of `text` parsed from `pieces` (the whole text when nil).
    static func events(_ text: String, splitAt cuts: [Int] = []) throws -> [ServerSentEvent] {
        events(Data(text.utf8), splitAt: cuts)
    }

    static func events(_ bytes: Data, splitAt cuts: [Int] = []) -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for piece in pieces(of: bytes, at: cuts) {
            events += (try? parser.parse(piece)) ?? []
        }
        return events + parser.finish()
    }

    static func pieces(of bytes: Data, at cuts: [Int]) -> [Data] {
        var pieces: [Data] = []
        var start = 0
        for cut in cuts.sorted() where cut > start && cut < bytes.count {
            pieces.append(bytes.subdata(in: start..<cut))
            start = cut
        }
        pieces.append(bytes.subdata(in: start..<bytes.count))
        return pieces
    }

    @Test func theStandardsExamples() throws {
        #expect(try Self.events("data: YHOO\ndata: +2\ndata: 10\n\n") == [ServerSentEvent(data: "YHOO\n+2\n10")])
        // An `id` without a value resets the last event ID; an event without its blank line is dropped.
        #expect(try Self.events(": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n") == [
            ServerSentEvent(data: "first event", id: "1"), ServerSentEvent(data: "second event"),
        ])
        #expect(try Self.events("data\n\ndata\ndata\n\ndata:") == [ServerSentEvent(data: ""), ServerSentEvent(data: "\n")])
        #expect(try Self.events("data:test\n\ndata: test\n\n") == [ServerSentEvent(data: "test"), ServerSentEvent(data: "test")])
    }

    @Test func linesEndWithCRLFOrCRAlone() throws {
        let expected = [ServerSentEvent(event: "a", data: "1\n2"), ServerSentEvent(data: "3")]
        #expect(try Self.events("event: a\r\ndata: 1\r\ndata: 2\r\n\r\ndata: 3\r\n\r\n") == expected)
        #expect(try Self.events("event: a\rdata: 1\rdata: 2\r\rdata: 3\r\r") == expected)
        #expect(try Self.events("event: a\ndata: 1\rdata: 2\r\n\ndata: 3\n\r") == expected)
    }

    @Test func aCRLFSplitBetweenReadsEndsOneLine() throws {
        let text = "data: 1\r\n\r\ndata: 2\r\n\r\n"
        let whole = try Self.events(text)
        #expect(whole == [ServerSentEvent(data: "1"), ServerSentEvent(data: "2")])
        for cut in 1..<text.utf8.count {
            #expect(try Self.events(text, splitAt: [cut]) == whole, "split at \(cut)")
        }
    }

    @Test func fieldsAsTheStandardReadsThem() throws {
        // One leading space is dropped, not two; a field without a colon has an empty value;
        // comments and unknown fields are ignored; `event` names the type; `retry` takes digits only.
        var parser = ServerSentEventParser()
        let events = try parser.parse(Data("data:  two\nfoo: bar\n: comment\nevent: update\nretry: 12x\nretry: 250\nid: a\u{0}b\nid: 9\n\n".utf8))
        #expect(events == [ServerSentEvent(event: "update", data: " two", id: "9", retry: 250)])
        #expect(parser.reconnectionTime == 250 && parser.lastEventID == "9")
        // The last event ID carries over to later events; a block of only `retry` is no event.
        #expect(try parser.parse(Data("retry: 40\n\ndata: next\n\n".utf8)) == [ServerSentEvent(data: "next", id: "9")])
        #expect(parser.reconnectionTime == 40)
    }

    @Test func theLastEventIDIsOnlyThatOfADispatchedEvent() throws {
        // A connection cut after `id: 8` but before its blank line resumes at event 8, not after it.
        var parser = ServerSentEventParser()
        _ = try parser.parse(Data("id: 7\ndata: seven\n\nid: 8\ndata: ei".utf8))
        #expect(parser.lastEventID == "7")
        _ = try parser.parse(Data("ght\n\n".utf8))
        #expect(parser.lastEventID == "8")
    }

    @Test func aByteOrderMarkIsSkippedOnlyAtTheStart() throws {
        #expect(try Self.events("\u{FEFF}data: x\n\n") == [ServerSentEvent(data: "x")])
        #expect(try Self.events("data: x\n\n\u{FEFF}data: y\n\n") == [ServerSentEvent(data: "x")])
        let bom = Data([0xEF, 0xBB, 0xBF]) + Data("data: x\n\n".utf8)
        for cut in 1...3 {
            #expect(Self.events(bom, splitAt: [cut]) == [ServerSentEvent(data: "x")])
        }
    }

    @Test func utf8SplitInsideACharacterDecodesWhole() throws {
        let bytes = Data("data: \u{e9}\u{4e16}\u{1F600}\n\n".utf8)
        for cut in 1..<bytes.count {
            #expect(Self.events(bytes, splitAt: [cut]) == [ServerSentEvent(data: "\u{e9}\u{4e16}\u{1F600}")], "split at \(cut)")
        }
        // Invalid UTF-8 becomes U+FFFD, as a decoder with replacement gives it.
        #expect(Self.events(Data([0x64, 0x61, 0x74, 0x61, 0x3A, 0xFF, 0x0A, 0x0A])) == [ServerSentEvent(data: "\u{FFFD}")])
    }

    @Test func anySplitGivesTheSameEvents() throws {
        let text = "\u{FEFF}: hi\r\nevent: a\r\ndata: 1\rdata:2\n\nid: 3\nretry: 7\ndata\r\n\r\ndata: \u{e9}\n\n"
        let bytes = Data(text.utf8)
        let whole = Self.events(bytes)
        #expect(whole.count == 3)
        var generator = SplitMix64(seed: 42)
        for _ in 0..<500 {
            let cuts = (0..<Int.random(in: 1...8, using: &generator)).map { _ in Int.random(in: 1..<bytes.count, using: &generator) }
            #expect(Self.events(bytes, splitAt: cuts) == whole, "cuts \(cuts)")
        }
        for cut in 1..<bytes.count {
            #expect(Self.events(bytes, splitAt: Array(stride(from: cut, to: bytes.count, by: cut))) == whole)
        }
    }

    @Test func anEventPastTheLimitThrows() throws {
        var parser = ServerSentEventParser(maxEventBytes: 16)
        #expect(try parser.parse(Data("data: 0123456789\n\n".utf8)).count == 1)
        #expect(throws: StreamFrameTooLarge.self) { try parser.parse(Data("data: 0123456789abcdef\n".utf8)) }
        var split = ServerSentEventParser(maxEventBytes: 16)
        #expect(throws: StreamFrameTooLarge.self) {
            for piece in ["data: 01234", "56789", "abcdef"] { _ = try split.parse(Data(piece.utf8)) }
        }
        // Several data lines count together.
        var lines = ServerSentEventParser(maxEventBytes: 16)
        #expect(throws: StreamFrameTooLarge.self) { try lines.parse(Data("data: 0123456\ndata: 0123456\ndata: 0123456\n".utf8)) }
    }

    // MARK: JSON Lines and JSON text sequences

    static func lines(_ bytes: Data, splitAt cuts: [Int] = []) throws -> [String] {
        var parser = JSONLinesParser()
        var lines: [Data] = []
        for piece in pieces(of: bytes, at: cuts) { lines += try parser.parse(piece) }
        return (lines + parser.finish()).map { String(decoding: $0, as: UTF8.self) }
    }

    static func records(_ bytes: Data, splitAt cuts: [Int] = []) throws -> [String] {
        var parser = JSONSequenceParser()
        var records: [Data] = []
        for piece in pieces(of: bytes, at: cuts) { records += try parser.parse(piece) }
        return (records + parser.finish()).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func jsonLinesSplitOnLineFeeds() throws {
        let bytes = Data("{\"a\":1}\r\n\n  \n{\"b\":\"\u{e9}\"}\n[3]".utf8)
        let whole = try Self.lines(bytes)
        #expect(whole == ["{\"a\":1}", "{\"b\":\"\u{e9}\"}", "[3]"])
        for cut in 1..<bytes.count {
            #expect(try Self.lines(bytes, splitAt: [cut]) == whole, "split at \(cut)")
        }
        var parser = JSONLinesParser(maxLineBytes: 4)
        #expect(throws: StreamFrameTooLarge.self) { try parser.parse(Data("12345\n".utf8)) }
    }

    @Test func jsonSequencesSplitOnRecordSeparators() throws {
        let bytes = Data("\u{1E}{\"a\":1}\n\u{1E}\u{1E}  [2]\n\u{1E}\"\u{e9}\"\n".utf8)
        let whole = try Self.records(bytes)
        #expect(whole == ["{\"a\":1}", "[2]", "\"\u{e9}\""])
        for cut in 1..<bytes.count {
            #expect(try Self.records(bytes, splitAt: [cut]) == whole, "split at \(cut)")
        }
    }

    @Test func jsonSequencesDropScalarsThatMayHaveBeenCutShort() throws {
        // RFC 7464 section 2.4: a number, true, false or null needs whitespace after it.
        let bytes = Data("\u{1E}12\n\u{1E}34\u{1E}true \u{1E}nul\u{1E}-5\u{1E}{\"a\":1}\u{1E}\"s\"\u{1E}78".utf8)
        let whole = try Self.records(bytes)
        #expect(whole == ["12", "true", "{\"a\":1}", "\"s\""])
        for cut in 1..<bytes.count {
            #expect(try Self.records(bytes, splitAt: [cut]) == whole, "split at \(cut)")
        }
        // JSON Lines has no such rule: its last line needs no line feed.
        #expect(try Self.lines(Data("1\n2".utf8)) == ["1", "2"])
    }
}
