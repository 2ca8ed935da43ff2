import SpecDiagnostics
import SpecYAML

extension NodeReader {
    /// The keys an endpoint may have.
    static let endpointKeys = [
        "request", "description", "auth", "body", "encoding", "response", "path", "query", "headers",
        "errors", "deprecated", "timeout", "retry", "styles", "cookies", "optionalBody", "responseEncoding", "responses", "accept", "responseHeaders", "bodies", "contentType", "server",
        "terminator", "reconnect", "pagination",
    ]

    /// Every entry under `endpoints:` (or a group), in declaration order.
    func endpointItems(_ pairs: [YAMLPair], file: String) -> [EndpointItem] {
        pairs.compactMap { pair in
            guard let name = key(pair, in: "endpoints"), let entry = mapping(pair.value, "endpoint '\(name)'") else { return nil }
            guard !entry.isEmpty else {
                diagnostics.error("endpoint '\(name)' is empty; give it a 'request', like 'request: GET /path', or endpoints of its own", at: pair.key.location)
                return nil
            }
            if entry.contains(where: { $0.key.scalar == "request" }) {
                return endpoint(name, entry, at: pair.key.location, file: file).map(EndpointItem.endpoint)
            }
            // `requst: GET /x`: a misspelled request line, not a group. Said so, and the rest of the
            // endpoint is read as if it were spelled right, so its other errors are reported too.
            if let index = entry.firstIndex(where: { $0.value.scalar != nil && Self.misspellsRequest($0.key.scalar) }), let typo = entry[index].key.scalar {
                diagnostics.error("unknown key '\(typo)' in endpoint '\(name)'; did you mean 'request'?", at: entry[index].key.location)
                var fixed = entry
                fixed[index].key = YAMLNode(.scalar("request", .plain), at: entry[index].key.location)
                return endpoint(name, fixed, at: pair.key.location, file: file).map(EndpointItem.endpoint)
            }
            if let misplaced = entry.first(where: { Self.endpointKeys.contains($0.key.scalar ?? "") && $0.value.mapping == nil }) {
                diagnostics.error(
                    "endpoint '\(name)' needs a 'request' key, like 'request: GET /path' (found '\(misplaced.key.scalar ?? "")' but no 'request'; an entry without 'request' is a group of endpoints)",
                    at: pair.key.location)
                return nil
            }
            return .group(GroupDecl(name: name, location: pair.key.location, items: endpointItems(entry, file: file), file: file))
        }
    }

    /// Whether a key is `request` misspelled (`requst`, `reqeust`, `Request`).
    private static func misspellsRequest(_ key: String?) -> Bool {
        guard let key, key != "request", !endpointKeys.contains(key) else { return false }
        return Suggestions.closest(to: key, in: ["request"]) != nil
    }

