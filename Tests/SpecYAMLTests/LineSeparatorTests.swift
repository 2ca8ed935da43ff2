import SpecDiagnostics
import Testing

@testable import SpecYAML

/// NEL (U+0085), LS (U+2028) and PS (U+2029) are ordinary characters, as YAML 1.2 says (libyaml
/// breaks lines at them), and lines are counted at LF, CR and CR LF only, as editors count them.
@Suite struct LineSeparatorTests {
    @Test func blockScalarsKeepThemAndFoldOnlyAtLineBreaks() throws {
        let literal = try root("a: |\n  x\u{2028}y\n  z\u{2029}\n  w\u{85}v\nb: 1\n")
        #expect(literal["a"]?.scalar == "x\u{2028}y\nz\u{2029}\nw\u{85}v\n")
        #expect(literal["b"]?.scalar == "1")
        let folded = try root("a: >\n  x\u{2028}\n  y\n\n  z\u{85} w\u{2029}\nb: c\n")
        #expect(folded["a"]?.scalar == "x\u{2028} y\nz\u{85} w\u{2029}\n")
        #expect(folded["b"]?.scalar == "c")
    }

    @Test func plainAndQuotedScalarsKeepThem() throws {
        let node = try root("""
            plain: x\u{2028}y
              z\u{2029}
            alone: \u{85}
            single: 'x\u{2028}y
              z\u{85}'
            double: "x\u{2029}\\L\\P\\N\u{85}"
            lines: "x\u{2028}
              y"
            flow: [a\u{2028}b, 'c\u{2029}']
            """)
        #expect(node["plain"]?.scalar == "x\u{2028}y z\u{2029}")
        #expect(node["alone"]?.scalar == "\u{85}")
        #expect(node["alone"]?.isPlainScalar == true)
        #expect(node["single"]?.scalar == "x\u{2028}y z\u{85}")
        #expect(node["double"]?.scalar == "x\u{2029}\u{2028}\u{2029}\u{85}\u{85}")
        #expect(node["lines"]?.scalar == "x\u{2028} y")
        #expect(node["flow"]?.scalars == ["a\u{2028}b", "c\u{2029}"])
    }

    @Test func escapesWriteThemWithoutAnyInTheText() throws {
        #expect(try root("a: \"\\L\\P\\N\"\n")["a"]?.scalar == "\u{2028}\u{2029}\u{85}")
    }

    @Test func charactersThatCouldStandInForThemAreKept() throws {
        // The first candidates, written raw and as every escape that can write them.
        let node = try root("""
            a: "\\uE000\\ue001\\U0000E002\\u0100\\xFF\\u07FF\u{E003}\u{101}\u{2028}\u{2029}\u{85}"
            b: \u{E004}\u{102}\u{2028}\u{85}
            """)
        #expect(node["a"]?.scalar == "\u{E000}\u{E001}\u{E002}\u{100}\u{FF}\u{7FF}\u{E003}\u{101}\u{2028}\u{2029}\u{85}")
        #expect(node["b"]?.scalar == "\u{E004}\u{102}\u{2028}\u{85}")
    }

    @Test func keysKeepThem() throws {
        let node = try root("\u{2028}k\u{2029}: v\n'q\u{85}': w\n\"\\L\": x\n")
        #expect(node.keys == ["\u{2028}k\u{2029}", "q\u{85}", "\u{2028}"])
        let duplicate = try #require(failure("\"a\u{2028}\": 1\n\"a\\L\": 2\n"))
        #expect(duplicate.message == "duplicate key 'a\u{2028}' in mapping")
        #expect(duplicate.location == at(2, 1))
        #expect(duplicate.notes.first?.location == at(1, 1))
    }

    @Test func commentsHoldThemAsText() throws {
        let node = try root("# note\u{2028}still: comment\na: 1 # c\u{2029}d: e\nb: x\u{2028}# y\n")
        #expect(node.keys == ["a", "b"])
        #expect(node["a"]?.scalar == "1")
        #expect(node["b"]?.scalar == "x\u{2028}# y")
        #expect(node.key("b")?.location == at(3, 1))
    }

    @Test func nodesAfterThemAreWhereAnEditorShowsThem() throws {
        let node = try root("a: |\n  x\u{2028}y\u{2029}z\u{85}\nb:\n  c: {d: x\u{2028}y, e: 1}\n")
        #expect(node.key("b")?.location == at(3, 1))
        let inner = try #require(node["b"]?["c"])
        #expect(inner.location == at(4, 6))
        #expect(inner.key("e")?.location == at(4, 15))
        #expect(inner["e"]?.location == at(4, 18))
    }

