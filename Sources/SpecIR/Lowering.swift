import SpecCore

/// Lowers a validated spec to the IR the templates render: Swift names derived, types spelled,
/// strings escaped, doc comments split into lines, declaration order kept.
public enum Lowering {
    /// The IR of both generated files. The spec must have passed validation.
    /// - Parameter access: overrides the spec's `access` when given.
    public static func lower(_ spec: Spec, access: AccessLevel? = nil) -> (models: ModelsFileIR, endpoints: EndpointsFileIR) {
        let level = access ?? spec.access
        let modifier = level == .internal ? "" : level.rawValue + " "
        let symbols = SymbolTable(spec)
        let spelling = TypeSpelling(symbols: symbols)
        let models = ModelLowering(spelling: spelling, deprecatedInDocOnly: ReferenceScan(spec: spec, symbols: symbols).deprecatedModelsInUse())
        let endpoints = EndpointLowering(spec: spec, symbols: symbols, spelling: spelling, models: models)
        let source = spec.file.split(separator: "/").last.map(String.init) ?? spec.file
        let modelsFile = ModelsFileIR(source: source, access: modifier, models: spec.models.map(models.lower))
        let endpointsFile = EndpointsFileIR(
            source: source,
            access: modifier,
            namespace: DeclarationIR(name: spec.name, doc: SwiftLiteral.docLines(spec.description), deprecated: false),
            baseURL: spec.baseURL.map(SwiftLiteral.string),
            defaultHeaders: spec.defaultHeaders.map { HeaderIR(name: SwiftLiteral.string($0.name), value: SwiftLiteral.string($0.value)) },
            dates: dateCoding(spec.dates),
            items: endpoints.lower(spec.endpoints))
        return (modelsFile, endpointsFile)
    }

    private static func dateCoding(_ strategy: DateStrategy) -> String {
        switch strategy {
        case .iso8601: ".iso8601"
        case .iso8601Fractional: ".iso8601Fractional"
        case .seconds: ".seconds"
        case .milliseconds: ".milliseconds"
        case .pattern(let pattern): ".format(\(SwiftLiteral.string(pattern)))"
        }
    }
}

/// Finds deprecated models that non-deprecated generated declarations refer to.
struct ReferenceScan {
    let spec: Spec
    let symbols: SymbolTable

    func deprecatedModelsInUse() -> Set<String> {
        let deprecated = spec.models.filter(\.deprecated).map(\.name)
        guard !deprecated.isEmpty else { return [] }
        var used: Set<String> = []
        for model in spec.models where !model.deprecated {
            switch model.kind {
            case .object(let fields): fields.forEach { collect($0.type, into: &used) }
            case .union(let decl): decl.variants.forEach { collect($0.type, into: &used) }
            case .alias(let target): collect(target, into: &used)
            case .enumeration: break
            }
        }
        scan(spec.endpoints, into: &used)
        if let error = spec.error { collect(error, into: &used) }
        return used.intersection(deprecated)
    }

    private func scan(_ items: [EndpointItem], into used: inout Set<String>) {
        for item in items {
            switch item {
            case .group(let group): scan(group.items, into: &used)
            case .endpoint(let endpoint) where !endpoint.deprecated:
                let fields = endpoint.pathParameters + endpoint.query + endpoint.headers
                fields.forEach { collect($0.type, into: &used) }
                switch endpoint.body {
                case .fields(let body, _)?: body.forEach { collect($0.type, into: &used) }
                case .type(let type)?: collect(type, into: &used)
                case nil: break
                }
                endpoint.response.map { collect($0, into: &used) }
                endpoint.errors.forEach { collect($0.type, into: &used) }
            case .endpoint:
                break
            }
        }
    }

    private func collect(_ type: TypeExpr, into used: inout Set<String>) {
        switch type {
        case .named(let name, let arguments, _):
            used.insert(name)
            arguments.forEach { collect($0, into: &used) }
        case .array(let inner), .dictionary(let inner), .optional(let inner):
            collect(inner, into: &used)
        }
    }
}
