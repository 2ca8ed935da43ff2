/// How the tag of a tagged union selects one of its variants, and who writes the tag.
public enum VariantTagging: Sendable, Equatable {
    /// The variant's model has no tag field: its key under `oneOf` is its tag, and the union
    /// reads and writes it.
    case byKey
    /// The variant's model declares the tag field as a string enum: the enum's values select it
    /// and the model writes its own tag (OpenAI's `ComparisonFilter`, tagged `eq`, `ne`, `gt`...).
    case byField(values: [String])
    /// The variant is a union tagged by the same property: its tags select it, and it writes its own.
    case byUnion(values: [String])
    /// The variant cannot be told apart by the tag: a field that is not an enum, a model that is
    /// neither an object nor a union tagged the same way. The payload says what it is.
    case unselectable(String)

    /// The tag values that select the variant, its key for a `byKey` variant.
    public func values(key: String) -> [String] {
        switch self {
        case .byKey: [key]
        case .byField(let values), .byUnion(let values): values
        case .unselectable: []
        }
    }
}

extension SymbolTable {
    /// How the tag `discriminator` selects `variant`.
    public func tagging(of variant: UnionDecl.Variant, discriminator: String) -> VariantTagging {
        var visiting: [String] = []
        return tagging(of: variant.type, discriminator: discriminator, visiting: &visiting)
    }

    private func tagging(of type: TypeExpr, discriminator: String, visiting: inout [String]) -> VariantTagging {
        guard case .named(let name, _, _) = resolvingAliases(type), let target = model(named: name) else {
            return .unselectable("'\(type)', which is not a model")
        }
        switch target.kind {
        case .object(let fields):
            guard let field = fields.first(where: { $0.wireName == discriminator }) else { return .byKey }
            guard let values = enumeration(field.type)?.cases.map(\.wireValue), !values.isEmpty else {
                return .unselectable("model '\(name)', whose field '\(discriminator)' is not a string enum")
            }
            return .byField(values: values)
        case .union(let inner) where inner.discriminator == discriminator:
            guard !visiting.contains(name) else { return .unselectable("union '\(name)', which contains itself") }
            visiting.append(name)
            defer { visiting.removeLast() }
            var values: [String] = []
            for variant in inner.variants {
                let tagging = tagging(of: variant.type, discriminator: discriminator, visiting: &visiting)
                if case .unselectable = tagging { return tagging }
                for value in tagging.values(key: variant.tag) where !values.contains(value) { values.append(value) }
            }
            return .byUnion(values: values)
        case .union:
            return .unselectable("union '\(name)', which is not tagged by '\(discriminator)'")
        case .enumeration, .alias:
            return .unselectable("'\(name)', which is not an object model")
        }
    }
}
