import SpecCore

extension OpenAPIContext {
    /// The property names that hold an error body's message for people, most telling first: the
    /// common `message`, RFC 9457's `detail`, OAuth 2's `error_description` (before its terse
    /// `error` code), and `reason` and `title` for what is left.
    static let errorMessageNames = ["message", "detail", "error_description", "error", "reason", "title"]

    /// Each object model an endpoint decodes from an error body gets the first of
    /// `errorMessageNames` that is one of its `String` properties as its `errorMessage`, so the
    /// error's description says what the server said.
    func withErrorMessages(_ spec: Spec, symbols: SymbolTable) -> [ModelDecl] {
        var errorModels: Set<String> = []
        for entry in spec.flattenedEndpoints {
            for error in entry.endpoint.errors {
                if case .named(let name, [], _) = symbols.resolvedNonOptional(error.type) { errorModels.insert(name) }
            }
        }
        return spec.models.map { model in
            guard errorModels.contains(model.name), model.errorMessage == nil, case .object(let fields) = model.kind else { return model }
            let strings = fields.filter { symbols.isString($0.type) }
            guard let name = Self.errorMessageNames.first(where: { name in strings.contains { $0.wireName == name } }) else { return model }
            var model = model
            model.errorMessage = name
            model.errorMessageLocation = strings.first { $0.wireName == name }?.location
            return model
        }
    }
}
