import Dispatch
import SpecCore
import SpecDiagnostics

/// A name written in a config file, with where it is written.
public struct LocatedName: Sendable, Equatable {
    /// The name.
    public var name: String
    /// Where it is written.
    public var location: SourceLocation

    /// A name at `location`.
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// A config's `operations`: the spec cut down to the operations named and the models they use, so
/// a client of a few of Stripe's 500 operations compiles in seconds.
enum OperationSelection {
    /// `spec` with only the endpoints `names` select (by endpoint name, by `operationId`, or as
    /// `METHOD /path`), empty groups removed, and only the models those endpoints and the spec's
    /// error model reach. A name that selects nothing is an error at the name, with a suggestion
    /// from the spec's endpoints or `others` (an OpenAPI document's operations, all of them).
    /// The names of the operations an OpenAPI document has, selected or not, for suggestions.
    final class SeenNames: @unchecked Sendable {
        private let queue = DispatchQueue(label: "specwright.operation-names")
        private var list: [String] = []

        func add(_ name: String) {
            queue.sync { list.append(name) }
        }

        var names: [String] {
            queue.sync { list }
        }
    }

    static func select(_ names: [LocatedName], in spec: Spec, alsoNamed others: [String] = [], diagnostics: inout DiagnosticBag) -> Spec {
        var used = Array(repeating: false, count: names.count)
        func selected(_ endpoint: EndpointDecl) -> Bool {
            var any = false
            for (index, name) in names.enumerated() where matches(name.name, endpoint) {
                used[index] = true
                any = true
            }
            return any
        }
        func filter(_ items: [EndpointItem]) -> [EndpointItem] {
            items.compactMap { item in
                switch item {
                case .endpoint(let endpoint):
                    return selected(endpoint) ? item : nil
                case .group(var group):
                    group.items = filter(group.items)
                    return group.items.isEmpty ? nil : .group(group)
                }
            }
        }
        var result = spec
        result.endpoints = filter(spec.endpoints)
        for (index, name) in names.enumerated() where !used[index] {
            let known = others.isEmpty ? spec.flattenedEndpoints.map(\.endpoint.name) : others
            diagnostics.error(
                "no operation '\(name.name)' in \(spec.file) (name an operationId, an endpoint or 'METHOD /path')\(Suggestions.didYouMean(name.name, in: known))",
                at: name.location)
        }
        let endpoints = result.flattenedEndpoints.map(\.endpoint)
        let roots = (spec.error.map { [$0] } ?? []) + endpoints.flatMap(\.requestTypes) + endpoints.flatMap(\.responseTypes)
        let reachable = SymbolTable(spec).modelsReachable(from: roots)
        result.models = spec.models.filter { reachable.contains($0.name) }
        return result
    }

    /// Whether `name` names the endpoint: its name, its `operationId` (whose camel-cased form the
    /// name is), or its method and path.
    private static func matches(_ name: String, _ endpoint: EndpointDecl) -> Bool {
        matches(name, name: endpoint.name, method: endpoint.method, path: endpoint.path, operationID: endpoint.operationID)
    }

    /// Whether `selector` names the endpoint called `name` at `method` and `path`.
    static func matches(_ selector: String, name: String, method: HTTPMethodName, path: String, operationID: String? = nil) -> Bool {
        if selector == name || Naming.lowerCamel(selector) == name { return true }
        if let operationID, selector == operationID || Naming.lowerCamel(selector) == Naming.lowerCamel(operationID) { return true }
        guard let space = selector.firstIndex(of: " ") else { return false }
        return selector[..<space] == method.rawValue && selector[selector.index(after: space)...].drop { $0 == " " } == path
    }
}
