import SpecDiagnostics

extension Validator {
    /// Field types, defaults and Swift names (`swiftNames`, the name table's, in order: no two fields may share one).
    mutating func checkFields(
        _ fields: [FieldDecl], named swiftNames: [String], of owner: String, kind: String, generics: [String], usage: TypeUsage
    ) {
        var seen: [(swiftName: String, wire: String, location: SourceLocation)] = []
        for (field, swiftName) in zip(fields, swiftNames) {
            let what = "\(kind) '\(field.wireName)' of \(owner)"
            if field.contentType != nil, usage != .bodyField(.multipart) {
                diagnostics.error("contentType applies to the parts of a multipart body; \(what) is not one", at: field.contentTypeLocation ?? field.location)
            }
            if !field.partHeaders.isEmpty, usage != .bodyField(.multipart) {
                diagnostics.error("headers apply to the parts of a multipart body; \(what) is not one", at: field.partHeadersLocation ?? field.location)
            }
            if checkType(field.type, usage: usage, in: what, generics: generics) {
                if let defaultValue = field.defaultValue { checkDefault(defaultValue, type: field.type, of: what) }
                // Path parameters and response headers take no default at all: said where they are checked.
                if let serverDefault = field.serverDefault, kind != "path parameter", kind != "response header" {
                    checkServerDefault(serverDefault, of: field, what: what)
                }
            }
            if field.keyRequired, !symbols.isOptional(field.type) {
                diagnostics.error("\(what) has requiredKey, which says an optional member's key is always there; '\(field.type)' is not optional, so it is required already", at: field.keyRequiredLocation ?? field.location)
            }
            if swiftName.isEmpty {
                diagnostics.error("\(what) has no characters a Swift name can use; set 'swiftName'", at: field.location)
                continue
            }
            if Self.reservedMemberNames.contains(swiftName) {
                diagnostics.error("\(what) cannot be named '\(swiftName)' in Swift: generated code uses that name; set 'swiftName'", at: field.location)
                continue
            }
            checkCollision(swiftName, at: field.location, wire: field.wireName, what: "\(kind)s", of: owner, seen: &seen)
        }
    }

    /// A server's default is documentation of an optional member that is not sent: it fits the
    /// type, and the member has no default of its own (which would be sent).
    private mutating func checkServerDefault(_ value: LocatedDefault, of field: FieldDecl, what: String) {
        if field.defaultValue != nil {
            diagnostics.error("\(what) has both a default, which is sent, and a serverDefault, which is not; keep one", at: value.location)
        } else if !symbols.isOptional(field.type) {
            diagnostics.error("\(what) has a serverDefault but type '\(field.type)' is not optional; the server's default applies when the member is left out, so write '\(field.type)?'", at: value.location)
        } else if case .named(BuiltinType.nullable.rawValue, let arguments, _) = symbols.resolvedNonOptional(field.type), let wrapped = arguments.first {
            checkDefault(value, type: wrapped, of: what, key: "serverDefault")
        } else {
            checkDefault(value, type: field.type, of: what, key: "serverDefault")
        }
    }

    /// Member names a generated struct, enum or factory already uses.
    public static let reservedMemberNames: Set<String> = ["self", "hashValue", "CodingKeys", "init", "Type", "Protocol"]

    /// A default must fit its type: numbers for numbers, true/false for Bool, a quoted string for String,
    /// a wire value for an enum, `[]` for arrays and `{}` for dictionaries.
    mutating func checkDefault(_ value: LocatedDefault, type: TypeExpr, of what: String, key: String = "default") {
        let resolved = symbols.resolvedNonOptional(type)
        let fits: Bool
        var hint = ""
        switch (value.value, resolved) {
        case (.emptyArray, .array), (.emptyObject, .dictionary):
            fits = true
        case (_, .named(let name, _, _)):
            if let decl = symbols.enumeration(resolved) {
                let wires = decl.cases.map(\.wireValue)
                switch value.value {
                case .word(let word), .string(let word):
                    fits = wires.contains(word)
                    hint = fits ? "" : "; it is not a value of enum '\(name)'\(Suggestions.didYouMean(word, in: wires))"
                default: fits = false
                }
            } else {
                fits = Self.fits(value.value, builtin: BuiltinType(rawValue: name), hint: &hint)
            }
        default:
            fits = false
        }
        if !fits {
            if case .word("nil") = value.value, symbols.isOptional(type) {
                diagnostics.error("\(what) is optional and already defaults to nil; remove '= nil'", at: value.location)
            } else {
                diagnostics.error("\(key) \(Self.describe(value.value)) does not fit type '\(type)' of \(what)\(hint)", at: value.location)
            }
        }
    }

    private static func fits(_ value: DefaultValue, builtin: BuiltinType?, hint: inout String) -> Bool {
        switch (value, builtin) {
        case (.number(let text), .int32?):
            if text.contains(".") { hint = "; write a whole number"; return false }
            if Int32(text) == nil { hint = "; it is out of range for Int32"; return false }
            return true
        case (.number(let text), .int?), (.number(let text), .int64?):
            if text.contains(".") { hint = "; write a whole number"; return false }
            if Int64(text) == nil { hint = "; it is out of range for \(builtin?.rawValue ?? "Int")"; return false }
            return true
        case (.number(let text), .double?), (.number(let text), .float?), (.number(let text), .decimal?):
            let digits = text.filter(\.isNumber).count
            let fitsSwiftLiteral = text.contains(".") || Int64(text) != nil
            if digits > 18 || !fitsSwiftLiteral {
                hint = "; write at most 18 digits"
                return false
            }
            return true
        case (.bool, .bool?), (.string, .string?), (.number, .exactDecimal?):
            return true
        case (.word, .bool?):
            hint = "; write true or false"
            return false
        case (.word(let word), .string?):
            hint = "; a String default is quoted, like \"\(word)\""
            return false
        case (_, let type?) where ![.string, .int, .int32, .int64, .double, .float, .decimal, .exactDecimal, .bool].contains(type):
            hint = "; defaults are supported for numbers, Bool, String, enums, arrays ([]) and dictionaries ({})"
            return false
        default:
            return false
        }
    }

    private static func describe(_ value: DefaultValue) -> String {
        switch value {
        case .number(let text), .word(let text): "'\(text)'"
        case .bool(let flag): "'\(flag)'"
        case .string(let text): "\"\(text)\""
        case .emptyArray: "'[]'"
        case .emptyObject: "'{}'"
        }
    }
}
