import SpecCore
import SpecIR

// The service protocol IR as template context.

extension ServiceIR: TemplateObject {
    /// Keys: namespace, access, protocolName, liveName, stubName, forwardingName, stub, operations, inlinable (public: the methods are
    /// emitted only where they are called), requirements, example (the first requirement, for doc comments; false
    /// without one), methods, hasMethods.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "namespace": .string(namespace)
        case "access": .string(SwiftSpelling.modifier(access))
        case "protocolName": .string(protocolName)
        case "liveName": .string(liveName)
        case "stubName": .string(stubName)
        case "forwardingName": .string(forwardingName)
        case "stub": .bool(stub)
        case "operations": .string(operations)
        case "inlinable": .bool(access == .public)
        case "requirements": .list(requirements.map { .object($0) })
        case "example": requirements.first.map { .object($0) } ?? .bool(false)
        case "methods": .list(methods.map { .object($0) })
        case "hasMethods": .bool(!methods.isEmpty)
        default: nil
        }
    }
}

extension ServiceMethodIR: TemplateObject {
    /// Keys: name, bareName, requirement (the protocol's requirement for the operation: `sendFeed`), doc, requestLine, deprecated, parameters, hasParameters, documentedParameters, failureType,
    /// responseType (false for no result), endpointResponse (the factory's response type), factory (the factory's
    /// qualified name), operation (the operation type's name).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(Naming.escaped(name))
        case "bareName": .string(name)
        case "requirement": .string(requirement)
        case "doc": .strings(doc)
        case "requestLine": .string(requestLine)
        case "deprecated": .bool(deprecated)
        case "parameters": .list(parameters.map { .object($0) })
        case "hasParameters": .bool(!parameters.isEmpty)
        case "documentedParameters": .documented(parameters)
        case "failureType": .string(SwiftSpelling.failure(failure))
        case "responseType": .optional(response.map(SwiftSpelling.type))
        case "endpointResponse": .string(SwiftSpelling.type(endpointResponse))
        case "factory": .string((factory.dropLast() + factory.suffix(1).map(Naming.escapedMember)).joined(separator: "."))
        case "operation": .string(Naming.escapedMember(operation))
        default: nil
        }
    }
}
