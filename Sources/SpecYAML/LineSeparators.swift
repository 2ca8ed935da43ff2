import SpecDiagnostics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// NEL (U+0085), LS (U+2028) and PS (U+2029): ordinary characters in YAML 1.2, line breaks in
/// YAML 1.1, which libyaml follows.
///
/// Before libyaml reads a document that holds any of them, each is replaced by a stand-in: a
/// character of the same UTF-8 length that libyaml reads as ordinary text, and that the document
/// neither holds nor can write with an escape (`\x..`, `\u....`, `\U........`, `\_`). Lines,
/// columns and byte offsets are then the same in both texts, and `text(at:count:)` turns the
/// stand-ins in a scalar back. Anchors and tags need nothing: libyaml takes only ASCII there.
struct LineSeparators {
    /// One of the three characters.
    private enum Separator: Int, CaseIterable {
        case nel, ls, ps

        var value: UInt32 {
            switch self {
            case .nel: 0x85
            case .ls: 0x2028
            case .ps: 0x2029
            }
        }

        var name: String {
            switch self {
            case .nel: "NEL (U+0085)"
            case .ls: "LINE SEPARATOR (U+2028)"
            case .ps: "PARAGRAPH SEPARATOR (U+2029)"
            }
        }

        /// The characters that may stand in for it, in order of preference: the same UTF-8 length,
        /// printable for libyaml and nothing else to it (not a break, a space, a byte order mark or
        /// the `\_` escape's U+00A0); the private use area first.
        var candidates: [ClosedRange<UInt32>] {
            switch self {
            case .nel: [0x100...0x7FF, 0xA1...0xFF]
            case .ls, .ps: [0xE000...0xF8FF, 0x800...0x2027, 0x202A...0xD7FF, 0xF900...0xFEFE, 0xFF00...0xFFFD]
            }
        }
    }

    /// A separator's UTF-8 and its stand-in's.
    private struct StandIn {
        var original: [UInt8]
        var replacement: [UInt8]
    }

    /// The document with every separator replaced by its stand-in.
    let input: [UInt8]
    private let standIns: [StandIn]

    /// The stand-ins for `bytes` (valid UTF-8), or nil when it holds no separator (most documents:
    /// then only two `memchr` scans). Throws, at the separator, in the one case with no stand-in
    /// left: the document also holds every candidate.
    static func replacing(in bytes: UnsafeBufferPointer<UInt8>, file: String) throws(Diagnostic) -> LineSeparators? {
        guard occur(in: bytes) else { return nil }
        var used = [UInt64](repeating: 0, count: 0x10000 / 64)
        var firstOffsets: [Separator: Int] = [:]
        var positions: [(offset: Int, separator: Separator)] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == UInt8(ascii: "\\") { markEscape(at: index, in: bytes, used: &used) }
                index += 1
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            if length < 4, index + length <= bytes.count {
                var value = UInt32(byte & (length == 2 ? 0x1F : 0x0F))
                for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
                mark(value, in: &used)
                if let separator = Separator.allCases.first(where: { $0.value == value }) {
                    if firstOffsets[separator] == nil { firstOffsets[separator] = index }
                    positions.append((index, separator))
                }
            }
            index += length
        }
        var standIns: [Separator: StandIn] = [:]
        var taken: [UInt32] = []
        for separator in Separator.allCases {
            guard let offset = firstOffsets[separator] else { continue }
            guard let value = standIn(for: separator, used: used, taken: taken) else {
                throw .error(
                    "cannot read \(separator.name) here: the file also holds every character libyaml could read in its place",
                    at: SourceText.location(ofByte: offset, in: bytes, file: file))
            }
            taken.append(value)
            standIns[separator] = StandIn(original: utf8(separator.value), replacement: utf8(value))
        }
        var input = Array(bytes)
        for position in positions {
            guard let replacement = standIns[position.separator]?.replacement else { continue }
            for (offset, byte) in replacement.enumerated() { input[position.offset + offset] = byte }
        }
        return LineSeparators(input: input, standIns: Separator.allCases.compactMap { standIns[$0] })
    }

    /// The scalar text libyaml gives at `value` (`count` bytes), with the separators it stands for.
    func text(at value: UnsafePointer<UInt8>, count: Int) -> String {
        var bytes = Array(UnsafeBufferPointer(start: value, count: count))
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= 0xC2, let standIn = standIns.first(where: { standIn in
                standIn.replacement[0] == byte && index + standIn.replacement.count <= bytes.count
                    && standIn.replacement.indices.allSatisfy { bytes[index + $0] == standIn.replacement[$0] }
            }) else {
                index += 1
                continue
            }
            for (offset, byte) in standIn.original.enumerated() { bytes[index + offset] = byte }
            index += standIn.original.count
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Scanning

    /// Whether `bytes` holds a separator.
    private static func occur(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        for lead: UInt8 in [0xC2, 0xE2] {
            var from = 0
            while from < bytes.count, let hit = memchr(base + from, Int32(lead), bytes.count - from) {
                let index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if lead == 0xC2 {
                    if index + 1 < bytes.count, bytes[index + 1] == 0x85 { return true }
                } else if index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                    return true
                }
                from = index + 1
            }
        }
        return false
    }

    /// The first candidate for `separator` that the document does not use and no other separator took.
    private static func standIn(for separator: Separator, used: [UInt64], taken: [UInt32]) -> UInt32? {
        for range in separator.candidates {
            for value in range where used[Int(value >> 6)] & 1 << UInt64(value & 63) == 0 && !taken.contains(value) {
                return value
            }
        }
        return nil
    }

    /// Marks the character that `\x`, `\u` or `\U` at `index` would write in a double-quoted scalar.
    private static func markEscape(at index: Int, in bytes: UnsafeBufferPointer<UInt8>, used: inout [UInt64]) {
        guard index + 1 < bytes.count else { return }
        let digits: Int
        switch bytes[index + 1] {
        case UInt8(ascii: "x"): digits = 2
        case UInt8(ascii: "u"): digits = 4
        case UInt8(ascii: "U"): digits = 8
        default: return
        }
        guard index + 1 + digits < bytes.count else { return }
        var value: UInt32 = 0
        for offset in 0..<digits {
            guard let digit = hexValue(bytes[index + 2 + offset]) else { return }
            value = value << 4 | digit
        }
        mark(value, in: &used)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func mark(_ value: UInt32, in used: inout [UInt64]) {
        guard value < 0x10000 else { return }
        used[Int(value >> 6)] |= 1 << UInt64(value & 63)
    }

    /// The UTF-8 of `value` (2 or 3 bytes: every separator and candidate is in that range).
    private static func utf8(_ value: UInt32) -> [UInt8] {
        let low = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
        if value < 0x800 { return [UInt8(truncatingIfNeeded: 0xC0 | value >> 6), low] }
        return [UInt8(truncatingIfNeeded: 0xE0 | value >> 12), UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F), low]
    }
}
