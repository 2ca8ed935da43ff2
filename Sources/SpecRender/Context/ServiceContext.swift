import SpecCore
import SpecIR

// The service protocol IR as template context.

extension ServiceIR: TemplateObject {
    /// Keys: namespace, access, protocolName, liveName, stubName, stub, requirements, methods, hasMethods,
    /// conveniences (the methods that have defaults), hasConveniences.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "namespace": .string(namespace)
        case "access": .string(SwiftSpelling.modifier(access))
        case "protocolName": .string(protocolName)
        case "liveName": .string(liveName)
        case "stubName": .string(stubName)
        case "stub": .bool(stub)
        case "requirements": .list(requirements.map { .object($0) })
        case "methods": .list(methods.map { .object($0) })
        case "hasMethods": .bool(!methods.isEmpty)
        case "conveniences": .list(methods.filter(\.hasDefaults).map { .object($0) })
        case "hasConveniences": .bool(methods.contains(where: \.hasDefaults))
        default: nil
        }
    }
}

extension ServiceMethodIR: TemplateObject {
    /// Keys: name, bareName, doc, requestLine, deprecated, parameters, documentedParameters, requiredParameters (those without a
    /// default), failureType, responseType (false for no result), factory (the factory's qualified name),
    /// clientShadowed (a parameter is named `client`), selfShadowed (a parameter is named `self`),
    /// handler, handlerLocal.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(Naming.escaped(name))
        case "bareName": .string(name)
        case "doc": .strings(doc)
        case "requestLine": .string(requestLine)
        case "deprecated": .bool(deprecated)
        case "parameters": .list(parameters.map { .object($0) })
        case "documentedParameters": .list(parameters.filter { !$0.doc.isEmpty }.map { .object($0) })
        case "requiredParameters": .list(parameters.filter { $0.defaultValue == nil }.map { .object($0) })
        case "failureType": .string(SwiftSpelling.failure(failure))
        case "responseType": .optional(response.map(SwiftSpelling.type))
        case "factory": .string((factory.dropLast() + factory.suffix(1).map(Naming.escapedMember)).joined(separator: "."))
        case "clientShadowed": .bool(parameters.contains { $0.name == "client" })
        case "selfShadowed": .bool(parameters.contains { $0.name == "self" })
        case "handler": .string(handler)
        case "handlerLocal": .string(handlerLocal)
        default: nil
        }
    }

    /// Whether a parameter has a default, so a convenience leaves it out.
    var hasDefaults: Bool {
        parameters.contains { $0.defaultValue != nil }
    }
}
