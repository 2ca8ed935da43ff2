import SpecDiagnostics
import Testing

@testable import SpecYAML

@Suite("Tags, documents and libyaml errors")
struct ErrorTests {
    @Test func customTagIsRejected() throws {
        let diagnostic = try #require(failure("a: 1\nb: !foo x\n"))
        #expect(diagnostic.message == "unsupported tag '!foo'; a spec uses only standard YAML tags")
        #expect(diagnostic.location == at(2, 4))
    }

    @Test func nonStandardSecondaryTagIsRejected() throws {
        let diagnostic = try #require(failure("a: !!binary aGk=\n"))
        #expect(diagnostic.message == "unsupported tag '!!binary'; a spec uses only standard YAML tags")
        #expect(diagnostic.location == at(1, 4))
    }

    @Test func customTagOnACollectionIsRejected() throws {
        let diagnostic = try #require(failure("list: !custom [1]\n"))
        #expect(diagnostic.message == "unsupported tag '!custom'; a spec uses only standard YAML tags")
        #expect(diagnostic.location == at(1, 7))
    }

    @Test func tagDirectiveIsRejected() throws {
        let diagnostic = try #require(failure("%TAG !e! tag:example.com,2000:\n---\na: 1\n"))
        #expect(diagnostic.message
            == "unsupported directive '%TAG !e! tag:example.com,2000:'; a spec uses only standard YAML tags")
        #expect(diagnostic.location == at(1, 1))
    }

    @Test func secondDocumentIsRejected() throws {
        let diagnostic = try #require(failure("a: 1\n---\nb: 2\n"))
        #expect(diagnostic.message == "a spec is one YAML document; found a second document here")
        #expect(diagnostic.location == at(2, 1))
        let afterEnd = try #require(failure("--- \na: 1\n...\n--- \nb: 2\n"))
        #expect(afterEnd.location == at(4, 1))
    }

    @Test func libyamlErrorIsLocatedWithItsContext() throws {
        let diagnostic = try #require(failure("a:\n  b: c\n d: e\n"))
        #expect(diagnostic.message == "did not find expected key (while parsing a block mapping that starts at 1:1)")
        #expect(diagnostic.location == at(3, 2))
        #expect(diagnostic.description
            == "spec.yaml:3:2: error: did not find expected key (while parsing a block mapping that starts at 1:1)")
    }

    @Test func libyamlScannerErrorIsLocated() throws {
        let diagnostic = try #require(failure("a: 1\nb: \"open\n"))
        #expect(diagnostic.message
            == "found unexpected end of stream (while scanning a quoted scalar that starts at 2:4)")
        #expect(diagnostic.location == at(3, 1))
    }

    @Test func libyamlErrorColumnCountsScalars() throws {
        let diagnostic = try #require(failure("é: [a, b\nü: c\n"))
        #expect(diagnostic.message.hasPrefix("did not find expected ',' or ']'"))
        #expect(diagnostic.message.hasSuffix("(while parsing a flow sequence that starts at 1:4)"))
    }

    @Test func controlCharacterIsLocated() throws {
        let diagnostic = try #require(failure("a: 1\nb: x\u{07}y\n"))
        #expect(diagnostic.message == "control characters are not allowed (U+0007)")
        #expect(diagnostic.location == at(2, 5))
    }

    @Test func rawNulIsAControlCharacter() throws {
        let diagnostic = try #require(failure(bytes: Array("é: x".utf8) + [0x00] + Array("y\n".utf8)))
        #expect(diagnostic.message == "control characters are not allowed (U+0000)")
        #expect(diagnostic.location == at(1, 5))
    }

    @Test func optionalArrayTypeNeedsQuotes() throws {
        let diagnostic = try #require(failure("""
            models:
              User:
                tags: [String]?
                name: String
            """))
        #expect(diagnostic.message
            == #"a value that starts with '[' and continues after ']' must be quoted: write "[String]?""#)
        #expect(diagnostic.location == at(3, 11))
    }

    @Test func arrayWithDefaultNeedsQuotes() throws {
        let diagnostic = try #require(failure("""
            models:
              Counter:
                counts: [Int] = []
                name: String
            """))
        #expect(diagnostic.message
            == #"a value that starts with '[' and continues after ']' must be quoted: write "[Int] = []""#)
        #expect(diagnostic.location == at(3, 13))
    }

    @Test func bracketHintWorksInSequencesAndDropsComments() throws {
        let inSequence = try #require(failure("types:\n  - [Ünïcode]?   # optional\n"))
        #expect(inSequence.message
            == #"a value that starts with '[' and continues after ']' must be quoted: write "[Ünïcode]?""#)
        #expect(inSequence.location == at(2, 5))
        let nested = try #require(failure("m: [[Int]] = [[1]]\n"))
        #expect(nested.message
            == #"a value that starts with '[' and continues after ']' must be quoted: write "[[Int]] = [[1]]""#)
        #expect(nested.location == at(1, 4))
    }

    @Test func quotedBracketValuesParse() throws {
        let document = try root("tags: \"[String]?\"\ncounts: '[Int] = []'\n")
        #expect(document["tags"]?.scalar == "[String]?")
        #expect(document["counts"]?.scalar == "[Int] = []")
    }

    @Test func otherLibyamlErrorsGetNoBracketHint() throws {
        let diagnostic = try #require(failure("a: [b, c]\n  d: e\n"))
        #expect(!diagnostic.message.contains("must be quoted"))
    }
}
