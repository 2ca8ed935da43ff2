import SpecDiagnostics
import SpecYAML

extension Swagger2Upgrader {
    /// `servers` from `host`, `basePath` and `schemes` (one server per `http`/`https` scheme, in
    /// the document's order; `https` when none is given), or from Azure's
    /// `x-ms-parameterized-host` (its parameters become the server's variables). Without a host,
    /// `basePath` alone is a relative server, as a 3.x document's `/api`; nil when there is neither.
    func servers(_ root: YAMLNode) -> YAMLNode? {
        var basePath = root.string("basePath") ?? ""
        while basePath.hasSuffix("/") { basePath.removeLast() }
        if !basePath.isEmpty, !basePath.hasPrefix("/") {
            host.unsupported("basePath", "'basePath' must start with '/'; it is read as '/\(basePath)'", root.keyLocation("basePath"))
            basePath = "/" + basePath
        }
        let declared = (root["schemes"]?.sequence ?? []).compactMap { $0.scalar?.lowercased() }
        var schemes = declared.filter { $0 == "http" || $0 == "https" }
        if schemes.isEmpty {
            if !declared.isEmpty {
                host.unsupported("schemes", "no scheme here is http or https (\(declared.joined(separator: ", "))); the servers are taken as https", root.keyLocation("schemes"))
            }
            schemes = ["https"]
        } else if let other = declared.first(where: { $0 != "http" && $0 != "https" }) {
            host.unsupported("schemes", "scheme '\(other)' is not read; the client's servers are the document's http and https ones", root.keyLocation("schemes"))
        }
        var variables: YAMLNode?
        var hostName = root.string("host")
        // `host` is a name and port; a scheme written in it (`https://api.example.com`) is read as the scheme.
        if let written = hostName, let range = written.firstRange(of: "://") {
            let scheme = written[..<range.lowerBound].lowercased()
            host.unsupported("host", "'host' is a name and port, not a URL; its scheme is read as 'schemes: [\(scheme)]'", root.pair("host")?.value.location ?? root.location)
            if scheme == "http" || scheme == "https" { schemes = [scheme] }
            hostName = String(written[range.upperBound...])
        }
        while hostName?.hasSuffix("/") == true { hostName?.removeLast() }
        var useScheme = true
        var location = root.pair("host")?.value.location ?? root.pair("basePath")?.value.location ?? root.location
        if let parameterized = root["x-ms-parameterized-host"], let template = parameterized.string("hostTemplate") {
            hostName = template
            useScheme = parameterized["useSchemePrefix"]?.scalar != "false"
            location = parameterized.pair("hostTemplate")?.value.location ?? parameterized.location
            variables = serverVariables(parameterized["parameters"]?.sequence ?? [], template: template, at: parameterized.location)
        }
        guard let hostName, !hostName.isEmpty else {
            guard !basePath.isEmpty else { return nil }
            return .sequence([server(basePath, variables: nil, at: location)], at: location)
        }
        let urls = useScheme ? schemes.map { $0 + "://" + hostName + basePath } : [hostName + basePath]
        return .sequence(urls.map { server($0, variables: variables, at: location) }, at: location)
    }

    /// `host` and `basePath` that are not strings, and `schemes` that is not a list of them, are
    /// errors: read otherwise, the client would have no base URL, or another one.
    func checkServerKeys(_ root: YAMLNode) {
        for key in ["host", "basePath"] {
            guard let value = root[key], value.scalar == nil else { continue }
            host.error("'\(key)' must be a string, as \(key == "host" ? "'host: api.example.com:8443'" : "'basePath: /v1'")", value.location)
        }
        if let schemes = root["schemes"], !(schemes.sequence?.allSatisfy { $0.scalar != nil } ?? false) {
            host.error("'schemes' must be a list of schemes, as 'schemes: [https]'", schemes.location)
        }
    }

    private func server(_ url: String, variables: YAMLNode?, at location: SourceLocation) -> YAMLNode {
        var out = Mapping()
        out.set("url", string: url, at: location)
        if let variables { out.set("variables", variables, at: location) }
        return out.node(at: location)
    }

    /// The parameters of a parameterized host as server variables: each one's default (empty when
    /// it has none, with a warning: the caller gives the URL), values and description. A
    /// parameter without a name (as some published documents have) is the template's placeholder
    /// in its place.
    private func serverVariables(_ parameters: [YAMLNode], template: String, at location: SourceLocation) -> YAMLNode {
        let placeholders = template.split(separator: "{", omittingEmptySubsequences: false).dropFirst().compactMap { $0.split(separator: "}", maxSplits: 1).first.map(String.init) }
        var out = Mapping()
        for (index, raw) in parameters.enumerated() {
            guard let parameter = followed(raw) else { continue }
            guard let name = parameter.string("name") ?? (placeholders.indices.contains(index) ? placeholders[index] : nil) else {
                host.unsupported("host parameter", "this parameter of 'x-ms-parameterized-host' has no name and no placeholder of the host template is left for it; it is not read", parameter.location)
                continue
            }
            var variable = Mapping()
            if let value = parameter["default"] {
                variable.set("default", value, at: value.location)
            } else {
                host.unsupported("host parameter", "host parameter '\(name)' has no default, so the base URL has none for it; give the client its base URL, or choose the server with its value", parameter.location)
                variable.set("default", string: "", at: parameter.location)
            }
            variable.copy("enum", from: parameter)
            variable.copy("description", from: parameter)
            out.set(name, variable.node(at: parameter.location), at: parameter.keyLocation("name"))
        }
        return out.node(at: location)
    }

    /// `securityDefinitions` as `securitySchemes`: `basic` is HTTP basic, `apiKey` the same, and
    /// `oauth2` with its one `flow` (`implicit`, `password`, `application`, `accessCode`) the
    /// matching 3.0 flow.
    func securitySchemes(_ node: YAMLNode) -> YAMLNode {
        var out = Mapping()
        for (_, pair) in node.namedPairs {
            let definition = pair.value
            var scheme = Mapping()
            let typeLocation = definition.pair("type")?.value.location ?? definition.location
            switch definition.string("type") {
            case "basic":
                scheme.set("type", string: "http", at: typeLocation)
                scheme.set("scheme", string: "basic", at: typeLocation)
            case "apiKey":
                scheme.copy("type", from: definition)
                scheme.copy("name", from: definition)
                scheme.copy("in", from: definition)
            case "oauth2":
                scheme.copy("type", from: definition)
                var flow = Mapping()
                flow.copy("authorizationUrl", from: definition)
                flow.copy("tokenUrl", from: definition)
                if let scopes = definition.pair("scopes") { flow.append(scopes) } else { flow.set("scopes", Mapping().node(at: typeLocation), at: typeLocation) }
                let names = ["implicit": "implicit", "password": "password", "application": "clientCredentials", "accessCode": "authorizationCode"]
                let flowName = definition.string("flow").flatMap { names[$0] } ?? "implicit"
                var flows = Mapping()
                flows.set(flowName, flow.node(at: definition.keyLocation("flow")), at: definition.keyLocation("flow"))
                scheme.set("flows", flows.node(at: typeLocation), at: typeLocation)
            default:
                // The OpenAPI front end says what it does with a scheme it cannot use.
                scheme.copy("type", from: definition)
            }
            scheme.copy("description", from: definition)
            out.append(YAMLPair(key: pair.key, value: scheme.node(at: definition.location)))
        }
        return out.node(at: node.location)
    }
}
