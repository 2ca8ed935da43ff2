import Foundation

/// One part of a multipart body a server sent: its name and file name (from
/// `Content-Disposition`), its headers and its bytes.
public struct ReceivedPart: Sendable, Hashable {
    /// The field name (`Content-Disposition: form-data; name="log"`); nil when the part has none.
    public var name: String?
    /// The file name, when the part is a file.
    public var filename: String?
    /// The part's headers in order (`Content-Disposition` included), names as they came.
    public var headers: [PartHeader]
    /// The bytes.
    public var data: Data

    /// A part with its parts (for tests).
    public init(name: String?, filename: String? = nil, headers: [PartHeader] = [], data: Data) {
        self.name = name
        self.filename = filename
        self.headers = headers
        self.data = data
    }

    /// The first header of this name, matched case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The part's `Content-Type`; nil when it has none (text, as RFC 7578 says).
    public var contentType: String? { header("Content-Type") }

    /// The bytes as UTF-8 text (invalid bytes become U+FFFD).
    public var text: String { String(decoding: data, as: UTF8.self) }
}

/// A multipart body that cannot be read: no boundary, a part that never ends, too many parts.
public struct MultipartParseError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let description: String
}

/// Reads multipart bodies (RFC 2046, RFC 7578): the parts between the boundary's delimiter
/// lines; the preamble and epilogue are ignored. Line breaks are CRLF, and a lone LF is read too.
public enum MultipartParsing {
    /// The most parts a body may have, and the most bytes a part's headers may take.
    public static let maxParts = 10_000, maxHeaderBytes = 64 << 10

