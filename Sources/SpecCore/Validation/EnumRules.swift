import SpecDiagnostics

extension Validator {
    /// Enums: at least one case, unique wire values and case names, no clash with `.unknown`.
    mutating func checkEnum(_ decl: EnumDecl, model: ModelDecl, caseNames: [String]) {
        let what = "enum '\(model.name)'"
        if decl.cases.isEmpty { diagnostics.error("\(what) has no values", at: model.location) }
        if !model.genericParameters.isEmpty { diagnostics.error("\(what) cannot be generic", at: model.location) }
        var wires: [(String, SourceLocation)] = []
        var seen: [(swiftName: String, wire: String, location: SourceLocation)] = []
        for (enumCase, swiftName) in zip(decl.cases, caseNames) {
            if let first = wires.first(where: { $0.0 == enumCase.wireValue }) {
                diagnostics.error("value '\(enumCase.wireValue)' of \(what) is listed twice", at: enumCase.location,
                                  notes: [.note("first listed here", at: first.1)])
                continue
            }
            wires.append((enumCase.wireValue, enumCase.location))
            if swiftName.isEmpty {
                diagnostics.error("value '\(enumCase.wireValue)' of \(what) has no characters a Swift name can use; name the case: enum: { name: '\(enumCase.wireValue)' }", at: enumCase.location)
                continue
            }
            if !decl.frozen && swiftName == "unknown" {
                diagnostics.error("value '\(enumCase.wireValue)' of \(what) becomes the case 'unknown', which holds values this client does not know; name it differently (enum: { unknownValue: \(enumCase.wireValue) }) or make the enum frozen", at: enumCase.location)
                continue
            }
            if !decl.frozen && Self.openEnumMemberNames.contains(swiftName) {
                diagnostics.error("value '\(enumCase.wireValue)' of \(what) becomes the case '\(swiftName)', the name of a member every open enum has; name it differently (enum: { \(swiftName)Value: \(enumCase.wireValue) }) or make the enum frozen", at: enumCase.location)
                continue
            }
            checkCollision(swiftName, at: enumCase.location, wire: enumCase.wireValue, what: "values", of: what, seen: &seen)
        }
    }

    /// The static members of a generated open enum besides its cases (and `unknown`, its case for
    /// values it does not list): no case may take their names (an instance member, `rawValue`,
    /// may share a case's name).
    public static let openEnumMemberNames: Set<String> = ["isConstant", "listed"]

