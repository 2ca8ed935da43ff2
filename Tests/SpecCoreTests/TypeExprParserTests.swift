import SpecDiagnostics
@testable import SpecCore
import Testing

/// Type expressions and defaults written as text, with the columns of their errors.
@Suite struct TypeExprParserTests {
    let start = SourceLocation(file: "s.yaml", line: 3, column: 10)

    private func parse(_ text: String) throws(TypeExprParser.Failure) -> (TypeExpr, LocatedDefault?) {
        var parser = TypeExprParser(text, at: start)
        return try parser.parseTypeAndDefault()
    }

    @Test(arguments: [
        "Int", "[Post]", "[String: Int]", "User?", "Page<Post>", "Pair<A, [B]>?", "[[Int]]", "[String: [Int]]?",
    ])
    func roundTripsThroughDescription(_ text: String) throws {
        #expect(try parse(text).0.description == text)
    }

    @Test func defaults() throws {
        #expect(try parse("Int = 0").1?.value == .number("0"))
        #expect(try parse("Double = -1.5").1?.value == .number("-1.5"))
        #expect(try parse("Bool = true").1?.value == .bool(true))
        #expect(try parse(#"String = "a \"b\" \\ c""#).1?.value == .string(#"a "b" \ c"#))
        #expect(try parse("String = 'it''s'").1?.value == .string("it's"))
        #expect(try parse("[Int] = []").1?.value == .emptyArray)
        #expect(try parse("[String: Int] = {}").1?.value == .emptyObject)
        #expect(try parse("Visibility = in-review").1?.value == .word("in-review"))
        #expect(try parse("Int = 0").1?.location == start.advanced(by: 6))
    }

    @Test(arguments: [
        ("Int??", "a type can be optional only once; remove the second '?'", 4),
        ("[Int", "missing ']' to close the '[' at column 10", 4),
        ("Page<Int", "missing '>' after the generic arguments of 'Page'", 8),
        ("[Int: String]", "dictionary keys must be String, found 'Int'", 1),
        ("Int =", "missing default value after '='", 5),
        ("Int x", "unexpected 'x' after type 'Int'", 4),
        ("", "missing type", 0),
    ])
    func errorsPointAtTheProblem(_ text: String, _ message: String, _ offset: Int) {
        #expect(throws: TypeExprParser.Failure.self) { try parse(text) }
        do {
            _ = try parse(text)
        } catch {
            #expect(error.message == message)
            #expect(error.location == start.advanced(by: offset))
        }
    }
}

extension TypeExprParser.Failure: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.message == rhs.message && lhs.location == rhs.location }
}
