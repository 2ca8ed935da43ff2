import SpecDiagnostics
import SpecYAML

extension Swagger2Upgrader {
    /// The HTTP methods of a 2.0 path item.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch"]
    /// Where a 2.0 parameter can be.
    static let places = ["path", "query", "header", "formData", "body"]

    /// `paths` (or `x-ms-paths`), each path item upgraded.
    func paths(_ node: YAMLNode) -> YAMLNode {
        if node.mapping == nil { host.error("'paths' must be a mapping of paths to path items", node.location) }
        var out = Mapping()
        for (_, pair) in node.namedPairs {
            out.append(YAMLPair(key: pair.key, value: pathItem(pair.value)))
        }
        return out.node(at: node.location)
    }

    /// A path item: its operations, each with the item's `parameters` merged into its own (2.0's
    /// body and form parameters become the operation's `requestBody`, so they cannot stay shared).
    private func pathItem(_ raw: YAMLNode) -> YAMLNode {
        guard let item = followed(raw) else { return Mapping().node(at: raw.location) }
        guard item.mapping != nil else {
            host.error("a path item must be a mapping of operations", raw.location)
            return Mapping().node(at: raw.location)
        }
        let shared = item.pair("parameters")
        var out = Mapping()
        for (key, pair) in item.namedPairs {
            if Self.methods.contains(key) {
                out.append(YAMLPair(key: pair.key, value: operation(pair.value, shared: shared)))
            } else if key != "parameters", key != "$ref" {
                out.append(pair)
            }
        }
        return out.node(at: item.location)
    }

    /// An operation in 3.0 form: path, query and header parameters as 3.0 parameters, the `body`
    /// parameter or the `formData` ones as its `requestBody`, each response's `schema` as content of
    /// the operation's `produces`.
    private func operation(_ operation: YAMLNode, shared: YAMLPair?) -> YAMLNode {
        guard operation.mapping != nil else { return operation }
        let consumes = operation.pair("consumes").map { mediaTypes($0) } ?? self.consumes
        let produces = operation.pair("produces").map { mediaTypes($0) } ?? self.produces
        var out = Mapping()
        var wroteParameters = false
        for (key, pair) in operation.namedPairs {
            switch key {
            case "consumes", "produces":
                continue
            case "parameters":
                wroteParameters = true
                parameters(shared: shared, own: pair, consumes: consumes, into: &out)
            case "responses":
                out.append(YAMLPair(key: pair.key, value: responses(pair.value, produces: produces)))
            case "security":
                checkSecurity(pair.value)
                out.append(pair)
            case "schemes":
                host.unsupported("operation schemes", "an operation's 'schemes' are not read; it is sent with the document's servers", pair.key.location)
            default:
                out.append(pair) // tags, summary, description, operationId, deprecated, security, externalDocs, x-...
            }
        }
        if !wroteParameters, shared != nil { parameters(shared: shared, own: nil, consumes: consumes, into: &out) }
        return out.node(at: operation.location)
    }

    /// The operation's parameters with the path item's (an operation's replaces the item's of
    /// the same name and place), as 3.0 `parameters` and `requestBody`.
    private func parameters(shared: YAMLPair?, own: YAMLPair?, consumes: [String], into out: inout Mapping) {
        var merged: [(name: String, place: String, node: YAMLNode)] = []
        for list in [shared, own].compactMap({ $0 }) {
            if list.value.sequence == nil {
                host.error("'parameters' must be a list of parameters", list.value.location)
            }
            var listed: Set<[String]> = []
            for raw in list.value.sequence ?? [] {
                guard let parameter = followed(raw) else { continue }
                guard let name = parameter.string("name"), let place = parameter.string("in") else {
                    host.error("a parameter needs a 'name' and an 'in' (path, query, header, formData or body)", raw.location)
                    continue
                }
                let placeLocation = parameter.pair("in")?.value.location ?? raw.location
                if place == "cookie" {
                    // OpenAPI 3's place, seen in documents that mix the versions: sent as 3.x sends it.
                    host.unsupported("cookie parameter", "'in: cookie' is OpenAPI 3's, not Swagger 2.0's; '\(name)' is sent as a cookie", placeLocation)
                } else if !Self.places.contains(place) {
                    host.error("'\(place)' is not a parameter's place (path, query, header, formData or body)", placeLocation)
                    continue
                }
                guard listed.insert([name, place]).inserted else {
                    host.error("parameter '\(name)' in \(place) is listed twice", raw.location)
                    continue
                }
                if let index = merged.firstIndex(where: { $0.name == name && $0.place == place }) {
                    merged[index].node = parameter
                } else {
                    merged.append((name, place, parameter))
                }
            }
        }
        let location = (own ?? shared)?.key.location ?? SourceLocation(file: "", line: 1, column: 1)
        let bodies = merged.filter { $0.place == "body" }
        let form = merged.filter { $0.place == "formData" }
        let others = merged.filter { $0.place != "body" && $0.place != "formData" }
        if !others.isEmpty {
            out.set("parameters", .sequence(others.map { parameter($0.node) }, at: location), at: location)
        }
        if let body = bodies.first {
            for extra in bodies.dropFirst() {
                host.error("an operation has at most one body parameter; '\(extra.name)' is a second", extra.node.location)
            }
            if let first = form.first {
                host.error("an operation's parameters are either a body or form data, not both; form parameter '\(first.name)' is beside body '\(body.name)'", first.node.location)
            }
            out.set("requestBody", requestBody(body.node, consumes: consumes), at: body.node.location)
        } else if !form.isEmpty {
            out.set("requestBody", formBody(form.map(\.node), consumes: consumes, at: location), at: form[0].node.location)
        }
    }

