import Foundation
import Specwright
import Testing

/// `@Indirect` fields and untagged unions, as generated code uses them.
@Suite struct IndirectAndUntaggedTests {
    struct Comment: Codable, Hashable, Sendable {
        var text: String
        @Indirect var parent: Comment?
    }

    enum Prompt: Codable, Hashable, Sendable {
        case text(String)
        case tokens([Int])
        case comment(Comment)

        init(from decoder: any Decoder) throws {
            self = try UnionCoding.first(in: decoder, [
                { .text(try String(from: $0)) },
                { .tokens(try [Int](from: $0)) },
                { .comment(try Comment(from: $0)) },
            ])
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .text(let value): try value.encode(to: encoder)
            case .tokens(let value): try value.encode(to: encoder)
            case .comment(let value): try value.encode(to: encoder)
            }
        }
    }

    @Test func anIndirectOptionalFieldCodesLikeAPlainOne() throws {
        let missing = try JSONDecoder().decode(Comment.self, from: Data(#"{"text":"a"}"#.utf8))
        #expect(missing.parent == nil)
        #expect(String(decoding: try JSONEncoder().encode(missing), as: UTF8.self) == #"{"text":"a"}"#)
        let null = try JSONDecoder().decode(Comment.self, from: Data(#"{"text":"a","parent":null}"#.utf8))
        #expect(null == missing)
        let nested = try JSONDecoder().decode(Comment.self, from: Data(#"{"text":"c","parent":{"text":"b","parent":{"text":"a"}}}"#.utf8))
        #expect(nested.parent?.parent?.text == "a")
        #expect(try JSONDecoder().decode(Comment.self, from: JSONEncoder().encode(nested)) == nested)
    }

    @Test func copiesOfAnIndirectValueAreIndependent() {
        var first = Comment(text: "x", parent: Comment(text: "p"))
        let second = first
        first.parent?.text = "changed"
        #expect(second.parent?.text == "p")
        #expect(first.parent?.text == "changed")
        #expect(first != second)
    }

    @Test func anUntaggedUnionTakesTheFirstVariantThatDecodes() throws {
        let decoder = JSONDecoder()
        #expect(try decoder.decode(Prompt.self, from: Data(#""hi""#.utf8)) == .text("hi"))
        #expect(try decoder.decode(Prompt.self, from: Data("[1,2]".utf8)) == .tokens([1, 2]))
        #expect(try decoder.decode(Prompt.self, from: Data(#"{"text":"t"}"#.utf8)) == .comment(Comment(text: "t")))
        #expect(String(decoding: try JSONEncoder().encode(Prompt.tokens([3])), as: UTF8.self) == "[3]")
        #expect(throws: DecodingError.self) { try decoder.decode(Prompt.self, from: Data("true".utf8)) }
    }
}
