import SpecCore

/// Lowers a validated spec to the IR the templates render: Swift names derived, types referenced,
/// doc comments split into lines, declaration order kept. The IR says what each declaration is;
/// how it is spelled is the templates' business.
///
/// Each generated file is lowered on its own, so the compiler can lower and render files in parallel.
public struct Lowering: Sendable {
    private let spec: Spec
    private let access: AccessLevel
    private let source: String
    private let symbols: SymbolTable
    private let names: NameTable
    private let models: ModelLowering

    /// Prepares lowering. The spec must have passed validation.
    /// - Parameters:
    ///   - analysis: the spec's analysis, when validation made it already.
    ///   - access: overrides the spec's `access` when given.
    public init(_ spec: Spec, analysis: SpecAnalysis? = nil, access: AccessLevel? = nil) {
        let analysis = analysis ?? SpecAnalysis(spec)
        self.spec = spec
        self.access = access ?? spec.access
        source = spec.file.split(separator: "/").last.map(String.init) ?? spec.file
        symbols = analysis.symbols
        names = analysis.names
        models = ModelLowering(types: TypeReferences(symbols: symbols, names: names),
                               deprecatedInDocOnly: ReferenceScan(spec: spec, symbols: symbols).deprecatedModelsInUse(),
                               recursion: analysis.recursion,
                               usage: spec.conformances == .lean ? ModelUsage(spec, symbols: symbols) : nil)
    }

    /// The IR of the models file, or of one shard of the models when the output is split.
    public func modelsFile(shard: Int = 0, of sharding: Sharding = Sharding(count: 1)) -> ModelsFileIR {
        let selected = sharding.count == 1 ? spec.models : spec.models.filter { sharding.shard(of: $0.name) == shard }
        return ModelsFileIR(source: source, access: access, models: selected.map(models.lower))
    }

    /// The IR of the endpoints file: the namespace with every endpoint, or, with `skeletonOnly`, the
    /// namespace and its nested group enums alone (the endpoints then live in shards).
    public func endpointsFile(skeletonOnly: Bool = false) -> EndpointsFileIR {
        let endpoints = EndpointLowering(spec: spec, symbols: symbols, models: models)
        let lowered = skeletonOnly ? [] : endpoints.lower(spec.endpoints)
        return EndpointsFileIR(
            source: source,
            access: access,
            namespace: DeclarationIR(name: spec.name, doc: DocText.lines(spec.description), deprecated: false),
            baseURL: spec.baseURL.flatMap { $0.hasPrefix("/") ? nil : $0 },
            serverPath: spec.baseURL.flatMap { $0.hasPrefix("/") ? $0 : nil },
            servers: spec.servers.map(Self.server),
            serversName: names.servers,
            defaultHeaders: spec.defaultHeaders.map { HeaderIR(name: $0.name, value: $0.value) },
            dates: spec.dates,
            items: skeletonOnly ? skeleton(of: spec.endpoints) : lowered,
            service: service(requirements: endpoints.requirements(spec.endpoints), methods: ServiceLowering.methods(of: lowered)),
            adHoc: endpoints.adHoc())
    }

    /// A server, its variables as parameters named in Swift.
    private static func server(_ server: ServerDecl) -> ServerIR {
        // A relative server's function takes the host first.
        var taken: [String] = server.isRelative ? ["relativeTo"] : []
        let parameters = server.variables.enumerated().map { index, variable in
            var name = Naming.lowerCamel(variable.name)
            if name.isEmpty || !Naming.isIdentifier(name) { name = "value\(index + 1)" }
            while taken.contains(name) { name += "2" }
            taken.append(name)
            let values = variable.values.isEmpty ? [] : ["One of " + variable.values.map { "`\($0)`" }.joined(separator: ", ") + "."]
            return ServerIR.Parameter(name: name, variable: variable.name, defaultValue: variable.defaultValue,
                                      doc: DocText.lines(([variable.description].compactMap { $0 } + values).joined(separator: " ")).first)
        }
        // `A custom domain.` and its URL: one sentence, `A custom domain: ...`.
        let described = server.description.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
        var doc = DocText.lines(described.map { "\($0): `\(server.url)`" } ?? "`\(server.url)`")
        if server.isRelative { doc += DocText.lines("- Parameter host: The server the path is on, such as `http://localhost:8080`.") }
        var lowered = ServerIR(name: server.name, doc: doc, url: server.url, parameters: parameters)
        lowered.relative = server.isRelative
        return lowered
    }

    private func service(requirements: [ServiceMethodIR], methods: [ServiceMethodIR]) -> ServiceIR {
        ServiceIR(namespace: spec.name, access: access, protocolName: names.serviceProtocol,
                  liveName: names.liveService, stubName: names.stubService, forwardingName: names.forwardingService,
                  stub: spec.stubService, operations: names.operations,
                  requirements: requirements, methods: methods)
    }

    /// One shard of a split output: its models, and its endpoints as `extension Namespace.Group { ... }`
    /// blocks, in declaration order.
    public func shard(_ shard: Int, of sharding: Sharding) -> ShardFileIR {
        let endpoints = EndpointLowering(spec: spec, symbols: symbols, models: models)
        var extensions: [ExtensionIR] = []
        func collect(_ items: [EndpointItem], scope: [String], path: [String]) {
            // `scope` starts with the namespace; `path` holds the groups as the spec names them.
            var selected: [EndpointDecl] = []
            for item in items {
                if case .endpoint(let endpoint) = item, sharding.shard(of: path, endpoint.name) == shard {
                    selected.append(endpoint)
                }
            }
            if !selected.isEmpty {
                extensions.append(ExtensionIR(scope: scope,
                                              endpoints: endpoints.lower(selected.map(EndpointItem.endpoint), scope: Array(scope.dropFirst()), groups: path)))
            }
            for item in items {
                if case .group(let group) = item {
                    collect(group.items, scope: scope + [names.group(group.name)], path: path + [group.name])
                }
            }
        }
        collect(spec.endpoints, scope: [spec.name], path: [])
        return ShardFileIR(source: source, access: access, namespace: spec.name,
                           models: modelsFile(shard: shard, of: sharding).models, extensions: extensions,
                           service: service(requirements: [], methods: extensions.flatMap { ServiceLowering.methods(of: $0.endpoints) }))
    }

    /// The groups of `items` with no endpoints in them, for the namespace file of a split output.
    private func skeleton(of items: [EndpointItem]) -> [EndpointItemIR] {
        items.compactMap { item in
            guard case .group(let group) = item else { return nil }
            return .group(GroupIR(name: names.group(group.name), items: skeleton(of: group.items)))
        }
    }
}

/// Finds deprecated models that models or non-deprecated endpoints refer to: those are deprecated
/// in their doc comment only, since the attribute would make the referring declaration warn.
struct ReferenceScan {
    let spec: Spec
    let symbols: SymbolTable

    func deprecatedModelsInUse() -> Set<String> {
        let deprecated = spec.models.filter(\.deprecated).map(\.name)
        guard !deprecated.isEmpty else { return [] }
        // Deprecated models count too: one deprecated model holding another would warn in its fields.
        var types = spec.models.flatMap(\.referencedTypes)
        for entry in spec.flattenedEndpoints where !entry.endpoint.deprecated {
            types += entry.endpoint.requestTypes + entry.endpoint.responseTypes
        }
        if let error = spec.error { types.append(error) }
        return Set(types.flatMap(\.mentionedNames)).intersection(deprecated)
    }
}
