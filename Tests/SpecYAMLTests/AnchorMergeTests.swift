import SpecDiagnostics
import Testing

@testable import SpecYAML

@Suite("Anchors, aliases, merge keys and duplicate keys")
struct AnchorMergeTests {
    @Test func aliasSharesTheAnchoredNode() throws {
        let document = try root("""
            base: &b
              x: 1
            use: *b
            list: [&s v, *s]
            """)
        let use = try #require(document["use"])
        #expect(use.keys == ["x"])
        #expect(use["x"]?.scalar == "1")
        // Shared: the alias's node is the anchored one, located where it starts (at its anchor).
        #expect(use.location == at(1, 7))
        #expect(use["x"]?.location == at(2, 6))
        #expect(document["list"]?.scalars == ["v", "v"])
    }

    @Test func laterAnchorDefinitionWinsForLaterAliases() throws {
        let document = try root("a: &x 1\nb: *x\nc: &x 2\nd: *x\n")
        #expect(document["b"]?.scalar == "1")
        #expect(document["d"]?.scalar == "2")
    }

    @Test func unknownAliasIsLocated() throws {
        let diagnostic = try #require(failure("a: 1\nb: *nope\n"))
        #expect(diagnostic.message == "unknown alias '*nope'")
        #expect(diagnostic.location == at(2, 4))
        #expect(diagnostic.severity == .error)
    }

    @Test func aliasInsideItsOwnAnchoredNodeIsRejected() throws {
        let diagnostic = try #require(failure("a: &r [1, *r]\n"))
        #expect(diagnostic.message == "alias '*r' refers to a node that contains it")
        #expect(diagnostic.location == at(1, 11))
    }

    @Test func mergeKeyInsertsPairsWhereItStandsAndExplicitKeysWin() throws {
        let document = try root("""
            base: &base
              a: 1
              b: 2
            derived:
              x: 0
              <<: *base
              b: 3
            """)
        let derived = try #require(document["derived"])
        #expect(derived.keys == ["x", "a", "b"])
        #expect(derived["a"]?.scalar == "1")
        #expect(derived["b"]?.scalar == "3")
        // Merged pairs keep their original locations; explicit ones are where written.
        #expect(derived.key("a")?.location == at(2, 3))
        #expect(derived["a"]?.location == at(2, 6))
        #expect(derived.key("b")?.location == at(7, 3))
    }

    @Test func explicitKeyBeforeTheMergeAlsoWins() throws {
        let document = try root("base: &base {a: 1, b: 2}\nm:\n  b: 0\n  <<: *base\n")
        let merged = try #require(document["m"])
        #expect(merged.keys == ["b", "a"])
        #expect(merged["b"]?.scalar == "0")
    }

    @Test func sequenceMergeEarlierMappingsWin() throws {
        let document = try root("""
            one: &one {a: 1, b: 1}
            two: &two {b: 2, c: 2, d: 2}
            m:
              <<: [*one, *two]
              c: 3
            """)
        let merged = try #require(document["m"])
        #expect(merged.keys == ["a", "b", "d", "c"])
        #expect(merged.mapping?.compactMap(\.value.scalar) == ["1", "1", "2", "3"])
        #expect(merged.key("d")?.location == at(2, 24))
    }

    @Test func mergeOfAnInlineMappingWorks() throws {
        let document = try root("m:\n  <<: {a: 1}\n  b: 2\n")
        #expect(document["m"]?.keys == ["a", "b"])
    }

    @Test func quotedMergeKeyIsAnOrdinaryKey() throws {
        let document = try root("\"<<\": 1\nb: 2\n")
        #expect(document.keys == ["<<", "b"])
    }

    @Test func mergeOfAScalarIsLocatedAtTheValue() throws {
        let diagnostic = try #require(failure("m:\n  <<: 5\n"))
        #expect(diagnostic.message == "a merge key '<<' needs a mapping or a sequence of mappings, not a scalar")
        #expect(diagnostic.location == at(2, 7))
    }

    @Test func mergeOfAnAliasedScalarIsLocatedAtTheMergeKeyWithANoteAtTheAnchor() throws {
        let diagnostic = try #require(failure("s: &s hi\nm:\n  <<: *s\n"))
        #expect(diagnostic.message == "a merge key '<<' needs a mapping or a sequence of mappings, not a scalar")
        #expect(diagnostic.location == at(3, 3))
        #expect(diagnostic.notes.count == 1)
        #expect(diagnostic.notes.first?.severity == .note)
        #expect(diagnostic.notes.first?.message == "the anchor '&s' is defined here")
        #expect(diagnostic.notes.first?.location == at(1, 4))
    }

