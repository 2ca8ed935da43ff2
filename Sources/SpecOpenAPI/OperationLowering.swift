import SpecCore
import SpecDiagnostics

extension OpenAPIContext {
    /// The HTTP methods of a path item, as OpenAPI spells them.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]

    /// An operation to lower, with its factory's name.
    struct PlannedOperation {
        var path: String
        var pathLocation: SourceLocation
        var method: HTTPMethodName
        var keyLocation: SourceLocation
        var operation: Node
        /// The path item's parameters, shared by its operations.
        var shared: [Node]
        var name: String
        /// The group (with `groupByTag`): its Swift name and where its tag is written.
        var group: (name: String, location: SourceLocation)?
        /// The operation's `servers`, else its path item's.
        var servers: Node?
        /// The name of the endpoint of its stream, when a success response has one beside other
        /// bodies (OpenAI's `createChatCompletion`: JSON, or events when the request says `stream: true`).
        var streamName: String?
    }

    /// Every operation in document order, named (names are needed before any model is named, so
    /// the models keep clear of the error enums named after the endpoints).
    func plannedOperations() -> [PlannedOperation] {
        var planned: [PlannedOperation] = []
        var takenNames: [String: Bool] = [:]
        var groups = GroupNames(schemaNames: (root["components"]?["schemas"]?.keys ?? []).map(SwiftNames.model), namespace: namespace)
        // Azure's `x-ms-paths` holds more paths, told apart from those of `paths` by a fixed query
        // (`/analyze?overload=stream`): operations like any other.
        for (path, pathLocation, rawItem) in (root["paths"]?.pairs ?? []) + (root["x-ms-paths"]?.pairs ?? []) {
            guard let item = followRef(rawItem) else { continue }
            let shared = item["parameters"]?.items ?? []
            // OpenAPI 3.2's `additionalOperations` holds methods by their own spelling (`LINK`, `QUERY`).
            let additional = (item["additionalOperations"]?.pairs ?? []).map { (key: $0.key.lowercased(), keyLocation: $0.keyLocation, value: $0.value) }
            for (key, keyLocation, operation) in item.pairs + additional {
                if key == "additionalOperations" { continue }
                guard Self.methods.contains(key) || additional.contains(where: { $0.keyLocation == keyLocation }) else {
                    if !["parameters", "summary", "description", "servers", "$ref"].contains(key), !key.hasPrefix("x-") {
                        unsupported("path item key", "'\(key)' in a path item is not supported", at: keyLocation)
                    }
                    continue
                }
                guard let method = HTTPMethodName(rawValue: key.uppercased()) else {
                    unsupported("method", "\(key.uppercased()) operations are not supported; '\(path)' \(key) is left out", at: keyLocation)
                    continue
                }
                if groupByTag, let tag = operation["tags"]?.items.first, let tagName = tag.scalar, !tagName.isEmpty {
                    let group = groups.name(for: tagName)
                    var name = endpointName(operation, method: key, path: path, taken: &groups.takenEndpoints[group, default: [:]])
                    name = groups.withoutTagPrefix(name, tag: tagName, group: group)
                    planned.append(PlannedOperation(path: path, pathLocation: pathLocation, method: method, keyLocation: keyLocation,
                                                    operation: operation, shared: shared, name: name, group: (group, tag.location),
                                                    servers: operation["servers"] ?? item["servers"]))
                    continue
                }
                let name = endpointName(operation, method: key, path: path, taken: &takenNames)
                planned.append(PlannedOperation(path: path, pathLocation: pathLocation, method: method, keyLocation: keyLocation,
                                                operation: operation, shared: shared, name: name, group: nil,
                                                servers: operation["servers"] ?? item["servers"]))
            }
        }
        // The stream endpoints are named once every operation has its name, so none takes another's.
        for index in planned.indices where hasStreamAlternative(planned[index].operation) {
            let base = planned[index].name + "Stream"
            var name = base
            var number = 2
            if let group = planned[index].group?.name {
                while groups.takenEndpoints[group, default: [:]][name] != nil { name = "\(base)\(number)"; number += 1 }
                groups.takenEndpoints[group, default: [:]][name] = true
            } else {
                while takenNames[name] != nil { name = "\(base)\(number)"; number += 1 }
                takenNames[name] = true
            }
            planned[index].streamName = name
        }
        return planned
    }