    private func endpoint(_ name: String, _ pairs: [YAMLPair], at location: SourceLocation, file: String) -> EndpointDecl? {
        let what = "endpoint '\(name)'"
        let keys = knownKeys(pairs, allowed: Self.endpointKeys, in: what)
        guard let requestNode = keys["request"]?.value else { return nil }
        // A bad request line is reported, and the rest of the endpoint is still checked.
        let (method, path, pathOffset) = requestLine(requestNode, in: what) ?? (.get, "", 0)
        var endpoint = EndpointDecl(
            name: name, location: location, method: method, path: path, pathLocation: requestNode.location,
            description: keys["description"].flatMap { string($0.value, "description") },
            deprecated: keys["deprecated"].flatMap { bool($0.value, "deprecated") } ?? false,
            auth: keys["auth"].flatMap { auth($0.value) },
            pathParameters: parameters(keys["path"], in: what),
            query: parameters(keys["query"], in: what),
            headers: parameters(keys["headers"], in: what, checkingHeaderNames: true),
            body: nil, bodyLocation: keys["body"]?.key.location, encoding: .json, response: nil, errors: [], timeout: nil,
            retry: keys["retry"].flatMap { bool($0.value, "retry") } ?? false, file: file)
        endpoint.pathLocation = textLocation(requestNode).advanced(by: pathOffset)
        endpoint.cookies = parameters(keys["cookies"], in: what)
        endpoint.responseHeaders = parameters(keys["responseHeaders"], in: what, checkingHeaderNames: true)
        for cookie in endpoint.cookies where !Self.isToken(cookie.wireName) {
            diagnostics.error("'\(cookie.wireName)' is not a valid cookie name (letters, digits and !#$%&'*+-.^_`|~)", at: cookie.location)
        }
        if let node = keys["body"]?.value {
            if let pairs = node.mapping {
                endpoint.body = .fields(fields(pairs, in: "the body of \(what)"), at: node.location)
            } else if let type = type(node, "body of \(what)") {
                endpoint.body = .type(type)
            }
        }
        if let node = keys["encoding"]?.value, let text = string(node, "encoding") {
            if let encoding = BodyEncoding(rawValue: text) {
                endpoint.encoding = encoding
            } else {
                diagnostics.error("unknown encoding '\(text)'; use json, form, multipart, binary or text\(Suggestions.didYouMean(text, in: BodyEncoding.allCases.map(\.rawValue)))", at: node.location)
            }
        }
        if let (contentType, location) = mediaType(keys["contentType"]) {
            endpoint.bodyContentType = contentType
            endpoint.bodyContentTypeLocation = location
        }
        if let node = keys["styles"]?.value { applyStyles(node, to: &endpoint, in: what) }
        if let node = keys["optionalBody"]?.value, let flag = bool(node, "optionalBody") {
            if case .fields? = endpoint.body {
                endpoint.bodyOptional = flag
            } else if keys["bodies"] != nil {
                endpoint.bodyOptional = flag
            } else if flag {
                diagnostics.error("optionalBody applies to a body of fields; a body of one type is optional by its type, like 'body: NewPost?'", at: node.location)
            }
        }
        endpoint.response = keys["response"].flatMap { type($0.value, "response of \(what)") }
        if let node = keys["responseEncoding"]?.value, let text = string(node, "responseEncoding") {
            switch text {
            case "json": break
            case "text":
                endpoint.responseIsText = true
                if endpoint.response == nil, keys["responses"] == nil { endpoint.response = .named("String", arguments: [], at: node.location) }
            case "multipart":
                endpoint.responseIsMultipart = true
            default:
                diagnostics.error("unknown responseEncoding '\(text)'; use json, text or multipart\(Suggestions.didYouMean(text, in: ["json", "text", "multipart"]))", at: node.location)
            }
        }
        if let pair = keys["terminator"], let terminator = string(pair.value, "terminator") {
            endpoint.streamTerminator = terminator
            endpoint.streamOptionsLocation = pair.key.location
        }
        if let pair = keys["reconnect"], let flag = bool(pair.value, "reconnect") {
            endpoint.reconnects = flag
            endpoint.streamOptionsLocation = endpoint.streamOptionsLocation ?? pair.key.location
        }
        if let pair = keys["pagination"] { endpoint.pagination = pagination(pair, in: what) }
        if let pair = keys["bodies"] {
            if keys["body"] != nil || keys["encoding"] != nil {
                diagnostics.error("\(what) has both \(keys["body"] != nil ? "body" : "encoding") and bodies; write body: (and encoding:) for one, bodies: for one per media type, whose keys say how each is sent", at: pair.key.location)
            }
            if let pairs = mapping(pair.value, "bodies of \(what)") {
                if pairs.isEmpty {
                    diagnostics.error("bodies of \(what) lists no media type; give two or more, such as application/json: Stats and text/plain: String", at: pair.key.location)
                }
                endpoint.bodies = pairs.compactMap { entry in
                    guard let mediaType = key(entry, in: "bodies") else { return nil }
                    return type(entry.value, "body \(mediaType) of \(what)").map { BodyAlternative(mediaType: mediaType, type: $0, location: entry.key.location) }
                }
                endpoint.bodyLocation = pair.key.location
                if !endpoint.bodies.isEmpty {
                    endpoint.body = nil
                    endpoint.encoding = .json
                }
            }
        }
        if let node = keys["server"]?.value, let server = string(node, "server") {
            if SpecLoader.isAbsoluteURL(server) || SpecLoader.isRelativePath(server) {
                endpoint.server = server
            } else {
                diagnostics.error("server '\(server)' of \(what) must be an absolute http or https URL, or a path such as '/upload'", at: node.location)
            }
        }
        if let node = keys["accept"]?.value, let accept = string(node, "accept") {
            if accept.isEmpty || accept.contains(where: { $0 == "\r" || $0 == "\n" }) {
                diagnostics.error("accept of \(what) must be a header value on one line, such as 'text/csv' or 'application/json, application/xml'", at: node.location)
            } else {
                endpoint.accept = accept
            }
        }
        if let pair = keys["responses"] {
            if keys["response"] != nil {
                diagnostics.error("\(what) has both response and responses; write response: for one type, responses: for one per status", at: pair.key.location)
            } else {
                endpoint.outcomes = outcomes(pair.value, in: what)
                if endpoint.responseIsText {
                    for index in endpoint.outcomes.indices where endpoint.outcomes[index].content == nil && endpoint.outcomes[index].type.description == "String" {
                        endpoint.outcomes[index].isText = true
                    }
                }
            }
        }
        if let node = keys["errors"]?.value { endpoint.errors = errors(node, in: what) }
        if let node = keys["timeout"]?.value, let seconds = number(node, "timeout") {
            if seconds > 0 { endpoint.timeout = seconds } else { diagnostics.error("timeout must be more than 0 seconds", at: node.location) }
        }
        return endpoint
    }

