/// Renaming the models a declaration refers to, everywhere it refers to them: what a front end
/// needs once it settles the names of models it made under provisional ones.

extension TypeExpr {
    /// The expression with every name (generic arguments too) passed through `rename`.
    public func renamingTypes(_ rename: (String) -> String) -> TypeExpr {
        switch self {
        case .named(let name, let arguments, let location):
            .named(rename(name), arguments: arguments.map { $0.renamingTypes(rename) }, at: location)
        case .array(let element): .array(element.renamingTypes(rename))
        case .dictionary(let value): .dictionary(value.renamingTypes(rename))
        case .optional(let wrapped): .optional(wrapped.renamingTypes(rename))
        }
    }
}

extension FieldDecl {
    /// The field with its type (and its part headers' types) renamed.
    public func renamingTypes(_ rename: (String) -> String) -> FieldDecl {
        var field = self
        field.type = type.renamingTypes(rename)
        field.partHeaders = partHeaders.map { $0.renamingTypes(rename) }
        return field
    }
}

extension ModelDecl {
    /// The model with the types it refers to renamed (its own name is kept).
    public func renamingTypes(_ rename: (String) -> String) -> ModelDecl {
        var model = self
        switch kind {
        case .object(let fields): model.kind = .object(fields.map { $0.renamingTypes(rename) })
        case .union(var decl):
            decl.variants = decl.variants.map { variant in
                var variant = variant
                variant.type = variant.type.renamingTypes(rename)
                return variant
            }
            model.kind = .union(decl)
        case .alias(let target): model.kind = .alias(target.renamingTypes(rename))
        case .enumeration: break
        }
        model.additionalProperties = additionalProperties?.renamingTypes(rename)
        return model
    }
}

extension EndpointDecl {
    /// The endpoint with every type it sends and reads renamed.
    public func renamingTypes(_ rename: (String) -> String) -> EndpointDecl {
        var endpoint = self
        endpoint.pathParameters = pathParameters.map { $0.renamingTypes(rename) }
        endpoint.query = query.map { $0.renamingTypes(rename) }
        endpoint.headers = headers.map { $0.renamingTypes(rename) }
        endpoint.cookies = cookies.map { $0.renamingTypes(rename) }
        switch body {
        case .fields(let fields, let location)?: endpoint.body = .fields(fields.map { $0.renamingTypes(rename) }, at: location)
        case .type(let type)?: endpoint.body = .type(type.renamingTypes(rename))
        case nil: break
        }
        endpoint.bodies = bodies.map { body in
            var body = body
            body.type = body.type.renamingTypes(rename)
            return body
        }
        endpoint.response = response?.renamingTypes(rename)
        endpoint.outcomes = outcomes.map { outcome in
            var outcome = outcome
            outcome.type = outcome.type.renamingTypes(rename)
            return outcome
        }
        endpoint.responseHeaders = responseHeaders.map { $0.renamingTypes(rename) }
        endpoint.errors = errors.map { error in
            var error = error
            error.type = error.type.renamingTypes(rename)
            return error
        }
        return endpoint
    }
}
