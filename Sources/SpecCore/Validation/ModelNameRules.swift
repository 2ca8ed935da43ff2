import SpecDiagnostics

extension Validator {
    /// Model names: unique (also across included files), valid Swift type names, no shadowing.
    mutating func checkModelNames() {
        var bySpecName: [String: ModelDecl] = [:]
        var bySwiftName: [String: ModelDecl] = [:]
        for model in spec.models {
            if let first = bySpecName[model.name] {
                diagnostics.error("model '\(model.name)' is defined twice", at: model.location,
                                  notes: [.note("first defined here", at: first.location)])
                continue
            }
            bySpecName[model.name] = model
            let swiftName = names.typeName(model.name)
            if swiftName.isEmpty {
                diagnostics.error("model name '\(model.name)' has no characters a Swift type name can use", at: model.location)
                continue
            }
            if let reserved = Self.reservedType(swiftName) {
                diagnostics.error("model name '\(model.name)' would shadow \(reserved); choose another name", at: model.location)
            } else if swiftName == spec.name {
                diagnostics.error("model '\(model.name)' has the name of the API's namespace '\(spec.name)'; choose another name", at: model.location)
            } else if let warning = Self.shadowingWarning("model '\(model.name)'", swiftName) {
                diagnostics.warning(warning, at: model.location)
            }
            if let first = bySwiftName[swiftName] {
                diagnostics.error("models '\(first.name)' and '\(model.name)' both become the Swift type '\(swiftName)'", at: model.location,
                                  notes: [.note("'\(first.name)' is defined here", at: first.location)])
            }
            bySwiftName[swiftName] = model
            var seen: [String] = []
            for parameter in model.genericParameters {
                if seen.contains(parameter) {
                    diagnostics.error("generic parameter '\(parameter)' of model '\(model.name)' is declared twice", at: model.location)
                } else if !Naming.isIdentifier(parameter) || Naming.keywords.contains(parameter) || Self.reservedTypeNames.contains(parameter) {
                    diagnostics.error("generic parameter '\(parameter)' of model '\(model.name)' must be a plain name like 'Item'", at: model.location)
                } else if symbols.model(named: parameter) != nil || BuiltinType(rawValue: parameter) != nil || modelsBySwiftName[parameter] != nil {
                    diagnostics.error("generic parameter '\(parameter)' of model '\(model.name)' has the name of a type; choose another name", at: model.location)
                }
                seen.append(parameter)
            }
        }
    }

    /// Reports a name that two declarations map to, at the second one, with a note at the first.
    /// - Parameters:
    ///   - what: the plural of what collides, like "fields" or "values".
    ///   - owner: where, like "model 'User'".
    ///   - renamable: whether the declarations can take a Swift name of their own (`swiftName`, enum case names).
    mutating func checkCollision(
        _ swiftName: String, at location: SourceLocation, wire: String, what: String, of owner: String,
        renamable: Bool = true, seen: inout [(swiftName: String, wire: String, location: SourceLocation)]
    ) {
        if let first = seen.first(where: { $0.swiftName == swiftName }) {
            let advice = renamable ? "rename one or give it a Swift name" : "rename one"
            diagnostics.error("\(what) '\(first.wire)' and '\(wire)' of \(owner) both become '\(swiftName)' in Swift; \(advice)",
                              at: location, notes: [.note("'\(first.wire)' is here", at: first.location)])
        } else {
            seen.append((swiftName, wire, location))
        }
    }
}
