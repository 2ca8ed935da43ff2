import SpecCore
import SpecDiagnostics

extension OpenAPIContext {
    /// The 2xx responses become the response type (none or 204: `Empty`), or an enum of outcomes
    /// when their statuses carry different bodies; 4xx, 5xx and `default` responses with a JSON
    /// body become typed errors. A stream (events, JSON Lines, a JSON text sequence, or bytes as
    /// the one body of every success status) is the response when it is the only one; beside other bodies it is returned,
    /// for an endpoint of its own.
    @discardableResult
    func responses(_ node: Node, into endpoint: inout EndpointDecl, typePrefix: String) -> StreamedBody? {
        let pairs = node.pairs
        let successes = pairs.filter { $0.key.hasPrefix("2") }.sorted { Self.statusOrder($0.key) < Self.statusOrder($1.key) }
        var outcomes: [OutcomeDecl] = []
        var mediaTypes: [String] = []
        var streams: [StreamedBody] = []
        // Bytes are a stream when they are the one body of every success status (a download's
        // 200 and 206); beside another body or an empty status, `Data`.
        let bytesOnly = !successes.isEmpty && successes.allSatisfy { success in
            guard let content = followRef(success.value)?["content"]?.pairs, content.count == 1, let only = content.first else { return false }
            return Self.streamFraming(of: only.key) == .bytes
        }
        for (index, success) in successes.enumerated() {
            guard let status = SuccessStatus(key: success.key) else {
                unsupported("response status", "response '\(success.key)' is not used: a success status is 200 to 299 or 2XX", at: success.keyLocation)
                continue
            }
            guard let response = followRef(success.value) else { continue }
            let hint = componentKey(of: success.value, in: "responses").map { NameHint(component: $0, qualifier: "Response") }
                ?? NameHint(typePrefix + "Response" + (index == 0 ? "" : success.key))
            let content = response["content"]?.pairs ?? []
            let stream = streamedBody(in: content, hint: hint).flatMap { body -> StreamedBody? in
                guard body.type.description != StreamFraming.bytes.rawValue || bytesOnly else { return nil }
                return body
            }
            // One stream of bytes for all the statuses.
            if let stream, !(bytesOnly && !streams.isEmpty) { streams.append(stream) }
            let bodies = stream?.type.description == StreamFraming.bytes.rawValue ? [] : self.bodies(of: response, hint: hint)
            for type in bodies.flatMap(\.mediaTypes) where !mediaTypes.contains(type) { mediaTypes.append(type) }
            for (name, _, raw) in response["headers"]?.pairs ?? [] {
                // `Content-Type` is the body's, which the client reads itself (OpenAPI ignores it too).
                guard name.lowercased() != "content-type", !endpoint.responseHeaders.contains(where: { $0.wireName.lowercased() == name.lowercased() }),
                      let header = followRef(raw) else { continue }
                endpoint.responseHeaders.append(responseHeader(name, header, hint: NameHint(typePrefix + SwiftNames.model(name))))
            }
            if bodies.isEmpty, stream == nil {
                outcomes.append(OutcomeDecl(status: status, type: .named("Empty", arguments: [], at: success.keyLocation),
                                            description: response.string("description"), location: success.keyLocation))
            }
            // A status that answers several ways (JSON, text, bytes) has a case for each, chosen by `Content-Type`.
            outcomes += bodies.map { body in
                OutcomeDecl(status: status, type: body.type, isText: body.content == .text, description: response.string("description"),
                            content: bodies.count > 1 ? body.content : nil, location: success.keyLocation)
            }
        }
        let distinct = outcomes.reduce(into: [String]()) { seen, outcome in
            let key = outcome.type.description + (outcome.isText ? " text" : "")
            if !seen.contains(key) { seen.append(key) }
        }
        if distinct.count > 1 || outcomes.contains(where: { $0.content != nil }) {
            endpoint.outcomes = outcomes
        } else if let first = outcomes.first {
            endpoint.response = first.type.description == "Empty" ? nil : first.type
            endpoint.responseIsText = first.isText
        }
        let errorMediaTypes = errors(pairs, into: &endpoint, typePrefix: typePrefix)
        endpoint.accept = Self.accept(mediaTypes, errors: errorMediaTypes)
        if let (mediaType, type) = multipartResponse(successes, typePrefix: typePrefix) {
            // A multipart answer of an object: its parts are the object's members.
            endpoint.response = type
            endpoint.outcomes = []
            endpoint.responseIsMultipart = true
            endpoint.accept = Self.accept([mediaType], errors: errorMediaTypes)
            return nil
        }
        guard let stream = streams.first else { return nil }
        guard outcomes.isEmpty else { return stream }
        endpoint.response = stream.type
        endpoint.streamTerminator = stream.terminator
        // Bytes are asked for with the error bodies' types too; events, lines and records with
        // their own type alone (a server that negotiates could answer JSON instead of the stream).
        endpoint.accept = stream.type.description == StreamFraming.bytes.rawValue
            ? Self.accept([stream.mediaType], errors: errorMediaTypes) : stream.accept
        return nil
    }

