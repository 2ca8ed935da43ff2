import SpecIR

// The service protocol IR as template context.

extension ServiceIR: TemplateObject {
    /// Keys: namespace, access, protocolName, liveName, stubName, stub, requirements, methods, hasMethods, conveniences (the methods that have defaults), hasConveniences.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "namespace": .string(namespace)
        case "access": .string(access)
        case "protocolName": .string(protocolName)
        case "liveName": .string(liveName)
        case "stubName": .string(stubName)
        case "stub": .bool(stub)
        case "requirements": .list(requirements.map { .object($0) })
        case "methods": .list(methods.map { .object($0) })
        case "hasMethods": .bool(!methods.isEmpty)
        case "conveniences": .list(methods.filter { $0.defaults != nil }.map { .object($0) })
        case "hasConveniences": .bool(methods.contains { $0.defaults != nil })
        default: nil
        }
    }
}

extension ServiceMethodIR: TemplateObject {
    /// Keys: name, doc, deprecated, parameters, wrapParameters, effects, factory, arguments, wrapCall, client, defaults (false if none),
    /// handler, handlerType, signatureName, returnsValue, handlerLocal, handlerAccess.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(name)
        case "doc": .strings(doc)
        case "deprecated": .bool(deprecated)
        case "parameters": .list(parameters.map { .object($0) })
        case "wrapParameters": .bool(wrapParameters)
        case "effects": .string(effects)
        case "factory": .string(factory)
        case "arguments": .strings(arguments)
        case "wrapCall": .bool(wrapCall)
        case "client": .string(client)
        case "defaults": defaults.map { .object($0) } ?? .bool(false)
        case "handler": .string(handler)
        case "handlerType": .string(handlerType)
        case "signatureName": .string(signatureName)
        case "returnsValue": .bool(returnsValue)
        case "handlerLocal": .string(handlerLocal)
        case "handlerAccess": .string(handlerAccess)
        default: nil
        }
    }
}

extension ServiceDefaultsIR: TemplateObject {
    /// Keys: requirement, parameters, arguments, wrapCall.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "requirement": .string(requirement)
        case "parameters": .list(parameters.map { .object($0) })
        case "arguments": .strings(arguments)
        case "wrapCall": .bool(wrapCall)
        default: nil
        }
    }
}
