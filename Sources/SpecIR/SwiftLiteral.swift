import SpecCore

/// Escaping of spec text for the places it lands in Swift source.
public enum SwiftLiteral {
    /// A double-quoted Swift string literal that holds exactly `text`.
    public static func string(_ text: String) -> String {
        "\"" + escapedContent(text) + "\""
    }

    /// The inside of a string literal: backslashes, quotes, controls and invisible line breaks escaped.
    public static func escapedContent(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if needsUnicodeEscape(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Doc comment lines for a description: split on every line break Swift or an editor recognises,
    /// controls dropped, trailing spaces trimmed, each line ready to follow `///`.
    public static func docLines(_ text: String?) -> DocLines {
        guard let text, !text.isEmpty else { return [] }
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            // One printable ASCII line, the common case.
            let trimmed = text.trimmingTrailingSpaces
            return trimmed.isEmpty ? [] : [" " + trimmed]
        }
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if isLineBreak(scalar) {
                if !(scalar == "\n" && previous == "\r") { lines.append(String(current)); current = .init() }
            } else if scalar == "\t" || !needsUnicodeEscape(scalar) {
                current.append(scalar)
            }
            previous = scalar
        }
        lines.append(String(current))
        while lines.last?.allSatisfy({ $0 == " " || $0 == "\t" }) == true { lines.removeLast() }
        while lines.first?.allSatisfy({ $0 == " " || $0 == "\t" }) == true { lines.removeFirst() }
        return lines.map { line in
            let trimmed = line.trimmingTrailingSpaces
            return trimmed.isEmpty ? "" : " " + trimmed
        }
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Controls, line separators, the BOM and bidi controls never appear raw in generated source.
    private static func needsUnicodeEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
