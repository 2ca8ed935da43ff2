/// The naming stage: the Swift name of every declaration of a validated spec, made once.
///
/// Validation checks collisions against these names; lowering, the OpenAPI front end's checks and
/// the spec writer read them instead of deriving names again. The rules themselves are ``SwiftNames``
/// (per kind of declaration) over ``Naming`` (per wire name).
public struct NameTable: Sendable {
    /// The names of one model.
    public struct ModelNames: Sendable {
        /// The Swift type name.
        public let type: String
        /// The fields' property names, in declaration order (objects only).
        public let fields: [String]
        /// The cases' names, in declaration order (enums and unions only).
        public let cases: [String]
    }

    /// The names of one endpoint.
    public struct EndpointNames: Sendable {
        /// The factory function.
        public let factory: String
        /// The enclosing groups' nested enums, outermost first.
        public let scope: [String]
        /// The method of the service protocol (group path and name, since the protocol is flat).
        public let serviceMethod: String
        /// The type that stands for the endpoint in the service's requirements, inside ``NameTable/operations``.
        public let operation: String
        /// The enum of the endpoint's error bodies, when they have several types.
        public let errorEnum: String
        /// The argument for each placeholder of the path, in path order.
        public let pathArguments: [String]
        /// The query parameters', headers' and body fields' argument names, in declaration order.
        public let query: [String], headers: [String], bodyFields: [String]
    }

    /// The API's namespace enum.
    public let namespace: String
    /// The service protocol, its implementation over `APIClient`, and its test double.
    public let serviceProtocol: String, liveService: String, stubService: String
    /// The enum of the endpoints' operation types.
    public let operations: String
    /// Every endpoint's names, in the order of ``Spec/flattenedEndpoints``.
    public let endpoints: [EndpointNames]
    /// Models by spec name (a lookup, never iterated).
    private let models: [String: ModelNames]
    /// Endpoint positions by group path and name (a lookup, never iterated).
    private let endpointIndex: [[String]: Int]

    /// Names every declaration of `spec`.
    public init(_ spec: Spec) {
        namespace = spec.name
        serviceProtocol = SwiftNames.serviceProtocol(spec.name)
        liveService = SwiftNames.liveService(spec.name)
        stubService = SwiftNames.stubService(spec.name)
        operations = SwiftNames.operations(spec.name)
        var models: [String: ModelNames] = [:]
        for model in spec.models where models[model.name] == nil {
            let type = SwiftNames.model(model.name)
            switch model.kind {
            case .object(let fields):
                models[model.name] = ModelNames(type: type, fields: fields.map(SwiftNames.field), cases: [])
            case .enumeration(let decl):
                models[model.name] = ModelNames(type: type, fields: [], cases: decl.cases.map(SwiftNames.enumCase))
            case .union(let decl):
                models[model.name] = ModelNames(type: type, fields: [], cases: SwiftNames.unionCases(decl.variants.map(\.tag), of: type))
            case .alias:
                models[model.name] = ModelNames(type: type, fields: [], cases: [])
            }
        }
        self.models = models
        let entries = spec.flattenedEndpoints
        let methods = entries.map { SwiftNames.serviceMethod($0.endpoint.name, groups: $0.groupNames) }
        // An operation's own declaration must not hide a model, the namespace or another operation.
        var typeNames = Set(models.values.map(\.type))
        typeNames.insert(spec.name)
        var operationNames: [String] = []
        for method in methods {
            let name = SwiftNames.operation(method, avoiding: typeNames)
            typeNames.insert(name)
            operationNames.append(name)
        }
        var index: [[String]: Int] = [:]
        endpoints = zip(zip(entries, methods), operationNames).map { pair, operation in
            let (entry, method) = pair
            let endpoint = entry.endpoint
            if index[entry.groupNames + [endpoint.name]] == nil { index[entry.groupNames + [endpoint.name]] = entry.index }
            var bodyFields: [String] = []
            if case .fields(let fields, _)? = endpoint.body { bodyFields = fields.map(SwiftNames.field) }
            let placeholders: [String] = if case .success(let template) = PathTemplate.parse(endpoint.path) {
                template.segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
            } else { [] }
            return EndpointNames(
                factory: SwiftNames.endpoint(endpoint.name), scope: entry.groups.map { SwiftNames.group($0.name) },
                serviceMethod: method, operation: operation,
                errorEnum: SwiftNames.errorEnum(endpoint.name),
                pathArguments: placeholders.map { SwiftNames.pathArgument($0, of: endpoint) },
                query: endpoint.query.map(SwiftNames.field), headers: endpoint.headers.map(SwiftNames.field), bodyFields: bodyFields)
        }
        endpointIndex = index
    }

    /// The names of the model the spec calls `name`, if it declares one.
    public func model(named name: String) -> ModelNames? {
        models[name]
    }

    /// The Swift type a spec type name stands for: a model's type name, else the name itself
    /// (a generic parameter, `Empty`).
    public func typeName(_ name: String) -> String {
        models[name]?.type ?? name
    }

    /// The names of the endpoint `name` in the groups `groups` (spec names, outermost first).
    public func endpoint(_ name: String, groups: [String]) -> EndpointNames? {
        endpointIndex[groups + [name]].map { endpoints[$0] }
    }

    /// A group's nested enum.
    public func group(_ name: String) -> String {
        SwiftNames.group(name)
    }
}
