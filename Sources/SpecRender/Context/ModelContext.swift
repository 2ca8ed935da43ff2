import SpecIR

// The models file IR as template context. Every declaration object (models, fields, endpoints,
// groups) answers `doc` and `deprecated`, so a nested section never falls back to an outer
// declaration's documentation.

extension ModelsFileIR: TemplateObject {
    /// Keys: source, access, models.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "source": .string(source)
        case "access": .string(access)
        case "models": .list(models.map { .object($0) })
        default: nil
        }
    }
}

extension ModelIR: TemplateObject {
    /// Keys: structure, enumeration, union, alias (the model under its kind's key, false under the others).
    public func value(forKey key: String) -> TemplateValue? {
        switch (key, self) {
        case ("structure", .structure(let value)): .object(value)
        case ("enumeration", .enumeration(let value)): .object(value)
        case ("union", .union(let value)): .object(value)
        case ("alias", .alias(let value)): .object(value)
        case ("structure", _), ("enumeration", _), ("union", _), ("alias", _): .bool(false)
        default: nil
        }
    }
}

extension DeclarationIR {
    /// The keys every declaration answers: name, doc, deprecated.
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(name)
        case "doc": .strings(doc)
        case "deprecated": .bool(deprecated)
        default: nil
        }
    }
}

extension StructIR: TemplateObject {
    /// Keys: name, doc, deprecated, genericClause, conformances, conditionalHashable, genericParameters, isGeneric, fields, hasFields, codingKeys, hasCodingKeys, customDecoder, wrapInit.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "genericClause": .string(genericClause)
        case "conformances": .string(conformances)
        case "conditionalHashable": .bool(conditionalHashable)
        case "genericParameters": .strings(genericParameters)
        case "isGeneric": .bool(!genericParameters.isEmpty)
        case "fields": .list(fields.map { .object($0) })
        case "hasFields": .bool(!fields.isEmpty)
        case "codingKeys": .list(codingKeys.map { .object($0) })
        case "hasCodingKeys": .bool(!codingKeys.isEmpty)
        case "customDecoder": .bool(customDecoder)
        case "wrapInit": .bool(wrapInit)
        default: declaration.value(forKey: key)
        }
    }
}

extension FieldIR: TemplateObject {
    /// Keys: name, member, type, decodeType, decodeMethod, fallback, initDefault, doc, deprecated (always false), indirect.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "indirect": .bool(indirect)
        case "name": .string(name)
        case "member": .string(member)
        case "type": .string(type)
        case "decodeType": .string(decodeType)
        case "decodeMethod": .string(decodeMethod)
        case "fallback": .string(fallback)
        case "initDefault": .string(initDefault)
        case "doc": .strings(doc)
        case "deprecated": .bool(false)
        default: nil
        }
    }
}

extension CodingKeyIR: TemplateObject {
    /// Keys: name, rawValue.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(name)
        case "rawValue": .string(rawValue)
        default: nil
        }
    }
}

extension EnumIR: TemplateObject {
    /// Keys: name, doc, deprecated, frozen, cases.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "frozen": .bool(frozen)
        case "cases": .list(cases.map { .object($0) })
        default: declaration.value(forKey: key)
        }
    }
}

extension EnumCaseIR: TemplateObject {
    /// Keys: name, member, literal, rawValue.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(name)
        case "member": .string(member)
        case "literal": .string(literal)
        case "rawValue": .string(rawValue)
        default: nil
        }
    }
}

extension UnionIR: TemplateObject {
    /// Keys: name, doc, deprecated, tagged, indirect, conformances, decodes, encodes, discriminator (tagged unions), cases.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "tagged": .bool(discriminator != nil)
        case "indirect": .bool(indirect)
        case "conformances": .string(conformances)
        case "decodes": .bool(decodes)
        case "encodes": .bool(encodes)
        case "discriminator": discriminator.map(TemplateValue.string)
        case "cases": .list(cases.map { .object($0) })
        default: declaration.value(forKey: key)
        }
    }
}

extension UnionCaseIR: TemplateObject {
    /// Keys: name, member, tag, type, indirect.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "indirect": .bool(indirect)
        case "name": .string(name)
        case "member": .string(member)
        case "tag": .string(tag)
        case "type": .string(type)
        default: nil
        }
    }
}

extension AliasIR: TemplateObject {
    /// Keys: name, doc, deprecated, genericClause, target.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "genericClause": .string(genericClause)
        case "target": .string(target)
        default: declaration.value(forKey: key)
        }
    }
}

extension TemplateValue {
    /// A list of strings.
    static func strings(_ values: [String]) -> TemplateValue {
        .list(values.map { .string($0) })
    }
}
