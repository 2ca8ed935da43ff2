import SpecDiagnostics

extension Validator {
    /// The generated service protocol is flat: every endpoint's method name (group path and name)
    /// must be unique across the spec, and no model may take the protocol's or its implementation's name.
    mutating func checkServiceNames() {
        var methods: [(swiftName: String, wire: String, scope: [String], location: SourceLocation)] = []
        func walk(_ items: [EndpointItem], groups: [String]) {
            for item in items {
                switch item {
                case .group(let group):
                    walk(group.items, groups: groups + [group.name])
                case .endpoint(let endpoint):
                    let name = SwiftNames.serviceMethod(endpoint.name, groups: groups)
                    let wire = (groups + [endpoint.name]).joined(separator: ".")
                    guard !name.isEmpty else { continue }
                    if let first = methods.first(where: { $0.swiftName == name }) {
                        // Two endpoints of one scope that collide were reported with the factories.
                        guard first.scope != groups else { continue }
                        diagnostics.error("endpoints '\(first.wire)' and '\(wire)' both become the method '\(name)' of \(SwiftNames.serviceProtocol(spec.name)); rename one",
                                          at: endpoint.location, notes: [.note("'\(first.wire)' is here", at: first.location)])
                    } else {
                        methods.append((name, wire, groups, endpoint.location))
                    }
                }
            }
        }
        walk(spec.endpoints, groups: [])
        let generated = [SwiftNames.serviceProtocol(spec.name), SwiftNames.liveService(spec.name), SwiftNames.stubService(spec.name)]
        for model in spec.models where generated.contains(SwiftNames.model(model.name)) {
            diagnostics.error("model '\(model.name)' has the name of the generated type '\(SwiftNames.model(model.name))'; choose another name", at: model.location)
        }
    }
}
