import SpecDiagnostics

extension Validator {
    /// A struct cannot hold itself by value (directly, optionally, or through other structs and unions):
    /// it would have infinite size. Arrays and dictionaries break the cycle.
    ///
    /// One depth-first search over the by-value references, in declaration order: each cycle is
    /// reported once, at the reference that closes it.
    mutating func checkRecursion() {
        var state: [String: VisitState] = [:]
        for model in spec.models where state[model.name] == nil {
            var stack: [(name: String, edges: [Reference], next: Int)] = [(model.name, byValueReferences(of: model.name), 0)]
            state[model.name] = .inProgress
            while let top = stack.last {
                guard top.next < top.edges.count else {
                    state[top.name] = .done
                    stack.removeLast()
                    continue
                }
                let edge = top.edges[top.next]
                stack[stack.count - 1].next += 1
                switch state[edge.name] {
                case nil:
                    state[edge.name] = .inProgress
                    stack.append((edge.name, byValueReferences(of: edge.name), 0))
                case .inProgress?:
                    guard let start = stack.firstIndex(where: { $0.name == edge.name }) else { continue }
                    let names = (stack[start...].map(\.name) + [edge.name]).joined(separator: " -> ")
                    diagnostics.error("model '\(edge.name)' contains itself by value (\(names)); hold it in an array, like [\(edge.name)]",
                                      at: edge.location)
                case .done?:
                    continue
                }
            }
        }
    }

    private enum VisitState { case inProgress, done }

    /// A by-value reference to a model, and where it is written.
    private struct Reference {
        var name: String
        var location: SourceLocation
    }

    /// Models a struct or union holds by value (aliases followed).
    private func byValueReferences(of name: String) -> [Reference] {
        guard let model = symbols.model(named: name) else { return [] }
        let types: [TypeExpr]
        switch model.kind {
        case .object(let fields): types = fields.map(\.type)
        case .union(let decl): types = decl.variants.map(\.type)
        case .alias, .enumeration: types = []
        }
        return types.flatMap { type in references(in: type, at: type.location) }
    }

    /// The models a value of `type` holds by value: the model itself, and the arguments a generic
    /// model holds by value (`Box<Node>` holds a `Node` when `Box` has a field of type `T`).
    private func references(in type: TypeExpr, at location: SourceLocation, depth: Int = 0) -> [Reference] {
        guard depth < 8, case .named(let target, let arguments, _) = symbols.resolvedNonOptional(type),
              let referenced = symbols.model(named: target) else { return [] }
        switch referenced.kind {
        case .object(let fields):
            var found = [Reference(name: target, location: location)]
            for (parameter, argument) in zip(referenced.genericParameters, arguments) {
                let holdsByValue = fields.contains { field in
                    if case .named(parameter, [], _) = field.type.nonOptional { return true }
                    return false
                }
                if holdsByValue { found += references(in: argument, at: location, depth: depth + 1) }
            }
            return found
        case .union:
            return [Reference(name: target, location: location)]
        case .alias, .enumeration:
            return []
        }
    }
}
