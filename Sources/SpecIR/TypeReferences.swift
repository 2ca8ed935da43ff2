import SpecCore

/// Turns spec type expressions and default values into the IR's references and values.
final class TypeReferences: Sendable {
    let symbols: SymbolTable
    let names: NameTable

    init(symbols: SymbolTable, names: NameTable) {
        self.symbols = symbols
        self.names = names
    }

    /// The type `type` names: models by their Swift names, builtins by their Swift types.
    func reference(_ type: TypeExpr) -> TypeRef {
        switch type {
        case .named(let name, let arguments, _):
            let base: String
            if let builtin = BuiltinType(rawValue: name) {
                base = builtin.swiftName
            } else if let model = names.model(named: name) {
                base = model.type
            } else {
                base = name // a generic parameter, or Empty
            }
            return .named(base, scope: [], arguments: arguments.map(reference))
        case .array(let element): return .array(reference(element))
        case .dictionary(let value): return .dictionary(reference(value))
        case .optional(let wrapped): return .optional(reference(wrapped))
        }
    }

    /// The value of a validated default of `type`.
    func value(_ value: DefaultValue, for type: TypeExpr) -> ValueIR {
        switch value {
        case .number(let text):
            if case .named("Decimal", _, _) = symbols.resolvedNonOptional(type) { return .number(text, decimal: true) }
            // Its digits as written: a string literal keeps the scale (`"99.90"`).
            if case .named(BuiltinType.exactDecimal.rawValue, _, _) = symbols.resolvedNonOptional(type) { return .string(text) }
            return .number(text, decimal: false)
        case .bool(let flag): return .bool(flag)
        case .emptyArray: return .emptyArray
        case .emptyObject: return .emptyDictionary
        case .string(let text), .word(let text):
            if let decl = symbols.enumeration(type), let index = decl.cases.firstIndex(where: { $0.wireValue == text }),
               case .named(let enumName, _, _) = symbols.resolvedNonOptional(type), let cases = names.model(named: enumName)?.cases {
                let name = cases[index]
                // `Mode? = .none` would mean nil: name the enum when the type is optional.
                guard symbols.isOptional(type) else { return .enumCase(name, type: nil) }
                return .enumCase(name, type: .named(names.typeName(enumName)))
            }
            return .string(text)
        }
    }

    /// A parameter's or field's default argument: the spec's default, else `nil` for an optional.
    func defaultArgument(_ field: FieldDecl) -> ValueIR? {
        if let value = field.defaultValue { return self.value(value.value, for: field.type) }
        return symbols.isOptional(field.type) ? .null : nil
    }
}
