import SpecCore
import SpecIR

// The endpoints file IR as template context.

extension EndpointsFileIR: TemplateObject {
    /// Keys: source, access, namespace, name, doc, deprecated, baseURL (a string literal, false if none),
    /// serverPath (a string literal, false if none), servers, hasServers, serversName, defaultHeaders,
    /// hasDefaultHeaders, dates, items, service (false when there are no endpoints), adHoc.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "source": .string(source)
        case "access": .string(SwiftSpelling.modifier(access))
        case "namespace": .string(namespace.name)
        case "baseURL": .optional(baseURL.map(SwiftSpelling.string))
        case "serverPath": .optional(serverPath.map(SwiftSpelling.string))
        case "servers": .list(servers.map { .object($0) })
        case "hasServers": .bool(!servers.isEmpty)
        case "serversName": .string(serversName)
        case "defaultHeaders": .list(defaultHeaders.map { .object($0) })
        case "hasDefaultHeaders": .bool(!defaultHeaders.isEmpty)
        case "dates": .object(DateCodingContext(strategy: dates))
        case "items": .list(items.map { .object($0) })
        case "service": service.requirements.isEmpty ? .bool(false) : .object(service)
        case "adHoc": .object(adHoc)
        default: namespace.value(forKey: key)
        }
    }
}

extension ServerIR: TemplateObject {
    /// Keys: name, doc, urlLiteral, parameters (each name, variableLiteral, defaultLiteral, doc),
    /// hasParameters, relative (a path resolved against a host the caller gives).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(Naming.escaped(name))
        case "doc": .list(doc.map { .string($0) })
        case "deprecated": false
        case "urlLiteral": .string(SwiftSpelling.string(url))
        case "parameters": .list(parameters.map { .object($0) })
        case "hasParameters": .bool(!parameters.isEmpty)
        case "relative": .bool(relative)
        default: nil
        }
    }
}

extension ServerIR.Parameter: TemplateObject {
    /// Keys: name, variableLiteral, defaultLiteral, doc.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(Naming.escaped(name))
        case "variableLiteral": .string(SwiftSpelling.string(variable))
        case "defaultLiteral": .string(SwiftSpelling.string(defaultValue))
        case "doc": .optional(doc)
        default: nil
        }
    }
}

/// A date coding strategy: `kind` is its case name (`iso8601`, `iso8601Fractional`, `seconds`,
/// `milliseconds`, `format`), `pattern` the format's pattern as a string literal, or false.
struct DateCodingContext: TemplateObject {
    let strategy: DateStrategy

    func value(forKey key: String) -> TemplateValue? {
        switch (key, strategy) {
        case ("kind", .iso8601): "iso8601"
        case ("kind", .iso8601Fractional): "iso8601Fractional"
        case ("kind", .seconds): "seconds"
        case ("kind", .milliseconds): "milliseconds"
        case ("kind", .pattern): "format"
        case ("pattern", .pattern(let pattern)): .string(SwiftSpelling.string(pattern))
        case ("pattern", _): false
        default: nil
        }
    }
}

/// An auth requirement: `kind` is its case name (`bearer`, `basic`, `header`, `query`, `cookie`, `all`,
/// `firstAvailable`), `nameLiteral` the header, query parameter or cookie name as a string literal (or false),
/// `members` the schemes of `all` or the alternatives of `firstAvailable` (false for one scheme), and
/// `combined` whether it has members.
struct AuthContext: TemplateObject {
    let scheme: AuthScheme

    func value(forKey key: String) -> TemplateValue? {
        switch (key, scheme) {
        case ("kind", .none): "none"
        case ("kind", .bearer): "bearer"
        case ("kind", .header): "header"
        case ("kind", .query): "query"
        case ("kind", .cookie): "cookie"
        case ("kind", .basic): "basic"
        case ("kind", .all): "all"
        case ("kind", .firstAvailable): "firstAvailable"
        case ("nameLiteral", .header(let name)), ("nameLiteral", .query(let name)), ("nameLiteral", .cookie(let name)):
            .string(SwiftSpelling.string(name))
        case ("nameLiteral", _): false
        case ("members", .all(let members)), ("members", .firstAvailable(let members)):
            .list(members.map { .object(AuthContext(scheme: $0)) })
        case ("members", _): false
        case ("combined", .all), ("combined", .firstAvailable): true
        case ("combined", _): false
        default: nil
        }
    }

