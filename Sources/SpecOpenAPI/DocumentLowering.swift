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
            files: [])
        // Large documents are the norm: models get only the half of Codable they need, and no Hashable.
        spec.conformances = .lean
        spec.stubService = false
        reserve(SwiftNames.serviceProtocol(namespace))
        reserve(SwiftNames.liveService(namespace))
        reserve(SwiftNames.stubService(namespace))
        reserve(SwiftNames.operations(namespace))
        var operations = plannedOperations()
        if let selects { operations = operations.filter { selects($0.name, $0.method, $0.path) } }
        for operation in operations { reserve(SwiftNames.errorEnum(operation.name)) }
        for (name, _, _) in selects == nil ? root["components"]?["schemas"]?.pairs ?? [] : [] {
            if let target = resolve("#/components/schemas/" + Self.encodePointerSegment(name), at: top, in: root.file) {
                _ = modelName(for: target)
            }
        }
        makePendingModels()
        var endpoints = self.endpoints(operations, auth: auth)
        makePendingModels()
        if let location = root.keyLocation("webhooks") {
            unsupported("webhooks", "'webhooks' are not supported; they are left out", at: location)
        }
        spec.models = models
        spec.endpoints = endpoints.map(EndpointItem.endpoint)
        spec.models = fixTaggedUnions(spec.models, endpoints: endpoints, symbols: SymbolTable(spec))
        spec.models = withoutVariantsLeadingBack(spec)
        // Every model is made now (the unions' variant copies too): one table serves the fix-ups
        // that follow, which change fields and defaults but add or rename no model.
        let symbols = SymbolTable(spec)
        spec.models = fixEnumDefaults(spec.models, symbols: symbols)
        spec.models = spec.models.map { withoutDoubleOptionals($0, symbols: symbols) }
        endpoints = endpoints.map { withoutDoubleOptionals($0, symbols: symbols) }
        spec.endpoints = Self.grouped(fixParameters(endpoints, symbols: symbols), operations)
        spec.models = withoutUnusedInlineModels(spec, symbols: symbols)
        spec.models = withErrorMessages(spec, symbols: symbols)
        spec.files = files
        summarizeCappedWarnings()
        return spec
    }

    /// Makes the models of named schemas met so far (making them may meet more).
    private func makePendingModels() {
        var next = 0
        while next < pendingSchemas.count {
            let (name, node) = pendingSchemas[next]
            next += 1
            addModel(name, schema: node, at: node.location)
        }
        pendingSchemas.removeAll()
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

    /// The endpoints in document order; with `groupByTag`, each in its tag's group, a group
    /// standing where its first endpoint does.
    static func grouped(_ endpoints: [EndpointDecl], _ operations: [PlannedOperation]) -> [EndpointItem] {
        var items: [EndpointItem] = []
        var groupIndex: [String: Int] = [:]
        for (endpoint, operation) in zip(endpoints, operations) {
            guard let group = operation.group else {
                items.append(.endpoint(endpoint))
                continue
            }
            if let index = groupIndex[group.name], case .group(var decl) = items[index] {
                decl.items.append(.endpoint(endpoint))
                items[index] = .group(decl)
            } else {
                groupIndex[group.name] = items.count
                items.append(.group(GroupDecl(name: group.name, location: group.location, items: [.endpoint(endpoint)], file: endpoint.file)))
            }
        }
        return items
    }

}
