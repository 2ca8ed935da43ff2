import SpecCore
import SpecDiagnostics

extension OpenAPIContext {
    /// One property met while merging an object and its `allOf` parts.
    private struct Property {
        var name: String
        var location: SourceLocation
        var schema: Node
    }

    /// The fields of an object schema: its properties and those of its `allOf` parts, merged in
    /// order (a later part's property replaces an earlier one in place); `required` decides which
    /// are optional.
    func fields(of schema: Node, owner: NameHint) -> [FieldDecl] {
        var properties: [Property] = []
        var required: [String] = []
        collect(schema, into: &properties, required: &required, depth: 0)
        var fields: [FieldDecl] = []
        for property in properties {
            let (type, nullable) = self.type(of: property.schema, hint: owner.adding(property: property.name))
            let isRequired = required.contains(property.name)
            if isRequired { requiredFields.insert(property.location) }
            let defaultValue = self.defaultValue(of: property.schema, type: type)
            let optional = nullable || (!isRequired && defaultValue == nil)
            if nullable && !isRequired { nullableOptionalFields.insert(property.location) }
            var field = FieldDecl(
                wireName: property.name, location: property.location, type: optional ? .optional(type) : type,
                defaultValue: defaultValue, description: description(of: property.schema), swiftName: nil,
                deprecated: property.schema.flag("deprecated"))
            field.keyRequired = nullable && isRequired
            fields.append(field)
        }
        return Self.namingMembers(fields)
    }

    /// Adds the properties and required names of `schema` and of its `allOf` parts.
    private func collect(_ schema: Node, into properties: inout [Property], required: inout [String], depth: Int) {
        guard depth < 32 else { return }
        if let ref = schema.string("$ref") {
            guard let target = resolve(ref, at: schema.keyLocation("$ref") ?? schema.location, in: schema.file) else { return }
            guard !followingRefs.contains(target.key) else { return }
            followingRefs.append(target.key)
            defer { followingRefs.removeLast() }
            collect(target.node, into: &properties, required: &required, depth: depth + 1)
            return
        }
        for part in schema["allOf"]?.items ?? [] {
            collect(part, into: &properties, required: &required, depth: depth + 1)
        }
        for name in schema["required"]?.items.compactMap(\.scalar) ?? [] where !required.contains(name) {
            required.append(name)
        }
        for (name, location, value) in schema["properties"]?.pairs ?? [] {
            let property = Property(name: name, location: location, schema: value)
            if let index = properties.firstIndex(where: { $0.name == name }) {
                properties[index] = property
            } else {
                properties.append(property)
            }
        }
        // After the object's own properties: the variant's come last.
        if let variants = (schema["oneOf"] ?? schema["anyOf"])?.items, schema["properties"] != nil || depth > 0, !variants.isEmpty {
            mergeVariants(variants, of: schema, into: &properties, depth: depth)
        }
    }

    /// The `oneOf`/`anyOf` of an object that also has properties (or of an `allOf` part): an
    /// instance is the object and one of the variants, so each object variant's properties become
    /// fields too, optional (only one variant is there), after the object's own. A variant that
    /// only constrains (`required: [content]`, `maxProperties: 0`, GitHub's way of saying "one of
    /// these is required") adds nothing. A variant that is not an object cannot be merged: that is
    /// a warning.
    private func mergeVariants(_ variants: [Node], of schema: Node, into properties: inout [Property], depth: Int) {
        var scalarVariant = false
        for variant in variants {
            let target = followRef(variant) ?? variant
            if Self.onlyConstrains(target) { continue }
            guard isObjectSchema(variant) || target["allOf"] != nil || target["properties"] != nil else {
                scalarVariant = true
                continue
            }
            var variantProperties: [Property] = []
            var variantRequired: [String] = [] // a variant's `required` holds only when that variant is there
            collect(variant, into: &variantProperties, required: &variantRequired, depth: depth + 1)
            for property in variantProperties where !properties.contains(where: { $0.name == property.name }) {
                properties.append(property)
            }
        }
        if scalarVariant {
            unsupported("oneOf/anyOf inside an object", "a oneOf/anyOf variant beside properties is not an object, so it cannot be merged into them; the object keeps its properties and the variant's value is left out", at: schema.keyLocation("oneOf") ?? schema.keyLocation("anyOf") ?? schema.location)
        }
    }

