import SpecDiagnostics

/// Checks every rule of format v1 that the decoder could not: names, types, defaults, endpoints.
///
/// Each rule lives in its own file as an extension; `validate` runs them all and reports every error.
public struct Validator: Sendable {
    /// The spec being checked.
    let spec: Spec
    /// Its models by name.
    let symbols: SymbolTable
    /// The Swift names of its declarations, which the name rules check.
    let names: NameTable
    /// Where its models contain themselves.
    let recursion: Recursion
    /// What the rules found.
    var diagnostics = DiagnosticBag()
    /// The position in ``Spec/flattenedEndpoints`` (and ``NameTable/endpoints``) of the next endpoint the walk checks.
    var endpointPosition = 0
    /// Models by their Swift type name (the first of each name), for clashes with nested types.
    let modelsBySwiftName: [String: ModelDecl]

    /// Validates a decoded spec with its analysis (made here when not given); the returned bag holds
    /// every problem found.
    public static func validate(_ spec: Spec, analysis: SpecAnalysis? = nil) -> DiagnosticBag {
        let analysis = analysis ?? SpecAnalysis(spec)
        let names = analysis.names
        var modelsBySwiftName: [String: ModelDecl] = [:]
        for model in spec.models where modelsBySwiftName[names.typeName(model.name)] == nil {
            modelsBySwiftName[names.typeName(model.name)] = model
        }
        let validator = Validator(spec: spec, symbols: analysis.symbols, names: names, recursion: analysis.recursion,
                                  modelsBySwiftName: modelsBySwiftName)
        // The models' rules and the endpoints' rules on two cores, reported in that order.
        let (models, endpoints) = BothAtOnce.run({ () -> DiagnosticBag in
            var models = validator
            models.checkModelNames()
            models.checkTopLevel()
            for (model, modelNames) in zip(spec.models, names.models) { models.check(model, names: modelNames) }
            models.checkRecursion()
            return models.diagnostics
        }, { () -> DiagnosticBag in
            var endpoints = validator
            endpoints.checkEndpoints(spec.endpoints, scope: spec.name, groupPath: [])
            endpoints.checkServiceNames()
            return endpoints.diagnostics
        })
        var diagnostics = models
        diagnostics.append(contentsOf: endpoints)
        return diagnostics
    }

    /// `errorMessage` names a `String` or `String?` field of the model.
    private mutating func checkErrorMessage(of model: ModelDecl, fields: [FieldDecl]) {
        guard let name = model.errorMessage, let location = model.errorMessageLocation else { return }
        guard let field = fields.first(where: { $0.wireName == name }) else {
            diagnostics.error("errorMessage '\(name)' of model '\(model.name)' is not one of its fields\(Suggestions.didYouMean(name, in: fields.map(\.wireName)))",
                              at: location)
            return
        }
        if !symbols.isString(field.type) {
            diagnostics.error("errorMessage of model '\(model.name)' must name a String or String? field; '\(name)' is '\(field.type)'", at: location)
        }
    }

    private mutating func checkTopLevel() {
        if let warning = Self.shadowingWarning("the namespace '\(spec.name)'", spec.name) { diagnostics.warning(warning, at: spec.nameLocation) }
        if let error = spec.error { checkType(error, usage: .errorModel, in: "the top-level error model") }
    }

    private mutating func check(_ model: ModelDecl, names modelNames: NameTable.ModelNames) {
        let generics = model.genericParameters
        switch model.kind {
        case .object(let fields):
            checkFields(fields, named: modelNames.fields, of: "model '\(model.name)'", kind: "field", generics: generics, usage: .field)
            checkErrorMessage(of: model, fields: fields)
            if let additional = model.additionalProperties {
                checkType(additional, usage: .field, in: "additionalProperties of model '\(model.name)'", generics: generics)
            }
        case .enumeration(let decl):
            checkEnum(decl, model: model, caseNames: modelNames.cases)
        case .union(let decl):
            checkUnion(decl, model: model, caseNames: modelNames.cases)
        case .alias(let target):
            checkType(target, usage: .alias, in: "alias '\(model.name)'", generics: generics)
            checkAliasCycle(model)
        }
    }
}
