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
        /// The property that holds the members beyond the fields (objects with
        /// `additionalProperties` only): `additionalProperties`, unless a field has that name.
        public var additionalProperties: String? = nil
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
        public internal(set) var operation: String
        /// The enum of the endpoint's error bodies, when they have several types.
        public let errorEnum: String
        /// That enum's case for each of the endpoint's errors, in declaration order.
        public let errorCases: [String]
        /// The enum of the endpoint's 2xx responses, when they carry different bodies.
        public let outcomeEnum: String
        /// That enum's case for each of the endpoint's outcomes, in declaration order.
        public let outcomeCases: [String]
        /// The enum of the bodies it takes, when several, and that enum's cases in declaration order.
        public let bodyEnum: String, bodyCases: [String]
        /// The struct of the headers its responses declare, and its properties in declaration order.
        public let headersStruct: String, responseHeaders: [String]
        /// The declared path parameters' names, in declaration order (for collisions among them).
        public let pathParameters: [String]
        /// The argument for each distinct placeholder of the path, in path order.
        public let pathArguments: [(placeholder: String, name: String)]
        /// The query parameters', headers', cookies' and body fields' argument names, in declaration order.
        public let query: [String], headers: [String], cookies: [String], bodyFields: [String]
        /// The argument names of each body field's part headers, in declaration order.
        public let partHeaders: [[String]]
    }

    /// The API's namespace enum.
    public let namespace: String
    /// The service protocol, its implementation over `APIClient`, and its test double.
    public let serviceProtocol: String, liveService: String, stubService: String
    /// The protocol of the services that answer every operation through one generic `send(_:)`.
    public let forwardingService: String
    /// The enum of the endpoints' operation types.
    public let operations: String
    /// The enum of the API's servers, nested in the namespace: `Servers`, unless that would hide a
    /// model or the namespace itself (then `ServerList`, `APIServers`...).
    public let servers: String
    /// Every endpoint's names, in the order of ``Spec/flattenedEndpoints``.
    public let endpoints: [EndpointNames]
    /// Every model's names, in the order of ``Spec/models`` (a model defined twice has both).
    public let models: [ModelNames]
    /// Model positions by spec name, the first of each (a lookup, never iterated).
    private let modelIndex: [String: Int]
    /// Endpoint positions by group path and name (a lookup, never iterated).
    private let endpointIndex: [[String]: Int]

    /// Names every declaration of `spec`.
    public init(_ spec: Spec) {
        namespace = spec.name
        serviceProtocol = SwiftNames.serviceProtocol(spec.name)
        liveService = SwiftNames.liveService(spec.name)
        stubService = SwiftNames.stubService(spec.name)
        forwardingService = SwiftNames.forwardingService(spec.name)
        operations = SwiftNames.operations(spec.name)
        // Every other name first: an operation type must not take a model's name.
        let entries = spec.flattenedEndpoints
        let models = spec.models.map(Self.names(of:))
        var endpoints = entries.map(Self.names(of:))
        var typeNames = Set(models.map(\.type))
        typeNames.insert(spec.name)
        for position in endpoints.indices {
            let name = SwiftNames.operation(endpoints[position].serviceMethod, avoiding: typeNames)
            typeNames.insert(name)
            endpoints[position].operation = name
        }
        let groups = Set(spec.endpoints.compactMap { item -> String? in
            if case .group(let group) = item { return SwiftNames.group(group.name) }
            return nil
        })
        servers = ["Servers", "ServerList", "APIServers", "ServerURLs"].first { !typeNames.contains($0) && !groups.contains($0) }
            ?? "Servers" + spec.name
        var modelIndex: [String: Int] = [:]
        for (position, model) in spec.models.enumerated() where modelIndex[model.name] == nil { modelIndex[model.name] = position }
        var endpointIndex: [[String]: Int] = [:]
        for entry in entries where endpointIndex[entry.groupNames + [entry.endpoint.name]] == nil {
            endpointIndex[entry.groupNames + [entry.endpoint.name]] = entry.index
        }
        self.models = models
        self.endpoints = endpoints
        self.modelIndex = modelIndex
        self.endpointIndex = endpointIndex
    }

    private static func names(of model: ModelDecl) -> ModelNames {
        let type = SwiftNames.model(model.name)
        switch model.kind {
        case .object(let fields):
            var names = ModelNames(type: type, fields: fields.map(SwiftNames.field), cases: [])
            if model.additionalProperties != nil {
                var name = "additionalProperties"
                while names.fields.contains(name) { name += "Value" }
                names.additionalProperties = name
            }
            return names
        case .enumeration(let decl):
            return ModelNames(type: type, fields: [], cases: decl.cases.map(SwiftNames.enumCase))
        case .union(let decl):
            return ModelNames(type: type, fields: [], cases: SwiftNames.unionCases(decl.variants.map(\.tag), of: type))
        case .alias:
            return ModelNames(type: type, fields: [], cases: [])
        }
    }

    /// An endpoint's names, but for its operation type (which depends on every other name).
    private static func names(of entry: EndpointEntry) -> EndpointNames {
        let endpoint = entry.endpoint
        var bodyFields: [String] = []
        var partHeaders: [[String]] = []
        if case .fields(let fields, _)? = endpoint.body {
            bodyFields = fields.map(SwiftNames.field)
            partHeaders = zip(fields, bodyFields).map { field, name in field.partHeaders.map { SwiftNames.partHeader($0, of: name) } }
        }
        var placeholders: [String] = []
        if case .success(let template) = PathTemplate.parse(endpoint.path) {
            for (name, _) in template.parameters where !placeholders.contains(name) { placeholders.append(name) }
        }
        let method = SwiftNames.serviceMethod(endpoint.name, groups: entry.groupNames)
        return EndpointNames(
            factory: SwiftNames.endpoint(endpoint.name), scope: entry.groups.map { SwiftNames.group($0.name) },
            serviceMethod: method, operation: method,
            errorEnum: SwiftNames.errorEnum(endpoint.name), errorCases: endpoint.errors.map { SwiftNames.errorCase($0.status) },
            outcomeEnum: SwiftNames.outcomeEnum(endpoint.name), outcomeCases: endpoint.outcomes.map { SwiftNames.outcomeCase($0.status, content: $0.content) },
            bodyEnum: SwiftNames.bodyEnum(endpoint.name), bodyCases: SwiftNames.bodyCases(endpoint.bodies),
            headersStruct: SwiftNames.headersStruct(endpoint.name), responseHeaders: endpoint.responseHeaders.map(SwiftNames.field),
            pathParameters: endpoint.pathParameters.map(SwiftNames.field),
            pathArguments: placeholders.map { ($0, SwiftNames.pathArgument($0, of: endpoint)) },
            query: endpoint.query.map(SwiftNames.field), headers: endpoint.headers.map(SwiftNames.field),
            cookies: endpoint.cookies.map(SwiftNames.field), bodyFields: bodyFields, partHeaders: partHeaders)
    }

    /// The names of the model the spec calls `name`, if it declares one.
    public func model(named name: String) -> ModelNames? {
        modelIndex[name].map { models[$0] }
    }

    /// The Swift type a spec type name stands for: a model's type name, else the name itself
    /// (a generic parameter, `Empty`).
    public func typeName(_ name: String) -> String {
        model(named: name)?.type ?? name
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
