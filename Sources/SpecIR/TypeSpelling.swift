import SpecCore

/// Spells spec type expressions as Swift types.
struct TypeSpelling: Sendable {
    let symbols: SymbolTable

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
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .emptyArray: return "[]"
        case .emptyObject: return "[:]"
        case .string(let text), .word(let text):
            if let decl = symbols.enumeration(type), let match = decl.cases.first(where: { $0.wireValue == text }) {
                return "." + Naming.escapedMember(SwiftNames.enumCase(match))
            }
            return SwiftLiteral.string(text)
        }
    }
}
