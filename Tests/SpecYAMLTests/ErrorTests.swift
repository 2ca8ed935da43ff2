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

    @Test func unterminatedQuotedStringIsLocatedAtTheOpeningQuote() throws {
        // Tests/SpecCompilerTests/Diagnostics/syntax-error.yaml
        let diagnostic = try #require(failure("""
            name: Chirp
            models:
              Post:
                id: UUID
                text: "unterminated

            """))
        #expect(diagnostic.message == "unterminated quoted string")
        #expect(diagnostic.location == at(5, 11))
        #expect(diagnostic.description == "spec.yaml:5:11: error: unterminated quoted string")
        let single = try #require(failure("a: 1\nb: 'open\nmore\n"))
        #expect(single.message == "unterminated quoted string")
        #expect(single.location == at(2, 4))
        let noFinalBreak = try #require(failure("é: \"x"))
        #expect(noFinalBreak.message == "unterminated quoted string")
        #expect(noFinalBreak.location == at(1, 4))
    }

    @Test func otherQuotedStringErrorsKeepLibyamlsWords() throws {
        let diagnostic = try #require(failure("a: \"x\n---\n"))
        #expect(diagnostic.message
            == "found unexpected document indicator (while scanning a quoted scalar that starts at 1:4)")
        #expect(diagnostic.location == at(2, 1))
    }

    @Test func unterminatedFlowCollectionsAreLocatedAtTheOpeningBracket() throws {
        let sequence = try #require(failure("é: [a, b\n# end\n"))
        #expect(sequence.message == "unterminated flow sequence: the '[' has no matching ']'")
        #expect(sequence.location == at(1, 4))
        let anchored = try #require(failure("x: 1\na: &l [[b], c\n\n\n"))
        #expect(anchored.message == "unterminated flow sequence: the '[' has no matching ']'")
        #expect(anchored.location == at(2, 7))
        let mapping = try #require(failure("a: {b: c"))
        #expect(mapping.message == "unterminated flow mapping: the '{' has no matching '}'")
        #expect(mapping.location == at(1, 4))
    }

    @Test func flowCollectionEndingAfterACommaIsLocatedAtTheLastCharacter() throws {
        let diagnostic = try #require(failure("a: [b,\n"))
        #expect(diagnostic.message == "unterminated flow collection: a '[' or '{' has no matching ']' or '}'")
        #expect(diagnostic.location == at(1, 7))
    }

    @Test func flowCollectionErrorsBeforeTheEndKeepLibyamlsWords() throws {
        let diagnostic = try #require(failure("x: {a: 1]\n"))
        #expect(diagnostic.message == "did not find expected ',' or '}' (while parsing a flow mapping that starts at 1:4)")
        #expect(diagnostic.location == at(1, 9))
        let nextKey = try #require(failure("é: [a, b\nü: c\n"))
        #expect(nextKey.message == "did not find expected ',' or ']' (while parsing a flow sequence that starts at 1:4)")
        #expect(nextKey.location == at(2, 2))
    }

    @Test func errorsAtTheEndOfTheStreamAreNeverPastTheLastCharacter() throws {
        // libyaml puts the end of the stream on a line of its own, after the last one.
        let diagnostic = try #require(failure("a:\n  - b\n c"))
        #expect(diagnostic.message.hasPrefix("did not find expected key"))
        #expect(diagnostic.location == at(3, 2))
        let crlf = try #require(failure("a: [b\r\n"))
        #expect(crlf.location == at(1, 4))
        #expect(SourceTextProbe.clamped(at(2, 1), in: "a: b\r\n") == at(1, 5))
        #expect(SourceTextProbe.clamped(at(2, 1), in: "é: ü") == at(1, 4))
        #expect(SourceTextProbe.clamped(at(3, 1), in: "a\n\n") == at(2, 1))
        #expect(SourceTextProbe.clamped(at(2, 1), in: "a\u{2028}") == at(1, 2))
        #expect(SourceTextProbe.clamped(at(1, 1), in: "") == at(1, 1))
        #expect(SourceTextProbe.clamped(at(1, 3), in: "abc\n") == at(1, 3))
    }

    @Test func tabIndentationIsNamed() throws {
        // Tests/SpecCompilerTests/Diagnostics/tab-indentation.yaml
        let diagnostic = try #require(failure("name: Chirp\nmodels:\n  Post:\n\tid: UUID\n"))
        #expect(diagnostic.message == "tabs cannot indent YAML; use spaces")
        #expect(diagnostic.location == at(4, 1))
        #expect(diagnostic.description == "spec.yaml:4:1: error: tabs cannot indent YAML; use spaces")
    }

    @Test func tabAfterSpacesInTheIndentationIsNamed() throws {
        let token = try #require(failure("a:\n  b: 1\n  \tc: 2\n"))
        #expect(token.message == "tabs cannot indent YAML; use spaces")
        #expect(token.location == at(3, 3))
        let plainContinuation = try #require(failure("a: b\n\tc\n"))
        #expect(plainContinuation.message == "tabs cannot indent YAML; use spaces")
        #expect(plainContinuation.location == at(2, 1))
        let blockScalar = try #require(failure("a: |\n  x\n\ty\n"))
        #expect(blockScalar.message == "tabs cannot indent YAML; use spaces")
        #expect(blockScalar.location == at(3, 1))
        let sequence = try #require(failure("a:\n  - x\n\t- y\n"))
        #expect(sequence.message == "tabs cannot indent YAML; use spaces")
        #expect(sequence.location == at(3, 1))
    }

    @Test func tabsOutsideTheIndentationAreNotBlamed() throws {
        #expect(try root("a:\tb\nc: d \t# note\n")["a"]?.scalar == "b")
        let diagnostic = try #require(failure("a: b\u{01}\n"))
        #expect(!diagnostic.message.contains("tab"))
    }

    @Test func unquotedValueWithColonSpaceGetsAHint() throws {
        let diagnostic = try #require(failure("""
            models:
              Post:
                summary: Note: read this   # why
            """))
        #expect(diagnostic.message == "mapping values are not allowed in this context; "
            + #"a value containing ': ' must be quoted: write "Note: read this""#)
        #expect(diagnostic.location == at(3, 18))
        let url = try #require(failure("- a: http://x: y\n"))
        #expect(url.message == "mapping values are not allowed in this context; "
            + #"a value containing ': ' must be quoted: write "http://x: y""#)
        #expect(url.location == at(1, 14))
    }

    @Test func colonHintNeedsAPlainValueOnTheSameLine() throws {
        // The value continues from the line above (an indentation mistake), is quoted, or is anchored.
        for text in ["a: b\n  c: d\n", "a\nb: c\n", "  title: \"x\": y\n", "a: &x b: c\n", "a: b:\n  c: d\n"] {
            let diagnostic = try #require(failure(text))
            #expect(diagnostic.message.hasPrefix("mapping values are not allowed in this context"), "\(text)")
            #expect(!diagnostic.message.contains("must be quoted"), "\(text)")
        }
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

/// `SourceText.clamped` over a string's UTF-8.
enum SourceTextProbe {
    static func clamped(_ location: SpecDiagnostics.SourceLocation, in text: String) -> SpecDiagnostics.SourceLocation {
        Array(text.utf8).withUnsafeBufferPointer { SourceText.clamped(location, in: $0) }
    }
}
