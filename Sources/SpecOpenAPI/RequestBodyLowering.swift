import SpecCore
import SpecDiagnostics

extension OpenAPIContext {
    /// Sets the body and its encoding from a `requestBody`.
    func requestBody(_ raw: Node, into endpoint: inout EndpointDecl, typePrefix: String) {
        guard let body = followRef(raw), let content = body["content"]?.pairs, !content.isEmpty else { return }
        endpoint.bodyLocation = raw.location
        // `required` defaults to false: an absent body is not sent.
        defer {
            if !body.flag("required") {
                switch endpoint.body {
                case .type(let type)? where !type.isOptional: endpoint.body = .type(.optional(type))
                case .fields?: endpoint.bodyOptional = true
                default: break
                }
            }
        }
        if let alternatives = bodyAlternatives(content, typePrefix: typePrefix) {
            // JSON with text or bytes (the petstore's postStats): the caller chooses.
            endpoint.bodies = alternatives
            endpoint.bodyOptional = !body.flag("required")
            return
        }
        let json = content.first { Self.isJSON($0.key) && !isWildcardOfBytes($0.key, $0.value) }
        let form = content.first { $0.key.lowercased().hasPrefix("application/x-www-form-urlencoded") }
        // A multipart media type of a file and nothing else (Azure's `{type: object, format: file}`
        // beside `application/octet-stream`) is the same bytes: the other type sends them.
        let bytesBeside = content.contains { Self.streamFraming(of: $0.key) == .bytes }
        let multipart = content.first { entry in
            entry.key.lowercased().hasPrefix("multipart/") && !(bytesBeside && isFileSchema(entry.value["schema"]))
        }
        let chosen: (key: String, keyLocation: SourceLocation, value: Node)
        if let json {
            chosen = json
        } else if let form {
            endpoint.encoding = .form
            chosen = form
        } else if let multipart {
            endpoint.encoding = .multipart
            chosen = multipart
        } else if let first = content.first {
            // Bytes, or text when the media type is `text/*` and the schema a string: sent with
            // the media type the document gives.
            let target = first.value["schema"].flatMap(followRef)
            let isString = target.map { $0.keys.isEmpty || ($0.string("type") == "string" && $0["format"] == nil) } ?? true
            let isText = BodyAlternative.kind(of: first.key) == .text && isString
            endpoint.encoding = isText ? .text : .binary
            // A byte stream (`application/octet-stream`, or bytes of any type) can be sent as it is
            // produced: a `ByteStream`, made from `Data`, a file or a sequence. Another type is `Data`.
            let base = first.key.split(separator: ";", maxSplits: 1).first.map { $0.trimming(where: { $0 == " " }).lowercased() } ?? ""
            let streamed = ["application/octet-stream", "*/*", "application/*"].contains(base)
            let type = isText ? BuiltinType.string.rawValue : streamed ? StreamFraming.bytes.rawValue : BuiltinType.data.rawValue
            endpoint.body = .type(.named(type, arguments: [], at: first.keyLocation))
            let plain = isText ? "text/plain" : "application/octet-stream"
            if first.key.lowercased() != plain, BodyAlternative.isMediaType(first.key), !first.key.contains("*") {
                endpoint.bodyContentType = first.key
            }
            return
        } else {
            return
        }
        // A JSON, form or multipart media type other than the plain one is sent as declared
        // (`application/merge-patch+json`, `multipart/mixed`).
        let plain = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"]
        if !plain.contains(chosen.key.lowercased()), BodyAlternative.isMediaType(chosen.key), !chosen.key.contains("*") {
            endpoint.bodyContentType = chosen.key
        }
        guard let schema = chosen.value["schema"] else {
            endpoint.body = .type(.named(endpoint.encoding == .json ? "JSON" : "Data", arguments: [], at: chosen.keyLocation))
            if endpoint.encoding != .json { endpoint.encoding = .binary }
            return
        }
        let (effective, _, shape) = self.shape(of: schema)
        if endpoint.encoding != .json || (schema.string("$ref") == nil && { if case .object = shape { true } else { false } }()) {
            let target = effective.string("$ref").flatMap { ref in resolve(ref, at: effective.location, in: effective.file)?.node } ?? effective
            var fields = self.fields(of: target, owner: NameHint(typePrefix + "Body"))
            if endpoint.encoding == .form, let encoding = chosen.value["encoding"] {
                // `encoding: { metadata: { style: deepObject, explode: true } }` (Stripe): the field's style.
                fields = fields.map { field in
                    var field = field
                    if let entry = encoding[field.wireName], entry["style"] != nil || entry["explode"] != nil {
                        field.style = queryStyle(entry)
                    }
                    return field
                }
            }
            if endpoint.encoding == .multipart {
                let encoding = chosen.value["encoding"]
                fields = fields.map { field in
                    var field = field
                    field.type = Self.fileForBinary(field.type)
                    // `encoding: { avatar: { contentType: image/png } }`: the part's content type (the first of a list).
                    if let declared = encoding?[field.wireName]?.string("contentType"),
                       let first = declared.split(separator: ",").first?.trimming(where: { $0 == " " }), !first.isEmpty,
                       !["application/octet-stream", "text/plain", "application/json"].contains(first.lowercased()) {
                        field.contentType = first
                    }
                    // `encoding: { log: { headers: { x-log-type: ... } } }`: each header an argument
                    // (Content-Type is the part's content type, as OpenAPI says).
                    for (name, _, declared) in encoding?[field.wireName]?["headers"]?.pairs ?? [] {
                        guard !["content-type", "content-disposition"].contains(name.lowercased()),
                              !field.partHeaders.contains(where: { $0.wireName.lowercased() == name.lowercased() }),
                              let header = followRef(declared) else { continue }
                        var partHeader = responseHeader(name, header, hint: NameHint(typePrefix + SwiftNames.model(field.wireName) + SwiftNames.model(name)))
                        if partHeader.style == .json {
                            // A part header of JSON content: the caller gives its text.
                            partHeader.type = .optional(.named(BuiltinType.string.rawValue, arguments: [], at: partHeader.location))
                            partHeader.style = nil
                        }
                        if header.flag("required") { partHeader.type = partHeader.type.nonOptional }
                        field.partHeaders.append(partHeader)
                    }
                    return field
                }
            }
            endpoint.body = .fields(fields, at: schema.location)
        } else {
            endpoint.body = .type(self.type(of: schema, hint: NameHint(typePrefix + "Request")).type)
        }
    }

