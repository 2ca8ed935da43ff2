import SpecDiagnostics
import SpecYAML

/// Reads a spec file and the files it includes, and decodes them into one `Spec`.
public enum SpecLoader {
    /// Keys of a root spec file.
    static let topLevelKeys = [
        "spec", "name", "description", "baseURL", "servers", "defaultHeaders", "dates", "auth", "error", "access", "conformances", "stubService",
        "include", "models", "endpoints",
    ]
    /// Keys of an included file: its models and endpoints join the root's.
    static let includedKeys = ["include", "models", "endpoints"]
    /// The longest chain of includes (a file including a file ...): deeper chains are an error, so a
    /// folder structure that loops (a symbolic link to a parent folder) cannot recurse without end.
    static let maxIncludeDepth = 32
    /// The most files one spec may be made of, root included.
    public static let maxFiles = 1_000
    /// The longest path of a file a document refers to, in bytes (Linux's `PATH_MAX`): relative
    /// references that each go one folder deeper cannot make paths grow without end.
    public static let maxPathLength = 4_096

    /// Loads `path` with its includes. Returns nil when nothing could be decoded; the diagnostics say why.
    /// - Parameter read: reads a file's bytes (the CLI reads the disk; tests pass files from memory).
    public static func load(
        path: String, limits: YAMLLimits = .default, read: (String) throws -> [UInt8]
    ) -> (spec: Spec?, diagnostics: DiagnosticBag) {
        let (root, diagnostics) = parseRoot(path: path, limits: limits, read: read)
        guard let root else { return (nil, diagnostics) }
        return load(root: root, path: path, limits: limits, read: read)
    }

    /// Reads and parses the root file only, so a caller can tell which format it is in before decoding it.
    public static func parseRoot(
        path: String, limits: YAMLLimits = .default, read: (String) throws -> [UInt8]
    ) -> (root: YAMLNode?, diagnostics: DiagnosticBag) {
        let reader = NodeReader()
        let root = parse(path, includedAt: nil, limits: limits, read: read, reader: reader)
        return (root, reader.diagnostics)
    }

    /// Decodes the parsed root file `root` of `path`, with its includes.
    public static func load(
        root: YAMLNode, path: String, limits: YAMLLimits = .default, read: (String) throws -> [UInt8]
    ) -> (spec: Spec?, diagnostics: DiagnosticBag) {
        let reader = NodeReader()
        let top = SourceLocation(file: path, line: 1, column: 1)
        guard let pairs = reader.mapping(root, "a spec") else {
            return (nil, reader.diagnostics)
        }
        let keys = reader.knownKeys(pairs, allowed: topLevelKeys, in: "the spec")
        var spec = Spec(file: path, name: "", nameLocation: top, description: nil, baseURL: nil, defaultHeaders: [],
                        dates: .iso8601, auth: .none, error: nil, access: .public, models: [], endpoints: [], files: [path])
        readHeader(keys, into: &spec, reader: reader)
        var included = Included(files: [path])
        join(keys, file: path, depth: 0, into: &spec, included: &included, limits: limits, read: read, reader: reader)
        spec.files = included.files
        return (spec, reader.diagnostics)
    }

    private static func parse(
        _ path: String, includedAt: SourceLocation?, limits: YAMLLimits, read: (String) throws -> [UInt8], reader: NodeReader
    ) -> YAMLNode? {
        let bytes: [UInt8]
        do {
            bytes = try read(path)
        } catch let error as FileTooLarge {
            reader.diagnostics.report(error.diagnostic(file: path, limit: limits.maxFileSize))
            return nil
        } catch {
            let location = includedAt ?? SourceLocation(file: path, line: 1, column: 1)
            reader.diagnostics.error("cannot read '\(path)': \(error)", at: location)
            return nil
        }
        // Duplicate keys are reported with every other error of the spec, not instead of them.
        let (root, duplicates) = YAMLParser.parseCollectingDuplicates(bytes, file: path, limits: limits)
        duplicates.forEach { reader.diagnostics.report($0) }
        switch root {
        case .success(let node): return node
        case .failure(let diagnostic):
            reader.diagnostics.report(diagnostic)
            return nil
        }
    }

