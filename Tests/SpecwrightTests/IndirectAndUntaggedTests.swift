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

    /// Open enums, as generated: `.unknown` keeps a value the spec does not list.
    enum InputRole: StringEnum {
        case user, system
        case unknown(String)
        init(rawValue: String) { self = rawValue == "user" ? .user : rawValue == "system" ? .system : .unknown(rawValue) }
        var rawValue: String {
            switch self {
            case .user: "user"
            case .system: "system"
            case .unknown(let value): value
            }
        }
    }

    enum OutputRole: StringEnum {
        case assistant
        case unknown(String)
        init(rawValue: String) { self = rawValue == "assistant" ? .assistant : .unknown(rawValue) }
        var rawValue: String {
            switch self {
            case .assistant: "assistant"
            case .unknown(let value): value
            }
        }
    }

    struct InputMessage: Decodable, Equatable { var role: InputRole; var content: String }
    struct OutputMessage: Decodable, Equatable { var role: OutputRole; var content: String }

    enum Message: Decodable, Equatable {
        case input(InputMessage)
        case output(OutputMessage)

        init(from decoder: any Decoder) throws {
            self = try UnionCoding.first(in: decoder, [
                { .input(try InputMessage(from: $0)) },
                { .output(try OutputMessage(from: $0)) },
            ])
        }
    }

    @Test func aVariantWhoseEnumsListTheValueWinsOverOneThatKeepsItAsUnknown() throws {
        let decoder = JSONDecoder()
        #expect(try decoder.decode(Message.self, from: Data(#"{"role":"assistant","content":"hi"}"#.utf8))
            == .output(OutputMessage(role: .assistant, content: "hi")))
        #expect(try decoder.decode(Message.self, from: Data(#"{"role":"user","content":"hi"}"#.utf8))
            == .input(InputMessage(role: .user, content: "hi")))
        // A value no variant lists goes to the first that decodes, its open enum keeping it.
        #expect(try decoder.decode(Message.self, from: Data(#"{"role":"tool","content":"x"}"#.utf8))
            == .input(InputMessage(role: .unknown("tool"), content: "x")))
        // Outside a union, an open enum keeps any value.
        #expect(try decoder.decode([OutputRole].self, from: Data(#"["assistant","critic"]"#.utf8)) == [.assistant, .unknown("critic")])
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
