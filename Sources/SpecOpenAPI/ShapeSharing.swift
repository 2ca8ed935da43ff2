import SpecCore
import SpecDiagnostics

/// Where an inline model was met, and the title its schema gives it.
struct InlineOrigin {
    /// The name each place it is used at suggests, without repeats, in the order they were met.
    private(set) var hints: [NameHint]
    /// The hints' texts (a lookup only).
    private var texts: Set<String>
    /// The schema's `title` (or Azure's `x-ms-enum` name), which names the type when no other
    /// inline type has it.
    var title: String?

    init(hint: NameHint, title: String?) {
        hints = [hint]
        texts = [hint.text]
        self.title = title
    }

    /// Adds a place, unless it is one already.
    mutating func add(_ hint: NameHint) {
        if texts.insert(hint.text).inserted { hints.append(hint) }
    }
}

extension OpenAPIContext {
    /// A provisional name for an inline model met at `hint`, recorded so the name is settled later
    /// from every place the model is used at.
    func takeInlineName(_ hint: NameHint, title: String?) -> String {
        let name = takeName(hint.text)
        inlineOrigins[name] = InlineOrigin(hint: hint, title: title.flatMap { $0.isEmpty ? nil : $0 })
        return name
    }

    /// Records that the inline model `name` is also used where `hint` says.
    func noteUse(of name: String, at hint: NameHint) {
        let name = sharedAs[name] ?? name
        inlineOrigins[name]?.add(hint)
    }

    /// The model the inline model `name`, just made (the last model), is: an earlier one of the
    /// same shape, which it is dropped for, or itself.
    ///
    /// Two inline models are the same type when a value of one is a value of the other in every
    /// way the generated code sees: the same kind, title, fields (wire names, types, order,
    /// whether each is required, may be null, has a default), enum values, union variants and
    /// tags, and what is done with members beyond the fields. Descriptions are not compared: two
    /// copies of one shape documented differently are still one type (the first one's text is
    /// its doc). A title is: a document that titles two shapes differently names two things.
    func sharingShape(of name: String) -> String {
        // The model is last unless it made new models for its parts, and then it is new itself.
        guard let index = models.lastIndex(where: { $0.name == name }) else { return name }
        let key = shapeKey(of: models[index]) { $0 }
        guard let existing = shapes[key], index == models.count - 1 else {
            if shapes[key] == nil { shapes[key] = name }
            return name
        }
        models.removeLast()
        sharedAs[name] = existing
        for hint in inlineOrigins[name]?.hints ?? [] { noteUse(of: existing, at: hint) }
        inlineOrigins[name] = nil
        return existing
    }

    /// The text two inline models of the same shape share (see `sharingShape`), the names of the
    /// models they refer to passed through `naming`.
    func shapeKey(of model: ModelDecl, naming: (String) -> String) -> String {
        var key = "title:" + (inlineOrigins[model.name]?.title ?? "") + (model.deprecated ? "\u{1}deprecated" : "")
        switch model.kind {
        case .object(let fields):
            key += "\u{1}object"
            for field in fields { key += "\u{1}" + fieldKey(field, naming: naming) }
            key += "\u{1}closed:\(model.closed)\u{1}rest:" + (model.additionalProperties.map { $0.renamingTypes(naming).description } ?? "")
        case .enumeration(let decl):
            key += "\u{1}enum:\(decl.frozen)"
            for enumCase in decl.cases { key += "\u{1}" + enumCase.wireValue + "\u{2}" + (enumCase.swiftName ?? "") }
        case .union(let decl):
            key += "\u{1}union:\(decl.discriminator ?? "")\u{2}\(decl.matchesEvery)\u{2}\(decl.byEventName)\u{2}\(decl.defaultTag ?? "")"
            for variant in decl.variants {
                let type = variant.type.renamingTypes(naming).description
                key += "\u{1}" + variant.tag + "\u{2}" + type
                if let values = selectingValues[model.name + "\u{0}" + variant.tag] {
                    key += "\u{2}selected by " + values.joined(separator: "\u{2}")
                }
            }
        case .alias(let target):
            key += "\u{1}alias:" + target.renamingTypes(naming).description
        }
        return key
    }

    /// The part of a shape's key one field gives.
    private func fieldKey(_ field: FieldDecl, naming: (String) -> String) -> String {
        var key = field.wireName + "\u{2}" + field.type.renamingTypes(naming).description
        key += "\u{2}" + (field.swiftName ?? "") + "\u{2}" + (field.defaultValue.map { "\($0.value)" } ?? "")
        key += "\u{2}" + (field.serverDefault.map { "\($0.value)" } ?? "") + "\u{2}" + (field.style?.rawValue ?? "")
        key += "\u{2}" + (field.contentType ?? "")
        key += "\u{2}\(field.keyRequired)\u{2}\(field.deprecated)\u{2}\(requiredFields.contains(field.location))"
        key += "\u{2}\(nullableOptionalFields.contains(field.location))"
        return key
    }
}