    /// One endpoint per planned operation, and one more for each stream beside other bodies, each
    /// with the operation it comes from.
    func endpoints(_ planned: [PlannedOperation], auth defaultAuth: AuthScheme) -> [(endpoint: EndpointDecl, operation: PlannedOperation)] {
        planned.flatMap { operation in endpoints(operation, auth: defaultAuth).map { ($0, operation) } }
    }

    private func endpoints(_ planned: PlannedOperation, auth defaultAuth: AuthScheme) -> [EndpointDecl] {
        let (operation, pathLocation, name) = (planned.operation, planned.pathLocation, planned.name)
        // A fragment (AWS: `/#X-Amz-Target=Svc.Op`, `/tags/{arn}#tagKeys`) only tells operations of
        // one path apart, and never goes on the wire: the operation's parameters say what is sent.
        let wirePath = planned.path.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        // A path with a fixed query (`/responses?beta=true`): each pair becomes a query parameter with that default.
        let pathParts = wirePath.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let fixedQuery: [FieldDecl] = pathParts.count > 1 ? pathParts[1].split(separator: "&").map { pair -> FieldDecl in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return FieldDecl(wireName: String(parts[0]), location: pathLocation, type: .named("String", arguments: [], at: pathLocation),
                             defaultValue: LocatedDefault(value: .string(parts.count > 1 ? String(parts[1]) : ""), location: pathLocation),
                             description: nil, swiftName: nil, deprecated: false)
        } : []
        var endpoint = EndpointDecl(
            name: name, location: operation.keyLocation("operationId") ?? planned.keyLocation, method: planned.method,
            path: String(pathParts[0]), pathLocation: pathLocation, description: operationDescription(operation),
            deprecated: operation.flag("deprecated"), auth: nil, pathParameters: [], query: [], headers: [], body: nil,
            bodyLocation: nil, encoding: .json, response: nil, errors: [], timeout: nil, retry: false, file: operation.file)
        if let security = operation["security"], let scheme = auth(security), scheme != defaultAuth { endpoint.auth = scheme }
        endpoint.operationID = operation.string("operationId")
        endpoint.server = ownServer(planned.servers)
        let typePrefix = SwiftNames.model(name)
        parameters(planned.shared + (operation["parameters"]?.items ?? []), into: &endpoint, typePrefix: typePrefix)
        endpoint.query += fixedQuery.filter { fixed in !endpoint.query.contains { $0.wireName == fixed.wireName } }
        if let body = operation["requestBody"] { requestBody(body, into: &endpoint, typePrefix: typePrefix) }
        let stream = operation["responses"].flatMap { self.responses($0, into: &endpoint, typePrefix: typePrefix) }
        if let location = operation.keyLocation("callbacks") {
            unsupported("callbacks", "callbacks are not supported; the operation is generated without them", at: location)
        }
        let (renamed, renamedMatrix) = Self.withIdentifierPlaceholders(endpoint)
        for (name, swiftName) in renamedMatrix {
            let location = renamed.pathParameters.first { $0.wireName == swiftName }?.location ?? renamed.pathLocation
            unsupported("matrix parameter name", "path parameter '\(name)' is not a Swift name, so the path names it '\(swiftName)'; its matrix style sends ';\(swiftName)=...'", at: location)
        }
        guard let stream, let streamName = planned.streamName else { return [renamed] }
        return [renamed, Self.streamEndpoint(of: renamed, stream, named: streamName)]
    }

    /// The endpoint of an operation's stream: the same request, asking for the stream's media type
    /// and reading it as it arrives.
    private static func streamEndpoint(of endpoint: EndpointDecl, _ stream: StreamedBody, named name: String) -> EndpointDecl {
        var streamed = endpoint
        streamed.name = name
        streamed.outcomes = []
        streamed.responseIsText = false
        streamed.response = stream.type
        streamed.streamTerminator = stream.terminator
        streamed.accept = stream.accept
        let note = "The answer as it arrives (`\(stream.mediaType)`): the request must ask for it as the API says, such as `stream: true`."
        streamed.description = [endpoint.description, note].compactMap { $0 }.joined(separator: "\n\n")
        return streamed
    }

