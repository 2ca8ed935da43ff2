import SpecDiagnostics

/// Where a spec's models hold themselves by value (directly, optionally, or through other
/// structs and unions), which would give a Swift struct infinite size, and which references
/// must therefore be stored indirectly. Arrays and dictionaries break such cycles already.
public struct Recursion: Sendable {
    /// One by-value reference from a model's field or variant to a model.
    struct Reference {
        var name: String
        var location: SourceLocation
        /// The field or variant of the referring model.
        var index: Int
        /// Whether a value can end the chain here: an optional field, or any union variant.
        var canEnd: Bool
    }

    /// A cycle that no value can end: every reference is a required struct field.
    struct EndlessCycle {
        var names: [String]
        var location: SourceLocation
        var closing: String
    }

    /// Indices of the fields (structs) or variants (unions) stored indirectly, by model name.
    private var indirect: [String: [Int]] = [:]
    /// Cycles of required fields only: no finite value has that shape, an error in the spec.
    private(set) var endlessCycles: [EndlessCycle] = []

    /// Whether field or variant `index` of `model` is stored indirectly.
    public func isIndirect(_ model: String, _ index: Int) -> Bool {
        indirect[model]?.contains(index) ?? false
    }

    /// One depth-first search over the by-value references, in declaration order. Each reference
    /// that closes a cycle (a back edge) is stored indirectly; removing every back edge of a
    /// depth-first search leaves no cycle.
    public init(_ spec: Spec, symbols: SymbolTable) {
        var state: [String: VisitState] = [:]
        for model in spec.models where state[model.name] == nil {
            var stack: [(name: String, edges: [Reference], next: Int)] = [(model.name, Self.byValueReferences(of: model.name, symbols), 0)]
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
                    stack.append((edge.name, Self.byValueReferences(of: edge.name, symbols), 0))
                case .inProgress?:
                    guard let start = stack.firstIndex(where: { $0.name == edge.name }) else { continue }
                    indirect[top.name, default: []].append(edge.index)
                    // The edges on the cycle: each frame's current edge (the one just taken).
                    let cycle = stack[start...].map { $0.edges[$0.next - 1] }
                    if !cycle.contains(where: \.canEnd) {
                        endlessCycles.append(EndlessCycle(names: stack[start...].map(\.name) + [edge.name], location: edge.location, closing: edge.name))
                    }
                case .done?:
                    continue
                }
            }
        }
    }

    private enum VisitState { case inProgress, done }

    /// Models a struct or union holds by value (aliases followed).
    private static func byValueReferences(of name: String, _ symbols: SymbolTable) -> [Reference] {
        guard let model = symbols.model(named: name) else { return [] }
        switch model.kind {
        case .object(let fields):
            return fields.enumerated().flatMap { index, field in
                references(in: field.type, at: field.type.location, index: index, canEnd: symbols.isOptional(field.type), symbols)
            }
        case .union(let decl):
            return decl.variants.enumerated().flatMap { index, variant in
                references(in: variant.type, at: variant.type.location, index: index, canEnd: true, symbols)
            }
        case .alias, .enumeration:
            return []
        }
    }

    /// The models a value of `type` holds by value: the model itself, and the arguments a generic
    /// model holds by value (`Box<Node>` holds a `Node` when `Box` has a field of type `T`).
    private static func references(
        in type: TypeExpr, at location: SourceLocation, index: Int, canEnd: Bool, _ symbols: SymbolTable, depth: Int = 0
    ) -> [Reference] {
        guard depth < 8, case .named(let target, let arguments, _) = symbols.resolvedNonOptional(type),
              let referenced = symbols.model(named: target) else { return [] }
        let canEnd = canEnd || symbols.isOptional(type)
        switch referenced.kind {
        case .object(let fields):
            var found = [Reference(name: target, location: location, index: index, canEnd: canEnd)]
            for (parameter, argument) in zip(referenced.genericParameters, arguments) {
                let holdsByValue = fields.contains { field in
                    if case .named(parameter, [], _) = field.type.nonOptional { return true }
                    return false
                }
                if holdsByValue { found += references(in: argument, at: location, index: index, canEnd: canEnd, symbols, depth: depth + 1) }
            }
            return found
        case .union:
            return [Reference(name: target, location: location, index: index, canEnd: canEnd)]
        case .alias, .enumeration:
            return []
        }
    }
}

extension Validator {
    /// A struct that must hold itself by value through required fields only has no finite value:
    /// reported once per cycle, at the reference that closes it. Other cycles are stored indirectly.
    mutating func checkRecursion() {
        for cycle in recursion.endlessCycles {
            diagnostics.error(
                "model '\(cycle.closing)' contains itself through required fields (\(cycle.names.joined(separator: " -> "))), so no value can end; make one of them optional or hold it in an array, like [\(cycle.closing)]",
                at: cycle.location)
        }
    }
}
