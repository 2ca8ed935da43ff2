import SpecCore
import SpecDiagnostics

/// Fix-ups that need every model made: recursive variants, defaults, optionals, unused models.
extension OpenAPIContext {
    /// Leaves out the variants of untagged unions that are the union again (`anyOf: [$ref: itself,
    /// string]`): they add no value the others do not, and decoding would try the union without end.
    /// Unions are visited in order, so of a cycle through two unions only the first loses a variant.
    func withoutVariantsLeadingBack(_ spec: Spec) -> [ModelDecl] {
        var spec = spec
        var symbols = SymbolTable(spec)
        for position in spec.models.indices {
            guard case .union(var decl) = spec.models[position].kind else { continue }
            let name = spec.models[position].name
            let leadingBack = symbols.variantsLeadingBack(to: name)
            guard !leadingBack.isEmpty else { continue }
            for index in leadingBack {
                unsupported("recursive variant", "a variant of '\(name)' is '\(name)' again, which allows no value its other variants do not allow; it gets no case (decoding it would never end)",
                            at: decl.variants[index].type.location)
            }
            decl.variants = decl.variants.indices.filter { !leadingBack.contains($0) }.map { decl.variants[$0] }
            spec.models[position].kind = .union(decl)
            symbols = SymbolTable(spec)
        }
        return spec.models
    }

    /// Models named anywhere but as a variant of a tagged union.
    static func namesUsedOutsideTaggedVariants(_ models: [ModelDecl], _ endpoints: [EndpointDecl]) -> Set<String> {
        var types: [TypeExpr] = []
        for model in models {
            switch model.kind {
            case .object(let fields): types += fields.map(\.type)
            case .alias(let target): types.append(target)
            case .union(let decl) where decl.discriminator == nil: types += decl.variants.map(\.type)
            case .union, .enumeration: break
            }
        }
        for endpoint in endpoints { types += endpoint.requestTypes + endpoint.responseTypes }
        return Set(types.flatMap(\.mentionedNames))
    }

    /// Drops inline models nothing uses any more (the type of a parameter that was left out, the
    /// enum of a tag property removed from a variant). Named schemas all stay.
    func withoutUnusedInlineModels(_ spec: Spec, symbols: SymbolTable) -> [ModelDecl] {
        let named = Set(namedSchemas.values)
        var pending: [TypeExpr] = spec.models.filter { named.contains($0.name) }.map { .named($0.name, arguments: [], at: $0.location) }
        for entry in spec.flattenedEndpoints { pending += entry.endpoint.requestTypes + entry.endpoint.responseTypes }
        let used = symbols.modelsReachable(from: pending)
        return spec.models.filter { used.contains($0.name) }
    }

    /// `X?` where `X` is an alias of an optional type (a nullable named schema) is just `X`.
    func withoutDoubleOptionals(_ type: TypeExpr, symbols: SymbolTable) -> TypeExpr {
        switch type {
        case .optional(let wrapped):
            let inner = withoutDoubleOptionals(wrapped, symbols: symbols)
            return symbols.isOptional(inner) ? inner : .optional(inner)
        case .array(let element): return .array(withoutDoubleOptionals(element, symbols: symbols))
        case .dictionary(let value): return .dictionary(withoutDoubleOptionals(value, symbols: symbols))
        case .named: return type
        }
    }

    func withoutDoubleOptionals(_ fields: [FieldDecl], symbols: SymbolTable) -> [FieldDecl] {
        fields.map { field in
            var field = field
            field.type = withoutDoubleOptionals(field.type, symbols: symbols)
            return field
        }
    }

    func withoutDoubleOptionals(_ model: ModelDecl, symbols: SymbolTable) -> ModelDecl {
        var model = model
        switch model.kind {
        case .object(let fields): model.kind = .object(withoutDoubleOptionals(fields, symbols: symbols))
        case .alias(let target): model.kind = .alias(withoutDoubleOptionals(target, symbols: symbols))
        case .union(var decl):
            decl.variants = decl.variants.map { variant in
                var variant = variant
                variant.type = withoutDoubleOptionals(variant.type, symbols: symbols)
                return variant
            }
            model.kind = .union(decl)
        case .enumeration: break
        }
        return model
    }

    func withoutDoubleOptionals(_ endpoint: EndpointDecl, symbols: SymbolTable) -> EndpointDecl {
        var endpoint = endpoint
        endpoint.pathParameters = withoutDoubleOptionals(endpoint.pathParameters, symbols: symbols)
        endpoint.query = withoutDoubleOptionals(endpoint.query, symbols: symbols)
        endpoint.headers = withoutDoubleOptionals(endpoint.headers, symbols: symbols)
        endpoint.cookies = withoutDoubleOptionals(endpoint.cookies, symbols: symbols)
        if case .fields(let fields, let location) = endpoint.body {
            endpoint.body = .fields(withoutDoubleOptionals(fields, symbols: symbols), at: location)
        }
        return endpoint
    }

