import SpecCore
import SpecDiagnostics

/// Fix-ups of endpoints that need every model made: parameter and form field types, defaults,
/// and argument names.
extension OpenAPIContext {
    /// Parameters and form fields must be text values: others are left out with a warning (a path
    /// parameter becomes a String). Factory arguments get distinct Swift names.
    func fixParameters(_ endpoints: [EndpointDecl], symbols: SymbolTable) -> [EndpointDecl] {
        endpoints.map { endpoint in
            var endpoint = endpoint
            endpoint.pathParameters = endpoint.pathParameters.filter { endpoint.path.contains("{\($0.wireName)}") }.map { parameter in
                var parameter = parameter
                parameter.defaultValue = nil
                // A text value, an array of them, or an object's members, in the parameter's style.
                parameter.type = symbols.resolvedNonOptional(parameter.type)
                if !symbols.isParameterValue(parameter.type, allowArrays: true) && !symbols.isPathObject(parameter.type) {
                    unsupported("path parameter type", "path parameter '\(parameter.wireName)' has a type a path cannot hold (\(parameter.type)); it is a String the caller writes", at: parameter.location)
                    parameter.type = .named("String", arguments: [], at: parameter.type.location)
                }
                return parameter
            }
            endpoint.query = sendable(endpoint.query, symbols: symbols, what: "query parameter").map { checkedDefault($0, symbols: symbols) }
            endpoint.headers = sendable(endpoint.headers, symbols: symbols, what: "header parameter").map { checkedDefault($0, symbols: symbols) }
            endpoint.cookies = sendable(endpoint.cookies, symbols: symbols, what: "cookie parameter").filter { cookie in
                if symbols.isParameterValue(cookie.type, allowArrays: true) { return true }
                unsupported("cookie parameter type", "cookie parameter '\(cookie.wireName)' has a type that a cookie cannot hold (\(cookie.type)); it is left out", at: cookie.location)
                return false
            }.map { checkedDefault($0, symbols: symbols) }
            if case .fields(let fields, let location) = endpoint.body {
                endpoint.body = .fields(bodyFields(fields, encoding: endpoint.encoding, symbols: symbols), at: location)
            }
            if (endpoint.method == .get || endpoint.method == .head), let location = endpoint.bodyLocation {
                // Stripe's GETs declare an empty form body (`properties: {}`): nothing is lost.
                var empty = false
                if case .fields(let fields, _)? = endpoint.body { empty = fields.isEmpty }
                // An object's properties: inline, or the fields of the model a `$ref` names.
                var properties: [FieldDecl]?
                var optional = endpoint.bodyOptional
                switch endpoint.body {
                case .fields(let fields, _)?: properties = fields
                case .type(let type)?:
                    if case .named(let name, _, _) = symbols.resolvedNonOptional(type), case .object(let fields)? = symbols.model(named: name)?.kind {
                        properties = fields
                        optional = symbols.isOptional(type)
                    }
                case nil: break
                }
                // A body that need not be sent makes each of its properties optional.
                properties = properties?.map { field in
                    var field = field
                    if optional, !symbols.isOptional(field.type), field.defaultValue == nil { field.type = .optional(field.type) }
                    return field
                }
                let clash = properties?.first { field in endpoint.query.contains { $0.wireName == field.wireName } }
                if let properties, !empty, clash == nil {
                    // URLSession refuses a GET with a body (NSURLErrorDomain -1103, on Linux and Apple
                    // platforms alike); servers that document one (Rails: Discourse) read the query too.
                    unsupported("body of a GET", "URLSession cannot send a body with a \(endpoint.method.rawValue) request; the fields of the request body of '\(endpoint.name)' are sent as query parameters", at: location)
                    endpoint.query += properties
                } else if let clash {
                    unsupported("body of a GET", "a \(endpoint.method.rawValue) request cannot have a body, and its field '\(clash.wireName)' is named like a query parameter; the request body of '\(endpoint.name)' is left out", at: location)
                } else if !empty {
                    unsupported("body of a GET", "a \(endpoint.method.rawValue) request cannot have a body; the request body of '\(endpoint.name)' is left out", at: location)
                }
                endpoint.body = nil
                endpoint.bodyLocation = nil
                endpoint.encoding = .json
            }
            return withDistinctArguments(endpoint)
        }
    }

    /// Query, header and cookie parameters of any type; a string of bytes (`format: binary` or
    /// `byte`) is its text, a `String` (base64 for `byte`, as the document says the value is).
    private func sendable(_ fields: [FieldDecl], symbols: SymbolTable, what: String) -> [FieldDecl] {
        fields.map { field in
            guard symbols.binaryType(field.type) != nil else { return field }
            var field = field
            field.type = Self.binaryAsString(field.type)
            return field
        }
    }

    private func bodyFields(_ fields: [FieldDecl], encoding: BodyEncoding, symbols: SymbolTable) -> [FieldDecl] {
        switch encoding {
        case .form:
            return fields.map { field in
                // A `format: binary` string in a form body is its text (the bytes as a string field).
                guard symbols.binaryType(field.type) != nil else { return field }
                var field = field
                field.type = Self.binaryAsString(field.type)
                return field
            }
        case .multipart, .json, .binary, .text:
            return fields
        }
    }

    /// `Data` or `File` as `String`, also inside optionals and arrays.
    private static func binaryAsString(_ type: TypeExpr) -> TypeExpr {
        switch type {
        case .named("Data", _, let location), .named("File", _, let location): .named("String", arguments: [], at: location)
        case .optional(let wrapped): .optional(binaryAsString(wrapped))
        case .array(let element): .array(binaryAsString(element))
        default: type
        }
    }

    /// Path parameters, body fields, query and header parameters are all arguments of the factory:
    /// a name used twice gets a Swift name of its own.
    private func withDistinctArguments(_ endpoint: EndpointDecl) -> EndpointDecl {
        var endpoint = endpoint
        var bodyFields: [FieldDecl] = []
        var bodyLocation: SourceLocation?
        if case .fields(let fields, let location) = endpoint.body {
            bodyFields = fields
            bodyLocation = location
        }
        var reserved: [String] = []
        if case .type = endpoint.body { reserved.append("body") }
        let all = endpoint.pathParameters + bodyFields + endpoint.query + endpoint.headers + endpoint.cookies
        let named = Self.namingMembers(all, reserved: reserved)
        var rest = named[...]
        endpoint.pathParameters = Array(rest.prefix(endpoint.pathParameters.count)); rest = rest.dropFirst(endpoint.pathParameters.count)
        let newBody = Array(rest.prefix(bodyFields.count)); rest = rest.dropFirst(bodyFields.count)
        endpoint.query = Array(rest.prefix(endpoint.query.count)); rest = rest.dropFirst(endpoint.query.count)
        endpoint.headers = Array(rest.prefix(endpoint.headers.count)); rest = rest.dropFirst(endpoint.headers.count)
        endpoint.cookies = Array(rest)
        // A part header's argument (`noteXNoteKind`) is distinct from every other argument too.
        var taken = reserved + named.map(SwiftNames.field)
        let withHeaders = newBody.map { field in
            var field = field
            let fieldName = SwiftNames.field(field)
            field.partHeaders = field.partHeaders.map { header in
                var header = header
                let derived = SwiftNames.partHeader(header, of: fieldName)
                let name = Self.unique(derived, taken: &taken)
                if name != derived { header.swiftName = name }
                return header
            }
            return field
        }
        if let bodyLocation { endpoint.body = .fields(withHeaders, at: bodyLocation) }
        return endpoint
    }
}