    static func value(_ scheme: AuthScheme?) -> TemplateValue {
        scheme.map { .object(AuthContext(scheme: $0)) } ?? false
    }
}

extension AdHocEndpointIR: TemplateObject {
    /// Keys: failureType, generic, auth (false if none), error (the default error mapping, false if none).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "failureType": .string(SwiftSpelling.failure(failure))
        case "generic": .string(generic)
        case "auth": AuthContext.value(auth)
        case "error": error.map { .object($0) } ?? false
        default: nil
        }
    }
}

extension HeaderIR: TemplateObject {
    /// Keys: nameLiteral, valueLiteral (string literals).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "nameLiteral": .string(SwiftSpelling.string(name))
        case "valueLiteral": .string(SwiftSpelling.string(value))
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
    /// Keys: name, items, hasItems, doc (always empty), deprecated (always false).
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
    /// Keys: name, doc, requestLine, deprecated, parameters, documentedParameters, responseType, failureType,
    /// method, path, query, hasQuery, headers, hasHeaders, cookies, hasCookies, body (false if none), decoding, auth (false if none),
    /// accept (the `Accept` literal, or false), outcomes (the enum of outcomes, or false), errors, hasErrors,
    /// timeout (false if none), retry, errorEnum (false if none), responseHeaders (false if none),
    /// api (`.api`, or `.api.withServer(...)` for an endpoint with its own server, after the namespace).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(Naming.escaped(name))
        case "doc": .strings(doc)
        case "requestLine": .string(requestLine)
        case "deprecated": .bool(deprecated)
        case "parameters": .list(parameters.map { .object($0) })
        case "documentedParameters": .documented(parameters)
        case "responseType": .string(SwiftSpelling.type(response.type))
        case "failureType": .string(SwiftSpelling.failure(failure))
        case "method": .string(method.rawValue.lowercased())
        case "path": .list(path.map { .object(PathPartContext(part: $0)) })
        case "query": .list(query.map { .object($0) })
        case "hasQuery": .bool(!query.isEmpty)
        case "headers": .list(headers.map { .object($0) })
        case "hasHeaders": .bool(!headers.isEmpty)
        case "cookies": .list(cookies.map { .object($0) })
        case "hasCookies": .bool(!cookies.isEmpty)
        case "body": body.map { .object($0) } ?? false
        case "decoding": .string(Self.decoding(response))
        case "accept": .optional(response.accept.map(SwiftSpelling.string))
        case "api": .string(server.map { ".api.withServer(\(SwiftSpelling.string($0)))" } ?? ".api")
        case "outcomes": response.outcomes.map { .object($0) } ?? false
        case "auth": AuthContext.value(auth)
        case "errors": .list(errors.map { .object($0) })
        case "hasErrors": .bool(!errors.isEmpty)
        case "timeout": .optional(timeout.map(SwiftSpelling.number))
        case "retry": .bool(retry)
        case "errorEnum": errorEnum.map { .object($0) } ?? false
        case "responseHeaders": responseHeaders.map { .object($0) } ?? false
        case "pagination": response.pagination.map { .object(PaginationContext(pagination: $0)) } ?? false
        default: nil
        }
    }
}

