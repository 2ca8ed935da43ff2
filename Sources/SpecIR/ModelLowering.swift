import SpecCore

/// Lowers validated models to the IR of the models file. A class: every file's lowering shares one,
/// and the closures that lower each model capture a reference instead of copying the tables.
final class ModelLowering: Sendable {
    let types: TypeReferences
    /// Deprecated models that live declarations refer to: they are deprecated in their doc comment only,
    /// since the attribute would make every generated reference warn.
    let deprecatedInDocOnly: Set<String>
    /// The fields and variants that must be stored indirectly, since their model contains itself.
    let recursion: Recursion
    /// Which models requests and responses use, with `conformances: lean`; nil gives every model `Codable` and `Hashable`.
    let usage: ModelUsage?

    init(types: TypeReferences, deprecatedInDocOnly: Set<String>, recursion: Recursion, usage: ModelUsage?) {
        self.types = types
        self.deprecatedInDocOnly = deprecatedInDocOnly
        self.recursion = recursion
        self.usage = usage
    }

    /// The protocols of a struct or union named `model`, and which halves of `Codable` it has.
    private func conformances(of model: String, generic: Bool) -> (list: [Conformance], decodes: Bool, encodes: Bool) {
        guard let usage else { return (generic ? [.codable, .sendable] : [.codable, .hashable, .sendable], true, true) }
        let coding = usage.codingProtocol(of: model)
        return ([coding.conformance, .sendable], coding.decodes, coding.encodes)
    }

    func lower(_ model: ModelDecl) -> ModelIR {
        let names = types.names.model(named: model.name)
        var declaration = DeclarationIR(
            name: names?.type ?? model.name, doc: DocText.lines(model.description),
            deprecated: model.deprecated && !deprecatedInDocOnly.contains(model.name))
        if model.deprecated && !declaration.deprecated {
            declaration.doc = Self.warningDeprecated(declaration.doc)
        }
        switch model.kind {
        case .object(let fields):
            var structure = structure(declaration, fields, names: names?.fields ?? [], generics: model.genericParameters, model: model.name)
            structure.closed = model.closed && model.additionalProperties == nil
            if let additional = model.additionalProperties {
                var rest = FieldIR(
                    name: names?.additionalProperties ?? "additionalProperties", wireName: "", type: .dictionary(types.reference(additional)),
                    defaultValue: .emptyDictionary, optional: false, mayBeAbsent: true, decodeType: types.reference(additional),
                    doc: ["The members beyond the fields above, by their names on the wire."])
                rest.rest = true
                structure.fields.append(rest)
            }
            return .structure(structure)
        case .enumeration(let decl):
            return .enumeration(EnumIR(declaration: declaration, frozen: decl.frozen, cases: zip(decl.cases, names?.cases ?? []).map {
                EnumCaseIR(name: $1, wireValue: $0.wireValue)
            }))
        case .union(let decl):
            let conformances = conformances(of: model.name, generic: false)
            var cases = zip(decl.variants, names?.cases ?? []).enumerated().map { index, pair in
                let (variant, name) = pair
                var lowered = UnionCaseIR(name: name, tag: variant.tag, type: types.reference(variant.type))
                lowered.position = index
                // An enum with lean conformances is `indirect` as a whole; an `anyOf` struct's
                // properties are then all `@Indirect` too (holding large models inline makes the
                // compiler emit copy code for their whole layout: GitHub's client built 20 to 75%
                // slower), and otherwise where a cycle must be broken.
                lowered.indirect = decl.matchesEvery
                    ? usage != nil || recursion.isIndirect(model.name, index)
                    : usage == nil && recursion.isIndirect(model.name, index)
                lowered.keyed = decl.matchesEvery && isKeyed(variant.type)
                // Only where the union is never decoded: an open enum keeps a value it does not list, which
                // a case without a payload could not.
                if !decl.matchesEvery, decl.discriminator == nil, !decl.byEventName, !conformances.decodes {
                    lowered.constant = constantCase(of: variant.type)
                }
                return lowered
            }
            var branches: [UnionBranchIR] = []
            if let discriminator = decl.discriminator {
                let taggings = decl.variants.map { types.symbols.tagging(of: $0, discriminator: discriminator) }
                for (index, tagging) in taggings.enumerated() {
                    switch tagging {
                    case .byField(let values) where values.count == 1:
                        // A field with one value may be left out of the model (optional): the union writes it.
                        cases[index].tag = values[0]
                    case .byField, .byUnion:
                        cases[index].writesTag = false
                    case .byKey, .unselectable: break
                    }
                }
                branches = Self.branches(taggings.enumerated().map { $1.values(key: decl.variants[$0].tag) })
            }
            var union = UnionIR(declaration: declaration, discriminator: decl.discriminator,
                                conformances: conformances.list, decodes: conformances.decodes, encodes: conformances.encodes,
                                indirect: usage != nil, cases: cases,
                                defaultCase: decl.defaultTag.flatMap { tag in decl.variants.firstIndex { $0.tag == tag } })
            union.branches = branches
            union.matchesEvery = decl.matchesEvery
            union.immutable = usage != nil && conformances.decodes && !conformances.encodes
            if decl.byEventName {
                // Read from events, not JSON: no Codable; Hashable as the models are, unless lean.
                union.byEventName = true
                for (index, variant) in decl.variants.enumerated() where index < union.cases.count {
                    union.cases[index].textData = types.symbols.isString(variant.type) && !types.symbols.isOptional(variant.type)
                }
                union.conformances = usage == nil ? [.serverSentEventDecodable, .hashable, .sendable] : [.serverSentEventDecodable, .sendable]
                union.decodes = false
                union.encodes = false
                union.indirect = false
            }
            return .union(union)
        case .alias(let target):
            return .alias(AliasIR(declaration: declaration, genericParameters: model.genericParameters, target: types.reference(target)))
        }
    }

