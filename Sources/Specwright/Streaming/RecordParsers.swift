import Foundation

/// Splits JSON Lines (`application/jsonl`, `application/x-ndjson`) into one `Data` per line: lines
/// end with LF (a CR before it is dropped), blank lines are skipped, and the last line needs no LF.
/// Bytes may be split anywhere between calls; the lines are the same as for the whole input.
public struct JSONLinesParser: Sendable {
    private var splitter: RecordSplitter

    /// A parser that accepts lines of up to `maxLineBytes` bytes (16 MiB by default).
    public init(maxLineBytes: Int = 16 << 20) {
        splitter = RecordSplitter(separator: 0x0A, limit: maxLineBytes)
    }

    /// The most bytes one line may hold.
    public var maxLineBytes: Int { splitter.limit }

    /// The lines that `bytes`, the next piece of the stream, completes.
    public mutating func parse(_ bytes: Data) throws(StreamFrameTooLarge) -> [Data] {
        try splitter.parse(bytes)
    }

    /// The end of the stream: the last line, if it did not end with LF.
    public mutating func finish() -> [Data] {
        splitter.finish()
    }
}

/// Splits a JSON text sequence (`application/json-seq`, RFC 7464) into one `Data` per record: each
/// record starts with RS (U+001E); empty records and the whitespace around a record are dropped.
/// A record that is a number, `true`, `false` or `null` with no whitespace after it may have been
/// cut short, and is dropped, as RFC 7464 section 2.4 requires (`RS 12 LF` is the number 12;
/// `RS 12 RS` is nothing). Bytes may be split anywhere between calls; the records are the same as
/// for the whole input.
public struct JSONSequenceParser: Sendable {
    private var splitter: RecordSplitter

    /// A parser that accepts records of up to `maxRecordBytes` bytes (16 MiB by default).
    public init(maxRecordBytes: Int = 16 << 20) {
        splitter = RecordSplitter(separator: 0x1E, limit: maxRecordBytes, dropsUndelimitedScalars: true)
    }

    /// The most bytes one record may hold.
    public var maxRecordBytes: Int { splitter.limit }

    /// The records that `bytes`, the next piece of the stream, completes.
    public mutating func parse(_ bytes: Data) throws(StreamFrameTooLarge) -> [Data] {
        try splitter.parse(bytes)
    }

    /// The end of the stream: the last record.
    public mutating func finish() -> [Data] {
        splitter.finish()
    }
}

/// Records separated by one byte, each trimmed of JSON whitespace (space, tab, CR, LF); empty
/// ones are dropped, and with `dropsUndelimitedScalars` so are top-level scalars that are not
/// self-delimiting (numbers, `true`, `false`, `null`) and have no whitespace after them.
struct RecordSplitter: Sendable {
    let separator: UInt8
    let limit: Int
    let dropsUndelimitedScalars: Bool
    private var pending = Data()

    init(separator: UInt8, limit: Int, dropsUndelimitedScalars: Bool = false) {
        self.separator = separator
        self.limit = limit
        self.dropsUndelimitedScalars = dropsUndelimitedScalars
    }

    mutating func parse(_ bytes: Data) throws(StreamFrameTooLarge) -> [Data] {
        var records: [Data] = []
        var start = bytes.startIndex
        while let end = bytes[start...].firstIndex(of: separator) {
            guard pending.count + (end - start) <= limit else { throw StreamFrameTooLarge(limit: limit) }
            if pending.isEmpty {
                appendTrimmed(bytes[start..<end], to: &records)
            } else {
                pending.append(bytes[start..<end])
                appendTrimmed(pending, to: &records)
                pending = Data()
            }
            start = end + 1
        }
        let rest = bytes[start...]
        if !rest.isEmpty {
            // Counted whitespace and all, as when the record comes in one piece.
            guard pending.count + rest.count <= limit else { throw StreamFrameTooLarge(limit: limit) }
            pending.append(rest)
        }
        return records
    }

    mutating func finish() -> [Data] {
        var records: [Data] = []
        appendTrimmed(pending, to: &records)
        pending = Data()
        return records
    }

    private func appendTrimmed(_ bytes: Data, to records: inout [Data]) {
        guard let first = bytes.firstIndex(where: { !Self.isWhitespace($0) }),
              let last = bytes.lastIndex(where: { !Self.isWhitespace($0) }) else { return }
        if dropsUndelimitedScalars, last == bytes.index(before: bytes.endIndex), Self.mayBeTruncated(bytes[first]) { return }
        records.append(Data(bytes[first...last]))
    }

    /// Whether a value starting with `byte` ends without a delimiter of its own: a number
    /// (`-`, `0`...`9`) or `true`, `false`, `null`; objects, arrays and strings close themselves.
    private static func mayBeTruncated(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") || byte == UInt8(ascii: "n")
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