    @Test func mergeSequenceWithANonMappingItemIsLocatedAtTheItem() throws {
        let diagnostic = try #require(failure("m:\n  <<: [{a: 1}, x]\n"))
        #expect(diagnostic.message == "a merge key '<<' needs a mapping or a sequence of mappings; this item is a scalar")
        #expect(diagnostic.location == at(2, 16))
        #expect(diagnostic.notes.isEmpty)
    }

    @Test func mergeOfAnAliasedSequenceOfScalarsIsLocatedAtTheMergeKeyWithANoteAtTheAnchor() throws {
        // Tests/SpecCompilerTests/Diagnostics/merge-non-mapping.yaml
        let diagnostic = try #require(failure("""
            name: Chirp
            x-ids: &ids [UUID]
            models:
              Post:
                <<: *ids
                text: String
            """))
        #expect(diagnostic.message == "a merge key '<<' needs a mapping or a sequence of mappings; an item of '*ids' is a scalar")
        #expect(diagnostic.location == at(5, 5))
        #expect(diagnostic.description == """
            spec.yaml:5:5: error: a merge key '<<' needs a mapping or a sequence of mappings; an item of '*ids' is a scalar
            spec.yaml:2:8: note: the anchor '&ids' is defined here
            """)
    }

    @Test func mergeOfAnAliasedSequenceAfterOtherKeysIsLocatedAtItsOwnMergeKey() throws {
        let diagnostic = try #require(failure("""
            list: &list
              - {a: 1}
              - [b]
            m:
              x: 1
              <<: *list
            """))
        #expect(diagnostic.message == "a merge key '<<' needs a mapping or a sequence of mappings; an item of '*list' is a sequence")
        #expect(diagnostic.location == at(6, 3))
        #expect(diagnostic.notes.map(\.message) == ["the anchor '&list' is defined here"])
        #expect(diagnostic.notes.first?.location == at(1, 7))
    }

    @Test func mergeOfAnAliasedSequenceOfMappingsWorks() throws {
        let document = try root("""
            one: &one {a: 1}
            both: &both [*one, {b: 2}]
            m:
              <<: *both
              c: 3
            """)
        #expect(document["m"]?.keys == ["a", "b", "c"])
    }

    @Test func duplicateKeyIsReportedAtTheSecondOccurrenceWithANote() throws {
        let diagnostic = try #require(failure("name: a\nother: b\nname: c\n"))
        #expect(diagnostic.message == "duplicate key 'name' in mapping")
        #expect(diagnostic.location == at(3, 1))
        #expect(diagnostic.notes.count == 1)
        #expect(diagnostic.notes.first?.severity == .note)
        #expect(diagnostic.notes.first?.message == "first defined here")
        #expect(diagnostic.notes.first?.location == at(1, 1))
        #expect(diagnostic.description == """
            spec.yaml:3:1: error: duplicate key 'name' in mapping
            spec.yaml:1:1: note: first defined here
            """)
    }

    @Test func duplicateKeyInALargeMappingIsFound() throws {
        // Past the size where keys are looked up in a dictionary.
        var text = ""
        for index in 0..<40 { text += "key\(index): \(index)\n" }
        text += "  \n\"key7\": again\n"
        let diagnostic = try #require(failure(text))
        #expect(diagnostic.message == "duplicate key 'key7' in mapping")
        #expect(diagnostic.location == at(42, 1))
        #expect(diagnostic.notes.first?.location == at(8, 1))
    }

    @Test func duplicateKeyInANestedFlowMapping() throws {
        let diagnostic = try #require(failure("outer:\n  inner: {a: 1, b: 2, a: 3}\n"))
        #expect(diagnostic.message == "duplicate key 'a' in mapping")
        #expect(diagnostic.location == at(2, 23))
        #expect(diagnostic.notes.first?.location == at(2, 11))
    }

    @Test func secondMergeKeyIsADuplicate() throws {
        let diagnostic = try #require(failure("a: &a {x: 1}\nm:\n  <<: *a\n  <<: *a\n"))
        #expect(diagnostic.message == "duplicate key '<<' in mapping")
        #expect(diagnostic.location == at(4, 3))
        #expect(diagnostic.notes.first?.location == at(3, 3))
    }

    @Test func nonScalarKeysAreRejected() throws {
        let diagnostic = try #require(failure("? [a, b]\n: value\n"))
        #expect(diagnostic.message == "a mapping key must be a scalar, not a sequence")
        #expect(diagnostic.location == at(1, 3))
    }
}
