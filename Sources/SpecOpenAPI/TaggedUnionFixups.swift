import SpecCore
import SpecDiagnostics

extension OpenAPIContext {
    /// Makes each tagged union's variants what the union needs (the spec format's rules):
    /// - a variant keyed by its tag is an object model without the tag property, which the union
    ///   reads and writes: the property is removed from a model only such variants use; a model
    ///   also used elsewhere keeps it, and the union holds a copy without it, named after the
    ///   union and the case;
    /// - a variant keyed by a case name keeps its property, as an enum of the values that select
    ///   it (a `const` or a plain string becomes an enum of those values);
    /// - a variant may be a union tagged by the same property.
    ///
    /// A union with a variant that is none of these is decoded untagged, with a warning.
    func fixTaggedUnions(_ models: [ModelDecl], endpoints: [EndpointDecl], symbols: SymbolTable) -> [ModelDecl] {
        var models = models
        var index: [String: Int] = [:]
        for (position, model) in models.enumerated() { index[model.name] = position }
        var keepsTag = Set<String>()
        for model in models {
            guard case .union(let decl) = model.kind, decl.discriminator != nil else { continue }
            for variant in decl.variants where selectingValues[model.name + "\u{0}" + variant.tag] != nil {
                if case .named(let name, _, _) = symbols.resolvingAliases(variant.type) { keepsTag.insert(name) }
            }
        }
        let usedElsewhere = Self.namesUsedOutsideTaggedVariants(models, endpoints).union(keepsTag)
        for position in models.indices {
            guard case .union(var decl) = models[position].kind, let discriminator = decl.discriminator else { continue }
            let unionName = models[position].name
            let targets = decl.variants.map { variant -> Int? in
                guard case .named(let name, _, _) = symbols.resolvingAliases(variant.type), let target = index[name] else { return nil }
                switch models[target].kind {
                case .object: return target
                case .union(let inner) where inner.discriminator == discriminator: return target
                default: return nil
                }
            }
            guard targets.allSatisfy({ $0 != nil }) else {
                unsupported("discriminated union", "a variant of union '\(unionName)' is neither an object nor a union tagged by '\(discriminator)'; the union is decoded untagged", at: models[position].location)
                decl.discriminator = nil
                models[position].kind = .union(decl)
                continue
            }
            for (variantIndex, target) in targets.compactMap({ $0 }).enumerated() {
                guard case .object(let fields) = models[target].kind,
                      let fieldIndex = fields.firstIndex(where: { $0.wireName == discriminator }) else { continue }
                let variant = decl.variants[variantIndex]
                if let values = selectingValues[unionName + "\u{0}" + variant.tag] {
                    // Keyed by a case name: the property says which values select the variant; with
                    // several, it must be there (the union does not write it).
                    var fields = fields
                    if values.count > 1, symbols.isOptional(fields[fieldIndex].type) {
                        fields[fieldIndex].type = symbols.resolvedNonOptional(fields[fieldIndex].type)
                        models[target].kind = .object(fields)
                    }
                    guard symbols.enumeration(fields[fieldIndex].type) == nil else { continue }
                    let enumName = takeName(models[target].name + SwiftNames.model(discriminator))
                    let location = fields[fieldIndex].location
                    models.append(ModelDecl(name: enumName, genericParameters: [], location: location, description: nil, deprecated: false,
                                            kind: .enumeration(enumeration(values, at: location)), file: models[target].file))
                    index[enumName] = models.count - 1
                    let type = TypeExpr.named(enumName, arguments: [], at: location)
                    fields[fieldIndex].type = symbols.isOptional(fields[fieldIndex].type) ? .optional(type) : type
                    // A single value (a `const`) is the field's default: `Everything()` sends `"type": "all"`.
                    fields[fieldIndex].defaultValue = values.count == 1 ? LocatedDefault(value: .word(values[0]), location: location) : nil
                    models[target].kind = .object(fields)
                    continue
                }
                let stripped = ModelDecl.Kind.object(fields.filter { $0.wireName != discriminator })
                // Without its tag field, a closed model would take the tag for a member it does not
                // list: the union reads the tag, and the model is open to it.
                if usedElsewhere.contains(models[target].name) {
                    var copy = models[target]
                    // Named after the union and its case (`BetaInputContentInputText`), not the union
                    // and the model (`BetaInputContentBetaInputTextContent`).
                    let byCase = normalizedModelName(unionName + SwiftNames.model(Naming.lowerCamel(variant.tag)))
                    copy.name = takeName(takenNames.contains(byCase) ? unionName + models[target].name : byCase)
                    copy.kind = stripped
                    copy.closed = false
                    index[copy.name] = models.count
                    models.append(copy)
                    let location = decl.variants[variantIndex].type.location
                    decl.variants[variantIndex].type = .named(copy.name, arguments: [], at: location)
                } else {
                    models[target].kind = stripped
                    models[target].closed = false
                }
            }
            models[position].kind = .union(decl)
        }
        return models
    }
}
