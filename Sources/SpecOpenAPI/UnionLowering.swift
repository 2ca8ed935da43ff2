import SpecCore
import SpecDiagnostics

extension OpenAPIContext {
    /// What a discriminated variant's tag property allows, as far as the document says.
    private enum TagValues {
        /// These values (a mapping's keys, an `enum`, a `const`, or the schema's name).
        case values([String])
        /// A union tagged by the same property: the values its variants allow.
        case nested
        /// Nothing the union could select it by.
        case unknown
    }

    /// A union: tagged when the schema has a discriminator, else untagged (variants tried in order).
    ///
    /// A variant selected by one tag value no other variant has is keyed by that value, and the
    /// union reads and writes it (`fixTaggedUnions` removes the property from the variant's model).
    /// A variant whose property allows several values (OpenAI's `ComparisonFilter`: `eq`, `ne`...),
    /// or a value another variant allows too (`InputMessage` and `OutputMessage`, both `message`),
    /// keeps its property, an enum whose values select it; a variant that is a union tagged by the
    /// same property is selected by its own variants' tags. Either is keyed by a case name.
    func union(_ variants: [Node], schema: Node, owner: String) -> UnionDecl {
        let discriminator = schema["discriminator"]?.string("propertyName")
        var mapping: [(tag: String, ref: String)] = []
        for (tag, _, value) in schema["discriminator"]?["mapping"]?.pairs ?? [] {
            if let ref = value.scalar { mapping.append((tag, ref)) }
        }
        // OpenAPI 3.2's `defaultMapping`: the variant a value with another tag, or none, decodes as.
        let defaultRef = schema["discriminator"]?.string("defaultMapping")
        var defaultIndex: Int?
        var lowered: [(type: TypeExpr, values: TagValues, location: SourceLocation)] = []
        let words = caseWords(of: variants)
        for (index, variant) in variants.enumerated() {
            let (type, nullable) = self.type(of: variant, hint: NameHint(model: owner).adding(variant: words[index]))
            var values = TagValues.unknown
            if let discriminator {
                values = tagValues(of: variant, type: type, discriminator: discriminator, mapping: mapping)
                if let defaultRef, let ref = variant.string("$ref"), defaultRef == ref || defaultRef == Self.schemaName(ref) {
                    defaultIndex = index
                }
            }
            lowered.append((nullable ? .optional(type) : type, values, variant.location))
        }
        let unknown = discriminator == nil ? nil : lowered.firstIndex { if case .unknown = $0.values { true } else { false } }
        guard let discriminator, unknown == nil else {
            if let unknown {
                unsupported("inline discriminated variant", "a variant of a discriminated union must be a $ref to an object schema, an inline object whose tag property lists its values, or a union tagged by the same property; the union is decoded untagged", at: lowered[unknown].location)
            }
            var names: [String] = []
            let untagged = lowered.indices.map { index in
                UnionDecl.Variant(tag: Self.unique(caseName(for: lowered[index].type, words: words[index]), taken: &names),
                                  type: lowered[index].type, location: lowered[index].location)
            }
            var union = UnionDecl(variants: untagged, discriminator: nil, discriminatorLocation: schema.location)
            // `anyOf` holds every variant a value matches. Values of different JSON types match
            // one variant at most, and scalar variants of one type hold the same value whichever
            // matches (an enum loses nothing); two variants that may both be objects or arrays
            // read different parts of one value, so the union keeps each (a struct of optionals).
            if discriminator == nil, schema["oneOf"] == nil, schema["anyOf"] != nil {
                let kinds = variants.map(jsonKind)
                let objects = kinds.filter { $0 == .object }.count, arrays = kinds.filter { $0 == .array }.count
                let unknown = kinds.filter { $0 == .unknown }.count
                union.matchesEvery = objects > 1 || arrays > 1 || (unknown > 0 && objects + arrays + unknown > 1)
            }
            return union
        }
        // Keyed by its tag: a variant with one value no other variant allows.
        let singles = lowered.map { variant -> String? in
            if case .values(let values) = variant.values, values.count == 1 { values[0] } else { nil }
        }
        let keyedByTag = singles.map { single in single.map { value in singles.filter { $0 == value }.count == 1 } ?? false }
        var taken = zip(singles, keyedByTag).compactMap { $1 ? $0.map(Naming.lowerCamel) : nil }
        var result: [UnionDecl.Variant] = []
        for (index, variant) in lowered.enumerated() {
            if keyedByTag[index], let tag = singles[index] {
                result.append(UnionDecl.Variant(tag: tag, type: variant.type, location: variant.location))
            } else {
                let name = Self.unique(caseName(for: variant.type, words: words[index]), taken: &taken)
                if case .values(let values) = variant.values { selectingValues[owner + "\u{0}" + name] = values }
                result.append(UnionDecl.Variant(tag: name, type: variant.type, location: variant.location))
            }
        }
        var union = UnionDecl(variants: result, discriminator: discriminator, discriminatorLocation: schema["discriminator"]?.location ?? schema.location)
        if let defaultRef {
            let location = schema["discriminator"]?.keyLocation("defaultMapping") ?? schema.location
            if let defaultIndex, keyedByTag[defaultIndex] {
                union.defaultTag = result[defaultIndex].tag
                union.defaultLocation = location
            } else if defaultIndex != nil {
                unsupported("defaultMapping", "defaultMapping '\(defaultRef)' is a variant that carries the tag itself, which a value without the tag cannot be; a value with an unknown tag fails to decode", at: location)
            } else {
                unsupported("defaultMapping", "defaultMapping '\(defaultRef)' is not one of the union's variants; a value with an unknown tag fails to decode", at: location)
            }
        }
        return union
    }

