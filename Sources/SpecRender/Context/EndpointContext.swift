import SpecIR

// The endpoints file IR as template context.

extension EndpointsFileIR: TemplateObject {
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "source": .string(source)
        case "access": .string(access)
        case "namespace": .string(namespace.name)
        case "baseURL": baseURL.map { .string($0) } ?? .bool(false)
        case "defaultHeaders": .list(defaultHeaders.map { .object($0) })
        case "hasDefaultHeaders": .bool(!defaultHeaders.isEmpty)
        case "dates": .string(dates)
        case "items": .list(items.map { .object($0) })
        default: namespace.value(forKey: key)
        }
    }
}

extension HeaderIR: TemplateObject {
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(name)
        case "value": .string(value)
        default: nil
        }
    }
}

extension EndpointItemIR: TemplateObject {
    public func value(forKey key: String) -> TemplateValue? {
        switch (key, self) {
        case ("endpoint", .endpoint(let value)): .object(value)
        case ("group", .group(let value)): .object(value)
        case ("endpoint", _), ("group", _): .bool(false)
        default: nil
        }
    }
}

extension GroupIR: TemplateObject {
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(name)
        case "items": .list(items.map { .object($0) })
        case "doc": .list([])
        case "deprecated": .bool(false)
        default: nil
        }
    }
}

extension EndpointIR: TemplateObject {
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(name)
        case "doc": .strings(doc)
        case "deprecated": .bool(deprecated)
        case "parameters": .list(parameters.map { .object($0) })
        case "wrapParameters": .bool(wrapParameters)
        case "returnType": .string(returnType)
        case "method": .string(method)
        case "path": .string(path)
        case "arguments": .strings(arguments)
        case "wrapArguments": .bool(wrapArguments)
        case "errorEnum": errorEnum.map { .object($0) } ?? .bool(false)
        default: nil
        }
    }
}

extension ParameterIR: TemplateObject {
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "label": .string(label)
        case "type": .string(type)
        case "defaultSuffix": .string(defaultSuffix)
        default: nil
        }
    }
}

extension ErrorEnumIR: TemplateObject {
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(name)
        case "doc": .strings(doc)
        case "deprecated": .bool(deprecated)
        case "cases": .list(cases.map { .object($0) })
        default: nil
        }
    }
}
