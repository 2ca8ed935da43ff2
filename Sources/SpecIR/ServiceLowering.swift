import SpecCore

/// Collects the service methods of lowered endpoints, so each endpoint is lowered once.
enum ServiceLowering {
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
