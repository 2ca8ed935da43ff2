import SpecCore
import SpecDiagnostics

extension OpenAPIContext {
    /// Lowers the whole document: header, every named schema, every operation, then the fix-ups
    /// that need every model (tagged-union variants, enum defaults, parameter types).
    func lower() -> Spec {
        let top = root.location
        let info = root["info"]
        namespace = Self.namespace(info?.string("title"))
        let auth = root["security"].flatMap(auth) ?? AuthScheme.none
        var spec = Spec(
            file: root.file, name: namespace, nameLocation: info?["title"]?.location ?? top, description: info.flatMap(description(of:)),
            baseURL: baseURL(), defaultHeaders: [], dates: .iso8601, auth: auth, error: nil, access: .public, models: [], endpoints: [],
            files: [root.file])
        // Large documents are the norm: models get only the half of Codable they need, and no Hashable.
        spec.conformances = .lean
        for (name, _, _) in root["components"]?["schemas"]?.pairs ?? [] {
            if let target = resolve("#/components/schemas/" + Self.encodePointerSegment(name), at: top, in: root.file) {
                _ = modelName(for: target)
            }
        }
        makePendingModels()
        var endpoints = self.endpoints(auth: auth)
        makePendingModels()
        for key in ["webhooks"] {
            if let location = root.keyLocation(key) { unsupported(key, "'\(key)' are not supported; they are left out", at: location) }
        }
        spec.models = models
        spec.endpoints = endpoints.map(EndpointItem.endpoint)
        let symbols = SymbolTable(spec)
        spec.models = fixTaggedUnions(spec.models, symbols: symbols)
        spec.models = fixEnumDefaults(spec.models, symbols: SymbolTable(spec))
        spec.models = spec.models.map { withoutDoubleOptionals($0, symbols: symbols) }
        endpoints = endpoints.map { withoutDoubleOptionals($0, symbols: symbols) }
        spec.endpoints = fixParameters(endpoints, symbols: SymbolTable(spec)).map(EndpointItem.endpoint)
        summarizeCappedWarnings()
        return spec
    }

    /// Makes the models of named schemas met so far (making them may meet more).
    private func makePendingModels() {
        while !pendingSchemas.isEmpty {
            let (name, node) = pendingSchemas.removeFirst()
            addModel(name, schema: node, at: node.location)
        }
    }

    /// The namespace from `info.title`: `Swagger Petstore` -> `SwaggerPetstore`; `API` when unusable.
    static func namespace(_ title: String?) -> String {
        let name = SwiftNames.model(title ?? "")
        guard Naming.isIdentifier(name), name.first?.isUppercase == true, !Validator.isReservedTypeName(name) else { return "API" }
        return name
    }

    /// `servers[0].url` with its variables' defaults, when it is an absolute http(s) URL.
    private func baseURL() -> String? {
        guard let server = root["servers"]?.items.first, var url = server.string("url") else { return nil }
        for (name, _, variable) in server["variables"]?.pairs ?? [] {
            url = url.replacingOccurrences(of: "{\(name)}", with: variable.string("default") ?? "")
        }
        while url.hasSuffix("/") { url.removeLast() }
        guard SpecLoader.isAbsoluteURL(url) else {
            let location = server["url"]?.location ?? server.location
            unsupported("server URL", "server URL '\(url)' is not an absolute http(s) URL; give the client a base URL when you create it", at: location)
            return nil
        }
        return url
    }

