import SpecDiagnostics
import Testing

@testable import SpecYAML

@Suite("Scalars, sequences, mappings and their locations")
struct StructureTests {
    @Test func mappingsAndSequencesCarryKeyAndValueLocations() throws {
        let document = try root("""
            name: Chirp
            version: "1.0"
            models:
              User:
                fields: [id, name]
                list:
                  - a
                  - b
            """)
        #expect(document.location == at(1, 1))
        #expect(document.keys == ["name", "version", "models"])
        #expect(document.key("name")?.location == at(1, 1))
        #expect(document["name"]?.scalar == "Chirp")
        #expect(document["name"]?.location == at(1, 7))
        #expect(document.key("version")?.location == at(2, 1))
        #expect(document["version"]?.location == at(2, 10))
        let models = try #require(document["models"])
        #expect(models.location == at(4, 3))
        let user = try #require(models["User"])
        #expect(models.key("User")?.location == at(4, 3))
        #expect(user.location == at(5, 5))
        let fields = try #require(user["fields"])
        #expect(user.key("fields")?.location == at(5, 5))
        #expect(fields.location == at(5, 13))
        #expect(fields.scalars == ["id", "name"])
        #expect(fields.sequence?.map(\.location) == [at(5, 14), at(5, 18)])
        let list = try #require(user["list"])
        #expect(list.location == at(7, 7))
        #expect(list.sequence?.map(\.location) == [at(7, 9), at(8, 9)])
    }

    @Test func columnsCountUnicodeScalarsNotBytes() throws {
        // é and ï are two UTF-8 bytes, 😀 four, and "é" written as e + U+0301 is two scalars.
        let document = try root("café: { naïve: ü, k: v }\n\"😀\": x\nke\u{301}y: [1, 2]\n")
        let inner = try #require(document["café"])
        #expect(inner.location == at(1, 7))
        #expect(inner.key("naïve")?.location == at(1, 9))
        #expect(inner["naïve"]?.location == at(1, 16))
        #expect(inner.key("k")?.location == at(1, 19))
        #expect(inner["k"]?.location == at(1, 22))
        #expect(document["😀"]?.location == at(2, 6))
        let keyWithAccent = try #require(document.mapping?.last)
        #expect(keyWithAccent.value.location == at(3, 7))
        #expect(keyWithAccent.value.sequence?.map(\.location) == [at(3, 8), at(3, 11)])
    }

    @Test func crlfLineEndingsCountAsOneBreak() throws {
        let document = try root("a: 1\r\nb:\r\n  - x\r\n")
        #expect(document.key("b")?.location == at(2, 1))
        #expect(document["b"]?.sequence?.first?.location == at(3, 5))
    }

    @Test func scalarStylesAreKept() throws {
        let document = try root("""
            plain: text
            single: 'it''s'
            double: "tab\\tend"
            literal: |
              a
              b
            folded: >
              a
              b
            """)
        #expect(document["plain"]?.style == .plain)
        #expect(document["plain"]?.isPlainScalar == true)
        #expect(document["single"]?.style == .singleQuoted)
        #expect(document["single"]?.scalar == "it's")
        #expect(document["double"]?.style == .doubleQuoted)
        #expect(document["double"]?.scalar == "tab\tend")
        #expect(document["literal"]?.style == .literal)
        #expect(document["literal"]?.scalar == "a\nb\n")
        #expect(document["folded"]?.style == .folded)
        #expect(document["folded"]?.scalar == "a b")
        #expect(document["folded"]?.isPlainScalar == false)
    }

    @Test func scalarsAreKeptAsWrittenWithoutTypeGuessing() throws {
        let document = try root("a: 012\nb: yes\nc: ~\nd:\n")
        #expect(document["a"]?.scalar == "012")
        #expect(document["b"]?.scalar == "yes")
        #expect(document["c"]?.scalar == "~")
        #expect(document["d"]?.scalar == "")
        #expect(document["d"]?.style == .plain)
    }

    @Test func nulInsideADoubleQuotedScalarIsKept() throws {
        let document = try root("a: \"x\\0y\"\nb: after\n")
        let text = try #require(document["a"]?.scalar)
        #expect(Array(text.utf8) == [0x78, 0x00, 0x79])
        #expect(document["b"]?.scalar == "after")
    }

    @Test func emptyDocumentIsAnEmptyPlainScalarAtOneOne() throws {
        for text in ["", "# only a comment\n", "\n\n"] {
            let document = try root(text)
            #expect(document.scalar == "")
            #expect(document.style == .plain)
            #expect(document.location == at(1, 1))
        }
    }

    @Test func leadingByteOrderMarkIsSkipped() throws {
        let document = try root("\u{FEFF}a: 1\n")
        #expect(document.keys == ["a"])
        #expect(document.key("a")?.location == at(1, 1))
        #expect(document["a"]?.location == at(1, 4))
    }

    @Test func standardTagsAreAllowedAndKept() throws {
        let document = try root("a: !!str 12\nb: !!map {x: 1}\nc: !<tag:yaml.org,2002:int> 3\nd: e\n")
        #expect(document["a"]?.tag == "tag:yaml.org,2002:str")
        #expect(document["a"]?.scalar == "12")
        #expect(document["a"]?.location == at(1, 4))
        #expect(document["b"]?.tag == "tag:yaml.org,2002:map")
        #expect(document["c"]?.tag == "tag:yaml.org,2002:int")
        #expect(document["d"]?.tag == nil)
    }

    @Test func explicitDocumentMarkersMakeOneDocument() throws {
        let document = try root("%YAML 1.1\n---\na: 1\n...\n")
        #expect(document.keys == ["a"])
    }

    @Test func countEventsWalksTheStream() {
        // Stream, document and mapping starts, a, b, c, sequence start, d, e, then four ends.
        #expect(YAMLParser.countEvents(Array("a: b\nc: [d, e]\n".utf8)) == 13)
        #expect(YAMLParser.countEvents([]) == 2)
        #expect(YAMLParser.countEvents(Array("a: [\n".utf8)) == nil)
    }
}
