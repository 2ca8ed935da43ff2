/// Swift names derived from wire names, as Swift's API Design Guidelines want them.
///
/// A wire name is read as words: separators (`_`, `-`, space, `.`, `/`, `:`) and case changes
/// (`userId`, `HTTPStatus`) divide them, and characters an identifier cannot hold are dropped.
/// The words are joined in camel case: `per_page` -> `perPage`, `public_user` -> `PublicUser`.
/// - Initialisms (``initialisms``) are uniformly cased: `avatar_url` -> `avatarURL`, `user_id` ->
///   `userID`, `user_ids` -> `userIDs`, and lowercased at the start of a lowerCamelCase name
///   (`http_status` -> `httpStatus`).
/// - A name in capitals only is read as words (`IN_PROGRESS` -> `inProgress`); otherwise a word
///   keeps its capitals (`X-Request-ID` -> `xRequestID`, `NHLTeam` stays).
/// - Digit groups stay apart: `gpt-4-0314` -> `gpt4_0314`, `gpt-3.5-turbo-16k` -> `gpt3_5Turbo16k`.
/// - A leading digit gets a `_` prefix; keywords are escaped with backticks where they are written.
public enum Naming {
    /// The lowerCamelCase identifier for a wire name, unescaped (empty when nothing usable is left).
    public static func lowerCamel(_ wire: String) -> String {
        camel(wire, upper: false)
    }

    /// The UpperCamelCase identifier for a wire name, unescaped.
    public static func upperCamel(_ wire: String) -> String {
        camel(wire, upper: true)
    }

    /// The initialisms cased as one: `URL`, `ID` and the others are written in capitals, or in
    /// lowercase at the start of a lowerCamelCase name; a plural (`IDs`, `URLs`) keeps its `s`.
    public static let initialisms: [String] = [
        "ACL", "API", "ASCII", "CPU", "CSS", "CSV", "DNS", "GPU", "GUID", "HTML", "HTTP", "HTTPS", "ID", "IP", "JSON",
        "JWT", "OS", "PDF", "RAM", "SDK", "SMS", "SQL", "SSH", "SSL", "TCP", "TLS", "TTL", "UDP", "UI", "URI", "URL",
        "UTF", "UUID", "XML",
    ]

    /// The initialisms in lowercase, for lookup (never iterated).
    private static let initialismSet: Set<String> = Set(initialisms.map { $0.lowercased() })

    /// The naming rules over any text, word by word; ASCII text takes ``asciiCamel(_:upper:)``.
    static func camel(_ wire: String, upper: Bool) -> String {
        asciiCamel(wire, upper: upper) ?? unicodeCamel(wire, upper: upper)
    }

    /// The initialisms in lowercase, each packed into an integer (a word of at most eight letters).
    private static let packedInitialisms: Set<UInt64> = Set(initialisms.compactMap { pack(Array($0.lowercased().utf8)[...]) })

    /// Up to eight lowercase ASCII letters as one integer, or nil for a longer word.
    private static func pack(_ word: ArraySlice<UInt8>) -> UInt64? {
        guard word.count <= 8 else { return nil }
        return word.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Whether a lowercase ASCII word is an initialism.
    private static func isInitialism(_ word: ArraySlice<UInt8>) -> Bool {
        pack(word).map(packedInitialisms.contains) ?? false
    }

    /// The same rules over ASCII bytes, the common case, without a `String` per word; nil for text
    /// with non-ASCII scalars.
    static func asciiCamel(_ wire: String, upper: Bool) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(wire.utf8.count)
        var words: [Range<Int>] = []
        var start = 0
        var hasLower = false, hasUpper = false
        func flush() {
            if start < bytes.count { words.append(start..<bytes.count) }
            start = bytes.count
        }
        for byte in wire.utf8 {
            guard byte < 0x80 else { return nil }
            let isLower = byte >= 0x61 && byte <= 0x7A, isUpper = byte >= 0x41 && byte <= 0x5A, isDigit = byte >= 0x30 && byte <= 0x39
            guard isLower || isUpper || isDigit else {
                if byte == 0x5F || byte == 0x2D || byte == 0x20 || byte == 0x2E || byte == 0x2F || byte == 0x3A { flush() }
                continue
            }
            hasLower = hasLower || isLower
            hasUpper = hasUpper || isUpper
            let count = bytes.count - start
            if isUpper, count > 0 {
                let last = bytes[bytes.count - 1]
                if (last >= 0x61 && last <= 0x7A) || (last >= 0x30 && last <= 0x39) { flush() }
            } else if isLower, count >= 2, bytes[bytes.count - 1] <= 0x5A, bytes[bytes.count - 1] >= 0x41,
                      bytes[bytes.count - 2] <= 0x5A, bytes[bytes.count - 2] >= 0x41 {
                let run = bytes[start...].map { $0 | 0x20 }
                if !(byte == 0x73 && isInitialism(run[...])) {
                    let last = bytes.removeLast()
                    flush()
                    bytes.append(last)
                }
            }
            bytes.append(byte)
        }
        flush()
        let screaming = !hasLower && hasUpper && (words.count > 1 || !upper)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 2)
        // One scratch buffer for each word in lowercase, instead of an array per word.
        var lower: [UInt8] = []
        lower.reserveCapacity(32)
        for (index, range) in words.enumerated() {
            lower.removeAll(keepingCapacity: true)
            for byte in bytes[range] { lower.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
            // An initialism keeps its casing before a number: `user_id2` -> `userID2`, `http2` -> `HTTP2`.
            var letters = lower.count
            while letters > 0, lower[letters - 1] >= 0x30, lower[letters - 1] <= 0x39 { letters -= 1 }
            let plural = lower.count > 2 && lower[lower.count - 1] == 0x73 && !isInitialism(lower[...])
                && isInitialism(lower[..<(lower.count - 1)])
            let initialism = plural || (letters > 0 && isInitialism(lower[..<letters]))
            let first = bytes[range.lowerBound]
            if let last = result.last, last >= 0x30 && last <= 0x39, first >= 0x30 && first <= 0x39 {
                result.append(0x5F)
            }
            if index == 0 && !upper {
                if initialism || screaming {
                    result.append(contentsOf: lower)
                } else {
                    // Leading capitals lowered: `NHL` -> `nhl`, `Xml` -> `xml`.
                    var leading = 0
                    while leading < range.count, bytes[range.lowerBound + leading] >= 0x41, bytes[range.lowerBound + leading] <= 0x5A {
                        leading += 1
                    }
                    if leading > 1, leading < range.count, bytes[range.lowerBound + leading] >= 0x61, bytes[range.lowerBound + leading] <= 0x7A {
                        leading -= 1
                    }
                    result.append(contentsOf: lower[..<leading])
                    result.append(contentsOf: bytes[(range.lowerBound + leading)..<range.upperBound])
                }
            } else if initialism {
                if plural {
                    for byte in lower[..<(lower.count - 1)] { result.append(byte & ~0x20) }
                    result.append(0x73)
                } else {
                    for byte in lower { result.append(byte >= 0x61 ? byte & ~0x20 : byte) }
                }
            } else {
                let text = screaming ? lower[...] : bytes[range]
                if let head = text.first { result.append(head >= 0x61 && head <= 0x7A ? head & ~0x20 : head) }
                result.append(contentsOf: text.dropFirst())
            }
        }
        if let first = result.first, first >= 0x30 && first <= 0x39 { result.insert(0x5F, at: 0) }
        return String(decoding: result, as: UTF8.self)
    }