    /// Drops enum defaults that are not a value of their enum.
    func fixEnumDefaults(_ models: [ModelDecl], symbols: SymbolTable) -> [ModelDecl] {
        models.map { model in
            guard case .object(let fields) = model.kind else { return model }
            var model = model
            model.kind = .object(fields.map { checkedDefault($0, symbols: symbols) })
            return model
        }
    }

    /// The field without its default (or server's default) when that is a word that is not a value of the field's enum.
    func checkedDefault(_ field: FieldDecl, symbols: SymbolTable) -> FieldDecl {
        var field = field
        if case .word(let word)? = field.serverDefault?.value, !symbols.isValue(word, of: field.type) { field.serverDefault = nil }
        guard let value = field.defaultValue, case .word(let word) = value.value, !symbols.isValue(word, of: field.type) else { return field }
        field.defaultValue = nil
        // Without its default, a field or parameter the document does not require may be left out.
        if !requiredFields.contains(field.location) && !symbols.isOptional(field.type) { field.type = .optional(field.type) }
        return field
    }

    /// Members a request may leave out are sent only when the caller sets them: the default of
    /// such a member of a model requests send, or of an inline request body, is the server's
    /// (documented, not sent; a response without the key still decodes as it). A required member
    /// keeps its default as the argument's.
    func withServerDefaults(_ models: [ModelDecl], endpoints: [EndpointDecl], symbols: SymbolTable) -> ([ModelDecl], [EndpointDecl]) {
        let requested = symbols.modelsReachable(from: endpoints.flatMap(\.requestTypes))
        let models = models.map { model -> ModelDecl in
            guard requested.contains(model.name), case .object(let fields) = model.kind else { return model }
            var model = model
            model.kind = .object(fields.map { leftOutUnlessSet($0, symbols: symbols) })
            return model
        }
        let endpoints = endpoints.map { endpoint -> EndpointDecl in
            guard case .fields(let fields, let location)? = endpoint.body else { return endpoint }
            var endpoint = endpoint
            endpoint.body = .fields(fields.map { leftOutUnlessSet($0, symbols: symbols) }, at: location)
            return endpoint
        }
        return (models, endpoints)
    }

    /// A member the document does not require, with its default moved to the server's.
    private func leftOutUnlessSet(_ field: FieldDecl, symbols: SymbolTable) -> FieldDecl {
        guard let value = field.defaultValue, !requiredFields.contains(field.location) else { return field }
        var field = field
        field.defaultValue = nil
        field.serverDefault = value
        if !symbols.isOptional(field.type) { field.type = .optional(field.type) }
        return field
    }

}

extension OpenAPIContext {
    /// Properties that may be null and need not be there become `Nullable<T>?` in the JSON bodies
    /// of requests and in the models only requests send (absent, `null` and a value are three
    /// different requests); models a response holds keep `T?`, which reads absent and `null` alike.
    func withTriStateFields(_ models: [ModelDecl], endpoints: [EndpointDecl], symbols: SymbolTable) -> ([ModelDecl], [EndpointDecl]) {
        guard !nullableOptionalFields.isEmpty else { return (models, endpoints) }
        let requested = symbols.modelsReachable(from: endpoints.flatMap(\.requestTypes))
        let answered = symbols.modelsReachable(from: endpoints.flatMap(\.responseTypes))
        let models = models.map { model -> ModelDecl in
            guard requested.contains(model.name), !answered.contains(model.name), case .object(let fields) = model.kind else { return model }
            var model = model
            model.kind = .object(fields.map(triState))
            return model
        }
        let bodies = endpoints.map { endpoint -> EndpointDecl in
            guard endpoint.encoding == .json, case .fields(let fields, let location)? = endpoint.body else { return endpoint }
            var endpoint = endpoint
            endpoint.body = .fields(fields.map(triState), at: location)
            return endpoint
        }
        return (models, bodies)
    }

    private func triState(_ field: FieldDecl) -> FieldDecl {
        // A field with a default is sent with it unless the caller says otherwise: it stays `T? = default`.
        guard nullableOptionalFields.contains(field.location), field.defaultValue == nil, case .optional(let wrapped) = field.type else { return field }
        if case .named(BuiltinType.nullable.rawValue, _, _) = wrapped { return field }
        var field = field
        field.type = .optional(.named(BuiltinType.nullable.rawValue, arguments: [wrapped], at: field.type.location))
        return field
    }
}