    private static func readHeader(_ keys: KnownKeys, into spec: inout Spec, reader: NodeReader) {
        if let node = keys["spec"]?.value, node.scalar != "1" {
            reader.diagnostics.error("unsupported spec version '\(node.scalar ?? node.kindDescription)'; this generator reads version 1", at: node.location)
        }
        if let pair = keys["name"], let name = reader.string(pair.value, "name") {
            spec.nameLocation = pair.value.location
            if let reserved = Validator.reservedType(name) {
                reader.diagnostics.error("name '\(name)' would shadow \(reserved); choose another name", at: pair.value.location)
            } else if Naming.isIdentifier(name), name.first?.isUppercase == true {
                spec.name = name
            } else {
                let suggestion = Naming.upperCamel(name)
                reader.diagnostics.error(
                    "name '\(name)' must be a Swift type name\(suggestion.isEmpty ? "" : ", like '\(suggestion)'")",
                    at: pair.value.location)
            }
        } else if keys["name"] == nil {
            reader.diagnostics.error("the spec needs a 'name': the Swift namespace of its endpoints, like 'name: Chirp'", at: spec.nameLocation)
        }
        spec.description = keys["description"].flatMap { reader.string($0.value, "description") }
        if let node = keys["baseURL"]?.value, let url = reader.string(node, "baseURL") {
            if isAbsoluteURL(url) || isRelativePath(url) {
                spec.baseURL = url
            } else {
                reader.diagnostics.error("baseURL '\(url)' must be an absolute http or https URL, or a path such as '/api/v1'", at: node.location)
            }
        }
        if let node = keys["servers"]?.value, let pairs = reader.mapping(node, "servers") {
            spec.servers = pairs.compactMap { server($0, reader: reader) }
        }
        if let node = keys["defaultHeaders"]?.value, let pairs = reader.mapping(node, "defaultHeaders") {
            for pair in pairs {
                guard let name = reader.key(pair, in: "defaultHeaders"), let value = reader.string(pair.value, "header '\(name)'") else { continue }
                reader.checkHeaderName(name, at: pair.key.location)
                if value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
                    reader.diagnostics.error("the value of header '\(name)' cannot contain a line break or NUL", at: pair.value.location)
                }
                spec.defaultHeaders.append((name, value))
            }
        }
        if let node = keys["dates"]?.value, let text = reader.string(node, "dates") {
            switch text {
            case "iso8601": spec.dates = .iso8601
            case "iso8601-fractional": spec.dates = .iso8601Fractional
            case "seconds": spec.dates = .seconds
            case "milliseconds": spec.dates = .milliseconds
            case "": reader.diagnostics.error("dates must be iso8601, iso8601-fractional, seconds, milliseconds or a date format pattern", at: node.location)
            default: spec.dates = .pattern(text)
            }
        }
        if let node = keys["auth"]?.value, let auth = reader.auth(node) { spec.auth = auth }
        spec.error = keys["error"].flatMap { reader.type($0.value, "error") }
        if let node = keys["conformances"]?.value, let text = reader.string(node, "conformances") {
            if let conformances = Conformances(rawValue: text) {
                spec.conformances = conformances
            } else {
                reader.diagnostics.error("conformances must be full or lean, found '\(text)'\(Suggestions.didYouMean(text, in: Conformances.allCases.map(\.rawValue)))", at: node.location)
            }
        }
        if let node = keys["stubService"]?.value, let flag = reader.bool(node, "stubService") { spec.stubService = flag }
        if let node = keys["access"]?.value, let text = reader.string(node, "access") {
            if let access = AccessLevel(rawValue: text) {
                spec.access = access
            } else {
                reader.diagnostics.error("access must be public, package or internal, found '\(text)'\(Suggestions.didYouMean(text, in: AccessLevel.allCases.map(\.rawValue)))", at: node.location)
            }
        }
    }

    /// The files read so far, and whether a bound on includes stopped reading more.
    private struct Included {
        var files: [String]
        var stopped = false
    }

    /// Adds a file's models and endpoints, then those of the files it includes (each file once).
    private static func join(
        _ keys: KnownKeys, file: String, depth: Int, into spec: inout Spec, included: inout Included,
        limits: YAMLLimits, read: (String) throws -> [UInt8], reader: NodeReader
    ) {
        // The models and the endpoints on two cores, each with a reader of its own; their
        // diagnostics are reported in that order, as one reader would.
        let modelsNode = keys["models"]?.value, endpointsNode = keys["endpoints"]?.value
        let modelsReader = BothAtOnce.Handed(reader), endpointsReader = BothAtOnce.Handed(NodeReader())
        let (models, endpoints) = BothAtOnce.run(
            { modelsNode.map { modelsReader.value.models($0, file: file) } ?? [] },
            {
                let reader = endpointsReader.value
                return endpointsNode.flatMap { reader.mapping($0, "endpoints") }.map { reader.endpointItems($0, file: file) } ?? []
            })
        reader.diagnostics.append(contentsOf: endpointsReader.value.diagnostics)
        spec.models += models
        spec.endpoints += endpoints
        guard let node = keys["include"]?.value else { return }
        let items = node.sequence ?? [node]
        for item in items {
            guard let relative = reader.string(item, "an include"), !relative.isEmpty else { continue }
            let path = resolve(relative, from: file)
            if included.stopped || included.files.contains(path) { continue }
            guard depth < maxIncludeDepth else {
                reader.diagnostics.error("includes are nested more than \(maxIncludeDepth) files deep; does a folder link back to a parent?", at: item.location)
                included.stopped = true
                return
            }
            guard included.files.count < maxFiles else {
                reader.diagnostics.error("a spec can be made of at most \(maxFiles) files; '\(relative)' would be one more", at: item.location)
                included.stopped = true
                return
            }
            included.files.append(path)
            guard let root = parse(path, includedAt: item.location, limits: limits, read: read, reader: reader),
                  let pairs = reader.mapping(root, "an included spec") else { continue }
            // Root-only keys get their own message; the rest are checked as usual.
            let (rootOnly, others) = pairs.partitioned { pair in
                pair.key.scalar.map { topLevelKeys.contains($0) && !includedKeys.contains($0) } ?? false
            }
            for pair in rootOnly {
                reader.diagnostics.error(
                    "'\(pair.key.scalar ?? "")' belongs in the root spec; an included file has only models, endpoints and include",
                    at: pair.key.location)
            }
            let keys = reader.knownKeys(others, allowed: includedKeys, in: "an included spec")
            join(keys, file: path, depth: depth + 1, into: &spec, included: &included, limits: limits, read: read, reader: reader)
        }
    }

    /// A path relative to the including file's folder; absolute paths stay as they are.
    public static func resolve(_ relative: String, from file: String) -> String {
        if relative.hasPrefix("/") { return relative }
        var parts = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        for component in relative.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                if let last = parts.last, last != "..", !last.isEmpty { parts.removeLast() } else { parts.append("..") }
            default: parts.append(String(component))
            }
        }
        return parts.joined(separator: "/")
    }

    /// One entry of `servers:`: `name: URL`, or `name: { url: URL, description: text, variables: { name: default } }`
    /// where a variable is a default or `{ default: value, enum: [values], description: text }`.
    private static func server(_ pair: YAMLPair, reader: NodeReader) -> ServerDecl? {
        guard let name = reader.key(pair, in: "servers") else { return nil }
        let what = "server '\(name)'"
        var server = ServerDecl(name: name, url: "", location: pair.key.location)
        var urlNode = pair.value
        if let entries = pair.value.mapping {
            let known = reader.knownKeys(entries, allowed: ["url", "description", "variables"], in: what)
            guard let node = known["url"]?.value else {
                reader.diagnostics.error("\(what) needs a 'url'", at: pair.key.location)
                return nil
            }
            urlNode = node
            server.description = known["description"].flatMap { reader.string($0.value, "description of \(what)") }
            for variable in known["variables"].flatMap({ reader.mapping($0.value, "variables of \(what)") }) ?? [] {
                guard let variableName = reader.key(variable, in: "variables of \(what)") else { continue }
                if let text = variable.value.scalar {
                    server.variables.append(ServerDecl.Variable(name: variableName, defaultValue: text))
                    continue
                }
                guard let fields = reader.mapping(variable.value, "variable '\(variableName)' of \(what)") else { continue }
                let entry = reader.knownKeys(fields, allowed: ["default", "enum", "description"], in: "variable '\(variableName)' of \(what)")
                guard let defaultValue = entry["default"].flatMap({ reader.string($0.value, "default of '\(variableName)'") }) else {
                    reader.diagnostics.error("variable '\(variableName)' of \(what) needs a 'default'", at: variable.key.location)
                    continue
                }
                let values = entry["enum"]?.value.sequence?.compactMap(\.scalar) ?? []
                server.variables.append(ServerDecl.Variable(
                    name: variableName, defaultValue: defaultValue, values: values,
                    description: entry["description"].flatMap { reader.string($0.value, "description of '\(variableName)'") }))
            }
        }
        guard let url = reader.string(urlNode, "the URL of \(what)") else { return nil }
        var withDefaults = url
        for variable in server.variables { withDefaults = withDefaults.replacing("{\(variable.name)}", with: variable.defaultValue) }
        guard isAbsoluteURL(withDefaults) || isRelativePath(withDefaults) else {
            reader.diagnostics.error(
                "\(what) must be an absolute http or https URL or a path such as /api (with its variables at their defaults), found '\(withDefaults)'", at: urlNode.location)
            return nil
        }
        server.url = url
        return server
    }

    /// Whether `text` is an absolute path (`/api/v1`) a client resolves against its base URL.
    public static func isRelativePath(_ text: String) -> Bool {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/")
        return text.hasPrefix("/") && !text.hasPrefix("//") && text.allSatisfy { allowed.contains($0) }
    }

    /// `http(s)://host[:port][/path]` with a DNS name or IPv4 host and only characters a URL may hold
    /// unescaped, so the generated `URL(string:)` can never fail.
    public static func isAbsoluteURL(_ text: String) -> Bool {
        let rest: Substring
        if text.hasPrefix("https://") { rest = text.dropFirst(8) } else if text.hasPrefix("http://") { rest = text.dropFirst(7) } else { return false }
        let authority = rest.prefix { $0 != "/" }
        let path = rest.dropFirst(authority.count)
        let hostAndPort = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let host = hostAndPort.first, !host.isEmpty,
              host.unicodeScalars.allSatisfy({ $0.isASCII && (Naming.isIdentifierScalar($0) || $0 == "-" || $0 == ".") && $0 != "_" }),
              hostAndPort.count == 1 || (hostAndPort[1].count <= 5 && !hostAndPort[1].isEmpty && hostAndPort[1].allSatisfy(\.isASCII) && hostAndPort[1].allSatisfy(\.isNumber))
        else { return false }
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/")
        return path.allSatisfy { allowed.contains($0) }
    }
}

extension Array {
    /// The elements that satisfy `predicate`, and the others, each in order.
    func partitioned(by predicate: (Element) -> Bool) -> (matching: [Element], others: [Element]) {
        var matching: [Element] = [], others: [Element] = []
        for element in self {
            if predicate(element) { matching.append(element) } else { others.append(element) }
        }
        return (matching, others)
    }
}
