import SpecDiagnostics
import SpecYAML

/// The Swagger 2.0 front end: reads a 2.0 document as the OpenAPI 3.0 document that says the same,
/// node for node, so the OpenAPI front end lowers both alike (one set of rules for schemas,
/// naming, bodies and responses).
///
/// The upgrade is of located nodes, not of text: every node it makes stands where the 2.0
/// construct it comes from is written, so a diagnostic about it points into the 2.0 document.
/// What 2.0 says that 3.0 has no place for is a warning here; Docs/Swagger2.md lists every rule.
public final class Swagger2Upgrader {
    /// What the upgrade needs from the front end that reads the files.
    public struct Host {
        /// The node a `$ref` written at a location points to, as written in its file (not
        /// upgraded), relative to the file of that location; nil after reporting why not.
        public var resolve: (_ ref: String, _ at: SourceLocation) -> YAMLNode?
        /// Reports a construct that is left out or changed (`kind` groups repeats).
        public var unsupported: (_ kind: String, _ message: String, _ at: SourceLocation) -> Void
        /// Reports an error.
        public var error: (_ message: String, _ at: SourceLocation) -> Void

        /// Creates a host from its three functions.
        public init(
            resolve: @escaping (String, SourceLocation) -> YAMLNode?,
            unsupported: @escaping (String, String, SourceLocation) -> Void,
            error: @escaping (String, SourceLocation) -> Void
        ) {
            self.resolve = resolve
            self.unsupported = unsupported
            self.error = error
        }
    }

    let host: Host
    /// The document's `consumes` and `produces`: the media types of operations that give none.
    var consumes: [String] = []
    var produces: [String] = []
    /// The hierarchies of the document's definitions: for each base with a `discriminator`, its
    /// descendants (by `allOf`), each with its tag value.
    var hierarchies = Hierarchies()

    private init(host: Host) {
        self.host = host
    }

    /// Whether a parsed root is a Swagger document (it has a `swagger` key).
    public static func isSwagger(_ root: YAMLNode) -> Bool {
        root.pair("swagger") != nil
    }

    /// The 3.0 form of the Swagger 2.0 document `root`.
    public static func upgrade(document root: YAMLNode, host: Host) -> YAMLNode {
        Swagger2Upgrader(host: host).document(root)
    }

    /// The 3.0 form of a file a 2.0 document refers to: its `definitions` become
    /// `components/schemas`; a file that is one schema (`$ref: pet.yaml`), or a mapping of them,
    /// is upgraded as schemas.
    public static func upgrade(fragment root: YAMLNode, host: Host) -> YAMLNode {
        let upgrader = Swagger2Upgrader(host: host)
        if isSwagger(root) || root.pair("definitions") != nil || root.pair("paths") != nil {
            return upgrader.document(root)
        }
        if SchemaUpgrade.looksLikeSchema(root) { return upgrader.schema(root) }
        var out = Mapping()
        for (_, pair) in root.namedPairs {
            out.append(YAMLPair(key: pair.key, value: pair.value.mapping != nil ? upgrader.schema(pair.value) : pair.value))
        }
        return out.node(at: root.location)
    }

    /// The whole document.
    private func document(_ root: YAMLNode) -> YAMLNode {
        consumes = mediaTypes(root.pair("consumes"))
        produces = mediaTypes(root.pair("produces"))
        checkServerKeys(root)
        hierarchies = Hierarchies(definitions: root["definitions"], host: host)
        var out = Mapping()
        var components = Mapping()
        var wroteServers = false
        for (key, pair) in root.namedPairs {
            switch key {
            case "swagger":
                out.set("openapi", string: "3.0.3", at: pair.key.location)
            case "host", "basePath", "schemes", "x-ms-parameterized-host":
                guard !wroteServers else { continue }
                wroteServers = true
                if let servers = servers(root) { out.set("servers", servers, at: pair.key.location) }
            case "consumes", "produces", "parameters", "responses":
                continue // read where operations use them
            case "paths", "x-ms-paths":
                out.set(key, paths(pair.value), at: pair.key.location)
            case "definitions":
                if pair.value.mapping == nil { host.error("'definitions' must be a mapping of names to schemas", pair.value.location) }
                components.set("schemas", definitions(pair.value), at: pair.key.location)
            case "security":
                checkSecurity(pair.value)
                out.append(pair)
            case "securityDefinitions":
                components.set("securitySchemes", securitySchemes(pair.value), at: pair.key.location)
            default:
                out.append(pair) // info, security, tags, externalDocs, x-...: the same in 3.0
            }
        }
        if !components.pairs.isEmpty { out.set("components", components.node(at: root.location), at: root.location) }
        return out.node(at: root.location)
    }

    /// The named schemas, upgraded, with the bases of discriminated hierarchies as unions.
    private func definitions(_ node: YAMLNode) -> YAMLNode {
        var out = Mapping()
        for (name, pair) in node.namedPairs {
            out.append(YAMLPair(key: pair.key, value: hierarchies.definition(name, pair.value, upgrader: self)))
        }
        return out.node(at: node.location)
    }

    /// A list of media types (`consumes`, `produces`); empty when absent. One that is not a
    /// list of strings is an error: read otherwise, bodies would be sent as another type.
    func mediaTypes(_ pair: YAMLPair?) -> [String] {
        guard let pair else { return [] }
        guard let items = pair.value.sequence, items.allSatisfy({ $0.scalar != nil }) else {
            let key = pair.key.scalar ?? "consumes"
            host.error("'\(key)' must be a list of media types, as '\(key): [application/json]'", pair.value.location)
            return []
        }
        return items.compactMap(\.scalar).filter { !$0.isEmpty }
    }

    /// Follows a `$ref` (up to 16 deep) to the node it names, as written; nil after reporting why not.
    func followed(_ node: YAMLNode) -> YAMLNode? {
        var node = node
        for _ in 0..<16 {
            guard let ref = node.string("$ref") else { return node }
            guard let target = host.resolve(ref, node.keyLocation("$ref")) else { return nil }
            node = target
        }
        host.error("references nested more than 16 deep", node.location)
        return nil
    }
}
