import SpecDiagnostics
import Testing

@testable import SpecYAML

/// A `#` starts a comment only after whitespace; libyaml takes it as one anywhere outside a scalar.
@Suite struct CommentSpacingTests {
    @Test(arguments: [
        ("key: \"value\"# note\n", at(1, 13), "\""),
        ("list: [a, b]#note\n", at(1, 13), "]"),
        ("list: [a,#note\n  b]\n", at(1, 10), ","),
        ("block: ># note\n  text\n", at(1, 9), ">"),
        ("key: 'value'#note\n", at(1, 13), "'"),
    ])
    func aHashRightAfterAValueIsAnError(_ text: String, _ location: SpecDiagnostics.SourceLocation, _ previous: String) throws {
        let diagnostic = try #require(failure(text))
        #expect(diagnostic.message == "a comment needs a space before '#' (here it follows '\(previous)'); write ' #', or quote the text if the '#' belongs to it")
        #expect(diagnostic.location == location)
    }

    @Test func aHashInsideAScalarOrACommentIsText() throws {
        let node = try root("""
            plain: a#b
            url: https://example.com/page#section
            quoted: "#1 and \\"#2\\""
            single: 'it''s#3'
            key#hash: v # a comment with issue#12 and "quotes"#
            note: don't # see a#b
            block: |
              line#1
              # not a comment
            flow: [x#y, {k#: v#}]
            # a whole-line comment#
            """)
        #expect(node["plain"]?.scalar == "a#b")
        #expect(node["url"]?.scalar == "https://example.com/page#section")
        #expect(node["quoted"]?.scalar == ##"#1 and "#2""##)
        #expect(node["single"]?.scalar == "it's#3")
        #expect(node["key#hash"]?.scalar == "v")
        #expect(node["note"]?.scalar == "don't")
        #expect(node["block"]?.scalar == "line#1\n# not a comment\n")
        #expect(node["flow"]?.sequence?.first?.scalar == "x#y")
    }
}
