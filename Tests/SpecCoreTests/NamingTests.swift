@testable import SpecCore
import Testing

/// The naming rules of format v1, with the contract's own examples.
@Suite struct NamingTests {
    @Test(arguments: [
        ("per_page", "perPage"), ("X-Request-ID", "xRequestID"), ("in-review", "inReview"), ("user_name", "userName"),
        ("avatar_url", "avatarUrl"), ("id", "id"), ("ID", "id"), ("URLPath", "urlPath"), ("userID", "userID"),
        ("ACTIVE", "active"), ("2fa_code", "_2faCode"), ("a.b c", "aBC"), ("héllo_wörld", "hélloWörld"),
        ("__private", "private"), ("snake__case", "snakeCase"), ("with\"quote", "withquote"), ("", ""), ("!!!", ""),
        ("İstanbul", "istanbul"), // lowercasing İ adds U+0307, which an identifier cannot hold
    ])
    func lowerCamel(_ wire: String, _ expected: String) {
        #expect(Naming.lowerCamel(wire) == expected)
    }

    @Test(arguments: [("public_user", "PublicUser"), ("PublicUser", "PublicUser"), ("posts", "Posts"), ("3d_model", "_3dModel")])
    func upperCamel(_ wire: String, _ expected: String) {
        #expect(Naming.upperCamel(wire) == expected)
    }

    @Test func keywordsAreEscapedInDeclarationsButNotAfterADot() {
        #expect(Naming.escaped("default") == "`default`")
        #expect(Naming.escaped("class") == "`class`")
        #expect(Naming.escaped("name") == "name")
        #expect(Naming.escapedMember("default") == "default")
        #expect(Naming.escapedMember("self") == "`self`")
        #expect(Naming.escapedMember("init") == "`init`")
    }

    @Test func identifiers() {
        #expect(Naming.isIdentifier("legacyID"))
        #expect(!Naming.isIdentifier("1abc"))
        #expect(!Naming.isIdentifier("a-b"))
        #expect(!Naming.isIdentifier(""))
    }

    @Test func suggestionsFindCloseWordsOnly() {
        #expect(Suggestions.closest(to: "Usr", in: ["User", "Post"]) == "User")
        #expect(Suggestions.closest(to: "respone", in: ["response", "request"]) == "response")
        #expect(Suggestions.closest(to: "zzzzzz", in: ["User", "Post"]) == nil)
    }
}

/// The ASCII fast path of the naming rules agrees with the general one.
@Suite struct NamingFastPathTests {
    @Test func asciiFastPathMatchesTheGeneralRules() {
        let alphabet = Array("aAbBzZ09_-. /:\"\\(")
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 12)
            let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            for upper in [false, true] {
                #expect(Naming.asciiCamel(text, upper: upper) == Naming.unicodeCamel(text, upper: upper), "\(text) upper: \(upper)")
            }
        }
    }
}

/// A small deterministic random number generator for property tests.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
