import SpecDiagnostics
import SpecWriter
import SpecYAML
import Testing

/// `YAMLScalar`: every string, however hostile, reads back through `YAMLParser` as exactly itself,
/// as a key and as a value, in block and flow collections.
@Suite struct YAMLScalarTests {
    /// Strings a naive YAML writer gets wrong.
    static let hostile: [String] = [
        "", " ", "  ", "a b", " leading", "trailing ", "\"", "'", "\\", "\\\"", "\"quoted\"", "'single'", "it's", "#", "a #b", "a#b", "# comment",
        ": ", "a: b", "a:b", "a:", ":", "key: value: more", "-", "- ", "-a", "- a", "--", "---", "...", "[", "]", "[a]", "{", "}", "{a: b}", "*", "*alias",
        "&", "&anchor", "!", "!tag", "!!str", "%", "%YAML 1.2", "@", "`", "`code`", "|", "|-", ">", ">-", "?", "? a", "?a", ",", "a, b", "<<", "=",
        "yes", "no", "Yes", "NO", "on", "Off", "y", "N", "true", "false", "True", "FALSE", "null", "Null", "NULL", "~", "0", "1", "-1", "1.5", ".5",
        "1e3", "0x1F", "0o17", "1_000", ".inf", "-.inf", ".nan", "12:30", "2026-11-30", "1.", "007",
        "\n", "a\nb", "a\n", "\na", "a\n\nb", "a\n\n", "\r", "a\r\nb", "\r\n", "\0", "a\0b", "\t", "a\tb", "\t\t",
        "\u{0B}", "\u{0C}", "\u{1B}", "\u{7F}", "\u{85}", "\u{A0}", "\u{2028}", "\u{2029}", "a\u{2028}b", "\u{FEFF}", "\u{FEFF}a",
        "\u{202E}", "abc\u{202E}def", "\u{2066}x\u{2069}", "\u{200B}", "\u{200E}", "\u{200F}", "\u{061C}", "\u{FFFE}", "\u{FFFF}", "\u{E0001}",
        "é", "e\u{301}", "'\u{301}", "日本", "🙂", "İ", "ß", "\\(x)", "*/", "/*", "\"\"\"", "#\"", "\"#", "%2F", "..", "%00",
        "https://api.example.com/v1", "GET /users/{id}", "String = \"EUR\"", "[String: Int]", "Page<Item>", "Pair<A, B>", "URL?",
        "in-review", "X-Request-ID", "per_page", "_id", "snake_case_name", "class", "default", "a.b", "a.",
        String(repeating: "x", count: 2000), String(repeating: "é", count: 600) + ":",
    ]

    @Test(arguments: hostile)
    func aStringReadsBackExactlyWhereverItStands(_ text: String) throws {
        let spelled = YAMLScalar.render(text)
        #expect(!spelled.contains("\n"), "a scalar is written on one line")
        // As a value in a block mapping, and in flow collections.
        #expect(try value(of: "key: \(spelled)\n") == text)
        #expect(try value(of: "outer:\n  key: \(spelled)\n  next: 1\n", path: ["outer", "key"]) == text)
        #expect(try item(of: "[\(spelled), x]") == text)
        #expect(try value(of: "{ key: \(spelled), next: 1 }") == text)
        // As a key (a long key takes the explicit form, as the writer does).
        let document = spelled.utf8.count > 1000 ? "? \(spelled)\n: 1\n" : "\(spelled): 1\nnext: 2\n"
        #expect(try firstKey(of: document) == text)
    }

    @Test(arguments: hostile)
    func aQuotedStringReadsBackExactly(_ text: String) throws {
        #expect(try value(of: "key: \(YAMLScalar.quoted(text))\n") == text)
    }

    @Test func plainWordsAreIdentifierLikeAndNothingElse() {
        for word in ["Post", "per_page", "in-review", "X-Request-ID", "_id", "a.b", "UUID", "Int64", "yesterday", "nullable", "onward"] {
            #expect(YAMLScalar.isPlainWord(word), "\(word)")
            #expect(YAMLScalar.render(word) == word)
        }
        for word in ["", "yes", "No", "ON", "off", "y", "N", "true", "False", "null", "~", "1", "1abc", "-a", "a.", "a b", "a:b", "é", "URL?", "<<", ".inf"] {
            #expect(!YAMLScalar.isPlainWord(word), "\(word)")
            #expect(YAMLScalar.render(word).hasPrefix("\""), "\(word)")
        }
    }

    @Test func invisibleAndBreakingCharactersAreEscapes() {
        #expect(YAMLScalar.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(YAMLScalar.quoted("\0\t\n\r") == #""\0\t\n\r""#)
        #expect(YAMLScalar.quoted("\u{0B}\u{7F}\u{85}") == #""\x0B\x7F\x85""#)
        #expect(YAMLScalar.quoted("\u{2028}\u{2029}\u{FEFF}\u{202E}\u{2066}") == #""\u2028\u2029\uFEFF\u202E\u2066""#)
        #expect(YAMLScalar.quoted("\u{E0001}") == #""\U000E0001""#)
        #expect(YAMLScalar.quoted("é日本🙂 #: -") == "\"é日本🙂 #: -\"")
    }

    /// Random strings of hostile pieces (seeded, so a failure replays).
    @Test func randomHostileStringsReadBackExactly() throws {
        var generator = SplitMix(seed: 2026_12_01)
        let pieces = Self.hostile.filter { $0.utf8.count < 40 }
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 1...5, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let spelled = YAMLScalar.render(text)
            #expect(try value(of: "key: \(spelled)\n") == text, "\(spelled)")
            #expect(try firstKey(of: "\(spelled): 1\n") == text, "\(spelled)")
            #expect(try item(of: "[\(spelled)]") == text, "\(spelled)")
        }
    }

    // MARK: Reading back

    struct NotFound: Error {}

    private func parse(_ text: String) throws -> YAMLNode {
        switch YAMLParser.parse(Array(text.utf8), file: "test.yaml") {
        case .success(let node): return node
        case .failure(let diagnostic): throw diagnostic
        }
    }

    private func value(of text: String, path: [String] = ["key"]) throws -> String? {
        var node = try parse(text)
        for key in path {
            guard let pair = node.mapping?.first(where: { $0.key.scalar == key }) else { throw NotFound() }
            node = pair.value
        }
        return node.scalar
    }

    private func item(of text: String) throws -> String? {
        try parse(text).sequence?.first?.scalar
    }

    private func firstKey(of text: String) throws -> String? {
        try parse(text).mapping?.first?.key.scalar
    }
}

/// SplitMix64: a small seedable generator, so random tests replay exactly.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