    /// Unions: distinct tags and case names; a tagged union's variants are object models without the tag field.
    mutating func checkUnion(_ decl: UnionDecl, model: ModelDecl, caseNames: [String]) {
        let what = "union '\(model.name)'"
        if decl.variants.isEmpty { diagnostics.error("\(what) has no variants", at: model.location) }
        if decl.byEventName {
            if !model.genericParameters.isEmpty { diagnostics.error("\(what) cannot be generic", at: model.location) }
            checkEventUnion(decl, what: what, caseNames: caseNames)
            return
        }
        if !model.genericParameters.isEmpty { diagnostics.error("\(what) cannot be generic", at: model.location) }
        if decl.discriminator?.isEmpty == true {
            diagnostics.error("the discriminator of \(what) must name a JSON property", at: decl.discriminatorLocation)
        }
        if let tag = decl.defaultTag {
            let location = decl.defaultLocation ?? model.location
            if decl.discriminator == nil {
                diagnostics.error("'default' of \(what) needs a discriminator: an untagged union tries its variants in order", at: location)
            } else if let variant = decl.variants.first(where: { $0.tag == tag }) {
                if let discriminator = decl.discriminator, symbols.tagging(of: variant, discriminator: discriminator) != .byKey {
                    diagnostics.error("'default' of \(what) is '\(tag)', a variant that carries the tag itself; a value without the tag could not be one, so the default must be a variant whose key is its tag", at: location)
                }
            } else {
                diagnostics.error("'default' of \(what) must be one of its tags, found '\(tag)'\(Suggestions.didYouMean(tag, in: decl.variants.map(\.tag)))", at: location)
            }
        }
        var seen: [(swiftName: String, wire: String, location: SourceLocation)] = []
        for index in symbols.variantsLeadingBack(to: model.name) where symbols.model(named: model.name)?.location == model.location {
            let variant = decl.variants[index]
            diagnostics.error(
                "variant '\(variant.tag)' of \(what) decodes '\(model.name)' again before reading anything, so decoding would never end; remove the variant, or hold '\(model.name)' in an array or a model",
                at: variant.type.location)
        }
        for (variant, swiftName) in zip(decl.variants, caseNames) {
            checkType(variant.type, usage: decl.discriminator == nil ? .field : .unionVariant, in: "variant '\(variant.tag)' of \(what)",
                      generics: model.genericParameters)
            if let discriminator = decl.discriminator, !discriminator.isEmpty, case .named(let name, _, _) = variant.type, symbols.model(named: name) != nil {
                if case .byField(let values) = symbols.tagging(of: variant, discriminator: discriminator), values.count > 1,
                   case .object(let fields)? = symbols.model(named: name)?.kind,
                   let field = fields.first(where: { $0.wireName == discriminator }), symbols.isOptional(field.type) {
                    diagnostics.error(
                        "variant '\(variant.tag)' of \(what) is model '\(name)', whose field '\(discriminator)' selects among several values, so it must be required: a value without it could not be told apart",
                        at: field.type.location)
                }
                if case .unselectable(let found) = symbols.tagging(of: variant, discriminator: discriminator) {
                    diagnostics.error(
                        "variant '\(variant.tag)' of \(what) is \(found); a variant of a union tagged by '\(discriminator)' is an object model without that field (the union writes the tag), an object model that declares it as a string enum (its values select it), or a union tagged by '\(discriminator)'",
                        at: variant.type.location)
                }
            } else if decl.discriminator == nil {
                // An untagged union holds any type: checkType has checked it.
            } else if case .named(let name, _, _) = variant.type, symbols.model(named: name) == nil, BuiltinType(rawValue: name) == nil {
                // Unknown names are reported by checkType.
            } else {
                diagnostics.error("variant '\(variant.tag)' of \(what) must be an object model, found '\(variant.type)'", at: variant.type.location)
            }
            if swiftName.isEmpty {
                diagnostics.error("tag '\(variant.tag)' of \(what) has no characters a Swift case name can use", at: variant.location)
                continue
            }
            checkCollision(swiftName, at: variant.location, wire: variant.tag, what: "tags", of: what, renamable: false, seen: &seen)
        }
    }

    /// An alias must not lead back to itself; a cycle is reported once, at its first alias in declaration order.
    mutating func checkAliasCycle(_ model: ModelDecl) {
        var chain = [model.name]
        var current = model
        while case .alias(let target) = current.kind, case .named(let name, _, _) = target.nonOptional,
              let next = symbols.model(named: name) {
            if next.name == model.name {
                let first = spec.models.first { chain.contains($0.name) }
                if first?.name == model.name {
                    diagnostics.error("aliases \((chain + [name]).joined(separator: " -> ")) form a cycle", at: model.location)
                }
                return
            }
            if chain.contains(next.name) || chain.count > 64 { return }
            chain.append(next.name)
            current = next
        }
    }

    /// A union of server-sent events: each event's data is a type a field may have, or the text
    /// (`String`); `unknown` is the case of the events the spec does not list.
    private mutating func checkEventUnion(_ decl: UnionDecl, what: String, caseNames: [String]) {
        var seen: [(swiftName: String, wire: String, location: SourceLocation)] = []
        for (variant, swiftName) in zip(decl.variants, caseNames) {
            if swiftName.isEmpty {
                diagnostics.error("event '\(variant.tag)' of \(what) has no characters a Swift case name can use", at: variant.location)
            } else {
                checkCollision(swiftName, at: variant.location, wire: variant.tag, what: "events", of: what, renamable: false, seen: &seen)
            }
            checkType(variant.type, usage: .field, in: "event '\(variant.tag)' of \(what)")
            if swiftName == "unknown" {
                diagnostics.error("event '\(variant.tag)' of \(what) would be the case 'unknown', which holds the events the spec does not list; give the event another key", at: variant.location)
            }
            if variant.tag.contains(where: { $0 == "\r" || $0 == "\n" }) || variant.tag.isEmpty {
                diagnostics.error("event '\(variant.tag)' of \(what) is not an event name: one line of text, not empty", at: variant.location)
            }
        }
    }
}
