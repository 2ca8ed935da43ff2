import SpecDiagnostics

extension Validator {
    /// A struct cannot hold itself by value (directly, optionally, or through other structs and unions):
    /// it would have infinite size. Arrays and dictionaries break the cycle.
    mutating func checkRecursion() {
        var reported: [String] = []
        for model in spec.models {
            guard !reported.contains(model.name), let path = cycle(from: model.name, to: model.name, visited: []) else { continue }
            reported += path
            diagnostics.error(
                "model '\(model.name)' contains itself by value (\(([model.name] + path).joined(separator: " -> "))); hold it in an array, like [\(model.name)]",
                at: model.location)
        }
    }

    /// The models reachable by value from `name` that lead back to `target`.
    private func cycle(from name: String, to target: String, visited: [String]) -> [String]? {
        for next in byValueReferences(of: name) {
            if next == target { return [next] }
            if visited.contains(next) || visited.count > 256 { continue }
            if let rest = cycle(from: next, to: target, visited: visited + [next]) { return [next] + rest }
        }
        return nil
    }

    private func byValueReferences(of name: String) -> [String] {
        guard let model = symbols.model(named: name) else { return [] }
        let types: [TypeExpr]
        switch model.kind {
        case .object(let fields): types = fields.map(\.type)
        case .union(let decl): types = decl.variants.map(\.type)
        case .alias(let target): types = [target]
        case .enumeration: types = []
        }
        return types.compactMap { type in
            guard case .named(let name, _, _) = type.nonOptional, symbols.model(named: name) != nil else { return nil }
            return name
        }
    }
}