/// A paginated endpoint's companion: pagesName, itemType, rule (the `PaginationRule` expression).
/// Its other keys are the endpoint's (name, parameters, responseType, failureType).
struct PaginationContext: TemplateObject {
    let pagination: PaginationIR

    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "pagesName": .string(Naming.escaped(pagination.name))
        case "itemType": .string(SwiftSpelling.type(pagination.item))
        case "rule": .string(rule)
        default: nil
        }
    }

    /// `.link`, `.cursor(items: { $0.data }, next: { $0.nextCursor }, parameter: "cursor")`, ...
    var rule: String {
        let items = pagination.items.map { "{ $0.\(Naming.escapedMember($0.member))\($0.optional ? " ?? []" : "") }" } ?? "{ $0 }"
        let member = { (name: String) in "$0.\(Naming.escapedMember(name))" }
        switch pagination.rule {
        case .link:
            return pagination.items == nil ? ".link" : ".link(items: \(items))"
        case .cursor(let next, let parameter):
            return ".cursor(items: \(items), next: { \(member(next)) }, parameter: \(SwiftSpelling.string(parameter)))"
        case .hasMore(let hasMore, let parameter, let id, let conversion):
            let idText: String
            switch conversion {
            case .string: idText = member(id)
            case .integer: idText = "String(\(member(id)))"
            case .uuid: idText = "\(member(id)).uuidString.lowercased()"
            }
            return ".hasMore(items: \(items), hasMore: { \(member(hasMore)) }, parameter: \(SwiftSpelling.string(parameter)), id: { \(idText) })"
        case .page(let parameter, let size, let first):
            return ".pageNumber(items: \(items), parameter: \(SwiftSpelling.string(parameter))\(first == 1 ? "" : ", first: \(first)")\(size.map { ", sizeParameter: \(SwiftSpelling.string($0))" } ?? ""))"
        case .offset(let parameter, let size):
            return ".offset(items: \(items), parameter: \(SwiftSpelling.string(parameter))\(size.map { ", limitParameter: \(SwiftSpelling.string($0))" } ?? ""))"
        }
    }
}

extension EndpointIR {
    /// The `ResponseDecoding` after its dot: `json`, `data`, ..., and for streams the call that
    /// makes one: `events(terminator: "[DONE]", reconnect: ReconnectPolicy())`, `lines()`, `bytes`.
    static func decoding(_ response: ResponseIR) -> String {
        switch response.decoding {
        case .events:
            let arguments = [response.terminator.map { "terminator: \(SwiftSpelling.string($0))" },
                             response.reconnects ? "reconnect: ReconnectPolicy()" : nil].compactMap { $0 }
            return "events(\(arguments.joined(separator: ", ")))"
        case .lines, .sequence: return "\(response.decoding.rawValue)()"
        case .json, .empty, .data, .text, .bytes, .multipart: return response.decoding.rawValue
        }
    }
}

/// A part of a path: `text` is literal text escaped for a string literal, `parameter` what to
/// interpolate (the Swift name, with its path style when it has one); the other key is false.
struct PathPartContext: TemplateObject {
    let part: PathPartIR

    /// The runtime's `EndpointPath.PathStyle` for a path parameter's style; nil for `simple`.
    static func pathStyle(_ style: ParameterStyle?, wireName: String) -> String? {
        switch style {
        case .label?: ".label"
        case .labelExploded?: ".labelExploded"
        case .matrix?: ".matrix(\(SwiftSpelling.string(wireName)))"
        case .matrixExploded?: ".matrixExploded(\(SwiftSpelling.string(wireName)))"
        case .form?: ".simpleExploded"
        case .segments?: ".segments"
        default: nil
        }
    }

    func value(forKey key: String) -> TemplateValue? {
        switch (key, part) {
        case ("text", .text(let text)): .string(SwiftSpelling.escapedContent(text))
        case ("parameter", .parameter(let name)): .string(Naming.escaped(name))
        case ("parameter", .styledParameter(let name, let style, let wireName, let members)):
            .string((members ? "members: " : "") + Naming.escaped(name) + (Self.pathStyle(style, wireName: wireName).map { ", style: " + $0 } ?? ""))
        case ("text", _), ("parameter", _): false
        default: nil
        }
    }
}

extension ParameterIR: TemplateObject {
    /// Keys: name, label, bareName, inMethod and inMethodValue (the parameter declared and read in a method,
    /// where one named `self` needs another name inside), inOperation (the property of the service's operation
    /// type that holds it: `self_` and `endpoint_` for those two names), type, default (false if none), location, wireLiteral,
    /// doc, docFirst, docRest.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(Naming.escaped(name))
        case "label": .string(Naming.escapedLabel(name))
        case "bareName": .string(name)
        case "inMethod": .string(name == "self" ? "self self_" : Naming.escaped(name))
        case "inMethodValue": .string(name == "self" ? "self_" : Naming.escaped(name))
        case "inOperation": .string(name == "self" || name == "endpoint" ? name + "_" : Naming.escaped(name))
        case "type": .string(SwiftSpelling.type(type))
        case "default": .value(defaultValue)
        case "location": .string(location.rawValue)
        case "wireLiteral": .string(SwiftSpelling.string(wireName))
        case "doc": .strings(doc)
        case "docFirst": .string(doc.first ?? "")
        case "docRest": .strings(Array(doc.dropFirst()))
        default: nil
        }
    }
}