    /// The Swift name of the one case of the enum `type` names, when it names an enum of one value.
    private func constantCase(of type: TypeExpr) -> String? {
        guard !types.symbols.isOptional(type), case .named(let name, _, _) = types.symbols.resolvingAliases(type),
              case .enumeration(let decl)? = types.symbols.model(named: name)?.kind, decl.cases.count == 1 else { return nil }
        return types.names.model(named: name)?.cases.first
    }

    /// Whether values of the type are JSON objects (an object model, a map, a tagged union), so that
    /// several of them encode into one object.
    private func isKeyed(_ type: TypeExpr) -> Bool {
        switch types.symbols.resolvingAliases(type) {
        case .dictionary: return true
        case .named(let name, _, _):
            switch types.symbols.model(named: name)?.kind {
            case .object?: return true
            case .union(let decl)?: return decl.discriminator != nil
            default: return false
            }
        case .array, .optional: return false
        }
    }

    /// The arms of a tagged union's `switch` on the tag: each tag value with the variants it
    /// selects, in order (several are tried in turn); tags that select the same variants share an arm.
    static func branches(_ selectors: [[String]]) -> [UnionBranchIR] {
        var tags: [String] = []
        for values in selectors {
            for value in values where !tags.contains(value) { tags.append(value) }
        }
        var branches: [UnionBranchIR] = []
        for tag in tags {
            let cases = selectors.indices.filter { selectors[$0].contains(tag) }
            if let index = branches.firstIndex(where: { $0.cases == cases }) {
                branches[index].tags.append(tag)
            } else {
                branches.append(UnionBranchIR(tags: [tag], cases: cases))
            }
        }
        return branches
    }

