import SpecCore

/// Documentation text as the IR holds it: lines of plain text, nothing that could break the source.
public enum DocText {
    /// The lines of a description: split on every line break Swift or an editor recognises,
    /// controls dropped, trailing spaces trimmed, blank lines at either end removed.
    public static func lines(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            // One printable ASCII line, the common case.
            let trimmed = text.trimmingTrailingSpaces
            return trimmed.isEmpty ? [] : [trimmed]
        }
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if isLineBreak(scalar) {
                if !(scalar == "\n" && previous == "\r") { lines.append(String(current)); current = .init() }
            } else if scalar == "\t" || !isUnsafeInSource(scalar) {
                current.append(scalar)
            }
            previous = scalar
        }
        lines.append(String(current))
        while lines.last?.allSatisfy({ $0 == " " || $0 == "\t" }) == true { lines.removeLast() }
        while lines.first?.allSatisfy({ $0 == " " || $0 == "\t" }) == true { lines.removeFirst() }
        return lines.map(\.trimmingTrailingSpaces)
    }

    /// The lines of a description, then the server's default of a member a request may leave
    /// out: "The server's default: `false`." after a blank line.
    public static func lines(_ text: String?, serverDefault: DefaultValue?) -> [String] {
        let lines = lines(text)
        guard let serverDefault else { return lines }
        return lines + (lines.isEmpty ? [] : [""]) + ["The server's default: `\(spelling(serverDefault))`."]
    }

    /// A default as the document writes it: strings (and enum values) in JSON's quotes.
    private static func spelling(_ value: DefaultValue) -> String {
        switch value {
        case .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .string(let text), .word(let text):
            "\"" + String(String.UnicodeScalarView(text.unicodeScalars.filter { !isUnsafeInSource($0) && $0 != "`" })) + "\""
        case .emptyArray: "[]"
        case .emptyObject: "{}"
        }
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Controls, line separators, the BOM and bidi controls never appear raw in generated source.
    public static func isUnsafeInSource(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
