import SpecCore

/// Models: objects (short form when it says everything), string enums, unions, aliases and generics.
enum ModelWriting {
    /// Keys that make a mapping under `models:` something other than a short-form object: a field
    /// with one of these names needs the long form, where every key under `fields:` is a field.
    static let shapeKeys: Set<String> = ["fields", "enum", "oneOf", "anyOf", "events", "alias"]

    /// Every model, a blank line between two; `names` gives enum cases the Swift names lowering gives them.
    static func entries(_ models: [ModelDecl], names: NameTable) -> [YAMLEntry] {
        models.enumerated().map { index, model in
            YAMLEntry(key(model), value(model, caseNames: names.model(named: model.name)?.cases ?? []), blankLineBefore: index > 0)
        }
    }

    /// `Name`, or `Name<A, B>` for a generic model.
    static func key(_ model: ModelDecl) -> String {
        model.genericParameters.isEmpty ? model.name : "\(model.name)<\(model.genericParameters.joined(separator: ", "))>"
    }

    /// The model's value: a type expression for an alias, a mapping for the other kinds.
    static func value(_ model: ModelDecl, caseNames: [String]) -> YAMLBlock {
        switch model.kind {
        case .alias(let type):
            // The long form when it has a doc comment or is deprecated.
            guard model.description != nil || model.deprecated else { return .scalar(type.description) }
            return .mapping(documentation(model) + [YAMLEntry("alias", .scalar(type.description))])
        case .object(let fields):
            let documented = model.description != nil || model.deprecated || model.errorMessage != nil || model.additionalProperties != nil || model.closed
            if !documented, !fields.contains(where: { shapeKeys.contains($0.wireName) }) {
                return .mapping(FieldWriting.entries(fields))
            }
            var entries = documentation(model)
            if let message = model.errorMessage { entries.append(YAMLEntry("errorMessage", .scalar(message))) }
            if let additional = model.additionalProperties { entries.append(YAMLEntry("additionalProperties", .scalar(additional.description))) }
            if model.closed { entries.append(YAMLEntry("additionalProperties", .inline("false"))) }
            return .mapping(entries + [YAMLEntry("fields", .mapping(FieldWriting.entries(fields)))])
        case .enumeration(let decl):
            var entries = documentation(model) + [YAMLEntry("enum", cases(decl, names: caseNames))]
            if decl.frozen { entries.append(YAMLEntry("frozen", .inline("true"))) }
            return .mapping(entries)
        case .union(let decl):
            var entries = documentation(model)
            entries.append(YAMLEntry(decl.byEventName ? "events" : decl.matchesEvery ? "anyOf" : "oneOf", .mapping(decl.variants.map { YAMLEntry($0.tag, .scalar($0.type.description)) })))
            // A union without a discriminator is untagged (once the model says so with nil).
            let discriminator: String? = decl.discriminator
            if let discriminator { entries.append(YAMLEntry("discriminator", .scalar(discriminator))) }
            if let tag = decl.defaultTag { entries.append(YAMLEntry("default", .scalar(tag))) }
            return .mapping(entries)
        }
    }

    /// `description` and `deprecated`, when the model has them.
    private static func documentation(_ model: ModelDecl) -> [YAMLEntry] {
        var entries: [YAMLEntry] = []
        if let description = model.description { entries.append(YAMLEntry("description", .text(description))) }
        if model.deprecated { entries.append(YAMLEntry("deprecated", .inline("true"))) }
        return entries
    }

    /// The cases: a list of wire values when no case has a chosen Swift name, else a mapping of
    /// Swift names to wire values (the format has no mixed form: a case without a chosen name gets
    /// its derived name written out, and `SpecWriter.problems` says so).
    static func cases(_ decl: EnumDecl, names: [String]) -> YAMLBlock {
        if decl.cases.allSatisfy({ $0.swiftName == nil }) {
            return .list(decl.cases.map { YAMLScalar.render($0.wireValue) })
        }
        return .compactMapping(zip(decl.cases, names).map { YAMLEntry($1, .scalar($0.wireValue)) })
    }
}
