/// How the writer spells one string as a YAML scalar, so that any YAML 1.2 parser (libyaml, the
/// SpecYAML layer) reads back exactly the same text.
///
/// A string is written plain only when it is a safe identifier-like word (`Post`, `per_page`,
/// `in-review`, `X-Request-ID`); everything else is double-quoted, with every character a reader
/// could misread or a person could not see written as an escape. Multi-line text may instead be
/// a literal block (`|`) when that reads back exactly.
public enum YAMLScalar {
    /// Words YAML 1.1 or 1.2 resolves to booleans or null when plain (compared case-insensitively).
    static let reservedWords: Set<String> = ["y", "n", "yes", "no", "on", "off", "true", "false", "null"]

    /// `text` as a scalar: plain when it is a safe word, else double-quoted.
    public static func render(_ text: String) -> String {
        isPlainWord(text) ? text : quoted(text)
    }

    /// Whether `text` can be written plain in any context (block or flow, key or value) and read
    /// back as the same text: ASCII letters, digits, `_`, `-` and `.`, starting with a letter or `_`,
    /// not ending with `.`, and not a word YAML reads as a boolean or null.
    public static func isPlainWord(_ text: String) -> Bool {
        guard let first = text.utf8.first, isLetter(first) || first == UInt8(ascii: "_"),
              text.utf8.last != UInt8(ascii: "."),
              text.utf8.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
        else { return false }
        return text.utf8.count > 5 || !reservedWords.contains(text.lowercased())
    }

    /// `text` as a double-quoted scalar on one line. `"` and `\` are escaped, and so is every
    /// character that is not plainly visible text: control characters (tab, line breaks, NUL, DEL,
    /// NEL and the other C1 controls), format characters (U+FEFF, bidi controls, zero-width
    /// characters), U+2028 and U+2029, and the noncharacters U+FFFE and U+FFFF.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\0": result += "\\0"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case _ where needsEscape(scalar): result += escape(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        result += "\""
        return result
    }

    /// Whether a scalar must be escaped in a double-quoted scalar (it is invisible, a line break, or
    /// a character YAML does not allow unescaped).
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
            return true
        }
        if scalar.isASCII { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: return true
        default: return false
        }
    }

    /// `\xHH`, `\uHHHH` or `\UHHHHHHHH`.
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        switch scalar.value {
        case ..<0x100: return "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
        case ..<0x10000: return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: return "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
        }
    }

    /// The lines of a literal block scalar (`|` or `|-`) that reads back as exactly `text`, or nil
    /// when a literal block cannot say it: it holds a character that needs an escape (other than
    /// line feeds), a line with trailing spaces, a first line that is empty or starts with a space,
    /// or it ends with more than one line feed. Text without a line feed is not worth a block.
    static func literalBlock(_ text: String) -> (header: String, lines: [Substring])? {
        guard text.utf8.contains(UInt8(ascii: "\n")) else { return nil }
        var body = Substring(text)
        let keepsFinalLineFeed = body.hasSuffix("\n")
        if keepsFinalLineFeed { body = body.dropLast() }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, let start = first.unicodeScalars.first, start != " ",
              !text.hasSuffix("\n\n"),
              !text.unicodeScalars.contains(where: { $0 != "\n" && needsEscape($0) }),
              lines.allSatisfy({ $0.unicodeScalars.last != " " })
        else { return nil }
        return (keepsFinalLineFeed ? "|" : "|-", lines)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
