import SpecCore

/// Lowers validated models to the IR of the models file.
struct ModelLowering: Sendable {
    let spelling: TypeSpelling
    /// Deprecated models that live declarations refer to: they are deprecated in their doc comment only,
    /// since the attribute would make every generated reference warn.
    let deprecatedInDocOnly: Set<String>
    /// The fields and variants that must be stored indirectly, since their model contains itself.
    let recursion: Recursion
    /// Which models requests and responses use, with `conformances: lean`; nil gives every model `Codable` and `Hashable`.
    let usage: ModelUsage?

    /// The protocols of a struct or union named `model`, and which halves of `Codable` it has.
    private func conformances(of model: String, generic: Bool) -> (list: String, decodes: Bool, encodes: Bool) {
        guard let usage else { return (generic ? "Codable, Sendable" : "Codable, Hashable, Sendable", true, true) }
        let coding = usage.codingProtocol(of: model)
        return ("\(coding.name), Sendable", coding.decodes, coding.encodes)
    }

    func lower(_ model: ModelDecl) -> ModelIR {
        var declaration = DeclarationIR(
            name: SwiftNames.model(model.name), doc: SwiftLiteral.docLines(model.description),
            deprecated: model.deprecated && !deprecatedInDocOnly.contains(model.name))
        if model.deprecated && !declaration.deprecated {
            declaration.doc += (declaration.doc.isEmpty ? [] : [""]) + [" - Warning: Deprecated."]
        }
        switch model.kind {
        case .object(let fields):
            return .structure(structure(declaration, fields, generics: model.genericParameters, model: model.name))
        case .enumeration(let decl):
            return .enumeration(EnumIR(declaration: declaration, frozen: decl.frozen, cases: decl.cases.map { enumCase in
                let name = SwiftNames.enumCase(enumCase)
                let literal = SwiftLiteral.string(enumCase.wireValue)
                return EnumCaseIR(name: Naming.escaped(name), member: Naming.escapedMember(name), literal: literal,
                                  rawValue: name == enumCase.wireValue ? "" : " = \(literal)")
            }))
        case .union(let decl):
            let conformances = conformances(of: model.name, generic: false)
            return .union(UnionIR(declaration: declaration, discriminator: decl.discriminator.map(SwiftLiteral.string),
                                  conformances: conformances.list, decodes: conformances.decodes, encodes: conformances.encodes,
                                  indirect: usage != nil,
                                  cases: decl.variants.enumerated().map { index, variant in
                                      var lowered = unionCase(tag: variant.tag, type: variant.type)
                                      lowered.indirect = usage == nil && recursion.isIndirect(model.name, index)
                                      return lowered
                                  }))
        case .alias(let target):
            return .alias(AliasIR(declaration: declaration, genericClause: genericList(model.genericParameters, constraint: ""),
                                  target: spelling.swift(target)))
        }
    }

    /// A union or error-enum case holding one value.
    func unionCase(tag: String, type: TypeExpr) -> UnionCaseIR {
        let name = SwiftNames.unionCase(tag)
        return UnionCaseIR(name: Naming.escaped(name), member: Naming.escapedMember(name), tag: SwiftLiteral.string(tag),
                           type: spelling.swift(type))
    }

    private func structure(_ declaration: DeclarationIR, _ fields: [FieldDecl], generics: [String], model: String) -> StructIR {
        let lowered = fields.enumerated().map { index, decl in
            var lowered = field(decl)
            lowered.indirect = recursion.isIndirect(model, index)
            return lowered
        }
        let conformances = conformances(of: model, generic: !generics.isEmpty)
        let customDecoder = conformances.decodes && fields.contains { $0.defaultValue != nil }
        let renamed = fields.contains { SwiftNames.field($0) != $0.wireName }
        let codingKeys: [CodingKeyIR] = (customDecoder || renamed) ? fields.map { field in
            let name = SwiftNames.field(field)
            return CodingKeyIR(name: Naming.escaped(name), rawValue: name == field.wireName ? "" : " = \(SwiftLiteral.string(field.wireName))")
        } : []
        let signatureLength = lowered.reduce(0) { $0 + $1.name.count + $1.type.count + $1.initDefault.count + 4 }
        return StructIR(declaration: declaration, genericClause: genericList(generics, constraint: ": Codable & Sendable"),
                        genericParameters: generics, conformances: conformances.list, conditionalHashable: usage == nil && !generics.isEmpty,
                        fields: lowered, codingKeys: codingKeys, customDecoder: customDecoder,
                        wrapInit: lowered.count > 3 || signatureLength > 90)
    }

    private func field(_ field: FieldDecl) -> FieldIR {
        let name = SwiftNames.field(field)
        let type = spelling.swift(field.type)
        let fallback = field.defaultValue.map { " ?? " + spelling.defaultExpression($0.value, for: field.type) } ?? ""
        var initDefault = field.defaultValue.map { " = " + spelling.defaultExpression($0.value, for: field.type) } ?? ""
        if initDefault.isEmpty && spelling.symbols.isOptional(field.type) { initDefault = " = nil" }
        var doc = SwiftLiteral.docLines(field.description)
        if field.deprecated { doc += (doc.isEmpty ? [] : [""]) + [" - Warning: Deprecated."] }
        let optionalOrDefaulted = spelling.symbols.isOptional(field.type) || field.defaultValue != nil
        return FieldIR(
            name: Naming.escaped(name), member: Naming.escapedMember(name), type: type,
            decodeType: spelling.swift(spelling.symbols.isOptional(field.type) ? spelling.symbols.resolvingAliases(field.type).nonOptional : field.type),
            decodeMethod: optionalOrDefaulted ? "decodeIfPresent" : "decode",
            fallback: fallback, initDefault: initDefault, doc: doc)
    }

    private func genericList(_ parameters: [String], constraint: String) -> String {
        parameters.isEmpty ? "" : "<" + parameters.map { $0 + constraint }.joined(separator: ", ") + ">"
    }
}
