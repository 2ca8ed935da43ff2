import SpecCore

/// What the service protocol's IR needs beyond the lowered endpoints, so each endpoint is lowered once.
enum ServiceLowering {
    /// `handler`, with a `_` for each parameter that already has the name.
    static func handlerLocal(besides parameters: [ParameterIR]) -> String {
        var name = "handler"
        while parameters.contains(where: { $0.name == name }) { name += "_" }
        return name
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
