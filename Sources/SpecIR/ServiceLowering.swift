import SpecCore

/// What the service protocol's IR needs beyond the lowered endpoints, so each endpoint is lowered once.
enum ServiceLowering {
    /// `handler`, with a `_` for each parameter that already has the name.
    static func handlerLocal(besides parameters: [ParameterIR]) -> String {
        var name = "handler"
        while parameters.contains(where: { $0.name == name }) { name += "_" }
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