    /// 4xx, 5xx and `default` responses with a JSON body become typed errors. Returns the media
    /// types of every error response, in order, for `Accept`.
    private func errors(_ pairs: [(key: String, keyLocation: SourceLocation, value: Node)], into endpoint: inout EndpointDecl, typePrefix: String) -> [String] {
        var errorTypes: [(status: ErrorStatus, type: TypeExpr, location: SourceLocation)] = []
        var mediaTypes: [String] = []
        for (key, keyLocation, raw) in pairs where !key.hasPrefix("2") {
            let status: ErrorStatus
            if key == "default" {
                status = .other
            } else if let code = Int(key), (400...599).contains(code) {
                status = .code(code)
            } else if ["4XX", "5XX", "4xx", "5xx"].contains(key) {
                status = .range(key.hasPrefix("4") ? 4 : 5)
            } else {
                if !key.hasPrefix("1") && !key.hasPrefix("3") {
                    unsupported("response status", "response '\(key)' is not used: error types are by status or default", at: keyLocation)
                }
                continue
            }
            guard let response = followRef(raw), let content = response["content"]?.pairs else { continue }
            for (mediaType, _, _) in content where !mediaTypes.contains(mediaType) { mediaTypes.append(mediaType) }
            guard let json = content.first(where: { Self.isJSON($0.key) }), let schema = json.value["schema"] else { continue }
            // A shared response's inline type is named after its key in the components (GitHub's
            // `service_unavailable`: `ServiceUnavailable`, not the first operation's `SearchCodeError503`).
            let hint = componentKey(of: raw, in: "responses").map { NameHint(component: $0, qualifier: "Response") }
                ?? NameHint(typePrefix + (status == .other ? "DefaultError" : "Error\(status.key)"))
            let type = self.type(of: schema, hint: hint).type
            errorTypes.append((status, type, keyLocation))
        }
        endpoint.errors = errorTypes.map { ErrorDecl(status: $0.status, type: $0.type, location: $0.location) }
        return mediaTypes
    }

    /// The media type and type of the one success response when it is multipart and nothing else,
    /// with an object schema (the petstore's `multipartDownloadTyped`).
    private func multipartResponse(_ successes: [(key: String, keyLocation: SourceLocation, value: Node)], typePrefix: String) -> (String, TypeExpr)? {
        guard successes.count == 1, let response = followRef(successes[0].value), let content = response["content"]?.pairs,
              content.count == 1, let (mediaType, _, media) = content.first, mediaType.lowercased().hasPrefix("multipart/"),
              let schema = media["schema"], isObjectSchema(followRef(schema) ?? schema) else { return nil }
        return (mediaType, type(of: schema, hint: NameHint(typePrefix + "Response")).type)
    }

    /// Sorts `200` before `201` before `2XX`.
    private static func statusOrder(_ key: String) -> Int {
        Int(key) ?? 299
    }