    /// `styles: { ids: commaDelimited, created: deepObject }`: how query parameters and form fields
    /// that are more than one value are written.
    private func applyStyles(_ node: YAMLNode, to endpoint: inout EndpointDecl, in what: String) {
        guard let pairs = mapping(node, "styles of \(what)") else { return }
        let spellings = ParameterStyle.allCases.map(\.rawValue)
        for pair in pairs {
            guard let name = key(pair, in: "styles of \(what)"), let text = string(pair.value, "style of '\(name)'") else { continue }
            guard let style = ParameterStyle(rawValue: text) else {
                diagnostics.error("unknown style '\(text)'; use \(spellings.dropLast().joined(separator: ", ")) or \(spellings.last ?? "")\(Suggestions.didYouMean(text, in: spellings))", at: pair.value.location)
                continue
            }
            var bodyFields: [FieldDecl] = []
            if case .fields(let fields, _)? = endpoint.body { bodyFields = fields }
            let pathIndex = endpoint.pathParameters.firstIndex { $0.wireName == name }
            if style == .form, let pathIndex, !endpoint.query.contains(where: { $0.wireName == name }) {
                // A path object's members as `key=value` (OpenAPI's `simple` with `explode`).
                endpoint.pathParameters[pathIndex].style = style
                continue
            }
            if ParameterStyle.pathStyles.contains(style) {
                if let index = pathIndex {
                    endpoint.pathParameters[index].style = style
                } else {
                    diagnostics.error("'\(text)' is a style of a path parameter; '\(name)' is not one of \(what)\(Suggestions.didYouMean(name, in: endpoint.pathParameters.map(\.wireName)))", at: pair.value.location)
                }
                continue
            }
            if let index = endpoint.query.firstIndex(where: { $0.wireName == name }) {
                endpoint.query[index].style = style
            } else if [.json, .form, .commaDelimited, .spaceDelimited, .pipeDelimited, .tabDelimited].contains(style), let index = endpoint.headers.firstIndex(where: { $0.wireName == name }) {
                endpoint.headers[index].style = style
            } else if case .fields(var fields, let location)? = endpoint.body, let index = fields.firstIndex(where: { $0.wireName == name }) {
                guard endpoint.encoding == .form else {
                    diagnostics.error("styles apply to the fields of a form body (encoding: form); '\(name)' is a field of a \(endpoint.encoding.rawValue) body", at: pair.key.location)
                    continue
                }
                fields[index].style = style
                endpoint.body = .fields(fields, at: location)
            } else {
                let candidates = endpoint.query.map(\.wireName) + bodyFields.map(\.wireName)
                let where_ = endpoint.headers.contains { $0.wireName == name } || endpoint.pathParameters.contains { $0.wireName == name }
                    ? "; a header's style is commaDelimited, spaceDelimited, pipeDelimited, tabDelimited (an array's values joined by it), form (an object's members as key=value) or json, a path parameter's label, labelExploded, matrix, matrixExploded, segments or form"
                    : Suggestions.didYouMean(name, in: candidates)
                diagnostics.error("styles names '\(name)', which is not a query parameter or body field of \(what)\(where_)", at: pair.key.location)
            }
        }
    }

