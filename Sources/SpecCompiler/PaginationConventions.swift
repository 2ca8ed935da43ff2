import SpecCore
import SpecDiagnostics

/// Paging a config gives a spec's endpoints: by name (`pagination`), or by the conventions of big
/// APIs (`paginationConventions`), recognized from each GET's parameters and response.
enum PaginationConventions {
    /// The conventions there are.
    static let known = ["github", "stripe", "openai"]

    /// `spec` with the paging of `settings` and `conventions` set on its endpoints. A setting that
    /// names no endpoint is an error at its name; an endpoint's own `pagination:` stays.
    static func apply(_ settings: [PaginationSetting], conventions: [LocatedName], to spec: Spec, diagnostics: inout DiagnosticBag) -> Spec {
        guard !settings.isEmpty || !conventions.isEmpty else { return spec }
        var spec = spec
        let symbols = SymbolTable(spec)
        var used = Array(repeating: false, count: settings.count)
        var names: [String] = []
        func apply(_ items: [EndpointItem]) -> [EndpointItem] {
            items.map { item in
                switch item {
                case .group(var group):
                    group.items = apply(group.items)
                    return .group(group)
                case .endpoint(var endpoint):
                    names.append(endpoint.name)
                    if let index = settings.indices.first(where: { OperationSelection.matches(settings[$0].operation.name, name: endpoint.name, method: endpoint.method, path: endpoint.path, operationID: endpoint.operationID) }) {
                        used[index] = true
                        if endpoint.pagination == nil { endpoint.pagination = settings[index].pagination }
                    } else if endpoint.pagination == nil, endpoint.method == .get {
                        endpoint.pagination = conventions.lazy.compactMap { recognized($0, endpoint, symbols: symbols) }.first
                    }
                    return .endpoint(endpoint)
                }
            }
        }
        spec.endpoints = apply(spec.endpoints)
        for (setting, used) in zip(settings, used) where !used {
            diagnostics.error("pagination names '\(setting.operation.name)', which is not an operation\(Suggestions.didYouMean(setting.operation.name, in: names))",
                              at: setting.operation.location)
        }
        return spec
    }

    /// The paging `convention` recognizes in `endpoint`, if it does.
    private static func recognized(_ convention: LocatedName, _ endpoint: EndpointDecl, symbols: SymbolTable) -> PaginationDecl? {
        let query = Set(endpoint.query.map(\.wireName))
        guard let response = endpoint.response else { return nil }
        var decl: PaginationDecl
        switch convention.name {
        case "github":
            // GitHub's lists: an array answer, with `page` and `per_page`; the next page in `Link`.
            guard query.contains("page"), case .array = symbols.resolvedNonOptional(response) else { return nil }
            decl = PaginationDecl(style: .link, location: convention.location)
        case "stripe", "openai":
            // Stripe's lists (`starting_after`) and OpenAI's (`after`): `data`, `has_more`, the last item's `id`.
            let parameter = convention.name == "stripe" ? "starting_after" : "after"
            guard query.contains(parameter) else { return nil }
            decl = PaginationDecl(style: .hasMore, location: convention.location)
            decl.items = "data"
            decl.hasMore = "has_more"
            decl.parameter = parameter
        default:
            return nil
        }
        // Only where the paging can read the pages (the validation's rules, without its errors).
        guard let shape = symbols.paginationShape(decl, response: response) else { return nil }
        if decl.style == .hasMore {
            guard let marker = shape.marker, symbols.resolvedNonOptional(marker.type).description == "Bool",
                  let id = shape.idField, !symbols.isOptional(id.type),
                  ["String", "Int", "Int32", "Int64", "UUID"].contains(symbols.resolvedNonOptional(id.type).description) else { return nil }
        }
        return decl
    }
}