    /// The naming rules over any text, scalar by scalar.
    static func unicodeCamel(_ wire: String, upper: Bool) -> String {
        let scalars = Array(wire.unicodeScalars)
        var parts = words(scalars)
        // SCREAMING_CASE is read as words; one capitalized word (`SKU`) stays a type name as written.
        let screaming = !scalars.contains(where: isLowercase) && scalars.contains(where: isUppercase)
            && (parts.count > 1 || !upper)
        // A word cannot begin the identifier with a combining mark: drop such leading marks.
        while let first = parts.first, let scalar = first.first, !isDigit(scalar), !canStartIdentifier(scalar) {
            if first.count == 1 { parts.removeFirst() } else { parts[0].removeFirst() }
        }
        var result = String.UnicodeScalarView()
        for (index, word) in parts.enumerated() {
            let text = String(String.UnicodeScalarView(word))
            let lower = text.lowercased()
            let letters = String(lower.reversed().drop { $0.isASCII && $0.isNumber }.reversed())
            let initialism = (!letters.isEmpty && initialismSet.contains(letters))
                || (lower.count > 2 && lower.hasSuffix("s") && initialismSet.contains(String(lower.dropLast())))
            let cased: String
            if index == 0 && !upper {
                cased = initialism || screaming ? lower : lowercasingLeadingCapitals(text)
            } else if initialism {
                cased = lower.hasSuffix("s") && !initialismSet.contains(lower) ? lower.dropLast().uppercased() + "s" : lower.uppercased()
            } else {
                cased = capitalizingFirst(screaming ? lower : text)
            }
            if let last = result.last, isDigit(last), let first = word.first, isDigit(first) { result.append("_") }
            result.append(contentsOf: cased.unicodeScalars)
        }
        // Changing case can add what an identifier cannot hold: `İ` lowercases to `i` and U+0307.
        let identifier = String(String.UnicodeScalarView(result.filter(isIdentifierScalar)))
        return prefixingDigit(identifier)
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

    /// Splits a wire name into words at separators and case changes (`userId` -> `user`, `Id`;
    /// `HTTPStatus` -> `HTTP`, `Status`), dropping characters an identifier cannot hold.
    static func words(_ scalars: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        var words: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        func flush() {
            if !current.isEmpty { words.append(current); current = [] }
        }
        for scalar in scalars {
            guard isIdentifierScalar(scalar) && scalar != "_" else {
                if isSeparator(scalar) || scalar == "_" { flush() }
                continue
            }
            if let last = current.last, isUppercase(scalar) {
                // `userId`, `utf8String`: a capital after a lowercase letter or a digit starts a word.
                if isLowercase(last) || isDigit(last) { flush() }
            } else if isLowercase(scalar), current.count >= 2,
                      isUppercase(current[current.count - 1]), isUppercase(current[current.count - 2]) {
                // `HTTPStatus`: the last capital of a run starts the next word, unless the run is a
                // plural initialism (`IDs`).
                let run = String(String.UnicodeScalarView(current)).lowercased()
                if !(scalar == "s" && initialismSet.contains(run)) {
                    let start = current.removeLast()
                    flush()
                    current = [start]
                }
            }
            current.append(scalar)
        }
        flush()
        return words
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || scalar == " " || scalar == "." || scalar == "/" || scalar == ":"
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }

    /// Whether the scalar is a lowercase letter (ASCII answered without the Unicode tables).
    static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar >= "a" && scalar <= "z" : scalar.properties.isLowercase
    }

    /// Whether the scalar is an uppercase letter (ASCII answered without the Unicode tables).
    static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar >= "A" && scalar <= "Z" : scalar.properties.isUppercase
    }

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