    /// The bodies a response can have, each with the media types it is read from: JSON (its
    /// schema's type; `JSON` without one), text (`text/*`: a String), bytes (any other type:
    /// `Data`). Beside JSON, a text type counts only with a string schema (or none) and another
    /// type only with a binary or string one (or none): `application/xml` of the same object is not
    /// a body this client reads, and `text/plain` of an object is JSON under another name.
    /// None for a response without content.
    private func bodies(of response: Node, hint: NameHint) -> [(content: OutcomeContent, type: TypeExpr, mediaTypes: [String])] {
        // Events, lines and records are streams, read apart (see `streamedBody`).
        let content = (response["content"]?.pairs ?? []).filter { ![.events, .lines, .sequence].contains(Self.streamFraming(of: $0.key)) }
        guard !content.isEmpty else { return [] }
        var bodies: [(content: OutcomeContent, type: TypeExpr, mediaTypes: [String])] = []
        let json = content.filter { Self.isJSON($0.key) }
        if let preferred = json.first {
            let mediaTypes = json.map(\.key)
            if let schema = preferred.value["schema"] {
                // A body that may be null (`anyOf: [{$ref: Task}, {type: "null"}]`, FastAPI's `Optional[Task]`) is optional.
                let lowered = type(of: schema, hint: hint)
                bodies.append((.json, lowered.nullable && !lowered.type.isOptional ? .optional(lowered.type) : lowered.type, mediaTypes))
            } else {
                bodies.append((.json, Self.json(at: preferred.keyLocation), mediaTypes))
            }
        }
        let others = content.filter { !Self.isJSON($0.key) }
        let texts = others.filter { $0.key.lowercased().hasPrefix("text/") && (json.isEmpty || isStringSchema($0.value["schema"])) }
        if let text = texts.first {
            bodies.append((.text, .named(BuiltinType.string.rawValue, arguments: [], at: text.keyLocation), texts.map(\.key)))
        }
        let bytes = others.filter { !$0.key.lowercased().hasPrefix("text/") && (bodies.isEmpty || isStringSchema($0.value["schema"])) }
        if let first = bytes.first {
            bodies.append((.data, .named(BuiltinType.data.rawValue, arguments: [], at: first.keyLocation), bytes.map(\.key)))
        }
        if bodies.isEmpty, let first = content.first {
            // Only text types of objects: the bytes as they came.
            bodies.append((.data, .named(BuiltinType.data.rawValue, arguments: [], at: first.keyLocation), content.map(\.key)))
        }
        return bodies
    }

    /// Whether a media type's schema is absent or a string (text, `format: binary`, base64).
    private func isStringSchema(_ schema: Node?) -> Bool {
        guard let schema else { return true }
        let target = followRef(schema) ?? schema
        return target.keys.isEmpty || target.string("type") == "string"
    }

    /// A declared response header: its schema's type when a header's text can hold it (a scalar,
    /// a string enum, a list of them), else `String`, the text as it came.
    func responseHeader(_ name: String, _ header: Node, hint: NameHint) -> FieldDecl {
        let location = header.location
        var type: TypeExpr = .named(BuiltinType.string.rawValue, arguments: [], at: location)
        var style: ParameterStyle?
        if let json = header["content"]?.pairs.first(where: { Self.isJSON($0.key) }), let schema = json.value["schema"] {
            // `content: application/json`: the header's text is JSON of the schema.
            type = self.type(of: schema, hint: hint).type.nonOptional
            style = .json
        } else if let schema = header["schema"] ?? header["content"]?.pairs.first?.value["schema"], readableAsHeader(schema, inArray: false, depth: 0) {
            type = self.type(of: schema, hint: hint).type.nonOptional
        }
        return FieldDecl(wireName: name, location: location, type: .optional(type), description: header.string("description"),
                         deprecated: header.flag("deprecated"), style: style)
    }

    /// Whether a header's text can hold a value of `schema`.
    private func readableAsHeader(_ schema: Node, inArray: Bool, depth: Int) -> Bool {
        guard depth < 8 else { return false }
        switch shape(of: schema).shape {
        case .builtin(let builtin): return builtin.isParameterValue
        case .enumeration: return true
        case .array(let items?): return !inArray && readableAsHeader(items, inArray: true, depth: depth + 1)
        case .reference: return followRef(schema).map { readableAsHeader($0, inArray: inArray, depth: depth + 1) } ?? false
        case .array(nil), .object, .union, .clearable, .dictionary, .any: return false
        }
    }

