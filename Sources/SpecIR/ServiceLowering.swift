import SpecCore

/// Builds the service protocol's IR from lowered endpoints, so each endpoint is lowered once.
enum ServiceLowering {
    /// One endpoint as a service method; lengths assume `public` (wrapping must not depend on access).
    /// - Parameter response: the response type, or nil for `Empty` (the method then returns nothing).
    static func method(
        name: String, doc: DocLines, deprecated: Bool, parameters: [ParameterIR], failure: String, response: String?, factory: String,
        handler: String
    ) -> ServiceMethodIR {
        let plain = parameters.map { ParameterIR(label: $0.label, type: $0.type, defaultSuffix: "") }
        let effects = "async throws(APIError<\(failure)>)" + (response.map { " -> \($0)" } ?? "")
        let arguments = parameters.map { "\(Naming.escapedLabel($0.label)): \($0.label)" }
        let client = parameters.contains { $0.label == "client" } ? "self.client" : "client"
        // `    public func name(a: A, b: B) async throws(...) -> R {` and `        try await client.send(Factory(a: a))`.
        let signature = 16 + name.count + 1 + listLength(plain.map { $0.label.count + 2 + $0.type.count }) + 2 + effects.count + 2
        let call = 8 + 10 + client.count + 6 + factory.count + 1 + listLength(arguments.map(\.count)) + 2
        return ServiceMethodIR(
            name: name, doc: doc, deprecated: deprecated, parameters: plain,
            wrapParameters: signature > 120 && parameters.count > 1, effects: effects,
            factory: factory, arguments: arguments, wrapCall: call > 120 && parameters.count > 1,
            client: client, defaults: defaults(name: name, parameters: parameters),
            handler: handler,
            handlerType: "@Sendable (\(plain.map(\.type).joined(separator: ", "))) async throws -> \(response ?? "Void")",
            signatureName: "\(name.filter { $0 != "`" })(\(plain.map { $0.label.filter { $0 != "`" } + ":" }.joined()))",
            returnsValue: response != nil,
            handlerLocal: handlerLocal(besides: plain),
            handlerAccess: plain.contains { $0.label.filter { $0 != "`" } == "self" } ? handler : "self." + handler)
    }

    /// `handler`, with a `_` for each parameter that already has the name.
    private static func handlerLocal(besides parameters: [ParameterIR]) -> String {
        var name = "handler"
        while parameters.contains(where: { $0.label == name }) { name += "_" }
        return name
    }

    /// Every service method name of the spec, for naming the stub's handlers apart from them.
    static func methodNames(of spec: Spec) -> Set<String> {
        var names: Set<String> = []
        func walk(_ items: [EndpointItem], groups: [String]) {
            for item in items {
                switch item {
                case .group(let group): walk(group.items, groups: groups + [group.name])
                case .endpoint(let endpoint): names.insert(SwiftNames.serviceMethod(endpoint.name, groups: groups))
                }
            }
        }
        walk(spec.endpoints, groups: [])
        return names
    }

    /// The convenience with the spec's defaults filled in, when any parameter has a default.
    private static func defaults(name: String, parameters: [ParameterIR]) -> ServiceDefaultsIR? {
        guard parameters.contains(where: { !$0.defaultSuffix.isEmpty }) else { return nil }
        let labels = parameters.map { $0.label.filter { $0 != "`" } + ":" }.joined()
        let arguments = parameters.map { "\(Naming.escapedLabel($0.label)): " + ($0.defaultSuffix.isEmpty ? $0.label : String($0.defaultSuffix.dropFirst(3))) }
        return ServiceDefaultsIR(
            requirement: "\(name.filter { $0 != "`" })(\(labels))",
            parameters: parameters.filter { $0.defaultSuffix.isEmpty }.map { ParameterIR(label: $0.label, type: $0.type, defaultSuffix: "") },
            arguments: arguments,
            wrapCall: 8 + 10 + name.count + 1 + listLength(arguments.map(\.count)) + 1 > 120 && arguments.count > 1)
    }

    /// The length of a comma-separated list of items of these lengths.
    private static func listLength(_ lengths: [Int]) -> Int {
        lengths.reduce(0, +) + 2 * max(lengths.count - 1, 0)
    }

    /// The service methods of lowered items, in declaration order, groups depth first.
    static func methods(of items: [EndpointItemIR]) -> [ServiceMethodIR] {
        items.flatMap { item -> [ServiceMethodIR] in
            switch item {
            case .endpoint(let endpoint): [endpoint.service]
            case .group(let group): methods(of: group.items)
            }
        }
    }
}