    /// `GET /users/{id}` -> (.get, "/users/{id}", offset of the path in the text).
    private func requestLine(_ node: YAMLNode, in what: String) -> (HTTPMethodName, String, Int)? {
        guard let text = string(node, "request") else { return nil }
        let parts = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2 else {
            diagnostics.error("request of \(what) must be a method and a path, like 'GET /users/{id}'", at: node.location)
            return nil
        }
        let methodText = String(parts[0])
        guard let method = HTTPMethodName(rawValue: methodText) else {
            let suggestion = HTTPMethodName(rawValue: methodText.uppercased()).map { "; did you mean '\($0.rawValue)'?" }
                ?? "; use GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS or QUERY"
            diagnostics.error("unknown HTTP method '\(methodText)' in \(what)\(suggestion)", at: textLocation(node))
            return nil
        }
        let offset = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: parts[1].unicodeScalars.startIndex)
        return (method, String(parts[1]).trimmingTrailingSpaces, offset)
    }

    private func parameters(_ pair: YAMLPair?, in what: String, checkingHeaderNames: Bool = false) -> [FieldDecl] {
        guard let pair, let pairs = mapping(pair.value, "'\(pair.key.scalar ?? "")' of \(what)") else { return [] }
        let decoded = fields(pairs, kind: "parameter", in: what)
        if checkingHeaderNames { decoded.forEach { checkHeaderName($0.wireName, at: $0.location) } }
        return decoded
    }

    private func errors(_ node: YAMLNode, in what: String) -> [ErrorDecl] {
        guard let pairs = mapping(node, "errors of \(what)") else { return [] }
        return pairs.compactMap { pair in
            guard let key = key(pair, in: "errors") else { return nil }
            guard let status = Self.errorStatus(key) else {
                diagnostics.error("error status '\(key)' of \(what) must be a status code from 300 to 599, a range such as '4XX' (3XX to 5XX), or 'default'",
                                  at: pair.key.location)
                return nil
            }
            return type(pair.value, "error \(key) of \(what)").map { ErrorDecl(status: status, type: $0, location: pair.key.location) }
        }
    }

    /// `responses: { 201: Task, 202: Job, 204: Empty }`: one type per 2xx status, at least two;
    /// `200 text: String` and `200 data: Data` beside `200: Stats` are the other bodies of a status.
    private func outcomes(_ node: YAMLNode, in what: String) -> [OutcomeDecl] {
        guard let pairs = mapping(node, "responses of \(what)") else { return [] }
        var outcomes: [OutcomeDecl] = pairs.compactMap { pair in
            guard let key = key(pair, in: "responses") else { return nil }
            let words = key.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let statusKey = words.first, words.count <= 2, let status = SuccessStatus(key: statusKey) else {
                diagnostics.error("response status '\(key)' of \(what) must be a status code from 200 to 299 or '2XX', optionally followed by json, text or data; errors go under errors:", at: pair.key.location)
                return nil
            }
            var content: OutcomeContent?
            if words.count == 2 {
                guard let kind = OutcomeContent(rawValue: words[1]) else {
                    diagnostics.error("unknown body kind '\(words[1])' in response '\(key)' of \(what); use json, text or data\(Suggestions.didYouMean(words[1], in: OutcomeContent.allCases.map(\.rawValue)))", at: pair.key.location)
                    return nil
                }
                content = kind
            }
            return type(pair.value, "response \(key) of \(what)").map {
                OutcomeDecl(status: status, type: $0, isText: content == .text, content: content, location: pair.key.location)
            }
        }
        // A status listed with several bodies: the one without a kind is its JSON.
        for index in outcomes.indices where outcomes[index].content == nil && outcomes.filter({ $0.status == outcomes[index].status }).count > 1 {
            outcomes[index].content = .json
        }
        if pairs.count == 1, let only = pairs.first {
            diagnostics.error("responses of \(what) lists one status; for one response type write 'response: \(only.value.scalar ?? "Type")'", at: only.key.location)
            return []
        }
        return outcomes
    }

    /// `404` -> `.code(404)` (300 to 599), `4XX` or `4xx` -> `.range(4)` (3 to 5), `default` -> `.other`.
    static func errorStatus(_ key: String) -> ErrorStatus? {
        if key == "default" { return .other }
        let bytes = Array(key.utf8)
        guard bytes.count == 3, (0x33...0x35).contains(bytes[0]) else { return nil }
        if bytes[1...].allSatisfy({ $0 == 0x58 || $0 == 0x78 }) { return .range(Int(bytes[0] - 0x30)) }
        guard bytes.allSatisfy({ (0x30...0x39).contains($0) }), let code = Int(key) else { return nil }
        return .code(code)
    }

    /// `pagination: { style: cursor, items: data, next: next_cursor, parameter: cursor }`, in a
    /// spec or a config file.
    public func pagination(_ pair: YAMLPair, in what: String) -> PaginationDecl? {
        guard let pairs = mapping(pair.value, "pagination of \(what)") else { return nil }
        let keys = knownKeys(pairs, allowed: ["style", "items", "next", "hasMore", "id", "parameter", "size", "first"], in: "pagination of \(what)")
        let styles = PaginationDecl.Style.allCases.map(\.rawValue)
        guard let node = keys["style"]?.value else {
            diagnostics.error("pagination of \(what) needs a style: \(styles.joined(separator: ", "))", at: pair.key.location)
            return nil
        }
        guard let text = string(node, "style"), let style = PaginationDecl.Style(rawValue: text) else {
            let text = node.scalar ?? ""
            diagnostics.error("unknown pagination style '\(text)'; use \(styles.joined(separator: ", "))\(Suggestions.didYouMean(text, in: styles))", at: node.location)
            return nil
        }
        var decl = PaginationDecl(style: style, location: pair.key.location)
        decl.items = keys["items"].flatMap { string($0.value, "items") }
        decl.next = keys["next"].flatMap { string($0.value, "next") }
        decl.hasMore = keys["hasMore"].flatMap { string($0.value, "hasMore") }
        decl.id = keys["id"].flatMap { string($0.value, "id") }
        decl.parameter = keys["parameter"].flatMap { string($0.value, "parameter") }
        decl.size = keys["size"].flatMap { string($0.value, "size") }
        if let pair = keys["first"] {
            if let number = pair.value.scalar.flatMap({ Int($0) }), number >= 0 {
                decl.first = number
            } else {
                diagnostics.error("the first page of the pagination of \(what) must be a whole number, 0 or more (0 or 1 as a rule), found '\(pair.value.scalar ?? "")'", at: pair.value.location)
            }
        }
        decl.written = PaginationDecl.keys.filter { keys[$0] != nil }
        return decl
    }
}
