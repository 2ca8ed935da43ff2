import SpecDiagnostics
import Testing

@testable import SpecYAML

/// The YAML 1.2 rules libyaml leaves unchecked and the YAML layer adds: continuation lines of flow
/// collections and quoted scalars indented past their block parent, and no plain `-` in flow.
@Suite struct IndentationTests {
    @Test func aFlowSequenceContinuedAtTheParentsColumnIsAnError() throws {
        let diagnostic = try #require(failure("flow: [a,\nb,\nc]\n"))
        #expect(diagnostic.message == "this line continues the flow sequence on line 1 and must be indented more than its parent (column 1)")
        #expect(diagnostic.location == at(2, 1))
    }

    @Test func nestedParentsSetTheColumn() throws {
        let diagnostic = try #require(failure("a:\n  b: {x: 1,\n  y: 2}\n"))
        #expect(diagnostic.message == "this line continues the flow mapping on line 2 and must be indented more than its parent (column 3)")
        #expect(diagnostic.location == at(3, 3))
        let node = try root("a:\n  b: {x: 1,\n   y: 2}\n")
        #expect(node["a"]?["b"]?["y"]?.scalar == "2")
    }

    @Test func aTabIsNotIndentation() throws {
        let quoted = try #require(failure("foo: \"bar\n\tbaz\"\n"))
        #expect(quoted.message == "this line continues the quoted scalar on line 1 and must be indented more than its parent (column 1); a tab is not indentation, use spaces")
        #expect(quoted.location == at(2, 1))
        let sequence = try #require(failure("- [\n\tfoo,\n foo\n ]\n"))
        #expect(sequence.location == at(2, 1))
        // A tab after the indentation is separation, which YAML allows.
        #expect(try root("foo: \"bar\n \tbaz\"\n")["foo"]?.scalar == "bar baz")
    }

    @Test func aClosingBracketAtTheParentsColumnIsAccepted() throws {
        let node = try root("list: [\n  a,\n  b,\n]\nmap: {\n  k: v\n}\n")
        #expect(node["list"]?.sequence?.compactMap(\.scalar) == ["a", "b"])
        #expect(node["map"]?["k"]?.scalar == "v")
    }

    @Test func aDocumentLevelFlowCollectionHasNoParentColumn() throws {
        #expect(try root("[a,\nb]\n").sequence?.count == 2)
        #expect(try root("\"a\nb\"\n").scalar == "a b")
    }

    @Test func emptyLinesAreExempt() throws {
        #expect(try root("k: \"a\n\n  b\"\n")["k"]?.scalar == "a\nb")
    }

    @Test func aPlainDashCannotStartAFlowValue() throws {
        let diagnostic = try #require(failure("- [-, -]\n"))
        #expect(diagnostic.message == "a plain '-' cannot start a value in a flow collection; quote it: \"-\"")
        #expect(diagnostic.location == at(1, 4))
        #expect(failure("[- a]") != nil)
        let node = try root("[\"-\", '-', -1, -a, a-b]")
        #expect(node.sequence?.compactMap(\.scalar) == ["-", "-", "-1", "-a", "a-b"])
    }
}
