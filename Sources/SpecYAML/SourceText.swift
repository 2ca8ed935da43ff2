import SpecDiagnostics

/// Positions in the raw input, for the errors that libyaml's marks do not locate
/// (invalid UTF-8, reader errors) and for reading back the text of a failing line.
///
/// Lines are counted as editors and YAML 1.2 count them: only LF, CR and CR LF break a line;
/// NEL, LS and PS are ordinary characters (libyaml, which breaks lines there, reads stand-ins for
/// them: see `LineSeparators`). Columns count Unicode scalars. Only used on error paths, so it
/// favours clarity over speed.
enum SourceText {
    /// The location (1-based line, 1-based column in Unicode scalars) of the byte at `offset`.
    static func location(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>, file: String) -> SourceLocation {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        var index = 0
        while index < end {
            let length = breakLength(at: index, in: bytes)
            if length > 0 {
                line += 1
                index += length
                lineStart = index
            } else {
                index += 1
            }
        }
        var column = 1
        var position = lineStart
        while position < end {
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    /// The location just past the input's last character (where libyaml's end of stream is).
    static func end(of bytes: UnsafeBufferPointer<UInt8>, file: String) -> SourceLocation {
        location(ofByte: bytes.count, in: bytes, file: file)
    }

    /// `location`, or the location of the input's last character when `location` is at or past the
    /// end of the input (libyaml puts the end of stream on a line of its own, after the last one).
    /// A line break counts as a character, at the end of its line; an empty input gives 1:1.
    static func clamped(_ location: SourceLocation, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        let end = end(of: bytes, file: location.file)
        guard location >= end else { return location }
        guard !bytes.isEmpty else { return SourceLocation(file: location.file, line: 1, column: 1) }
        var last = bytes.count - 1
        if bytes[last] == 0x0A, last > 0, bytes[last - 1] == 0x0D {
            last -= 1
        } else {
            while last > 0, bytes[last] & 0xC0 == 0x80 { last -= 1 }
        }
        return self.location(ofByte: last, in: bytes, file: location.file)
    }

    /// The Unicode scalars of 0-based line `line` (without its line break), or nil past the end.
    static func line(_ line: Int, in bytes: UnsafeBufferPointer<UInt8>) -> [Unicode.Scalar]? {
        var current = 0
        var index = 0
        while current < line {
            guard index < bytes.count else { return nil }
            let length = breakLength(at: index, in: bytes)
            if length > 0 {
                current += 1
                index += length
            } else {
                index += 1
            }
        }
        guard index <= bytes.count else { return nil }
        var end = index
        while end < bytes.count, breakLength(at: end, in: bytes) == 0 { end += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        return Array(text.unicodeScalars)
    }

    /// The byte offset where each line starts, line 0 first.
    static func lineStarts(in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let length = breakLength(at: index, in: bytes)
            if length > 0 {
                index += length
                starts.append(index)
            } else {
                index += 1
            }
        }
        return starts
    }

    /// How many bytes the line break at `index` takes, or 0 when there is none.
    static func breakLength(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let byte = bytes[index]
        switch byte {
        case 0x0A:
            return 1
        case 0x0D:
            return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
        default:
            return 0
        }
    }
}
