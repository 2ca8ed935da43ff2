import SpecDiagnostics

extension Validator {
    /// The generated service protocol is flat: every endpoint's method name (group path and name)
    /// must be unique across the spec, and no model may take the protocol's or its implementation's name.
    mutating func checkServiceNames() {
        // The first endpoint of each method name (a lookup, never iterated).
        var methods: [String: (wire: String, scope: [String], location: SourceLocation)] = [:]
        for (entry, endpointNames) in zip(spec.flattenedEndpoints, names.endpoints) {
            let name = endpointNames.serviceMethod
            let wire = (entry.groupNames + [entry.endpoint.name]).joined(separator: ".")
            guard !name.isEmpty else { continue }
            if let first = methods[name] {
                // Two endpoints of one scope that collide were reported with the factories.
                guard first.scope != entry.groupNames else { continue }
                diagnostics.error("endpoints '\(first.wire)' and '\(wire)' both become the method '\(name)' of \(names.serviceProtocol); rename one",
                                  at: entry.endpoint.location, notes: [.note("'\(first.wire)' is here", at: first.location)])
            } else {
                methods[name] = (wire, entry.groupNames, entry.endpoint.location)
            }
        }
        let generated = [names.serviceProtocol, names.liveService, names.stubService, names.forwardingService, names.operations]
        for model in spec.models {
            let type = names.typeName(model.name)
            if generated.contains(type) {
                diagnostics.error("model '\(model.name)' has the name of the generated type '\(type)'; choose another name", at: model.location)
            }
        }
    }
}
