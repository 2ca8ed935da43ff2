import SpecCore

/// Endpoints and groups, each key written only when it says something the default does not.
enum EndpointWriting {
    /// Every entry under `endpoints:` (or a group), a blank line between two.
    static func entries(_ items: [EndpointItem]) -> [YAMLEntry] {
        items.enumerated().map { index, item in
            switch item {
            case .endpoint(let endpoint):
                YAMLEntry(endpoint.name, value(endpoint), blankLineBefore: index > 0)
            case .group(let group):
                YAMLEntry(group.name, .mapping(entries(group.items)), blankLineBefore: index > 0)
            }
        }
    }

    /// One endpoint: `request` first, then the keys it needs, in the order the format documents them.
    static func value(_ endpoint: EndpointDecl) -> YAMLBlock {
        var entries = [YAMLEntry("request", .scalar("\(endpoint.method.rawValue) \(endpoint.path)"))]
        if let description = endpoint.description { entries.append(YAMLEntry("description", .text(description))) }
        if endpoint.deprecated { entries.append(YAMLEntry("deprecated", .inline("true"))) }
        if let auth = endpoint.auth { entries.append(YAMLEntry("auth", self.auth(auth))) }
        if endpoint.encoding != .json { entries.append(YAMLEntry("encoding", .scalar(endpoint.encoding.rawValue))) }
        if let contentType = endpoint.bodyContentType { entries.append(YAMLEntry("contentType", .scalar(contentType))) }
        if let server = endpoint.server { entries.append(YAMLEntry("server", .scalar(server))) }
        if !endpoint.pathParameters.isEmpty { entries.append(YAMLEntry("path", .mapping(FieldWriting.entries(endpoint.pathParameters)))) }
        if !endpoint.query.isEmpty { entries.append(YAMLEntry("query", .mapping(FieldWriting.entries(endpoint.query)))) }
        if !endpoint.headers.isEmpty { entries.append(YAMLEntry("headers", .mapping(FieldWriting.entries(endpoint.headers)))) }
        if endpoint.responseIsText || endpoint.outcomes.contains(where: { $0.isText && $0.content == nil }) {
            entries.append(YAMLEntry("responseEncoding", .inline("text")))
        } else if endpoint.responseIsMultipart {
            entries.append(YAMLEntry("responseEncoding", .inline("multipart")))
        }
        if let accept = endpoint.accept { entries.append(YAMLEntry("accept", .scalar(accept))) }
        if let terminator = endpoint.streamTerminator { entries.append(YAMLEntry("terminator", .scalar(terminator))) }
        if endpoint.reconnects { entries.append(YAMLEntry("reconnect", .inline("true"))) }
        if endpoint.bodyOptional, case .fields? = endpoint.body { entries.append(YAMLEntry("optionalBody", .inline("true"))) }
        if endpoint.bodyOptional, !endpoint.bodies.isEmpty { entries.append(YAMLEntry("optionalBody", .inline("true"))) }
        if !endpoint.cookies.isEmpty { entries.append(YAMLEntry("cookies", .mapping(FieldWriting.entries(endpoint.cookies)))) }
        switch endpoint.body {
        case .fields(let fields, _): entries.append(YAMLEntry("body", .mapping(FieldWriting.entries(fields))))
        case .type(let type): entries.append(YAMLEntry("body", .scalar(type.description)))
        case nil: break
        }
        if !endpoint.bodies.isEmpty {
            entries.append(YAMLEntry("bodies", .mapping(endpoint.bodies.map { YAMLEntry($0.mediaType, .scalar($0.type.description)) })))
        }
        if let response = endpoint.response { entries.append(YAMLEntry("response", .scalar(response.description))) }
        if let pagination = endpoint.pagination { entries.append(YAMLEntry("pagination", self.pagination(pagination))) }
        if !endpoint.outcomes.isEmpty {
            entries.append(YAMLEntry("responses", .mapping(endpoint.outcomes.map { outcome in
                YAMLEntry(spelled: outcome.status.key + (outcome.content.map { " " + $0.rawValue } ?? ""), .scalar(outcome.type.description))
            })))
        }
        if !endpoint.responseHeaders.isEmpty {
            entries.append(YAMLEntry("responseHeaders", .mapping(FieldWriting.entries(endpoint.responseHeaders))))
        }
        if !endpoint.errors.isEmpty {
            entries.append(YAMLEntry("errors", .mapping(endpoint.errors.map { error in
                // A status is three digits, written plain as the format shows it; `default` is a word.
                YAMLEntry(spelled: error.status.key, .scalar(error.type.description))
            })))
        }
        if let timeout = endpoint.timeout { entries.append(YAMLEntry("timeout", .inline(number(timeout)))) }
        if endpoint.retry { entries.append(YAMLEntry("retry", .inline("true"))) }
        let styled = styles(endpoint)
        if !styled.isEmpty { entries.append(YAMLEntry("styles", .mapping(styled))) }
        return .mapping(entries)
    }