    /// The boundary a `Content-Type` names (`multipart/form-data; boundary="x"`), if it is multipart.
    public static func boundary(of contentType: String) -> String? {
        let pieces = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let type = pieces.first?.lowercased(), type.hasPrefix("multipart/") else { return nil }
        for piece in pieces.dropFirst() {
            guard let equals = piece.firstIndex(of: "="), piece[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = piece[piece.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return value.isEmpty || value.utf8.count > 200 ? nil : value
        }
        return nil
    }

    /// The parts of `data`, a body of `contentType`.
    public static func parts(of data: Data, contentType: String) throws(MultipartParseError) -> [ReceivedPart] {
        guard let boundary = boundary(of: contentType) else {
            throw MultipartParseError(description: "The body is not multipart with a boundary: its Content-Type is \(contentType).")
        }
        return try parts(of: data, boundary: boundary)
    }

    /// The parts of `data` between delimiter lines of `boundary`.
    public static func parts(of data: Data, boundary: String) throws(MultipartParseError) -> [ReceivedPart] {
        let bytes = [UInt8](data)
        let delimiter = Array("--\(boundary)".utf8)
        // The first delimiter starts the body or a line.
        guard var position = find(delimiter, in: bytes, from: 0) else {
            throw MultipartParseError(description: "The body has no line --\(boundary).")
        }
        var parts: [ReceivedPart] = []
        while true {
            position += delimiter.count
            if bytes[position...].starts(with: [0x2D, 0x2D]) { return parts } // `--`: the close delimiter
            // The rest of the delimiter line (transport padding) and its line break.
            guard let lineEnd = lineBreak(in: bytes, from: position) else {
                throw MultipartParseError(description: "The body ends inside a delimiter line.")
            }
            let start = lineEnd.next
            guard let next = find(delimiter, in: bytes, from: start) else {
                throw MultipartParseError(description: "Part \(parts.count + 1) never ends: the body has no closing --\(boundary)--.")
            }
            // The part's bytes end before the line break that precedes the delimiter.
            var end = next
            if end > start, bytes[end - 1] == 0x0A { end -= 1 }
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            guard parts.count < maxParts else { throw MultipartParseError(description: "The body has more than \(maxParts) parts.") }
            parts.append(try part(Array(bytes[start..<max(start, end)]), index: parts.count + 1))
            position = next
        }
    }

    /// One part: its headers up to the blank line, then its bytes. An empty part has neither.
    private static func part(_ bytes: [UInt8], index: Int) throws(MultipartParseError) -> ReceivedPart {
        var headers: [PartHeader] = []
        var position = 0
        while position < bytes.count {
            guard let line = lineBreak(in: bytes, from: position) else {
                throw MultipartParseError(description: "Part \(index) has no blank line after its headers.")
            }
            guard line.next <= maxHeaderBytes else {
                throw MultipartParseError(description: "The headers of part \(index) are longer than \(maxHeaderBytes) bytes.")
            }
            if line.start == position { return made(headers, data: Data(bytes[line.next...])) }
            let text = bytes[position..<line.start]
            if let first = text.first, first == 0x20 || first == 0x09, !headers.isEmpty {
                // A folded line continues the header before it.
                headers[headers.count - 1].value += " " + String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            } else if let header = try header(text, index: index) {
                headers.append(header)
            }
            position = line.next
        }
        return made(headers, data: Data())
    }

    private static func made(_ headers: [PartHeader], data: Data) -> ReceivedPart {
        let disposition = headers.first { $0.name.lowercased() == "content-disposition" }?.value
        return ReceivedPart(name: disposition.flatMap { parameter("name", in: $0) },
                            filename: disposition.flatMap { parameter("filename", in: $0) }, headers: headers, data: data)
    }

    private static func header(_ text: ArraySlice<UInt8>, index: Int) throws(MultipartParseError) -> PartHeader? {
        guard let colon = text.firstIndex(of: 0x3A) else {
            throw MultipartParseError(description: "Part \(index) has a header line without a colon.")
        }
        let name = String(decoding: text[..<colon], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        let value = String(decoding: text[text.index(after: colon)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? nil : PartHeader(name: name, value: value)
    }

    /// A parameter of a `Content-Disposition` value: `name="log"` or `name=log`, quotes undone
    /// (`\"` and the `%22` browsers write).
    static func parameter(_ wanted: String, in value: String) -> String? {
        var index = value.startIndex
        while let semicolon = value[index...].firstIndex(of: ";") {
            var cursor = value.index(after: semicolon)
            while cursor < value.endIndex, value[cursor] == " " || value[cursor] == "\t" { cursor = value.index(after: cursor) }
            guard let equals = value[cursor...].firstIndex(of: "=") else { return nil }
            let key = value[cursor..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            var rest = value.index(after: equals)
            var parsed = ""
            if rest < value.endIndex, value[rest] == "\"" {
                rest = value.index(after: rest)
                while rest < value.endIndex, value[rest] != "\"" {
                    if value[rest] == "\\", value.index(after: rest) < value.endIndex { rest = value.index(after: rest) }
                    parsed.append(value[rest])
                    rest = value.index(after: rest)
                }
                if rest < value.endIndex { rest = value.index(after: rest) }
            } else {
                let end = value[rest...].firstIndex(of: ";") ?? value.endIndex
                parsed = value[rest..<end].trimmingCharacters(in: .whitespaces)
                rest = end
            }
            if key == wanted { return parsed.replacingOccurrences(of: "%22", with: "\"") }
            index = rest
        }
        return nil
    }

    /// The next line break from `position`: where it starts and where the next line starts.
    private static func lineBreak(in bytes: [UInt8], from position: Int) -> (start: Int, next: Int)? {
        guard position <= bytes.count, let newline = bytes[position...].firstIndex(of: 0x0A) else { return nil }
        return (newline > position && bytes[newline - 1] == 0x0D ? newline - 1 : newline, newline + 1)
    }

    /// The first delimiter `pattern` at or after `position`: at the start of the bytes or of a
    /// line, and followed by the end, a line break, space or tab (transport padding), or `--`.
    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from position: Int) -> Int? {
        guard let first = pattern.first, position <= bytes.count else { return nil }
        var index = position
        while index + pattern.count <= bytes.count {
            guard let candidate = bytes[index...].firstIndex(of: first), candidate + pattern.count <= bytes.count else { return nil }
            let after = candidate + pattern.count
            if (candidate == 0 || bytes[candidate - 1] == 0x0A), bytes[candidate..<after].elementsEqual(pattern),
               after == bytes.count || [0x0D, 0x0A, 0x20, 0x09].contains(bytes[after]) || bytes[after...].starts(with: [0x2D, 0x2D]) {
                return candidate
            }
            index = candidate + 1
        }
        return nil
    }
}
