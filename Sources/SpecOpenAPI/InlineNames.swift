import SpecCore

extension OpenAPIContext {
    /// Settles the names of the inline models, once every model is made, and renames every use.
    ///
    /// A component schema keeps its name. An inline model is named by its schema's `title` when no
    /// other inline type has that title and no other model that name; else after the place it is
    /// used at, the shortest of its places' names (the first in Unicode order among equals), each
    /// place named from the settled name of the model it is part of. When those are taken, a
    /// place's name with what the type is there (`Value`, `Parameter`, `Response`); else a number. Models are named outermost first, and among models as deep, in the order of their
    /// shapes, never of the document's text: adding, removing or moving an operation or schema
    /// renames only the types used where it is.
    func settleInlineNames(_ models: [ModelDecl], _ endpoints: [EndpointDecl]) -> (models: [ModelDecl], endpoints: [EndpointDecl]) {
        let models = withComponentsForTheirShapes(models)
        var taken = Set(reservedNames)
        for model in models where inlineOrigins[model.name] == nil { taken.insert(model.name) }
        var titleUses: [String: Int] = [:]
        for model in models {
            if let title = titleName(of: model.name) { titleUses[title, default: 0] += 1 }
        }
        var ordering = InlineOrdering(context: self, models: models)
        let inline = models.indices.filter { inlineOrigins[models[$0].name] != nil }
        let keys = inline.map { (position: $0, depth: ordering.depth(of: models[$0].name), hash: ordering.hash(of: models[$0].name)) }
        let order = keys.sorted { ($0.depth, $0.hash, $0.position) < ($1.depth, $1.hash, $1.position) }
        var settled: [String: String] = [:]
        var nextNumbers: [String: Int] = [:]
        var namedByTitle: Set<String> = []
        let finalName = { (name: String) -> String in
            let name = self.sharedAs[name] ?? name
            return settled[name] ?? name
        }
        let isFree = { (candidate: String) in
            !taken.contains(candidate) && !Validator.isReservedTypeName(candidate) && !Validator.shadowsStandardType(candidate) && candidate != self.namespace
        }
        for entry in order {
            let name = models[entry.position].name
            guard let origin = inlineOrigins[name] else { continue }
            let model = models[entry.position]
            // The places that are not a union's variant first (an error body is not named after a
            // variant elsewhere), then the shortest.
            let hints = origin.hints.contains { !$0.isVariant } ? origin.hints.filter { !$0.isVariant } : origin.hints
            // A place that repeats its owner's last words says them once; when that is a name
            // already (the owner's own: `Commit`'s `commit`), it says what the type is there
            // (`CommitDetails`) rather than the words twice (`CommitCommit`).
            let places = hints.flatMap { hint -> [String] in
                guard let collapsed = hint.collapsed(finalName) else { return [normalizedModelName(hint.spelled(finalName))] }
                return [collapsed, collapsed + Self.kindWord(of: model)].map(normalizedModelName)
            }.sorted { ($0.count, $0) < ($1.count, $1) }
            var candidates = places
            if let constant = constantName(of: model, origin: origin) { candidates.insert(constant, at: 0) }
            let title = titleName(of: name).flatMap { titleUses[$0] == 1 ? $0 : nil }
            if let title { candidates.insert(title, at: 0) }
            // A taken place name says what the type is there rather than take a number: a
            // field's `Value` (Stripe's `PaymentIntentPaymentMethodOptionsCardValue`, as the
            // component `…OptionsCard` exists), a shared parameter's `Parameter`.
            let qualified = hints.compactMap { hint in hint.qualifier.map { normalizedModelName(hint.spelled(finalName) + $0) } }
                .sorted { ($0.count, $0) < ($1.count, $1) }
            let free = candidates.first(where: isFree) ?? qualified.first(where: isFree)
            if let free, free == title { namedByTitle.insert(name) }
            let unique = numbered(free ?? places.first ?? name, next: &nextNumbers) { taken.contains($0) }
            taken.insert(unique)
            settled[name] = unique
        }
        // A union used at several places, of named types, is named by them (Stripe's `created`
        // filter of 42 list operations is `RangeQuerySpecsOrInt`, not one operation's
        // `GetFilesCreated`): deepest first, so its variants' names are final.
        for entry in order.reversed() {
            let name = models[entry.position].name
            guard let origin = inlineOrigins[name], !namedByTitle.contains(name),
                  origin.hints.filter({ !$0.isVariant }).count > 1,
                  let candidate = variantsName(of: models[entry.position], named: { variant in
                      self.inlineOrigins[variant] == nil || namedByTitle.contains(variant) ? finalName(variant) : nil
                  }), isFree(candidate) else { continue }
            taken.insert(candidate)
            settled[name] = candidate
        }
        takenNames = taken
        self.nextNumbers = [:]
        let renamed = models.map { model -> ModelDecl in
            var renamed = model.renamingTypes(finalName)
            renamed.name = finalName(model.name)
            if namedByTitle.contains(model.name), model.description == inlineOrigins[model.name]?.title {
                renamed.description = nil
            }
            return renamed
        }
        return (renamed, endpoints.map { $0.renamingTypes(finalName) })
    }

    /// The name of an enum of one value from the value and its place's last words (`type: [message]`
    /// -> `MessageType`), the same wherever the value is written; nil for another model, or one
    /// met only where no property names it.
    private func constantName(of model: ModelDecl, origin: InlineOrigin) -> String? {
        guard case .enumeration(let decl) = model.kind, decl.cases.count == 1, !decl.cases[0].wireValue.isEmpty else { return nil }
        let value = SwiftNames.model(decl.cases[0].wireValue)
        guard Naming.isIdentifier(value), value.first?.isLetter == true, value.utf8.count <= 40 else { return nil }
        let names = origin.hints.compactMap { hint in hint.lastProperty.map { normalizedModelName(value + $0) } }
        return names.min { ($0.count, $0) < ($1.count, $1) }
    }