    /// Whether a schema only constrains an object (`required`, `minProperties`, `not`...) and
    /// describes no value of its own.
    private static func onlyConstrains(_ schema: Node) -> Bool {
        let describing = ["properties", "allOf", "oneOf", "anyOf", "$ref", "items", "additionalProperties", "enum", "const", "format"]
        guard !describing.contains(where: { schema[$0] != nil }) else { return false }
        return schema.string("type").map { $0 == "object" } ?? true
    }

    /// The names of the comparison operators an API may list as values (a filter's `>=`).
    private static let comparisons: [String: String] = [
        "=": "equal", "==": "equal", "===": "identical", "!=": "notEqual", "<>": "notEqual", "!==": "notIdentical",
        "<": "lessThan", "<=": "lessThanOrEqual", ">": "greaterThan", ">=": "greaterThanOrEqual",
    ]

    /// `name`, or `name2`, `name3`... when it is taken; the result is added to `taken`.
    static func unique(_ name: String, taken: inout [String]) -> String {
        var unique = name
        var number = 2
        while taken.contains(unique) {
            unique = "\(name)\(number)"
            number += 1
        }
        taken.append(unique)
        return unique
    }

    /// Fields whose derived Swift names are unusable or collide get a Swift name of their own.
    static func namingMembers(_ fields: [FieldDecl], reserved: [String] = []) -> [FieldDecl] {
        var taken = reserved
        return fields.map { field in
            var field = field
            let derived = Naming.lowerCamel(field.wireName)
            let wire = field.wireName
            var name = derived.isEmpty || wire.hasPrefix("+") || wire.hasPrefix("-") ? Self.spelledOut(wire) : derived
            if Validator.reservedMemberNames.contains(name) { name += "Value" }
            name = Self.unique(name, taken: &taken)
            field.swiftName = name == derived ? nil : name
            return field
        }
    }

    /// A name that spells out a leading sign and symbols: `+1` -> `plus1`, `-name` -> `minusName`,
    /// `*` -> `star`, `>=` -> `greaterThanOrEqual`; `value` when nothing is left.
    static func spelledOut(_ wire: String) -> String {
        if let comparison = comparisons[wire] { return comparison }
        if let sign = wire.first, sign == "+" || sign == "-" {
            let rest = Naming.upperCamel(String(wire.dropFirst()))
            let spelled = (sign == "+" ? "plus" : "minus") + (rest.hasPrefix("_") ? String(rest.dropFirst()) : rest)
            if Naming.isIdentifier(spelled) { return spelled }
        }
        var words: [String] = []
        for scalar in wire.unicodeScalars {
            switch scalar {
            case "+": words.append("plus")
            case "-": words.append("minus")
            case "*": words.append("star")
            case "@": words.append("at")
            case "=": words.append("equal")
            case "<": words.append("less")
            case ">": words.append("greater")
            case "!": words.append("not")
            case "0"..."9": words.append(String(scalar))
            default: continue
            }
        }
        let name = Naming.lowerCamel(words.joined(separator: "_"))
        return name.isEmpty || name.first?.isNumber == true ? "value" + name : name
    }

    /// `value` with the signs of its numbers spelled out as words: `Etc/GMT-1` -> `Etc/GMT_minus_1`,
    /// `reactions-+1` -> `reactions-_plus_1`. A `+` is always a sign there; a `-` only before a digit
    /// and after no digit (`2024-01` keeps its dash).
    static func signsSpelled(_ value: String) -> String {
        let characters = Array(value)
        var spelled = ""
        for index in characters.indices {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let previous = index > 0 ? characters[index - 1] : nil
            if character == "+" {
                spelled += "_plus_"
            } else if character == "-", next?.isNumber == true, previous?.isNumber != true {
                spelled += "_minus_"
            } else {
                spelled.append(character)
            }
        }
        return spelled
    }