    private func structure(_ declaration: DeclarationIR, _ fields: [FieldDecl], names: [String], generics: [String], model: String) -> StructIR {
        let reference = isReference(model)
        let lowered = zip(fields, names).enumerated().map { index, pair in
            var lowered = field(pair.0, name: pair.1)
            // A class holds its fields out of line already, and a cycle through it has a finite size.
            lowered.indirect = !reference && (recursion.isIndirect(model, index) || (usage != nil && holdsModelInline(pair.0.type)))
            return lowered
        }
        let conformances = conformances(of: model, generic: !generics.isEmpty)
        var structure = StructIR(declaration: declaration, genericParameters: generics, conformances: conformances.list,
                                 conditionalHashable: usage == nil && !generics.isEmpty,
                                 fields: lowered, decodes: conformances.decodes, encodes: conformances.encodes,
                                 immutable: usage != nil && conformances.decodes && !conformances.encodes)
        structure.reference = reference
        if reference { structure.conformances.append(.describedByFields) }
        return structure
    }

    /// Whether the object model `name` is generated as a final class: with lean conformances, a
    /// model only responses use, which is immutable and neither `Equatable` nor `Hashable`. A struct
    /// of many fields makes the compiler emit code to copy, assign and destroy each of them (its
    /// value witnesses: a third of OpenAI's client); a class is one reference, which the runtime's
    /// own witnesses copy, and reads the same (`response.id`, a memberwise `init`).
    func isReference(_ name: String) -> Bool {
        guard let usage, let model = types.symbols.model(named: name), model.genericParameters.isEmpty,
              case .object = model.kind else { return false }
        let coding = usage.codingProtocol(of: name)
        return coding.decodes && !coding.encodes
    }

    /// Whether a field of this type would hold an object model or a union inline.
    private func holdsModelInline(_ type: TypeExpr) -> Bool {
        switch types.symbols.resolvingAliases(type) {
        case .optional(let inner): return holdsModelInline(inner)
        case .named(let name, _, _):
            switch types.symbols.model(named: name)?.kind {
            case .object(let fields)?: return !fields.isEmpty && !isReference(name)
            case .union?: return true
            default: return false
            }
        case .array, .dictionary: return false
        }
    }

    private func field(_ field: FieldDecl, name: String) -> FieldIR {
        let symbols = types.symbols
        var doc = DocText.lines(field.description, serverDefault: field.serverDefault?.value)
        if field.deprecated { doc = Self.warningDeprecated(doc) }
        let optional = symbols.isOptional(field.type)
        let decodeType = optional ? symbols.resolvingAliases(field.type).nonOptional : field.type
        var lowered = FieldIR(
            name: name, wireName: field.wireName, type: types.reference(field.type),
            defaultValue: field.defaultValue.map { types.value($0.value, for: field.type) },
            optional: optional, mayBeAbsent: optional || field.defaultValue != nil,
            decodeType: types.reference(decodeType),
            doc: doc)
        // `Nullable<T>?` tells a missing key from `null`: the server's default would blur them.
        if let value = field.serverDefault, !symbols.isNullable(decodeType) {
            lowered.serverDefault = types.value(value.value, for: field.type)
        }
        lowered.decimals = isMadeOfDecimals(field.type, depth: 0)
        lowered.keyRequired = field.keyRequired && optional && field.defaultValue == nil
        return lowered
    }

    /// Whether values of the type are decimals, or optionals, arrays or string-keyed maps of them.
    private func isMadeOfDecimals(_ type: TypeExpr, depth: Int) -> Bool {
        guard depth < 8 else { return false }
        switch types.symbols.resolvingAliases(type) {
        case .named(let name, _, _): return name == BuiltinType.decimal.rawValue
        case .optional(let inner), .array(let inner), .dictionary(let inner): return isMadeOfDecimals(inner, depth: depth + 1)
        }
    }

    /// `doc` ending with a deprecation warning, after a blank line: where the attribute would make
    /// the declarations that use it warn.
    private static func warningDeprecated(_ doc: [String]) -> [String] {
        doc + (doc.isEmpty ? [] : [""]) + ["- Warning: Deprecated."]
    }
}
