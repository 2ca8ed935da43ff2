import SpecIR

// The endpoints file IR as template context.

extension EndpointsFileIR: TemplateObject {
    /// Keys: source, access, namespace, name, doc, deprecated, baseURL (false if none), defaultHeaders, hasDefaultHeaders, dates, items, service (false when there are no endpoints), adHoc.
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
        case "service": service.requirements.isEmpty ? .bool(false) : .object(service)
        case "adHoc": .object(adHoc)
        default: namespace.value(forKey: key)
        }
    }
}

extension AdHocEndpointIR: TemplateObject {
    /// Keys: failure, generic, arguments.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "failure": .string(failure)
        case "generic": .string(generic)
        case "arguments": .string(arguments)
        default: nil
        }
    }
}

extension HeaderIR: TemplateObject {
    /// Keys: name, value.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(name)
        case "value": .string(value)
        default: nil
        }
    }
}

extension EndpointItemIR: TemplateObject {
    /// Keys: endpoint, group (the item under its kind's key, false under the other).
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
    /// Keys: name, items, doc (always empty), deprecated (always false).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(name)
        case "items": .list(items.map { .object($0) })
        case "hasItems": .bool(!items.isEmpty)
        case "doc": .list([])
        case "deprecated": .bool(false)
        default: nil
        }
    }
}

extension EndpointIR: TemplateObject {
    /// Keys: name, doc, deprecated, parameters, wrapParameters, returnType, method, path, arguments, wrapArguments, errorEnum (false if none).
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
    /// Keys: label, type, defaultSuffix.
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
    /// Keys: name, doc, deprecated, cases, conformances.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "conformances": .string(conformances)
        case "name": .string(name)
        case "doc": .strings(doc)
        case "deprecated": .bool(deprecated)
        case "cases": .list(cases.map { .object($0) })
        default: nil
        }
    }
}

extension EndpointsShardIR: TemplateObject {
    /// Keys: source, access, namespace, extensions, service.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "source": .string(source)
        case "access": .string(access)
        case "namespace": .string(namespace)
        case "extensions": .list(extensions.map { .object($0) })
        case "service": .object(service)
        default: nil
        }
    }
}

extension ExtensionIR: TemplateObject {
    /// Keys: scope, endpoints (items, each answering `endpoint` and `group`).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "scope": .string(scope)
        case "endpoints": .list(endpoints.map { .object($0) })
        default: nil
        }
    }
}
