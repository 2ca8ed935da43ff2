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
        spec.servers = servers()
        // Large documents are the norm: models get only the half of Codable they need, and no Hashable.
        spec.conformances = .lean
        spec.stubService = false
        reserve(SwiftNames.serviceProtocol(namespace))
        reserve(SwiftNames.liveService(namespace))
        reserve(SwiftNames.stubService(namespace))
        reserve(SwiftNames.forwardingService(namespace))
        reserve(SwiftNames.operations(namespace))
        var operations = plannedOperations()
        if let selects {
            // By its name, or by its operationId's (the same but with `groupByTag`, which drops the tag's prefix).
            operations = operations.filter { operation in
                let idName = operation.operation.string("operationId").map(Naming.lowerCamel)
                return selects(operation.name, operation.method, operation.path)
                    || (idName.map { $0 != operation.name && selects($0, operation.method, operation.path) } ?? false)
            }
        }
        for operation in operations {
            reserve(SwiftNames.errorEnum(operation.name))
            reserve(SwiftNames.outcomeEnum(operation.name))
            reserve(SwiftNames.headersStruct(operation.name))
            let severalBodies = maySendSeveralBodies(operation.operation)
            if severalBodies { reserve(SwiftNames.bodyEnum(operation.name)) }
            if let stream = operation.streamName {
                reserve(SwiftNames.errorEnum(stream))
                reserve(SwiftNames.headersStruct(stream))
                if severalBodies { reserve(SwiftNames.bodyEnum(stream)) }
            }
        }
        for (name, _, _) in selects == nil ? root["components"]?["schemas"]?.pairs ?? [] : [] {
            if let target = resolve("#/components/schemas/" + Self.encodePointerSegment(name), at: top, in: root.file) {
                _ = modelName(for: target)
            }
        }
        makePendingModels()
        let lowered = self.endpoints(operations, auth: auth)
        var endpoints = lowered.map(\.endpoint)
        makePendingModels()
        if let location = root.keyLocation("webhooks") {
            unsupported("webhooks", "'webhooks' are not supported; they are left out", at: location)
        }
        (spec.models, endpoints) = settleInlineNames(models, endpoints)
        spec.endpoints = endpoints.map(EndpointItem.endpoint)
        spec.models = fixTaggedUnions(spec.models, endpoints: endpoints, symbols: SymbolTable(spec))
        spec.models = withoutVariantsLeadingBack(spec)
        // Every model is made now (the unions' variant copies too): one table serves the fix-ups
        // that follow, which change fields and defaults but add or rename no model, up to the
        // server's defaults; those change the fields of models, and a second table serves the rest.
        let symbols = SymbolTable(spec)
        spec.models = fixEnumDefaults(spec.models, symbols: symbols)
        spec.models = spec.models.map { withoutDoubleOptionals($0, symbols: symbols) }
        endpoints = endpoints.map { withoutDoubleOptionals($0, symbols: symbols) }
        (spec.models, endpoints) = withServerDefaults(spec.models, endpoints: endpoints, symbols: symbols)
        let fieldSymbols = SymbolTable(spec)
        let fixed: [EndpointDecl]
        (spec.models, fixed) = withTriStateFields(spec.models, endpoints: fixParameters(endpoints, symbols: fieldSymbols), symbols: fieldSymbols)
        spec.endpoints = Self.grouped(fixed, lowered.map(\.operation))
        spec.models = withoutUnusedInlineModels(spec, symbols: fieldSymbols)
        spec.models = withErrorMessages(spec, symbols: fieldSymbols)
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
    /// The first server's URL with its variables' defaults: absolute, or a path (`/api/v1`) the
    /// client resolves against the base URL it is given.
    private func baseURL() -> String? {
        guard let server = root["servers"]?.items.first, let url = defaultURL(of: server) else { return nil }
        guard SpecLoader.isAbsoluteURL(url) || SpecLoader.isRelativePath(url) else {
            let location = server["url"]?.location ?? server.location
            unsupported("server URL", "server URL '\(url)' is neither an absolute http(s) URL nor a path; give the client a base URL when you create it", at: location)
            return nil
        }
        return url
    }

    /// A server's URL with every variable at its default, without a trailing `/`; a
    /// scheme-relative one (`//api.example.com`) is taken as `https:`.
    func defaultURL(of server: Node) -> String? {
        guard var url = server.string("url") else { return nil }
        if url.hasPrefix("//") { url = "https:" + url }
        for (name, _, variable) in server["variables"]?.pairs ?? [] {
            url = url.replacingOccurrences(of: "{\(name)}", with: variable.string("default") ?? "")
        }
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    /// Every server with an absolute URL, or a path (`/api`, resolved against a host the caller
    /// gives) when the first server is absolute, named after its description (else `server1`,
    /// `server2`...), with its variables; none when there is one without variables, which
    /// `baseURL` is. When the first server is a path, every endpoint is sent under it (the API's
    /// relative server, resolved against the client's base URL), so another path could not be
    /// chosen: the paths are left out then.
    private func servers() -> [ServerDecl] {
        var servers: [ServerDecl] = []
        var taken: [String] = []
        let listed = root["servers"]?.items ?? []
        let firstIsAbsolute = listed.first.flatMap(defaultURL).map(SpecLoader.isAbsoluteURL) ?? false
        for (index, server) in listed.enumerated() {
            guard var template = server.string("url"), let url = defaultURL(of: server),
                  SpecLoader.isAbsoluteURL(url) || (firstIsAbsolute && template.hasPrefix("/") && SpecLoader.isRelativePath(url)) else { continue }
            if template.hasPrefix("//") { template = "https:" + template }
            var name = Naming.lowerCamel(server.string("description") ?? "")
            if name.isEmpty || name.utf8.count > 40 || !Naming.isIdentifier(name) { name = "server\(index + 1)" }
            name = Self.unique(name, taken: &taken)
            var trimmed = template
            while trimmed.hasSuffix("/") { trimmed.removeLast() }
            let variables = (server["variables"]?.pairs ?? []).filter { trimmed.contains("{\($0.key)}") }.map { name, _, variable in
                ServerDecl.Variable(
                    name: name, defaultValue: variable.string("default") ?? "", values: variable["enum"]?.items.compactMap(\.scalar) ?? [],
                    description: variable.string("description"))
            }
            servers.append(ServerDecl(name: name, url: trimmed, description: server.string("description"), variables: variables,
                                      location: server["url"]?.location ?? server.location))
        }
        // One server without variables is `baseURL` already.
        if servers.count == 1, servers[0].variables.isEmpty { return [] }
        return servers
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