    /// The tag values that select a variant: the mapping's keys whose value is the variant's `$ref`
    /// (written exactly the same, or the schema's bare name, which OpenAPI allows too); else the
    /// values its own property allows (`type: {enum: [click]}`, what a server can send); else, for
    /// a union tagged by the same property, its variants' tags; else the schema's name.
    private func tagValues(of variant: Node, type: TypeExpr, discriminator: String, mapping: [(tag: String, ref: String)]) -> TagValues {
        if let ref = variant.string("$ref") {
            let schemaName = Self.schemaName(ref)
            let mapped = mapping.filter { $0.ref == ref || $0.ref == schemaName }.map(\.tag)
            if !mapped.isEmpty { return .values(mapped) }
        }
        if let values = allowedValues(of: discriminator, in: variant, depth: 0), !values.isEmpty { return .values(values) }
        if let target = followRef(variant), target["oneOf"] ?? target["anyOf"] != nil,
           target["discriminator"]?.string("propertyName") == discriminator {
            return .nested
        }
        if let ref = variant.string("$ref"), case .named = type { return .values([Self.schemaName(ref)]) }
        return .unknown
    }

    /// What JSON a variant's values are.
    private enum JSONKind {
        case scalar, object, array
        /// A union, or a schema that does not say.
        case unknown
    }

    private func jsonKind(_ variant: Node) -> JSONKind {
        guard let target = followRef(variant) else { return .unknown }
        switch shape(of: target).shape {
        case .builtin, .enumeration: return .scalar
        case .object, .dictionary: return .object
        case .array: return .array
        case .union, .clearable, .any, .reference: return .unknown
        }
    }

    /// A `$ref`'s schema name: the pointer's last part, escapes decoded, or a whole file's base name.
    static func schemaName(_ ref: String) -> String {
        let parts = ref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2, let last = parts[1].split(separator: "/").last { return decodePointerSegment(String(last)) }
        return baseName(String(parts.first ?? Substring(ref)))
    }

    /// The string values a schema (through `$ref`s and `allOf` parts) allows for its property
    /// `property`: an `enum` of strings, or a `const`; nil when it does not list them.
    private func allowedValues(of property: String, in schema: Node, depth: Int) -> [String]? {
        guard depth < 8, let target = followRef(schema) else { return nil }
        if let declared = target["properties"]?[property], let found = followRef(declared) {
            // `anyOf: [{enum: [item_reference]}, {type: "null"}]` allows that value (or none).
            let node = shape(of: found).schema
            if let values = node["enum"]?.items, !values.isEmpty {
                let strings = values.compactMap(\.scalar)
                if strings.count == values.count { return strings }
            }
            if let constant = node["const"]?.scalar { return [constant] }
        }
        for part in target["allOf"]?.items ?? [] {
            if let values = allowedValues(of: property, in: part, depth: depth + 1) { return values }
        }
        return nil
    }

    /// A union case named after its type when the document names the type: `Pet` -> `pet`,
    /// `[String]` -> `strings`; else after what the variant's schema says (`words`, see `caseWords`).
    private func caseName(for type: TypeExpr, words: String) -> String {
        switch type {
        case .named(let name, _, _): inlineOrigins[name] == nil ? caseName(for: type) : words
        case .array(let element), .dictionary(let element), .optional(let element):
            element.mentionedNames.allSatisfy { inlineOrigins[$0] == nil } ? caseName(for: type) : words
        }
    }