    /// The word that says what a model is at a place whose name is taken: an object's
    /// `Details`, an enum's `Kind`, another model's `Value`.
    private static func kindWord(of model: ModelDecl) -> String {
        switch model.kind {
        case .object: "Details"
        case .enumeration: "Kind"
        default: "Value"
        }
    }

    /// `AOrB` (`RangeQuerySpecsOrInt`, `StringOrInt`) for an untagged union of two or three variants that are
    /// each a built-in type of no arguments or a model `named` names (a component, or a type named
    /// by its title: a name of the document's); nil for another model.
    private func variantsName(of model: ModelDecl, named: (String) -> String?) -> String? {
        guard case .union(let decl) = model.kind, decl.discriminator == nil, !decl.matchesEvery, !decl.byEventName,
              (2...3).contains(decl.variants.count) else { return nil }
        var names: [String] = []
        for variant in decl.variants {
            guard case .named(let name, let arguments, _) = variant.type, arguments.isEmpty,
                  let spelled = BuiltinType(rawValue: name)?.swiftName ?? named(name) else { return nil }
            names.append(spelled)
        }
        let joined = names.joined(separator: "Or")
        guard Set(names).count == names.count, joined.utf8.count <= 48 else { return nil }
        return joined
    }

    /// The models without the inline ones that are a component schema's shape: an untitled inline
    /// enum, or object of no inline parts, with the very shape of a component is that component
    /// (OpenAI's `order: [asc, desc]` parameter of 32 operations is its `OrderEnum`). Of several
    /// such components, the first by name.
    private func withComponentsForTheirShapes(_ models: [ModelDecl]) -> [ModelDecl] {
        func isLeaf(_ model: ModelDecl) -> Bool {
            model.typesReferred.allSatisfy { $0.mentionedNames.allSatisfy { inlineOrigins[$0] == nil } }
        }
        var components: [String: String] = [:]
        for model in models where inlineOrigins[model.name] == nil && namedSchemaNames.contains(model.name) && isLeaf(model) {
            let key = shapeKey(of: model) { $0 }
            if components[key].map({ model.name < $0 }) ?? true { components[key] = model.name }
        }
        guard !components.isEmpty else { return models }
        return models.filter { model in
            guard let origin = inlineOrigins[model.name], origin.title == nil, isLeaf(model),
                  let component = components[shapeKey(of: model) { $0 }] else { return true }
            sharedAs[model.name] = component
            inlineOrigins[model.name] = nil
            return false
        }
    }

    /// The type name an inline model's title gives, when it makes one.
    private func titleName(of name: String) -> String? {
        guard let title = inlineOrigins[name]?.title, title.utf8.count <= 64 else { return nil }
        let spelled = SwiftNames.model(title)
        guard Naming.isIdentifier(spelled), spelled.first?.isLetter == true else { return nil }
        return normalizedModelName(title)
    }
}

extension ModelDecl {
    /// The types the model refers to, the type of its members beyond its fields included.
    var typesReferred: [TypeExpr] {
        referencedTypes + (additionalProperties.map { [$0] } ?? [])
    }
}

/// The order inline models are named in: by depth (a model after the models its places name),
/// then by a hash of its shape, so that the order never depends on the document's.
struct InlineOrdering {
    let context: OpenAPIContext
    /// The models by name (a lookup only).
    private let byName: [String: ModelDecl]
    private var depths: [String: Int] = [:]
    private var hashes: [String: UInt64] = [:]
    /// The models being measured, to stop at a loop.
    private var visiting: Set<String> = []

    init(context: OpenAPIContext, models: [ModelDecl]) {
        self.context = context
        var byName: [String: ModelDecl] = [:]
        for model in models where byName[model.name] == nil { byName[model.name] = model }
        self.byName = byName
    }

    /// 0 for a model the document names; else one more than the deepest model its places name.
    mutating func depth(of name: String) -> Int {
        let name = context.sharedAs[name] ?? name
        if let known = depths[name] { return known }
        guard let origin = context.inlineOrigins[name], !visiting.contains(name) else { return 0 }
        visiting.insert(name)
        var depth = 1
        for hint in origin.hints {
            for owner in hint.models { depth = max(depth, self.depth(of: owner) + 1) }
        }
        visiting.remove(name)
        depths[name] = depth
        return depth
    }

    /// A hash of the model's shape, the shapes of the inline models it refers to in place of
    /// their names (FNV-1a, the same in every process).
    mutating func hash(of name: String) -> UInt64 {
        let name = context.sharedAs[name] ?? name
        if let known = hashes[name] { return known }
        guard let model = byName[name], context.inlineOrigins[name] != nil, !visiting.contains(name) else { return Self.fnv(name) }
        visiting.insert(name)
        var referenced: [String: String] = [:]
        for type in model.typesReferred {
            for inner in type.mentionedNames where referenced[inner] == nil {
                referenced[inner] = context.inlineOrigins[context.sharedAs[inner] ?? inner] != nil ? "#\(hash(of: inner))" : inner
            }
        }
        visiting.remove(name)
        let hash = Self.fnv(context.shapeKey(of: model) { referenced[$0] ?? $0 })
        hashes[name] = hash
        return hash
    }

    /// FNV-1a of the text's UTF-8.
    static func fnv(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
