import SpecCore

/// Spells spec type expressions as Swift types.
struct TypeSpelling: Sendable {
    let symbols: SymbolTable

    /// An exact `Decimal` for a number as written: `3.133` -> `Decimal(sign: .plus, exponent: -3, significand: 3133)`
    /// (a float literal would round through `Double`).
    static func decimal(_ text: String) -> String {
        guard let dot = text.firstIndex(of: ".") else { return text }
        let negative = text.hasPrefix("-")
        let digits = text.filter(\.isNumber).drop { $0 == "0" }
        let exponent = text.distance(from: dot, to: text.endIndex) - 1
        return "Decimal(sign: .\(negative ? "minus" : "plus"), exponent: -\(exponent), significand: \(digits.isEmpty ? "0" : String(digits)))"
    }

    /// `[Post]`, `[String: Int]?`, `Page<Post>`, `JSONValue`.
    func swift(_ type: TypeExpr) -> String {
        switch type {
        case .named(let name, let arguments, _):
            let base: String
            if let builtin = BuiltinType(rawValue: name) {
                base = builtin.swiftName
            } else if symbols.model(named: name) != nil {
                base = SwiftNames.model(name)
            } else {
                base = name // a generic parameter, or Empty
            }
            return arguments.isEmpty ? base : "\(base)<\(arguments.map(swift).joined(separator: ", "))>"
        case .array(let element): return "[\(swift(element))]"
        case .dictionary(let value): return "[String: \(swift(value))]"
        case .optional(let wrapped): return "\(swift(wrapped))?"
        }
    }

    /// The Swift expression for a validated default value of `type`.
    func defaultExpression(_ value: DefaultValue, for type: TypeExpr) -> String {
        switch value {
        case .number(let text):
            if case .named("Decimal", _, _) = symbols.resolvedNonOptional(type) { return Self.decimal(text) }
            return text
        case .bool(let flag): return flag ? "true" : "false"
        case .emptyArray: return "[]"
        case .emptyObject: return "[:]"
        case .string(let text), .word(let text):
            if let decl = symbols.enumeration(type), let match = decl.cases.first(where: { $0.wireValue == text }) {
                let member = "." + Naming.escapedMember(SwiftNames.enumCase(match))
                // `Mode? = .none` would mean nil: spell the enum's name when the type is optional.
                guard symbols.isOptional(type), case .named(let name, _, _) = symbols.resolvedNonOptional(type) else { return member }
                return SwiftNames.model(name) + member
            }
            return SwiftLiteral.string(text)
        }
    }
}