    /// A case name for each variant of a union, from what its schema says, in this order: its
    /// `title`; the one value of an enum (`now`, and `empty` for `""`); `object`, `array` or `map`
    /// when no other variant is one; the value of a property only one value is allowed for, which
    /// tells it from the other objects (a tag: `bank_account`); a property no other variant has;
    /// a property they share, of a type only it gives it (`labelStrings`); an array by its items
    /// when no other array has such items (`objects`); else its JSON type (`object2` if need be). A variant whose type the document names (a
    /// `$ref`, a built-in type) is named after that instead (`caseName(for:)`).
    func caseWords(of variants: [Node]) -> [String] {
        let targets = variants.map { variant in shape(of: followRef(variant) ?? variant) }
        let kinds = targets.map { target -> String in
            switch target.shape {
            case .object: "object"
            case .array: "array"
            case .dictionary: "map"
            case .enumeration, .builtin: "string"
            case .union, .clearable: "union"
            case .reference, .any: "value"
            }
        }
        let kindCounts = kinds.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        // The arrays' element words (`strings`, `objects`), to tell the arrays apart.
        var elementWords: [String: Int] = [:]
        for target in targets {
            if case .array(let items) = target.shape, let word = items.flatMap(elementWord) { elementWords[word + "s", default: 0] += 1 }
        }
        // Each object's properties, and how many objects have each property and each tag value.
        let properties = targets.indices.map { kinds[$0] == "object" && kindCounts["object", default: 0] > 1 ? objectProperties(of: targets[$0].schema) : [] }
        var propertyCounts: [String: Int] = [:]
        var tagCounts: [String: Int] = [:]
        for list in properties {
            for (name, value) in list {
                propertyCounts[name, default: 0] += 1
                if let tag = value.flatMap(Self.constantString) { tagCounts[name + "\u{0}" + tag, default: 0] += 1 }
            }
        }
        return targets.indices.map { index -> String in
            let schema = targets[index].schema
            if let title = schema.string("title"), !title.isEmpty, title.utf8.count <= 64, Naming.isIdentifier(Naming.lowerCamel(title)) {
                return Naming.lowerCamel(title)
            }
            if case .enumeration(let values) = targets[index].shape, values.count == 1 {
                return values[0].isEmpty ? "empty" : Naming.lowerCamel(values[0])
            }
            if kindCounts[kinds[index]] == 1 { return kinds[index] }
            if case .array(let items) = targets[index].shape, let element = items.flatMap(elementWord) {
                let word = element + "s"
                if elementWords[word, default: 0] == 1 { return word }
            }
            guard kinds[index] == "object" else { return kinds[index] }
            for (name, value) in properties[index] {
                guard let tag = value.flatMap(Self.constantString), tagCounts[name + "\u{0}" + tag] == 1,
                      Naming.isIdentifier(Naming.lowerCamel(tag)) else { continue }
                return Naming.lowerCamel(tag)
            }
            for (name, _) in properties[index] where propertyCounts[name] == 1 && Naming.isIdentifier(Naming.lowerCamel(name)) {
                return Naming.lowerCamel(name)
            }
            // A property all of them have, of a type only this one gives it (GitHub's `labels`:
            // `[String]` -> `labelStrings`, `[{name}]` -> `labelObjects`).
            for (name, value) in properties[index] {
                guard let value, let word = propertyWord(name, value) else { continue }
                let others = properties.indices.filter { $0 != index }.compactMap { other in
                    properties[other].first { $0.name == name }?.value.flatMap { propertyWord(name, $0) }
                }
                if !others.isEmpty, !others.contains(word) { return word }
            }
            return "object"
        }
    }

    /// The word of an array variant's items for a case name: `string`, `object`, `int`...; nil
    /// for a union or any value, which a word would not tell apart.
    private func elementWord(_ items: Node) -> String? {
        let target = shape(of: followRef(items) ?? items)
        switch target.shape {
        case .object, .dictionary: return "object"
        case .array: return "array"
        case .enumeration: return "string"
        case .builtin(let type): return Naming.lowerCamel(type.rawValue)
        case .union, .clearable, .reference, .any: return nil
        }
    }

    /// A case name from a property and the type it has there: `labels` of strings -> `labelStrings`,
    /// `id` of integers -> `idInt`; nil when the name makes no identifier.
    private func propertyWord(_ name: String, _ value: Node) -> String? {
        let property = Naming.lowerCamel(name)
        if case .array(let items) = shape(of: value).shape {
            let singular = property.count > 3 && property.hasSuffix("s") && !property.hasSuffix("ss") ? String(property.dropLast()) : property
            guard let word = items.flatMap(elementWord).map({ $0 + "s" }) else { return nil }
            let spelled = singular + word.prefix(1).uppercased() + word.dropFirst()
            return Naming.isIdentifier(spelled) ? spelled : nil
        }
        guard let type = elementWord(value) else { return nil }
        let spelled = property + type.prefix(1).uppercased() + type.dropFirst()
        return Naming.isIdentifier(spelled) ? spelled : nil
    }

    /// The properties an object schema declares (its `allOf` parts' too), each with its schema
    /// when it can be read.
    private func objectProperties(of schema: Node, depth: Int = 0) -> [(name: String, value: Node?)] {
        var properties: [(name: String, value: Node?)] = []
        for part in schema["allOf"]?.items ?? [] where depth < 8 {
            guard let target = followRef(part) else { continue }
            properties += objectProperties(of: target, depth: depth + 1).filter { property in !properties.contains { $0.name == property.name } }
        }
        for (name, _, value) in schema["properties"]?.pairs ?? [] where !properties.contains(where: { $0.name == name }) {
            properties.append((name, followRef(value)))
        }
        return properties
    }

    /// An untagged union case named after its type: `Pet` -> `pet`, `[String]` -> `strings`.
    private func caseName(for type: TypeExpr) -> String {
        switch type {
        case .named(let name, _, _): Naming.lowerCamel(name == "JSON" ? "value" : name)
        case .array(let element): caseName(for: element) + "s"
        case .dictionary(let value): caseName(for: value) + "Map"
        case .optional(let wrapped): caseName(for: wrapped)
        }
    }
}
