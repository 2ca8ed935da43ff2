import SpecDiagnostics

extension Validator {
    /// A struct cannot hold itself by value (directly, optionally, or through other structs and unions):
    /// it would have infinite size. Arrays and dictionaries break the cycle.
    mutating func checkRecursion() {
        var reported: [String] = []
        for model in spec.models {
            guard !reported.contains(model.name), let path = cycle(from: model.name, to: model.name, visited: []),
                  let closing = path.last else { continue }
            reported += path.map(\.name)
            let names = ([model.name] + path.map(\.name)).joined(separator: " -> ")
            diagnostics.error("model '\(model.name)' contains itself by value (\(names)); hold it in an array, like [\(model.name)]",
                              at: closing.location)
        }
    }

    /// The references by value from `name` that lead back to `target`, each with where it is written.
    private func cycle(from name: String, to target: String, visited: [String]) -> [(name: String, location: SourceLocation)]? {
        for next in byValueReferences(of: name) {
            if next.name == target { return [next] }
            if visited.contains(next.name) || visited.count > 256 { continue }
            if let rest = cycle(from: next.name, to: target, visited: visited + [next.name]) { return [next] + rest }
        }
        return nil
    }

    /// Models a struct or union holds by value (aliases followed), with the place of each reference.
    private func byValueReferences(of name: String) -> [(name: String, location: SourceLocation)] {
        guard let model = symbols.model(named: name) else { return [] }
        let types: [TypeExpr]
        switch model.kind {
        case .object(let fields): types = fields.map(\.type)
        case .union(let decl): types = decl.variants.map(\.type)
        case .alias, .enumeration: types = []
        }
        return types.compactMap { type in
            guard case .named(let target, _, _) = symbols.resolvingAliases(symbols.resolvingAliases(type).nonOptional),
                  let referenced = symbols.model(named: target) else { return nil }
            switch referenced.kind {
            case .object, .union: return (target, type.location)
            case .alias, .enumeration: return nil
            }
        }
    }
}