    /// `pagination:`, its keys in the format's order, each only when set.
    static func pagination(_ pagination: PaginationDecl) -> YAMLBlock {
        let values: [(String, String?)] = [
            ("style", pagination.style.rawValue), ("items", pagination.items), ("next", pagination.next),
            ("hasMore", pagination.hasMore), ("id", pagination.id), ("parameter", pagination.parameter),
            ("size", pagination.size), ("first", pagination.first.map(String.init)),
        ]
        return .mapping(values.compactMap { key, value in
            value.map { YAMLEntry(key, key == "first" ? .inline($0) : .scalar($0)) }
        })
    }

    /// The styles of path parameters (label, matrix), query parameters, headers (json, form and the delimited ones) and form fields that need one: any but
    /// `form`, and `form` where a value is not plain text (an object's members as pairs of their own).
    private static func styles(_ endpoint: EndpointDecl) -> [YAMLEntry] {
        var fields = endpoint.pathParameters.filter { $0.style != nil } + endpoint.query + endpoint.headers.filter { $0.style != nil && $0.style != .commaDelimited }
        if case .fields(let bodyFields, _)? = endpoint.body, endpoint.encoding == .form { fields += bodyFields }
        return fields.compactMap { field in
            guard let style = field.style, style != .form || !isPlainText(field.type) else { return nil }
            return YAMLEntry(field.wireName, .inline(style.rawValue))
        }
    }

    /// Whether a type is surely a text value or an array of them (a built-in scalar), so `form` is its default.
    private static func isPlainText(_ type: TypeExpr) -> Bool {
        switch type.nonOptional {
        case .array(let element): if case .named(let name, [], _) = element.nonOptional { BuiltinType(rawValue: name) != nil } else { false }
        case .named(let name, let arguments, _): arguments.isEmpty && BuiltinType(rawValue: name) != nil
        default: false
        }
    }

    /// `none`, `bearer`, `basic`, `{ header: Name }`, `{ query: name }`, `{ cookie: name }`,
    /// `{ all: [...] }` or a list of alternatives, in flow style.
    static func auth(_ auth: AuthScheme) -> YAMLBlock {
        .inline(flowAuth(auth))
    }

    private static func flowAuth(_ auth: AuthScheme) -> String {
        switch auth {
        case .none: "none"
        case .bearer: "bearer"
        case .basic: "basic"
        case .header(let name): "{ header: \(YAMLScalar.render(name)) }"
        case .query(let name): "{ query: \(YAMLScalar.render(name)) }"
        case .cookie(let name): "{ cookie: \(YAMLScalar.render(name)) }"
        case .all(let members): "{ all: [" + members.map(flowAuth).joined(separator: ", ") + "] }"
        case .firstAvailable(let alternatives): "[" + alternatives.map(flowAuth).joined(separator: ", ") + "]"
        }
    }

    /// A number of seconds as plain YAML that reads back as the same `Double`: whole numbers
    /// without a fraction, others in Swift's shortest round-tripping form.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