    /// A `body` parameter as a `requestBody` of each media type the operation consumes (JSON when it
    /// names none). Form and multipart media types describe `formData` parameters in 2.0, so they
    /// are not offered for a body beside another type.
    private func requestBody(_ parameter: YAMLNode, consumes: [String]) -> YAMLNode {
        var body = Mapping()
        body.copy("description", from: parameter)
        body.copy("required", from: parameter)
        for (key, pair) in parameter.namedPairs where key.hasPrefix("x-") { body.append(pair) }
        if let file = parameter["schema"].flatMap(followed)?.pair("type"), file.value.scalar == "file" {
            host.error("a body parameter cannot be of 'type: file'; a file is a formData parameter of 'type: file' (or a body of 'type: string, format: binary')", file.value.location)
        }
        let schemaNode = parameter["schema"].map(schema) ?? {
            host.error("a body parameter needs a 'schema'", parameter.location)
            return Mapping().node(at: parameter.location)
        }()
        var types = consumes.filter { !Self.isFormMediaType($0) }
        if types.isEmpty { types = consumes.isEmpty ? ["application/json"] : consumes }
        body.set("content", content(types, schema: schemaNode, at: parameter.keyLocation("schema")), at: parameter.keyLocation("schema"))
        return body.node(at: parameter.location)
    }

    /// `formData` parameters as one `requestBody`: multipart when the operation consumes
    /// `multipart/form-data` or a parameter is a file, else a URL-encoded form. Each parameter is a
    /// property of the body's object; an array's `collectionFormat` is its field's `encoding`.
    private func formBody(_ parameters: [YAMLNode], consumes: [String], at location: SourceLocation) -> YAMLNode {
        let hasFile = parameters.contains { $0.string("type") == "file" }
        let lowered = consumes.map { $0.lowercased() }
        let multipart = hasFile || (lowered.contains { $0.hasPrefix("multipart/form-data") }
            && !lowered.contains { $0.hasPrefix("application/x-www-form-urlencoded") })
        if hasFile, lowered.contains(where: { $0.hasPrefix("application/x-www-form-urlencoded") }), !lowered.contains(where: { $0.hasPrefix("multipart/") }) {
            let file = parameters.first { $0.string("type") == "file" } ?? parameters[0]
            host.unsupported("file in a URL-encoded form", "a file parameter is sent in a multipart form; the operation consumes only 'application/x-www-form-urlencoded'", file.keyLocation("type"))
        }
        var properties = Mapping()
        var required: [YAMLNode] = []
        var encoding = Mapping()
        for parameter in parameters {
            guard let name = parameter.string("name") else { continue }
            let nameLocation = parameter.keyLocation("name")
            properties.set(name, parameterSchema(parameter, inForm: true), at: nameLocation)
            if parameter.flag("required") { required.append(.string(name, at: nameLocation)) }
            if let style = collectionStyle(parameter, place: multipart ? "multipart" : "formData") {
                var entry = Mapping()
                entry.set("style", string: style.style, at: style.location)
                entry.set("explode", plain: style.explode ? "true" : "false", at: style.location)
                encoding.set(name, entry.node(at: style.location), at: nameLocation)
            }
        }
        var object = Mapping()
        object.set("type", string: "object", at: location)
        object.set("properties", properties.node(at: location), at: location)
        if !required.isEmpty { object.set("required", .sequence(required, at: location), at: location) }
        let mediaType = multipart
            ? consumes.first { $0.lowercased().hasPrefix("multipart/") } ?? "multipart/form-data"
            : consumes.first { $0.lowercased().hasPrefix("application/x-www-form-urlencoded") } ?? "application/x-www-form-urlencoded"
        var media = Mapping()
        media.set("schema", object.node(at: location), at: location)
        if !encoding.pairs.isEmpty { media.set("encoding", encoding.node(at: location), at: location) }
        var content = Mapping()
        content.set(mediaType, media.node(at: location), at: location)
        var body = Mapping()
        if !required.isEmpty { body.set("required", plain: "true", at: location) }
        body.set("content", content.node(at: location), at: location)
        return body.node(at: parameters[0].location)
    }

    /// A `security` that is not a list of requirements (mappings of scheme names) is an error:
    /// read otherwise, requests would be sent without the auth the document declares.
    func checkSecurity(_ security: YAMLNode) {
        if !(security.sequence?.allSatisfy { $0.mapping != nil } ?? false) {
            host.error("'security' must be a list of requirements, each a mapping of scheme names to scopes ('- apiKey: []')", security.location)
        }
    }

    /// Whether a media type is a form's (URL-encoded or multipart).
    static func isFormMediaType(_ mediaType: String) -> Bool {
        let lowered = mediaType.lowercased()
        return lowered.hasPrefix("application/x-www-form-urlencoded") || lowered.hasPrefix("multipart/")
    }

    /// `content` with `schema` under each of `types`.
    func content(_ types: [String], schema: YAMLNode, at location: SourceLocation) -> YAMLNode {
        var content = Mapping()
        for type in types where !content.has(type) {
            var media = Mapping()
            media.set("schema", schema, at: location)
            content.set(type, media.node(at: location), at: location)
        }
        return content.node(at: location)
    }
}