extension WireFieldIR: TemplateObject {
    /// Keys: wireLiteral, name, style (the `ParameterStyle` case name, or false), jsonPart, contentType (a literal, or false),
    /// partHeaders (a multipart part's headers), typedPart (sent as a `TypedPart`: a content type or headers).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "wireLiteral": .string(SwiftSpelling.string(wireName))
        case "name": .string(Naming.escaped(name))
        case "style": style.map { .string($0.rawValue) } ?? false
        case "jsonPart": .bool(jsonPart)
        case "contentType": .optional(contentType.map(SwiftSpelling.string))
        case "partHeaders": partHeaders.isEmpty ? false : .list(partHeaders.map { .object($0) })
        case "typedPart": .bool(contentType != nil || !partHeaders.isEmpty)
        default: nil
        }
    }
}

extension BodyIR: TemplateObject {
    /// Keys: encoding (`json`, `form`, `multipart`, `binary`), isValue (one `body` parameter is the body),
    /// fields (the body's fields, empty when one value is the body), hasFields, optional (no body is sent for nil, or when every field is nil),
    /// alternatives (the enum of bodies, or false), withContentType (the call that sends the declared
    /// media type, or empty).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "encoding": .string(encoding.rawValue)
        case "isValue": .bool(fields == nil)
        case "fields": .list((fields ?? []).map { .object($0) })
        case "hasFields": .bool(fields?.isEmpty == false)
        case "optional": .bool(optional)
        case "alternatives": alternatives.map { .object($0) } ?? false
        case "withContentType": contentType.map { .string(".withContentType(\(SwiftSpelling.string($0)))") } ?? .string("")
        default: nil
        }
    }
}

extension ErrorMappingIR: TemplateObject {
    /// Keys: code (false unless one status), range (an object of lower and upper, or false), isDefault,
    /// mapped (the error enum case: type, enumName, member; or false), message (the message field's
    /// name after a dot, or false), hasArguments (mapped or message).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "code": if case .code(let code) = status { .string(String(code)) } else { false }
        case "range": if case .range(let lower, let upper) = status { ["lower": .string(String(lower)), "upper": .string(String(upper))] } else { false }
        case "isDefault": .bool(status == .default)
        case "mapped": enumCase.map { .object($0) } ?? false
        case "message": .optional(messageField.map(Naming.escapedMember))
        case "hasArguments": .bool(enumCase != nil || messageField != nil)
        default: nil
        }
    }
}

extension ErrorEnumCaseRef: TemplateObject {
    /// Keys: type, enumName, member.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "type": .string(SwiftSpelling.type(type))
        case "enumName": .string(enumName)
        case "member": .string(Naming.escapedMember(caseName))
        default: nil
        }
    }
}

extension ErrorEnumIR: TemplateObject {
    /// Keys: name, doc, deprecated, cases, conformances, indirect.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "conformances": .strings(conformances.map(\.rawValue))
        case "indirect": .bool(indirect)
        case "name": .string(name)
        case "doc": .strings(doc)
        case "deprecated": .bool(deprecated)
        case "cases": .list(cases.map { .object($0) })
        default: nil
        }
    }
}

extension ShardFileIR: TemplateObject {
    /// Keys: source, access, namespace, models, extensions, service.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "source": .string(source)
        case "access": .string(SwiftSpelling.modifier(access))
        case "namespace": .string(namespace)
        case "models": .list(models.map { .object($0) })
        case "extensions": .list(extensions.map { .object($0) })
        case "service": .object(service)
        default: nil
        }
    }
}

extension ExtensionIR: TemplateObject {
    /// Keys: scope (the extended type, like `Chirp.Posts`), endpoints (items, each answering `endpoint` and `group`).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "scope": .string(scope.joined(separator: "."))
        case "endpoints": .list(endpoints.map { .object($0) })
        default: nil
        }
    }
}
