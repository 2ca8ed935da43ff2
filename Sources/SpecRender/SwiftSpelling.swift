import SpecCore
import SpecIR

/// How the IR's references and values are written in Swift: the spellings a template inserts
/// through its context (`type`, `default`, `...Literal` keys), so templates never rebuild them.
enum SwiftSpelling {
    /// `[Post]`, `[String: Int]?`, `Page<Post>`, `Chirp.RegisterError`.
    static func type(_ type: TypeRef) -> String {
        switch type {
        case .named(let name, let scope, let arguments):
            let base = scope.isEmpty ? name : (scope + [name]).joined(separator: ".")
            return arguments.isEmpty ? base : "\(base)<\(arguments.map(Self.type).joined(separator: ", "))>"
        case .array(let element): return "[\(Self.type(element))]"
        case .dictionary(let value): return "[String: \(Self.type(value))]"
        case .optional(let wrapped): return "\(Self.type(wrapped))?"
        }
    }

    /// The failure type of an endpoint: the type, or `Never`.
    static func failure(_ type: TypeRef?) -> String {
        type.map(Self.type) ?? "Never"
    }

    /// The Swift expression for a value: `1`, `"Bearer"`, `.active`, `Mode.none`, `nil`, and an exact
    /// `Decimal(sign: .plus, exponent: -3, significand: 3133)` for `3.133` (a float literal would round through `Double`).
    static func value(_ value: ValueIR) -> String {
        switch value {
        case .number(let text, let decimal): return decimal ? Self.decimal(text) : text
        case .bool(let flag): return flag ? "true" : "false"
        case .string(let text): return string(text)
        case .enumCase(let name, let type): return (type.map(Self.type) ?? "") + "." + Naming.escapedMember(name)
        case .emptyArray: return "[]"
        case .emptyDictionary: return "[:]"
        case .null: return "nil"
        }
    }

    private static func decimal(_ text: String) -> String {
        guard let dot = text.firstIndex(of: ".") else { return text }
        let negative = text.hasPrefix("-")
        let digits = text.filter(\.isNumber).drop { $0 == "0" }
        let exponent = text.distance(from: dot, to: text.endIndex) - 1
        return "Decimal(sign: .\(negative ? "minus" : "plus"), exponent: -\(exponent), significand: \(digits.isEmpty ? "0" : String(digits)))"
    }

    /// `10`, `2.5`
    static func number(_ value: Double) -> String {
        // Plain comparisons and conversions only: libm is not linked into every client of this module.
        if value > -1e15 && value < 1e15, Double(Int64(value)) == value { return String(Int64(value)) }
        return String(value)
    }

    /// The access modifier with its trailing space (`public `), or empty for internal.
    static func modifier(_ access: AccessLevel) -> String {
        access == .internal ? "" : access.rawValue + " "
    }

    /// A double-quoted Swift string literal that holds exactly `text` (the `...Literal` keys).
    static func string(_ text: String) -> String {
        "\"" + escapedContent(text) + "\""
    }

    /// The inside of a string literal: backslashes, quotes, controls and invisible line breaks escaped.
    static func escapedContent(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if DocText.isUnsafeInSource(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

}
