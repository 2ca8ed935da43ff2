import SpecDiagnostics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The comment rule libyaml does not check: a `#` starts a comment only after whitespace (or at the
/// start of a line). libyaml also takes `"value"# note`, `[a, b]#note` and `key: >#note` as
/// comments, and drops comments before any event, so the rule is checked here on the text (test
/// suite cases 9JBA, CVW2, SU5Z, X4QW, MUS6/00).
///
/// Only a `#` right after a character other than whitespace is a candidate (rare in real files:
/// `a#b` in a plain scalar, `#` inside quotes). A candidate inside a scalar is fine; one outside
/// every scalar and outside any comment is the error. Scalars are reported in document order, so
/// candidates are settled as the composer goes, and a file without candidates costs one byte scan.
struct CommentSpacing {
    /// A position as libyaml marks it: 0-based line, 0-based column in characters.
    struct Position: Comparable {
        var line: Int
        var column: Int

        static func < (lhs: Position, rhs: Position) -> Bool {
            (lhs.line, lhs.column) < (rhs.line, rhs.column)
        }
    }

    private let source: UnsafeBufferPointer<UInt8>
    /// Candidates not yet known to be inside a scalar, in order.
    private var candidates: [(position: Position, offset: Int)] = []
    /// Candidates that are inside no scalar: errors unless a comment holds them.
    private var outside: [(position: Position, offset: Int)] = []
    private var next = 0

    init(source: UnsafeBufferPointer<UInt8>) {
        self.source = source
        // memchr: fast even in a debug build, where a byte loop over a 50 MB file takes a while.
        var found = false
        if let base = source.baseAddress, source.count > 1 {
            var from = 1
            while from < source.count, let hit = memchr(base + from, Int32(UInt8(ascii: "#")), source.count - from) {
                let index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                let previous = source[index - 1]
                if previous != 0x20, previous != 0x09, previous != 0x0A, previous != 0x0D {
                    found = true
                    break
                }
                from = index + 1
            }
        }
        guard found else { return }
        var index = 0
        // Positions the way libyaml marks them: lines at LF, CR and CR LF, columns in characters.
        var line = 0
        var column = 0
        while index < source.count {
            let length = SourceText.breakLength(at: index, in: source)
            if length > 0 {
                line += 1
                column = 0
                index += length
                continue
            }
            let byte = source[index]
            if byte == UInt8(ascii: "#"), index > 0 {
                let previous = source[index - 1]
                if previous != 0x20, previous != 0x09, !Self.isBreakEnd(index, in: source) {
                    candidates.append((Position(line: line, column: column), index))
                }
            }
            if byte & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
    }

    /// Whether the byte before `index` ends a line break (then the `#` starts its line).
    private static func isBreakEnd(_ index: Int, in source: UnsafeBufferPointer<UInt8>) -> Bool {
        let previous = source[index - 1]
        return previous == 0x0A || previous == 0x0D
    }

    /// Whether candidates wait to be settled (usually not: then scalars need not be reported).
    var isPending: Bool { next < candidates.count }

    /// A scalar spans `start ..< end`: candidates before it are outside every scalar, those in it are fine.
    mutating func scalar(from start: Position, to end: Position) {
        while next < candidates.count, candidates[next].position < start {
            outside.append(candidates[next])
            next += 1
        }
        while next < candidates.count, candidates[next].position < end { next += 1 }
    }

    /// At the end of the stream: the first candidate outside every scalar and every comment, as an error.
    mutating func check(file: String) throws(Diagnostic) {
        outside += candidates[next...]
        next = candidates.count
        for candidate in outside where !inComment(candidate.offset) {
            let previous = String(decoding: UnsafeBufferPointer(rebasing: source[Self.characterStart(before: candidate.offset, in: source)..<candidate.offset]), as: UTF8.self)
            throw .error(
                "a comment needs a space before '#' (here it follows '\(previous)'); write ' #', or quote the text if the '#' belongs to it",
                at: SourceLocation(file: file, line: candidate.position.line + 1, column: candidate.position.column + 1))
        }
    }

    /// Whether a comment that started earlier on the same line holds the byte at `offset`: a `#` after
    /// whitespace or at the line's start, outside quotes.
    private func inComment(_ offset: Int) -> Bool {
        var start = offset
        while start > 0, !Self.isBreakEnd(start, in: source) { start -= 1 }
        var quote: UInt8?
        var index = start
        while index < offset {
            let byte = source[index]
            if let open = quote {
                if byte == open {
                    if open == UInt8(ascii: "'"), index + 1 < offset, source[index + 1] == open { index += 1 } else { quote = nil }
                } else if byte == UInt8(ascii: "\\"), open == UInt8(ascii: "\"") {
                    index += 1
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"),
                      index == start || [0x20, 0x09, UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":")].contains(source[index - 1]) {
                // A quote opens a scalar only where a scalar can start (not the apostrophe of "don't").
                quote = byte
            } else if byte == UInt8(ascii: "#"), index == start || source[index - 1] == 0x20 || source[index - 1] == 0x09 {
                return true
            }
            index += 1
        }
        return false
    }

    private static func characterStart(before offset: Int, in source: UnsafeBufferPointer<UInt8>) -> Int {
        var start = offset - 1
        while start > 0, source[start] & 0xC0 == 0x80 { start -= 1 }
        return start
    }
}