    /// A string enum. Values whose derived case names are unusable or collide get a name of their own;
    /// values whose names collide only because a sign was dropped (`Etc/GMT+1`, `Etc/GMT-1`) spell it.
    func enumeration(_ values: [String], at location: SourceLocation, names: [String: String] = [:]) -> EnumDecl {
        var taken: [String] = ["unknown"]
        var cases: [EnumDecl.Case] = []
        var derivedCounts: [String: Int] = [:]
        var counted: Set<String> = []
        for value in values where counted.insert(value).inserted { derivedCounts[Naming.lowerCamel(value), default: 0] += 1 }
        for value in values where !cases.contains(where: { $0.wireValue == value }) {
            let declared = names[value].map(Naming.lowerCamel) ?? ""
            let plain = Naming.lowerCamel(value)
            var derived = plain
            if derivedCounts[derived, default: 0] > 1 {
                let spelled = Naming.lowerCamel(Self.signsSpelled(value))
                if Naming.isIdentifier(spelled) { derived = spelled }
            }
            // The empty string (Stripe's "post an empty value to unset") is `empty`.
            // Values told apart only by their letters' case (GitHub's `add` and `Add`) keep their spelling.
            // A spelling Swift gives another meaning (`Self`, `Any`, `Set`) is numbered instead.
            if derivedCounts[plain, default: 0] > 1, derived == plain, value != plain, Naming.isIdentifier(value),
               value.first?.isLetter == true, values.contains(where: { $0 != value && $0.lowercased() == value.lowercased() }),
               !Validator.isReservedTypeName(value), !Validator.shadowsStandardType(value), !Validator.reservedMemberNames.contains(value) {
                derived = value
            }
            var name = Naming.isIdentifier(declared) ? declared
                : value.isEmpty ? "empty"
                : derived.isEmpty || value.hasPrefix("+") || value.hasPrefix("-") ? Self.spelledOut(value) : derived
            // `unknown` holds the values the document does not list; a listed "unknown" is `unknownValue`,
            // and so is a value named as a static member of an open enum (`listed`, `isConstant`).
            if Validator.reservedMemberNames.contains(name) || Validator.openEnumMemberNames.contains(name) || name == "unknown" { name += "Value" }
            name = Self.unique(name, taken: &taken)
            cases.append(EnumDecl.Case(swiftName: name == plain ? nil : name, wireValue: value, location: location))
        }
        // The format names all cases or none: once one needs a name, every case gets its own.
        if cases.contains(where: { $0.swiftName != nil }) {
            cases = cases.map { enumCase in
                var enumCase = enumCase
                enumCase.swiftName = enumCase.swiftName ?? Naming.lowerCamel(enumCase.wireValue)
                return enumCase
            }
        }
        return EnumDecl(cases: cases, frozen: false)
    }

    /// The case names a schema gives its values: `x-enum-varnames` (or `x-enumNames`), a name per
    /// value in order, or Azure's `x-ms-enum` `values` (`{value, name}`), by wire value.
    func declaredCaseNames(of schema: Node) -> [String: String] {
        let values = (schema["enum"]?.items ?? []).compactMap(\.scalar)
        var names: [String: String] = [:]
        if let list = (schema["x-enum-varnames"] ?? schema["x-enumNames"])?.items.compactMap(\.scalar) {
            for (value, name) in zip(values, list) where names[value] == nil && !name.isEmpty { names[value] = name }
        }
        for entry in schema["x-ms-enum"]?["values"]?.items ?? [] {
            guard let value = entry.string("value"), let name = entry.string("name"), !name.isEmpty, names[value] == nil else { continue }
            names[value] = name
        }
        return names
    }
}
