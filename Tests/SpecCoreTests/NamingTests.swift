@testable import SpecCore
import Testing

/// The naming rules, with the contract's and issue 13's examples.
@Suite struct NamingTests {
    @Test(arguments: [
        ("per_page", "perPage"), ("X-Request-ID", "xRequestID"), ("in-review", "inReview"), ("user_name", "userName"),
        ("avatar_url", "avatarURL"), ("user_id", "userID"), ("api_key_id", "apiKeyID"), ("home_page_url", "homePageURL"),
        ("http_status", "httpStatus"), ("json_payload", "jsonPayload"), ("userId", "userID"), ("avatarUrl", "avatarURL"),
        ("user_ids", "userIDs"), ("userIDs", "userIDs"), ("HTTPStatus", "httpStatus"), ("iOS", "iOS"), ("ETag", "eTag"),
        ("gpt-4-0314", "gpt4_0314"), ("gpt-3.5-turbo-16k", "gpt3_5Turbo16k"), ("gpt-4", "gpt4"), ("1.0", "_1_0"),
        ("IN_PROGRESS", "inProgress"), ("STATUS_ACTIVE", "statusActive"), ("NHLTeam", "nhlTeam"), ("utf8String", "utf8String"),  ("id", "id"), ("ID", "id"), ("URLPath", "urlPath"), ("userID", "userID"),
        ("ACTIVE", "active"), ("2fa_code", "_2faCode"), ("a.b c", "aBC"), ("héllo_wörld", "hélloWörld"),
        ("__private", "private"), ("snake__case", "snakeCase"), ("with\"quote", "withquote"), ("", ""), ("!!!", ""),
        ("user_id2", "userID2"), ("content_utf8", "contentUTF8"), ("http2_push", "http2Push"), ("wörld_id2", "wörldID2"),
        ("İstanbul", "istanbul"), // lowercasing İ adds U+0307, which an identifier cannot hold
    ])
    func lowerCamel(_ wire: String, _ expected: String) {
        #expect(Naming.lowerCamel(wire) == expected)
    }

    @Test(arguments: [
        ("public_user", "PublicUser"), ("PublicUser", "PublicUser"), ("posts", "Posts"), ("3d_model", "_3dModel"),
        ("ApiResponse", "APIResponse"), ("user_id", "UserID"), ("NHLTeam", "NHLTeam"), ("XMLHttpRequest", "XMLHTTPRequest"),
        ("ORDER_STATUS", "OrderStatus"), ("SKU", "SKU"), ("a/b", "AB"), ("JSONish", "JSONish"),
    ])
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

/// Names of random text are identifiers, and (in ASCII, where lowercasing is plain) differ between
/// lowerCamelCase and UpperCamelCase only in case.
@Suite struct NamingPropertyTests {
    @Test func randomTextGivesIdentifiers() {
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<20_000 {
            let text = generator.text(of: Array("aAbBzZ09_-. /:\"\\(éİ"))
            for name in [Naming.lowerCamel(text), Naming.upperCamel(text)] where !name.isEmpty {
                #expect(Naming.isIdentifier(name), "\(text) -> \(name)")
            }
            // Naming a name again settles at once: the OpenAPI front end repeats it until a model's
            // name is one lowering keeps.
            let upper = Naming.upperCamel(Naming.upperCamel(text)), lower = Naming.lowerCamel(Naming.lowerCamel(text))
            #expect(Naming.upperCamel(upper) == upper, "\(text)")
            #expect(Naming.lowerCamel(lower) == lower, "\(text)")
            if text.unicodeScalars.allSatisfy(\.isASCII) {
                #expect(Naming.lowerCamel(text).lowercased() == Naming.upperCamel(text).lowercased(), "\(text)")
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

    /// Up to eleven characters drawn from `alphabet`.
    mutating func text(of alphabet: [Character]) -> String {
        let length = Int(next() % 12)
        return String((0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] })
    }
}

/// The ASCII fast path of the naming rules agrees with the general one.
@Suite struct NamingFastPathTests {
    @Test func asciiFastPathMatchesTheGeneralRules() {
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<20_000 {
            let text = generator.text(of: Array("aAbBsSdDiIzZ09_-. /:\"\\("))
            for upper in [false, true] {
                #expect(Naming.asciiCamel(text, upper: upper) == Naming.unicodeCamel(text, upper: upper), "\(text) upper: \(upper)")
            }
        }
        for word in ["userIDs", "URLPath", "HTTPStatus", "IN_PROGRESS", "gpt-3.5-turbo-16k", "ids", "NHLTeam", "iOS", "user_ids"] {
            #expect(Naming.asciiCamel(word, upper: false) == Naming.unicodeCamel(word, upper: false), "\(word)")
        }
    }
}

/// Union cases are named by what tells the variants apart.
@Suite struct UnionCaseNameTests {
    @Test func sharedWordsOfTheUnionsNameAreLeftOut() {
        let tags = ["ChatCompletionRequestSystemMessage", "ChatCompletionRequestUserMessage", "ChatCompletionRequestToolMessage"]
        #expect(SwiftNames.unionCases(tags, of: "ChatCompletionRequestMessage") == ["system", "user", "tool"])
        #expect(SwiftNames.unionCases(["ShapeCircle", "ShapeSquare"], of: "Shape") == ["circle", "square"])
        #expect(SwiftNames.unionCases(["circle", "square"], of: "Shape") == ["circle", "square"])
    }

    @Test func namesStayWholeWhereLeavingWordsOutWouldHurt() {
        // One word shared by chance is not the union's name.
        #expect(SwiftNames.unionCases(["string", "jsoNishs"], of: "JSONish") == ["string", "jsoNishs"])
        // Two cases would become one.
        #expect(SwiftNames.unionCases(["PetCat", "Cat"], of: "Pet") == ["petCat", "cat"])
        // A tag that is the union's name keeps it.
        #expect(SwiftNames.unionCases(["Pet", "PetDog"], of: "Pet") == ["pet", "dog"])
    }
}