    /// The `Accept` header: every media type the success responses are read from, then those of
    /// the error responses (a server that negotiates then writes its errors in a type the client
    /// declared), when it is not the default of their decoding (`application/json` alone,
    /// `text/plain` alone; nothing for no body). A wildcard among the success types sends the default; error types
    /// that are wildcards or cannot be a header value are left out.
    private static func accept(_ mediaTypes: [String], errors: [String] = []) -> String? {
        func isNamed(_ type: String) -> Bool {
            !type.contains("*") && type.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) && $0 != "," }
        }
        guard mediaTypes.allSatisfy(isNamed) else { return nil }
        var all = mediaTypes
        for type in errors where isNamed(type) && !all.contains(where: { $0.lowercased() == type.lowercased() }) { all.append(type) }
        // A response without a body sends no Accept of its own: its errors' types are the one to send.
        guard !all.isEmpty, mediaTypes.isEmpty || (all != ["application/json"] && all != ["text/plain"]) else { return nil }
        return all.joined(separator: ", ")
    }

    /// The auth of a `security` list. Each requirement is an alternative and its schemes go
    /// together (`{ key: [], client: [] }`: both); the client sends the first alternative it has
    /// credentials for. An empty requirement (`{}`) allows no auth, which the client falls back to
    /// last. A requirement with a scheme this generator cannot send is skipped, with a warning when
    /// that leaves nothing.
    func auth(_ security: Node) -> AuthScheme? {
        let requirements = security.items
        if requirements.isEmpty { return AuthScheme.none }
        var alternatives: [AuthScheme] = []
        var allowsNone = false
        var unsupportedAt: SourceLocation?
        for requirement in requirements {
            let names = requirement.keys
            if names.isEmpty {
                allowsNone = true
                continue
            }
            var schemes: [AuthScheme] = []
            for name in names {
                guard let node = root["components"]?["securitySchemes"]?[name].flatMap(followRef), let scheme = authScheme(node) else {
                    schemes = []
                    break
                }
                // Two OAuth 2 schemes (Google's `Oauth2` and `Oauth2c`) are one bearer token.
                if !schemes.contains(scheme) { schemes.append(scheme) }
            }
            guard let first = schemes.first else {
                unsupportedAt = unsupportedAt ?? requirement.location
                continue
            }
            let alternative = schemes.count == 1 ? first : AuthScheme.all(schemes)
            if !alternatives.contains(alternative) { alternatives.append(alternative) }
        }
        if allowsNone, !alternatives.isEmpty { alternatives.append(.none) }
        if alternatives.isEmpty, !allowsNone, let unsupportedAt {
            unsupported("security", "no security requirement here uses a supported scheme (bearer, HTTP basic, OAuth 2 / OpenID Connect tokens, or an API key in a header, query or cookie); requests are sent without auth", at: unsupportedAt)
        }
        switch alternatives.count {
        case 0: return AuthScheme.none
        case 1: return alternatives[0]
        default: return .firstAvailable(alternatives)
        }
    }

    /// Bearer tokens (HTTP bearer, OAuth 2, OpenID Connect), HTTP basic, and API keys in a header, the query or a cookie.
    private func authScheme(_ scheme: Node) -> AuthScheme? {
        switch scheme.string("type") {
        case "http" where scheme.string("scheme")?.lowercased() == "bearer": .bearer
        case "http" where scheme.string("scheme")?.lowercased() == "basic": .basic
        case "oauth2", "openIdConnect": .bearer
        case "apiKey":
            switch (scheme.string("in"), scheme.string("name")) {
            case ("header", let name?) where !name.isEmpty: name.lowercased() == "authorization" ? .bearer : .header(name)
            case ("query", let name?) where !name.isEmpty: .query(name)
            case ("cookie", let name?) where !name.isEmpty: .cookie(name)
            default: nil
            }
        default: nil
        }
    }

    /// The schema's `default`, when it fits the type (numbers, booleans, strings, enum values, `[]`, `{}`).
    func defaultValue(of schema: Node, type: TypeExpr) -> LocatedDefault? {
        guard let node = schema["default"] else { return nil }
        let location = node.location
        let value: DefaultValue?
        switch (type, node.yaml.value) {
        case (.array, .sequence(let items)) where items.isEmpty: value = .emptyArray
        case (.dictionary, .mapping(let pairs)) where pairs.isEmpty: value = .emptyObject
        case (.named(let name, _, _), .scalar(let text, let style)):
            let plain = style == .plain
            switch BuiltinType(rawValue: name) {
            case .bool?: value = plain && (text == "true" || text == "false") ? .bool(text == "true") : nil
            case .int?, .int32?, .int64?: value = plain && Int64(text) != nil ? .number(text) : nil
            case .double?, .float?: value = plain && Double(text) != nil && !text.contains("n") && !text.contains("N") ? .number(text) : nil
            case .string?: value = plain && text == "null" ? nil : .string(text)
            case nil: value = plain && text == "null" ? nil : .word(text) // an enum value, checked once every model is made
            default: value = nil
            }
        default: value = nil
        }
        return value.map { LocatedDefault(value: $0, location: location) }
    }
}
