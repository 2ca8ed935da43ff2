import SpecCore
import SpecDiagnostics
import SpecYAML

/// Per-target generator settings, from an optional config file next to the specs
/// (`specwright.json`; JSON is read as YAML, so errors keep their line and column).
public struct GeneratorConfig: Sendable {
    /// Overrides the specs' `access`.
    public var access: AccessLevel?
    /// How many files models and endpoints are each split into.
    public var shards: Int?
    /// For OpenAPI documents: group operations by their first tag.
    public var groupByTag: Bool?
    /// Overrides whether the service gets a stub for tests.
    public var stubService: Bool?
    /// A folder of templates that replace default ones (like `--templates`), relative to the
    /// config file's folder unless absolute.
    public var templates: String?
    /// Where the config names `templates`, for an error about the folder.
    public var templatesLocation: SourceLocation?
    /// Only these operations are generated (with the models they use), each named by its
    /// endpoint or `operationId` or as `METHOD /path`; nil for every one.
    public var operations: [LocatedName]?
    /// How operations page, by operation (named as in `operations`), as an endpoint's `pagination:`.
    public var pagination: [PaginationSetting] = []
    /// The paging conventions of big APIs to recognize (`github`, `stripe`, `openai`).
    public var paginationConventions: [LocatedName] = []

    /// No overrides.
    public init(access: AccessLevel? = nil, shards: Int? = nil, groupByTag: Bool? = nil) {
        self.access = access
        self.shards = shards
        self.groupByTag = groupByTag
    }
}

/// Reads a config file: `{ "access": "internal", "shards": 4, "groupByTag": true, "stubService": true,
/// "templates": "Templates", "operations": ["PostCustomers", "GET /v1/charges"] }`; unknown keys are errors.
public enum ConfigLoader {
    /// The keys a config file may have.
    public static let keys = ["access", "shards", "groupByTag", "stubService", "templates", "operations", "pagination", "paginationConventions"]

    /// The config at `path`, or nil with the diagnostics saying why. `shardLimit` says, in the
    /// message for a `shards` out of range, whose limit `maxShards` is when it is not the generator's.
    public static func load(
        path: String, maxShards: Int, shardLimit: String? = nil, read: (String) throws -> [UInt8]
    ) -> (config: GeneratorConfig?, diagnostics: DiagnosticBag) {
        let reader = NodeReader()
        let bytes: [UInt8]
        do {
            bytes = try read(path)
        } catch {
            reader.diagnostics.error("cannot read '\(path)': \(error)", at: SourceLocation(file: path, line: 1, column: 1))
            return (nil, reader.diagnostics)
        }
        let root: YAMLNode
        let (parsed, duplicates) = YAMLParser.parseCollectingDuplicates(bytes, file: path)
        duplicates.forEach { reader.diagnostics.report($0) }
        switch parsed {
        case .success(let node): root = node
        case .failure(let diagnostic):
            reader.diagnostics.report(diagnostic)
            return (nil, reader.diagnostics)
        }
        guard let pairs = reader.mapping(root, "a config file") else { return (nil, reader.diagnostics) }
        let known = reader.knownKeys(pairs, allowed: keys, in: "the config file")
        var config = GeneratorConfig()
        if let node = known["access"]?.value, let text = reader.string(node, "access") {
            if let level = AccessLevel(rawValue: text) {
                config.access = level
            } else {
                reader.diagnostics.error("access must be public, package or internal, found '\(text)'", at: node.location)
            }
        }
        if let node = known["shards"]?.value {
            if let text = node.scalar, let count = Int(text), (1...maxShards).contains(count) {
                config.shards = count
            } else {
                let whose = shardLimit.map { " (\($0))" } ?? ""
                reader.diagnostics.error("shards must be a whole number from 1 to \(maxShards)\(whose)\(reader.found(node))", at: node.location)
            }
        }
        if let node = known["groupByTag"]?.value, let flag = reader.bool(node, "groupByTag") {
            config.groupByTag = flag
        }
        if let node = known["stubService"]?.value, let flag = reader.bool(node, "stubService") {
            config.stubService = flag
        }
        if let node = known["templates"]?.value, let folder = reader.string(node, "templates") {
            if folder.isEmpty {
                reader.diagnostics.error("templates must name a folder", at: node.location)
            } else if folder.hasPrefix("/") {
                config.templates = folder
            } else if let slash = path.lastIndex(of: "/") {
                config.templates = String(path[...slash]) + folder
            } else {
                config.templates = folder
            }
            config.templatesLocation = node.location
        }
        if let node = known["operations"]?.value {
            if let items = node.sequence, !items.isEmpty {
                config.operations = items.compactMap { item in
                    guard let name = reader.string(item, "an operation"), !name.isEmpty else { return nil }
                    return LocatedName(name: name, location: item.location)
                }
            } else {
                reader.diagnostics.error("operations must list the operations to generate, like [\"PostCustomers\", \"GET /v1/charges\"]", at: node.location)
            }
        }
        if let pair = known["pagination"], let pairs = reader.mapping(pair.value, "pagination") {
            for entry in pairs {
                guard let name = entry.key.scalar, !name.isEmpty, let decl = reader.pagination(entry, in: "operation '\(name)'") else { continue }
                config.pagination.append(PaginationSetting(operation: LocatedName(name: name, location: entry.key.location), pagination: decl))
            }
        }
        if let node = known["paginationConventions"]?.value {
            for item in node.sequence ?? [] {
                guard let name = reader.string(item, "a pagination convention") else { continue }
                if PaginationConventions.known.contains(name) {
                    config.paginationConventions.append(LocatedName(name: name, location: item.location))
                } else {
                    reader.diagnostics.error("unknown pagination convention '\(name)'; use \(PaginationConventions.known.joined(separator: ", "))\(Suggestions.didYouMean(name, in: PaginationConventions.known))", at: item.location)
                }
            }
            if node.sequence == nil {
                reader.diagnostics.error("paginationConventions must list conventions, like [\"github\", \"stripe\"]", at: node.location)
            }
        }
        return (reader.diagnostics.hasErrors ? nil : config, reader.diagnostics)
    }
}

/// One operation's paging in a config file.
public struct PaginationSetting: Sendable {
    /// The operation, named by its endpoint name, `operationId` or `METHOD /path`.
    public var operation: LocatedName
    /// How it pages.
    public var pagination: PaginationDecl

    /// An operation's paging.
    public init(operation: LocatedName, pagination: PaginationDecl) {
        self.operation = operation
        self.pagination = pagination
    }
}
