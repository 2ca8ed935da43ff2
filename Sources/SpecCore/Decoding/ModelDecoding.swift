import SpecDiagnostics
import SpecYAML

extension NodeReader {
    /// Every model under `models:`, in declaration order.
    func models(_ node: YAMLNode, file: String) -> [ModelDecl] {
        guard let pairs = mapping(node, "models") else { return [] }
        return pairs.compactMap { pair in
            guard let key = key(pair, in: "models") else { return nil }
            return model(key, pair.value, at: pair.key.location, file: file)
        }
    }

    private func model(_ key: String, _ node: YAMLNode, at location: SourceLocation, file: String) -> ModelDecl? {
        guard let (name, generics) = modelName(key, at: location) else { return nil }
        var model = ModelDecl(name: name, genericParameters: generics, location: location, description: nil,
                              deprecated: false, kind: .object([]), file: file)
        guard let pairs = node.mapping else {
            guard let target = type(node, "alias '\(name)'") else { return nil }
            model.kind = .alias(target)
            return model
        }
        let what = "model '\(name)'"
        let has = { (key: String) in pairs.contains { $0.key.scalar == key } }
        if let fieldsPair = pairs.first(where: { $0.key.scalar == "fields" }), fieldsPair.value.mapping != nil {
            let keys = knownKeys(pairs, allowed: ["fields", "description", "deprecated", "errorMessage", "additionalProperties"], in: what)
            model.kind = .object(fields(fieldsPair.value.mapping ?? [], in: what))
            if let pair = keys["additionalProperties"] {
                if case .scalar("false", .plain) = pair.value.value {
                    model.closed = true
                } else {
                    model.additionalProperties = type(pair.value, "additionalProperties of \(what)")
                }
            }
            readDocumentation(keys, into: &model)
            if let pair = keys["errorMessage"] {
                model.errorMessage = string(pair.value, "errorMessage")
                model.errorMessageLocation = pair.value.location
            }
        } else if has("alias") {
            // The long form of an alias, for a doc comment or a deprecation.
            let keys = knownKeys(pairs, allowed: ["alias", "description", "deprecated"], in: what)
            guard let targetNode = keys["alias"]?.value, let target = type(targetNode, "alias '\(name)'") else { return nil }
            model.kind = .alias(target)
            readDocumentation(keys, into: &model)
        } else if has("enum") {
            let keys = knownKeys(pairs, allowed: ["enum", "frozen", "description", "deprecated"], in: what)
            guard let enumNode = keys["enum"]?.value else { return nil }
            model.kind = .enumeration(EnumDecl(
                cases: enumCases(enumNode, in: what),
                frozen: keys["frozen"].flatMap { bool($0.value, "frozen") } ?? false))
            readDocumentation(keys, into: &model)
        } else if has("oneOf") {
            let keys = knownKeys(pairs, allowed: ["oneOf", "discriminator", "default", "description", "deprecated"], in: what)
            guard let unionNode = keys["oneOf"]?.value else { return nil }
            var decl = union(unionNode, discriminator: keys["discriminator"], at: location, in: what)
            if let pair = keys["default"], let tag = string(pair.value, "default of \(what)") {
                decl.defaultTag = tag
                decl.defaultLocation = pair.value.location
            }
            model.kind = .union(decl)
            readDocumentation(keys, into: &model)
        } else if let events = pairs.first(where: { $0.key.scalar == "events" })?.value.mapping,
                  !Self.isLongFormField(events) {
            // Server-sent events by their `event` name, for the element of an EventStream (an
            // `events` field in long form, `{ type: ... }`, stays a field of a short-form object).
            let keys = knownKeys(pairs, allowed: ["events", "description", "deprecated"], in: what)
            guard let unionNode = keys["events"]?.value else { return nil }
            var decl = union(unionNode, discriminator: nil, at: location, in: what, keyword: "events")
            decl.byEventName = true
            model.kind = .union(decl)
            readDocumentation(keys, into: &model)
        } else if has("anyOf") {
            // Every variant the value matches: untagged, a struct of optionals.
            let keys = knownKeys(pairs, allowed: ["anyOf", "description", "deprecated"], in: what)
            guard let unionNode = keys["anyOf"]?.value else { return nil }
            var decl = union(unionNode, discriminator: nil, at: location, in: what, keyword: "anyOf")
            decl.matchesEvery = true
            model.kind = .union(decl)
            readDocumentation(keys, into: &model)
        } else {
            model.kind = .object(fields(pairs, in: what))
        }
        return model
    }

    private func readDocumentation(_ keys: KnownKeys, into model: inout ModelDecl) {
        model.description = keys["description"].flatMap { string($0.value, "description") }
        model.deprecated = keys["deprecated"].flatMap { bool($0.value, "deprecated") } ?? false
    }

    /// `Page<Item>` -> ("Page", ["Item"]).
    private func modelName(_ key: String, at location: SourceLocation) -> (String, [String])? {
        var parser = TypeExprParser(key, at: location)
        guard let type = try? parser.parseTypeOnly(), case .named(let name, let arguments, _) = type else {
            diagnostics.error("model name '\(key)' is not a name like 'User' or 'Page<Item>'", at: location)
            return nil
        }
        var parameters: [String] = []
        for argument in arguments {
            guard case .named(let parameter, let nested, _) = argument, nested.isEmpty else {
                diagnostics.error("generic parameter '\(argument)' of model '\(name)' must be a plain name", at: argument.location)
                return nil
            }
            parameters.append(parameter)
        }
        return (name, parameters)
    }

    private func enumCases(_ node: YAMLNode, in what: String) -> [EnumDecl.Case] {
        switch node.value {
        case .sequence(let items):
            return items.compactMap { item in
                string(item, "an enum value of \(what)").map { EnumDecl.Case(swiftName: nil, wireValue: $0, location: item.location) }
            }
        case .mapping(let pairs):
            return pairs.compactMap { pair in
                guard let swiftName = key(pair, in: what), let wire = string(pair.value, "an enum value of \(what)") else { return nil }
                guard Naming.isIdentifier(swiftName) else {
                    diagnostics.error("enum case name '\(swiftName)' of \(what) is not a Swift identifier", at: pair.key.location)
                    return nil
                }
                return EnumDecl.Case(swiftName: swiftName, wireValue: wire, location: pair.key.location)
            }
        case .scalar:
            diagnostics.error("'enum' of \(what) must be a list of values or a mapping of case names to values", at: node.location)
            return []
        }
    }

    private func union(_ node: YAMLNode, discriminator: YAMLPair?, at location: SourceLocation, in what: String, keyword: String = "oneOf") -> UnionDecl {
        var variants: [UnionDecl.Variant] = []
        if let pairs = mapping(node, "'\(keyword)' of \(what)") {
            for pair in pairs {
                guard let tag = key(pair, in: what), let type = type(pair.value, "variant '\(tag)' of \(what)") else { continue }
                variants.append(UnionDecl.Variant(tag: tag, type: type, location: pair.key.location))
            }
        }
        // Without a discriminator the union is untagged: its variants are tried in order.
        let name = discriminator.map { string($0.value, "discriminator") ?? "" }
        return UnionDecl(variants: variants, discriminator: name, discriminatorLocation: discriminator?.value.location ?? location)
    }
}