    /// Whether the operation's request body lists two media types or more and none is multipart: only
    /// then may its endpoint take a body enum (`<Endpoint>Body`), a name no model may take, so a
    /// component named like that (OpenAI's `CreateContainerBody`) keeps its name everywhere else.
    func maySendSeveralBodies(_ operation: Node) -> Bool {
        guard let content = operation["requestBody"].flatMap(followRef)?["content"]?.pairs else { return false }
        return content.count > 1 && !content.contains { $0.key.lowercased().hasPrefix("multipart/") }
    }

    /// The bodies a request can be sent as, one per kind (JSON, form, text, bytes), when there are
    /// two or more: the first media type of each kind, each with a type it can hold (a form needs
    /// an object, text and bytes a string schema or none). Multipart is not a choice: with it, the
    /// body is chosen as before. Nil for one kind.
    private func bodyAlternatives(_ content: [(key: String, keyLocation: SourceLocation, value: Node)], typePrefix: String) -> [BodyAlternative]? {
        guard !content.contains(where: { $0.key.lowercased().hasPrefix("multipart/") }) else { return nil }
        // First which media types would be offered, without making a model: only two or more are a choice.
        var chosen: [(kind: BodyAlternativeKind, mediaType: String, location: SourceLocation, schema: Node?)] = []
        for (mediaType, location, media) in content {
            let probe = BodyAlternative(mediaType: mediaType, type: .named("Data", arguments: [], at: location), location: location)
            guard let kind = probe.kind, !chosen.contains(where: { $0.kind == kind }) else { continue }
            let schema = media["schema"]
            let target = schema.flatMap(followRef)
            let isString = target.map { $0.keys.isEmpty || $0.string("type") == "string" } ?? true
            switch kind {
            case .json: break
            case .form: guard let target, isObjectSchema(target) else { continue }
            case .text, .data: guard isString else { continue }
            }
            chosen.append((kind, mediaType, location, schema))
        }
        guard chosen.count > 1 else { return nil }
        return chosen.map { kind, mediaType, location, schema in
            let type: TypeExpr
            switch kind {
            case .json: type = schema.map { self.type(of: $0, hint: NameHint(typePrefix + "Request")).type } ?? Self.json(at: location)
            case .form: type = schema.map { self.type(of: $0, hint: NameHint(typePrefix + "Form")).type } ?? Self.json(at: location)
            case .text: type = .named(BuiltinType.string.rawValue, arguments: [], at: location)
            case .data: type = .named(BuiltinType.data.rawValue, arguments: [], at: location)
            }
            return BodyAlternative(mediaType: mediaType, type: type, location: location)
        }
    }

    /// Whether a schema is a file alone (Swagger's `type: file`, Azure's `{type: object, format: file}`)
    /// rather than an object of parts.
    private func isFileSchema(_ schema: Node?) -> Bool {
        guard let schema else { return false }
        let target = followRef(schema) ?? schema
        return target.string("format") == "file" || target.string("type") == "file"
    }

    /// Whether a body of any media type (`*/*`, `application/*`) holds bytes: its schema is a
    /// string or absent (GitHub's release asset upload: `*/*` of `{type: string}`, the raw file),
    /// where an object or array schema there is JSON.
    private func isWildcardOfBytes(_ mediaType: String, _ media: Node) -> Bool {
        let base = mediaType.split(separator: ";", maxSplits: 1).first.map { $0.trimming(where: { $0 == " " }).lowercased() } ?? ""
        guard base == "*/*" || base == "application/*" else { return false }
        guard let schema = media["schema"] else { return true }
        let target = followRef(schema) ?? schema
        return target.keys.isEmpty || target.string("type") == "string"
    }

    /// `Data` (a `format: binary` string) as a multipart `File`, also inside optionals and arrays.
    static func fileForBinary(_ type: TypeExpr) -> TypeExpr {
        switch type {
        case .named("Data", let arguments, let location): .named("File", arguments: arguments, at: location)
        case .optional(let wrapped): .optional(fileForBinary(wrapped))
        case .array(let element): .array(fileForBinary(element))
        default: type
        }
    }
}
