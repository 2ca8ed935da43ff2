/// Swift names derived from wire names: the naming rules of format v1.
///
/// `per_page` -> `perPage`, `X-Request-ID` -> `xRequestID`, `in-review` -> `inReview`,
/// `public_user` -> `PublicUser`; characters an identifier cannot hold are dropped, a leading
/// digit gets a `_` prefix, keywords are escaped with backticks.
public enum Naming {
    /// The lowerCamelCase identifier for a wire name, unescaped (empty when nothing usable is left).
    public static func lowerCamel(_ wire: String) -> String {
        asciiCamel(wire, upper: false) ?? unicodeCamel(wire, upper: false)
    }

    /// The UpperCamelCase identifier for a wire name, unescaped.
    public static func upperCamel(_ wire: String) -> String {
        asciiCamel(wire, upper: true) ?? unicodeCamel(wire, upper: true)
    }

    /// The naming rules over any text, word by word.
    static func unicodeCamel(_ wire: String, upper: Bool) -> String {
        var parts = words(wire)
        // A word cannot begin the identifier with a combining mark: drop such leading marks.
        while let first = parts.first, let scalar = first.unicodeScalars.first, !isDigit(scalar), !canStartIdentifier(scalar) {
            let rest = String(String.UnicodeScalarView(first.unicodeScalars.dropFirst()))
            if rest.isEmpty { parts.removeFirst() } else { parts[0] = rest }
        }
        guard let first = parts.first else { return "" }
        var result = upper ? capitalizingFirst(first) : lowercasingLeadingCapitals(first)
        for word in parts.dropFirst() { result += capitalizingFirst(word) }
        // Changing case can add what an identifier cannot hold: `İ` lowercases to `i` and U+0307.
        result = String(String.UnicodeScalarView(result.unicodeScalars.filter(isIdentifierScalar)))
        return prefixingDigit(result)
    }

    /// The same rules over ASCII bytes, the common case, without Character or String work per letter.
    /// Returns nil for text with non-ASCII scalars.
    static func asciiCamel(_ wire: String, upper: Bool) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(wire.utf8.count + 1)
        var firstWord = true
        var wordStart = true
        var leadingCapitals = 0 // capitals lowered at the start of the first word, for `URLPath` -> `urlPath`
        for byte in wire.utf8 {
            guard byte < 0x80 else { return nil }
            let isLower = byte >= 0x61 && byte <= 0x7A, isUpper = byte >= 0x41 && byte <= 0x5A, isDigit = byte >= 0x30 && byte <= 0x39
            guard isLower || isUpper || isDigit else {
                if byte == 0x5F || byte == 0x2D || byte == 0x20 || byte == 0x2E || byte == 0x2F || byte == 0x3A {
                    if !bytes.isEmpty { firstWord = false; wordStart = true }
                }
                continue
            }
            if firstWord && !upper {
                if isUpper && leadingCapitals == bytes.count {
                    bytes.append(byte + 0x20)
                    leadingCapitals += 1
                } else {
                    if isLower && leadingCapitals > 1 && leadingCapitals == bytes.count {
                        bytes[bytes.count - 1] -= 0x20 // `URLPath`: the P starts the next word
                    }
                    leadingCapitals = -1
                    bytes.append(byte)
                }
            } else if wordStart && isLower {
                bytes.append(byte - 0x20)
            } else {
                bytes.append(byte)
            }
            wordStart = false
        }
        if let first = bytes.first, first >= 0x30 && first <= 0x39 { bytes.insert(0x5F, at: 0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The identifier as it must be written in a declaration: keywords in backticks.
    public static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// The identifier as written after a dot (`.default` needs no backticks, `.self` does).
    public static func escapedMember(_ identifier: String) -> String {
        afterDotKeywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// The identifier as an argument label in a call (`f(class: x)` needs no backticks, `f(inout: x)` does).
    public static func escapedLabel(_ identifier: String) -> String {
        let plain = identifier.filter { $0 != "`" }
        return labelKeywords.contains(plain) ? "`\(plain)`" : plain
    }

    /// Whether `text` is already a plain Swift identifier (letters, digits, `_`, not starting with a digit).
    public static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, canStartIdentifier(first) else { return false }
        return text.unicodeScalars.allSatisfy(isIdentifierScalar)
    }

    /// Whether an identifier may begin with this scalar: not a digit, not a combining mark.
    static func canStartIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        guard isIdentifierScalar(scalar), !isDigit(scalar) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return false
        default: return true
        }
    }

    /// Splits a wire name into words at separators, dropping characters an identifier cannot hold.
    static func words(_ wire: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in wire.unicodeScalars {
            if isIdentifierScalar(scalar) && scalar != "_" {
                current.append(scalar)
            } else if isSeparator(scalar) || scalar == "_" {
                if !current.isEmpty { words.append(String(current)); current = .init() }
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || scalar == " " || scalar == "." || scalar == "/" || scalar == ":"
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }

    static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || isDigit(scalar) || scalar == "_"
        }
        let properties = scalar.properties
        return properties.isAlphabetic && !properties.isBidiControl && !properties.isDefaultIgnorableCodePoint
    }

    private static func capitalizingFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// `URLPath` -> `urlPath`, `ID` -> `id`, `userID` -> `userID`.
    private static func lowercasingLeadingCapitals(_ word: String) -> String {
        let characters = Array(word)
        var end = 0
        while end < characters.count, characters[end].isUppercase { end += 1 }
        if end == 0 { return word }
        if end > 1, end < characters.count, characters[end].isLowercase { end -= 1 }
        return String(characters[..<end]).lowercased() + String(characters[end...])
    }

    private static func prefixingDigit(_ identifier: String) -> String {
        guard let first = identifier.unicodeScalars.first, isDigit(first) else { return identifier }
        return "_" + identifier
    }

    /// Words that must be escaped with backticks where a declaration names them.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "_", "Type", "Protocol",
    ]

    /// Words that stay special even after a dot.
    static let afterDotKeywords: Set<String> = ["self", "Type", "Protocol", "init"]

    /// Words that must stay escaped as argument labels in a call (Swift 6 warns when `let` or `var`
    /// are: "does not need to be escaped in argument list").
    static let labelKeywords: Set<String> = ["inout"]
}