    /// Path placeholders that are not Swift names (`{item-id}`) are renamed, with their
    /// parameters (`{itemId}`): a path parameter's name is never sent, only its value (but in the
    /// matrix style, whose renamed ones are returned to be reported).
    static func withIdentifierPlaceholders(_ endpoint: EndpointDecl) -> (EndpointDecl, renamedMatrix: [(name: String, renamed: String)]) {
        var endpoint = endpoint
        var renamedMatrix: [(name: String, renamed: String)] = []
        var path = ""
        var rest = endpoint.path[...]
        var taken: [String] = []
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            path += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            var renamed = name
            if !Naming.isIdentifier(name) {
                let base = Naming.lowerCamel(name).trimming { $0 == "`" }
                renamed = base.isEmpty || !Naming.isIdentifier(base) ? "parameter" : base
                var number = 2
                while taken.contains(renamed) || (renamed != name && endpoint.path.contains("{\(renamed)}")) {
                    renamed = "\(base.isEmpty ? "parameter" : base)\(number)"
                    number += 1
                }
                endpoint.pathParameters = endpoint.pathParameters.map { parameter in
                    var parameter = parameter
                    if parameter.wireName == name { parameter.wireName = renamed }
                    return parameter
                }
                if endpoint.pathParameters.contains(where: { $0.wireName == renamed && ($0.style == .matrix || $0.style == .matrixExploded) }) {
                    renamedMatrix.append((name, renamed))
                }
            }
            taken.append(renamed)
            path += "{\(renamed)}"
            rest = rest[rest.index(after: close)...]
        }
        endpoint.path = path + rest
        return (endpoint, renamedMatrix)
    }

    /// The server of an operation or path item that has `servers` of its own (GitHub's
    /// `https://uploads.github.com`, Stripe's `https://files.stripe.com`): the first one's URL with
    /// its variables' defaults; nil when it is the document's first server. One that is neither an
    /// absolute http(s) URL nor a path is a warning, and the document's server is used.
    private func ownServer(_ servers: Node?) -> String? {
        guard let server = servers?.items.first, let url = defaultURL(of: server) else { return nil }
        let documentServer = root["servers"]?.items.first.flatMap(defaultURL)
        guard url != documentServer, !(url.isEmpty && documentServer == nil) else { return nil }
        guard SpecLoader.isAbsoluteURL(url) || SpecLoader.isRelativePath(url) else {
            unsupported("server URL", "server URL '\(url)' is neither an absolute http(s) URL nor a path; the operation is sent to the document's server", at: server["url"]?.location ?? server.location)
            return nil
        }
        return url
    }

    /// The node, or what its `$ref` points to.
    func followRef(_ node: Node) -> Node? {
        var node = node
        for _ in 0..<16 {
            if let target = dynamicTarget(of: node) { return target.node }
            guard let ref = node.string("$ref") else { return node }
            guard let target = resolve(ref, at: node.keyLocation("$ref") ?? node.location, in: node.file) else { return nil }
            node = target.node
        }
        diagnostics.error("references nested more than 16 deep", at: node.location)
        return nil
    }

    /// The factory's name: the `operationId` in lowerCamelCase, else the method and path
    /// (`GET /pets/{id}` -> `getPetsById`); a repeat gets a number.
    private func endpointName(_ operation: Node, method: String, path: String, taken: inout [String: Bool]) -> String {
        var name = Naming.lowerCamel(operation.string("operationId") ?? "")
        if name.isEmpty {
            let words = path.split(separator: "/").map { segment in
                segment.hasPrefix("{") ? "by_" + segment.dropFirst().dropLast() : String(segment)
            }
            name = Naming.lowerCamel(([method] + words).joined(separator: "_"))
        }
        if Validator.reservedFunctionNames.contains(name) { name += "Endpoint" }
        let base = name
        var number = 2
        while taken[name] != nil {
            name = "\(base)\(number)"
            number += 1
        }
        taken[name] = true
        return name
    }

    /// The key of the component of `section` a local `$ref` names (`#/components/parameters/per-page`
    /// -> `per-page`), for the names of the inline types it holds; nil for anything else.
    func componentKey(of raw: Node, in section: String) -> String? {
        let prefix = "#/components/\(section)/"
        guard let ref = raw.string("$ref"), ref.hasPrefix(prefix) else { return nil }
        let key = String(ref.dropFirst(prefix.count))
        guard !key.isEmpty, !key.contains("/") else { return nil }
        return Self.decodePointerSegment(key)
    }

    /// The summary and the description, a blank line between.
    private func operationDescription(_ operation: Node) -> String? {
        let parts = [operation.string("summary"), operation.string("description")].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    /// Adds path, query and header parameters; an operation's parameter replaces the path item's of the same name and place.
    private func parameters(_ nodes: [Node], into endpoint: inout EndpointDecl, typePrefix: String) {
        var resolved: [(name: String, place: String, node: Node, component: String?)] = []
        for raw in nodes {
            guard let node = followRef(raw), let name = node.string("name"), let place = node.string("in") else { continue }
            let component = componentKey(of: raw, in: "parameters")
            if let index = resolved.firstIndex(where: { $0.name == name && $0.place == place }) {
                resolved[index].node = node
                resolved[index].component = component
            } else {
                resolved.append((name, place, node, component))
            }
        }
        for (name, place, node, component) in resolved {
            let schema = node["schema"] ?? node["content"]?.pairs.first?.value["schema"]
            var type: TypeExpr = .named("String", arguments: [], at: node.location)
            if let schema {
                // A shared parameter's inline type is named after the parameter's key in the components
                // (GitHub's `direction`: `Direction`, not the first operation's `PullsListDirection`).
                let hint = component.map { NameHint(component: $0, qualifier: "Parameter") } ?? NameHint(typePrefix).adding(property: name)
                let lowered = self.type(of: schema, hint: hint)
                type = lowered.type
            }
            let required = place == "path" || node.flag("required")
            if required { requiredFields.insert(node.keyLocation("name") ?? node.location) }
            var defaultValue = schema.flatMap { self.defaultValue(of: $0, type: type) }
            if defaultValue == nil, required, place != "path", let schema, case .enumeration(let values) = shape(of: schema).shape,
               values.count == 1, let only = values.first {
                // One allowed value (AWS's `X-Amz-Target: Svc.Op`): sent unless the caller says otherwise.
                defaultValue = LocatedDefault(value: .string(only), location: schema.location)
            }
            // A parameter the request may leave out is sent only when the caller sets it: its
            // default is the server's, said in the doc comment.
            var field = FieldDecl(
                wireName: name, location: node.keyLocation("name") ?? node.location,
                type: required ? type : .optional(type), defaultValue: required && place != "path" ? defaultValue : nil,
                description: node.string("description"), swiftName: nil, deprecated: node.flag("deprecated"),
                style: (place == "query" || place == "header") && node["content"]?.pairs.first.map { Self.isJSON($0.key) } == true ? .json
                    : place == "query" ? queryStyle(node) : place == "path" ? pathStyle(node)
                    : place == "header" ? headerStyle(node) : nil)
            if !required { field.serverDefault = defaultValue }
            switch place {
            case "path": endpoint.pathParameters.append(field)
            case "query": endpoint.query.append(field)
            case "header":
                // `Accept` is kept: a caller's value takes the place of the one the client chooses.
                if ["content-type", "authorization"].contains(name.lowercased()) {
                    unsupported("header parameter '\(name)'", "header parameter '\(name)' is set by the client; it is left out", at: field.location)
                } else {
                    endpoint.headers.append(field)
                }
            case "cookie":
                endpoint.cookies.append(field)
            case "querystring" where schema.map(isObjectSchema) ?? false:
                // OpenAPI 3.2: the whole query is one object, each member a pair of its own (its
                // name is not sent).
                var whole = field
                whole.style = .form
                endpoint.query.append(whole)
            default:
                unsupported("\(place) parameter", "\(place) parameters are not supported; '\(name)' is left out", at: field.location)
            }
        }
    }

    /// A query parameter's or form field's `style` and `explode`: `form` (the default) repeats an
    /// array's name and makes an object's members pairs of their own, or joins them with commas
    /// when `explode` is false; `spaceDelimited`, `pipeDelimited` and `deepObject` as named. An
    /// unknown style is a warning, and the value is sent as `form`.
    /// A path parameter's `style` with `explode`: `label`, `matrix` (each exploded or not), `form`
    /// for `simple` with `explode` (an object's members as `key=value`), or nil for `simple`.
    func pathStyle(_ node: Node) -> ParameterStyle? {
        // GitHub's refs (`heads/main`): the value is one or more segments, its `/` sent as they are.
        // Azure's `x-ms-skip-url-encoding` (a resource ID, `subscriptions/1/resourceGroups/g`): the same.
        if node.flag("x-multi-segment") || node.flag("x-ms-skip-url-encoding") { return .segments }
        let explode = node["explode"]?.yaml.scalar == "true"
        switch node.string("style") {
        case "label": return explode ? .labelExploded : .label
        case "matrix": return explode ? .matrixExploded : .matrix
        case nil, "simple": return explode ? .form : nil
        case let other?:
            unsupported("parameter style '\(other)'", "'\(other)' is not a style of a path parameter; '\(node.string("name") ?? "it")' is sent in the simple style", at: node.keyLocation("style") ?? node.location)
            return nil
        }
    }

    /// A header parameter's style: `form` for `simple` with `explode` (an object's members as
    /// `key=value`); a Swagger 2.0 array's `ssv`, `tsv` and `pipes` delimiters; nil for `simple`.
    private func headerStyle(_ node: Node) -> ParameterStyle? {
        if node["explode"]?.scalar == "true" { return .form }
        guard isSwagger2 else { return nil }
        switch node.string("style") {
        case "spaceDelimited": return .spaceDelimited
        case "pipeDelimited": return .pipeDelimited
        case "tabDelimited": return .tabDelimited
        default: return nil
        }
    }

    func queryStyle(_ node: Node, defaultStyle: ParameterStyle = .form) -> ParameterStyle {
        let explode = node["explode"].map { $0.yaml.scalar == "true" }
        switch node.string("style") {
        case nil: return explode == false ? .commaDelimited : defaultStyle
        case "form": return explode == false ? .commaDelimited : .form
        case "spaceDelimited": return .spaceDelimited
        case "pipeDelimited": return .pipeDelimited
        // Swagger 2.0's `tsv` (3.0 has no style for it).
        case "tabDelimited" where isSwagger2: return .tabDelimited
        case "deepObject": return .deepObject
        case let other?:
            unsupported("parameter style '\(other)'", "'\(other)' is not a style of a query parameter or form field; '\(node.string("name") ?? "it")' is sent in the form style", at: node.keyLocation("style") ?? node.location)
            return .form
        }
    }

    /// Whether a schema (or the schema its `$ref`s lead to) is an object or a map.
    func isObjectSchema(_ schema: Node) -> Bool {
        var node = schema
        for _ in 0..<16 {
            switch shape(of: node).shape {
            case .object, .dictionary: return true
            case .reference(let ref):
                guard let target = resolve(ref, at: node.location, in: node.file) else { return false }
                node = target.node
            default: return false
            }
        }
        return false
    }

    /// Whether a media type carries JSON.
    static func isJSON(_ mediaType: String) -> Bool {
        if mediaType == "application/json" { return true } // nearly every media type of a document
        return BodyAlternative.kind(of: mediaType) == .json
    }
}

extension StringProtocol {
    /// The text without the leading and trailing characters that `trimmed` accepts.
    func trimming(where trimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !trimmed($0) }), let last = lastIndex(where: { !trimmed($0) }) else { return "" }
        return String(self[first...last])
    }
}