    /// `~` and `/` escaped for a JSON pointer.
    static func encodePointerSegment(_ segment: String) -> String {
        segment.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// A tagged union's variants must be object models, which do not declare the tag themselves
    /// (the union reads and writes it): the tag field is removed from them. A union with another
    /// variant is decoded untagged.
    private func fixTaggedUnions(_ models: [ModelDecl], symbols: SymbolTable) -> [ModelDecl] {
        var models = models
        var index: [String: Int] = [:]
        for (position, model) in models.enumerated() { index[model.name] = position }
        for position in models.indices {
            guard case .union(var decl) = models[position].kind, let discriminator = decl.discriminator else { continue }
            let variantModels = decl.variants.map { variant -> Int? in
                guard case .named(let name, _, _) = symbols.resolvingAliases(variant.type), let target = index[name],
                      case .object = models[target].kind else { return nil }
                return target
            }
            guard variantModels.allSatisfy({ $0 != nil }) else {
                unsupported("discriminated union", "a variant of union '\(models[position].name)' is not an object; the union is decoded untagged", at: models[position].location)
                decl.discriminator = nil
                models[position].kind = .union(decl)
                continue
            }
            for target in variantModels.compactMap({ $0 }) {
                guard case .object(let fields) = models[target].kind else { continue }
                models[target].kind = .object(fields.filter { $0.wireName != discriminator })
            }
        }
        return models
    }

    /// `X?` where `X` is an alias of an optional type (a nullable named schema) is just `X`.
    private func withoutDoubleOptionals(_ type: TypeExpr, symbols: SymbolTable) -> TypeExpr {
        switch type {
        case .optional(let wrapped):
            let inner = withoutDoubleOptionals(wrapped, symbols: symbols)
            return symbols.isOptional(inner) ? inner : .optional(inner)
        case .array(let element): return .array(withoutDoubleOptionals(element, symbols: symbols))
        case .dictionary(let value): return .dictionary(withoutDoubleOptionals(value, symbols: symbols))
        case .named: return type
        }
    }

    private func withoutDoubleOptionals(_ fields: [FieldDecl], symbols: SymbolTable) -> [FieldDecl] {
        fields.map { field in
            var field = field
            field.type = withoutDoubleOptionals(field.type, symbols: symbols)
            return field
        }
    }

    private func withoutDoubleOptionals(_ model: ModelDecl, symbols: SymbolTable) -> ModelDecl {
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

    private func withoutDoubleOptionals(_ endpoint: EndpointDecl, symbols: SymbolTable) -> EndpointDecl {
        var endpoint = endpoint
        endpoint.pathParameters = withoutDoubleOptionals(endpoint.pathParameters, symbols: symbols)
        endpoint.query = withoutDoubleOptionals(endpoint.query, symbols: symbols)
        endpoint.headers = withoutDoubleOptionals(endpoint.headers, symbols: symbols)
        if case .fields(let fields, let location) = endpoint.body {
            endpoint.body = .fields(withoutDoubleOptionals(fields, symbols: symbols), at: location)
        }
        return endpoint
    }

    /// Drops enum defaults that are not a value of their enum.
    private func fixEnumDefaults(_ models: [ModelDecl], symbols: SymbolTable) -> [ModelDecl] {
        models.map { model in
            guard case .object(let fields) = model.kind else { return model }
            var model = model
            model.kind = .object(fields.map { checkedDefault($0, symbols: symbols) })
            return model
        }
    }

    /// The field without its default when the default is a word that is not a value of the field's enum.
    private func checkedDefault(_ field: FieldDecl, symbols: SymbolTable) -> FieldDecl {
        guard let value = field.defaultValue, case .word(let word) = value.value else { return field }
        var field = field
        if let decl = symbols.enumeration(field.type), decl.cases.contains(where: { $0.wireValue == word }) { return field }
        field.defaultValue = nil
        if !symbols.isOptional(field.type) { field.type = .optional(field.type) }
        return field
    }

    /// Parameters and form fields must be text values: others are left out with a warning (a path
    /// parameter becomes a String). Factory arguments get distinct Swift names.
    private func fixParameters(_ endpoints: [EndpointDecl], symbols: SymbolTable) -> [EndpointDecl] {
        endpoints.map { endpoint in
            var endpoint = endpoint
            endpoint.pathParameters = endpoint.pathParameters.filter { endpoint.path.contains("{\($0.wireName)}") }.map { parameter in
                var parameter = parameter
                parameter.defaultValue = nil
                if !symbols.isParameterValue(parameter.type, allowArrays: false) || symbols.isOptional(parameter.type) {
                    parameter.type = .named("String", arguments: [], at: parameter.type.location)
                }
                return parameter
            }
            endpoint.query = textValues(endpoint.query, arrays: true, symbols: symbols, what: "query parameter")
            endpoint.headers = textValues(endpoint.headers, arrays: false, symbols: symbols, what: "header parameter")
            if case .fields(let fields, let location) = endpoint.body {
                endpoint.body = .fields(bodyFields(fields, encoding: endpoint.encoding, symbols: symbols), at: location)
            }
            if (endpoint.method == .get || endpoint.method == .head), let location = endpoint.bodyLocation {
                unsupported("body of a GET", "a \(endpoint.method.rawValue) request cannot have a body; the request body of '\(endpoint.name)' is left out", at: location)
                endpoint.body = nil
                endpoint.bodyLocation = nil
                endpoint.encoding = .json
            }
            return withDistinctArguments(endpoint)
        }
    }

    private func textValues(_ fields: [FieldDecl], arrays: Bool, symbols: SymbolTable, what: String) -> [FieldDecl] {
        fields.filter { field in
            if symbols.isParameterValue(field.type, allowArrays: arrays) { return true }
            unsupported("\(what) type", "\(what) '\(field.wireName)' has a type that cannot be sent as text (\(field.type)); it is left out", at: field.location)
            return false
        }
    }

    private func bodyFields(_ fields: [FieldDecl], encoding: BodyEncoding, symbols: SymbolTable) -> [FieldDecl] {
        guard encoding == .form || encoding == .multipart else { return fields }
        return fields.filter { field in
            if symbols.isParameterValue(field.type, allowArrays: true) { return true }
            if encoding == .multipart, symbols.binaryType(field.type) != nil { return true }
            unsupported("\(encoding.rawValue) field type", "\(encoding.rawValue) field '\(field.wireName)' has a type that a \(encoding.rawValue) body cannot hold (\(field.type)); it is left out", at: field.location)
            return false
        }
    }

    /// Path parameters, body fields, query and header parameters are all arguments of the factory:
    /// a name used twice gets a Swift name of its own.
    private func withDistinctArguments(_ endpoint: EndpointDecl) -> EndpointDecl {
        var endpoint = endpoint
        var bodyFields: [FieldDecl] = []
        var bodyLocation: SourceLocation?
        if case .fields(let fields, let location) = endpoint.body {
            bodyFields = fields
            bodyLocation = location
        }
        var reserved: [String] = []
        if case .type = endpoint.body { reserved.append("body") }
        let all = endpoint.pathParameters + bodyFields + endpoint.query + endpoint.headers
        let named = Self.namingMembers(all, reserved: reserved)
        var rest = named[...]
        endpoint.pathParameters = Array(rest.prefix(endpoint.pathParameters.count)); rest = rest.dropFirst(endpoint.pathParameters.count)
        let newBody = Array(rest.prefix(bodyFields.count)); rest = rest.dropFirst(bodyFields.count)
        endpoint.query = Array(rest.prefix(endpoint.query.count)); rest = rest.dropFirst(endpoint.query.count)
        endpoint.headers = Array(rest)
        if let bodyLocation { endpoint.body = .fields(newBody, at: bodyLocation) }
        return endpoint
    }
}
