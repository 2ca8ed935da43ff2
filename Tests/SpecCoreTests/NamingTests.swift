@testable import SpecCore
import Testing

/// The naming rules of format v1, with the contract's own examples.
@Suite struct NamingTests {
    @Test(arguments: [
        ("per_page", "perPage"), ("X-Request-ID", "xRequestID"), ("in-review", "inReview"), ("user_name", "userName"),
        ("avatar_url", "avatarUrl"), ("id", "id"), ("ID", "id"), ("URLPath", "urlPath"), ("userID", "userID"),
        ("ACTIVE", "active"), ("2fa_code", "_2faCode"), ("a.b c", "aBC"), ("héllo_wörld", "hélloWörld"),
        ("__private", "private"), ("snake__case", "snakeCase"), ("with\"quote", "withquote"), ("", ""), ("!!!", ""),
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