    @Test func libyamlErrorsAfterThemAreWhereAnEditorShowsThem() throws {
        let key = try #require(failure("a:\n  x: \u{2028}\u{2029}\u{85}\n  b: c\n d: e\n"))
        #expect(key.message == "did not find expected key (while parsing a block mapping that starts at 1:1)")
        #expect(key.location == at(4, 2))
        let colon = try #require(failure("a: x\u{2028}y\nb: c\u{2028}d: e\n"))
        #expect(colon.message == "mapping values are not allowed in this context; "
            + "a value containing ': ' must be quoted: write \"c\u{2028}d: e\"")
        #expect(colon.location == at(2, 7))
        #expect(colon.description.hasSuffix(#"write "c\u{2028}d: e""#))
        let control = try #require(failure("a: x\u{2028}\u{85}y\nb: z\u{07}\n"))
        #expect(control.message == "control characters are not allowed (U+0007)")
        #expect(control.location == at(2, 5))
        let unterminated = try #require(failure("a: 1\nb: [c\u{2028}"))
        #expect(unterminated.message == "unterminated flow sequence: the '[' has no matching ']'")
        #expect(unterminated.location == at(2, 4))
    }

    @Test func otherErrorsAfterThemAreWhereAnEditorShowsThem() throws {
        let utf8 = try #require(failure(bytes: Array("a: \u{2028}\u{85}\nb: ".utf8) + [0xFF, 0x0A]))
        #expect(utf8.message == "invalid UTF-8 at byte offset 12")
        #expect(utf8.location == at(2, 4))
        let comment = try #require(failure("a: x\u{2028}y\nb: \"c\u{2029}\"# d\n"))
        #expect(comment.message.hasPrefix("a comment needs a space before '#' (here it follows '\"')"))
        #expect(comment.location == at(2, 8))
        let indentation = try #require(failure("a:\n  b: \"x\u{2028}\n y\"\n"))
        #expect(indentation.message
            == "this line continues the quoted scalar on line 2 and must be indented more than its parent (column 3)")
        #expect(indentation.location == at(3, 2))
    }

    @Test func sourceTextBreaksLinesOnlyAtLineFeedsAndCarriageReturns() {
        let text = Array("a\u{2028}b\u{85}\nc\u{2029}d\r\ne\rf".utf8)
        text.withUnsafeBufferPointer { bytes in
            #expect(SourceText.location(ofByte: 4, in: bytes, file: testFile) == at(1, 3))
            #expect(SourceText.location(ofByte: 8, in: bytes, file: testFile) == at(2, 1))
            #expect(SourceText.location(ofByte: 12, in: bytes, file: testFile) == at(2, 3))
            #expect(SourceText.line(1, in: bytes) == ["c", "\u{2029}", "d"])
            #expect(SourceText.line(3, in: bytes) == ["f"])
            #expect(SourceText.lineStarts(in: bytes) == [0, 8, 15, 17])
        }
    }

    @Test func aDocumentWithoutThemIsReadAsItIs() throws {
        let text = Array("a: é – “x” \u{2027}\u{202A}\u{A0}\n".utf8)
        let separators = try text.withUnsafeBufferPointer { try LineSeparators.replacing(in: $0, file: testFile) }
        #expect(separators == nil)
    }

    @Test func aDocumentThatHoldsEveryStandInIsRejectedAtTheSeparator() throws {
        var candidates = ""
        candidates.unicodeScalars.append(contentsOf: (0xA1...0x7FF).compactMap { Unicode.Scalar(UInt32($0)) })
        let diagnostic = try #require(failure("a: \"\(candidates)\"\nb: \u{85}\n"))
        #expect(diagnostic.message
            == "cannot read NEL (U+0085) here: the file also holds every character libyaml could read in its place")
        #expect(diagnostic.location == at(2, 4))
        var lastOneFree = ""
        lastOneFree.unicodeScalars.append(contentsOf: candidates.unicodeScalars.filter { $0 != "\u{150}" })
        let node = try root("a: \"\(lastOneFree)\"\nb: \u{85}\n")
        #expect(node["a"]?.scalar == lastOneFree)
        #expect(node["b"]?.scalar == "\u{85}")
    }

    /// bunq's OpenAPI document (issue 25): a block scalar in `info.description` with LS inside.
    @Test func aBlockScalarWithLineSeparatorsIsFollowedByMoreKeys() throws {
        let node = try root("""
            openapi: 3.0.0
            info:
              title: bunq API
              description: |
                # Introduction
                Hello and welcome to bunq.com's API documentation.\u{2028}\u{2028}
                ## Getting started
                Before you start, read this.
              version: "1.0"
            servers:
              - url: https://public-api.sandbox.bunq.com/v1
            paths:
              /user:
                get:
                  operationId: listUser

            """)
        #expect(node.keys == ["openapi", "info", "servers", "paths"])
        let info = try #require(node["info"])
        #expect(info.keys == ["title", "description", "version"])
        #expect(info["description"]?.scalar == "# Introduction\nHello and welcome to bunq.com's API documentation."
            + "\u{2028}\u{2028}\n## Getting started\nBefore you start, read this.\n")
        #expect(info["version"]?.scalar == "1.0")
        #expect(info.key("version")?.location == at(9, 3))
        #expect(node.key("paths")?.location == at(12, 1))
    }
}
