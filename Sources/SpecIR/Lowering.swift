import SpecCore

/// Lowers a validated spec to the IR the templates render: Swift names derived, types spelled,
/// strings escaped, doc comments split into lines, declaration order kept.
///
/// Each generated file is lowered on its own, so the compiler can lower and render files in parallel.
public struct Lowering: Sendable {
    private let spec: Spec
    private let modifier: String
    private let source: String
    private let symbols: SymbolTable
    private let models: ModelLowering

    /// Prepares lowering. The spec must have passed validation.
    /// - Parameter access: overrides the spec's `access` when given.
    public init(_ spec: Spec, access: AccessLevel? = nil) {
        let level = access ?? spec.access
        self.spec = spec
        modifier = level == .internal ? "" : level.rawValue + " "
        source = spec.file.split(separator: "/").last.map(String.init) ?? spec.file
        symbols = SymbolTable(spec)
        models = ModelLowering(spelling: TypeSpelling(symbols: symbols),
                               deprecatedInDocOnly: ReferenceScan(spec: spec, symbols: symbols).deprecatedModelsInUse())
    }

    /// The IR of the models file.
    public func modelsFile() -> ModelsFileIR {
        ModelsFileIR(source: source, access: modifier, models: spec.models.map(models.lower))
    }

    /// The IR of the endpoints file.
    public func endpointsFile() -> EndpointsFileIR {
        let endpoints = EndpointLowering(spec: spec, symbols: symbols, spelling: models.spelling, models: models)
        return EndpointsFileIR(
            source: source,
            access: modifier,
            namespace: DeclarationIR(name: spec.name, doc: SwiftLiteral.docLines(spec.description), deprecated: false),
            baseURL: spec.baseURL.map(SwiftLiteral.string),
            defaultHeaders: spec.defaultHeaders.map { HeaderIR(name: SwiftLiteral.string($0.name), value: SwiftLiteral.string($0.value)) },
            dates: Self.dateCoding(spec.dates),
            items: endpoints.lower(spec.endpoints))
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
