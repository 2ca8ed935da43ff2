import SpecDiagnostics
import SpecYAML

/// How a 2.0 schema differs from a 3.0 one.
enum SchemaUpgrade {
    /// Keys that only a schema has at its top: a fragment file holding them is one schema.
    static let schemaKeys = ["type", "properties", "allOf", "$ref", "items", "enum", "additionalProperties", "format"]

    /// Whether a node reads as one schema rather than a mapping of them.
    static func looksLikeSchema(_ node: YAMLNode) -> Bool {
        schemaKeys.contains { node.pair($0) != nil }
    }
}

extension Swagger2Upgrader {
    /// A schema in 3.0 form: `x-nullable: true` is `nullable: true`, `type: file` is a string of
    /// bytes (`format: binary`), and the string `discriminator` of a base without descendants is
    /// dropped (a base with them is a union: see `Hierarchies`); the rest is the same in 3.0.
    func schema(_ node: YAMLNode) -> YAMLNode {
        guard let pairs = node.mapping else { return node }
        var out = Mapping()
        for pair in pairs {
            guard let key = pair.key.scalar else {
                out.append(pair)
                continue
            }
            switch key {
            case "x-nullable":
                out.append(pair)
                if pair.value.scalar == "true" { out.set("nullable", plain: "true", at: pair.key.location) }
            case "type" where pair.value.scalar == "file":
                out.set("type", string: "string", at: pair.key.location)
                out.set("format", string: "binary", at: pair.key.location)
            case "format" where out.has("format") && node.string("type") == "file":
                continue
            case "discriminator" where pair.value.scalar != nil:
                continue
            case "properties":
                out.append(YAMLPair(key: pair.key, value: schemas(in: pair.value)))
            case "items" where pair.value.mapping != nil, "additionalProperties" where pair.value.mapping != nil:
                out.append(YAMLPair(key: pair.key, value: schema(pair.value)))
            case "allOf", "anyOf", "oneOf":
                let items = (pair.value.sequence ?? []).map(schema)
                out.append(YAMLPair(key: pair.key, value: pair.value.sequence == nil ? pair.value : .sequence(items, at: pair.value.location)))
            default:
                out.append(pair)
            }
        }
        return out.node(at: node.location)
    }

    /// A mapping of names to schemas, each upgraded.
    func schemas(in node: YAMLNode) -> YAMLNode {
        guard let pairs = node.mapping else { return node }
        return YAMLNode(.mapping(pairs.map { YAMLPair(key: $0.key, value: schema($0.value)) }), at: node.location)
    }
}

/// The discriminated hierarchies of a document's `definitions`: a base with a `discriminator`
/// (2.0's property name) and the definitions that extend it through `allOf: [{$ref: base}, ...]`,
/// directly or through another. The base becomes a union of its descendants tagged by the
/// property (each descendant's tag is its `x-ms-discriminator-value`, else its name, as 2.0
/// says), so a value of the base is read as the descendant it is; a descendant merges the base's
/// properties in place of its `$ref`.
struct Hierarchies {
    /// The base of each hierarchy, by definition name: its discriminator and descendants in document order.
    private var bases: [(name: String, property: String, location: SourceLocation, descendants: [(name: String, tag: String, location: SourceLocation)])] = []
    /// The most union cases all hierarchies of a document may have together (Azure's largest
    /// documents have a few hundred): beyond it the document is refused, not generated for minutes.
    static let maxCases = 20_000

    /// Where each base is in `bases`, by name (a lookup only).
    private var baseIndex: [String: Int] = [:]
    /// The raw definitions by name (a lookup only).
    private var raw: [String: YAMLNode] = [:]
    /// The file of the definitions.
    private var file = ""

    init() {}

    init(definitions: YAMLNode?, host: Swagger2Upgrader.Host) {
        file = definitions?.location.file ?? ""
        let pairs = definitions?.namedPairs ?? []
        for (name, pair) in pairs { raw[name] = pair.value }
        // The definitions that extend each one, through the local `$ref`s of their `allOf`.
        var children: [String: [String]] = [:]
        var position: [String: Int] = [:]
        for (index, (name, pair)) in pairs.enumerated() {
            position[name] = index
            for parent in (pair.value["allOf"]?.sequence ?? []).compactMap({ $0.string("$ref").flatMap(Self.localName) }) where parent != name {
                children[parent, default: []].append(name)
            }
        }
        var cases = 0
        for (name, pair) in pairs {
            guard let property = pair.value.string("discriminator"), !property.isEmpty, children[name] != nil else { continue }
            // Every descendant once, in document order.
            var seen: Set<String> = [name]
            var next = children[name] ?? []
            var found: [String] = []
            while let child = next.popLast() {
                guard seen.insert(child).inserted else { continue }
                found.append(child)
                next += children[child] ?? []
            }
            // A descendant that is a base itself is a union too: its descendants are cases here
            // already, so it is not one (unions of unions would repeat every case below them).
            found = found.filter { pairs[position[$0] ?? 0].pair.value.string("discriminator")?.isEmpty != false || children[$0] == nil }
            found.sort { (position[$0] ?? 0) < (position[$1] ?? 0) }
            var descendants: [(String, String, SourceLocation)] = []
            var tagged: [String: String] = [:]
            for candidate in found {
                let candidatePair = pairs[position[candidate] ?? 0].pair
                let tag = candidatePair.value.string("x-ms-discriminator-value") ?? candidate
                if let other = tagged[tag] {
                    host.unsupported("discriminator value", "'\(candidate)' has the tag '\(tag)' of '\(other)', another descendant of '\(name)'; it is not one of the union's cases", candidatePair.key.location)
                    continue
                }
                tagged[tag] = candidate
                descendants.append((candidate, tag, candidatePair.key.location))
            }
            cases += descendants.count
            guard cases <= Self.maxCases else {
                // Bases that extend each other repeat their descendants: a chain of n is n² cases.
                host.error("the discriminated hierarchies of this document have more than \(Self.maxCases) cases in all; '\(name)' is one too many", pair.value.keyLocation("discriminator"))
                break
            }
            baseIndex[name] = bases.count
            bases.append((name, property, pair.value.keyLocation("discriminator"), descendants))
        }
    }

    /// `Pet` of `#/definitions/Pet`; nil for another reference.
    static func localName(_ ref: String) -> String? {
        guard ref.hasPrefix("#/definitions/") else { return nil }
        let name = String(ref.dropFirst("#/definitions/".count))
        guard !name.contains("/") else { return nil }
        // `~1` is `/`, `~0` is `~`.
        var decoded = ""
        var escaped = false
        for character in name {
            if escaped {
                decoded.append(character == "1" ? "/" : character == "0" ? "~" : character)
                escaped = false
            } else if character == "~" {
                escaped = true
            } else {
                decoded.append(character)
            }
        }
        return decoded
    }

    /// The definition `name` in 3.0 form: a base is the union of its descendants; a descendant
    /// has its bases' properties merged in place of their `$ref`s.
    func definition(_ name: String, _ node: YAMLNode, upgrader: Swagger2Upgrader) -> YAMLNode {
        if let index = baseIndex[name] {
            let base = bases[index]
            var union = Mapping()
            for key in ["description", "title", "x-nullable"] { union.copy(key, from: node) }
            let variants = base.descendants.map { descendant -> YAMLNode in
                var variant = Mapping()
                variant.set("$ref", string: "#/definitions/" + Self.pointerSegment(descendant.name), at: descendant.location)
                return variant.node(at: descendant.location)
            }
            union.set("oneOf", .sequence(variants, at: base.location), at: base.location)
            var discriminator = Mapping()
            discriminator.set("propertyName", string: base.property, at: base.location)
            var mapping = Mapping()
            for descendant in base.descendants {
                mapping.set(descendant.tag, .string("#/definitions/" + Self.pointerSegment(descendant.name), at: descendant.location), at: descendant.location)
            }
            discriminator.set("mapping", mapping.node(at: base.location), at: base.location)
            union.set("discriminator", discriminator.node(at: base.location), at: base.location)
            return union.node(at: node.location)
        }
        return upgrader.schema(inlined(node, upgrader: upgrader, depth: 0))
    }

    /// `node` with each `allOf` `$ref` to a base replaced by the base's own schema (its
    /// properties, required names and the `$ref`s it extends in turn), since the base itself is
    /// a union: a base of this file's, or any definition with a `discriminator` in another file
    /// (whose base may be a union there).
    private func inlined(_ node: YAMLNode, upgrader: Swagger2Upgrader, depth: Int) -> YAMLNode {
        guard depth < 32, let parts = node["allOf"]?.sequence, let allOf = node.pair("allOf") else { return node }
        var changed = false
        let replaced = parts.map { part -> YAMLNode in
            guard let ref = part.string("$ref") else { return part }
            let base: YAMLNode?
            // A base's parts are read in the base's file: a local name there is that file's.
            if let name = Self.localName(ref), part.location.file == file {
                base = baseIndex[name] != nil ? raw[name] : nil
            } else if !ref.hasPrefix("#") || part.location.file != file {
                base = upgrader.host.resolve(ref, part.keyLocation("$ref")).flatMap { $0.string("discriminator") != nil ? $0 : nil }
            } else {
                base = nil
            }
            guard let base else { return part }
            changed = true
            return inlined(base, upgrader: upgrader, depth: depth + 1)
        }
        guard changed else { return node }
        var out = Mapping()
        for pair in node.mapping ?? [] {
            out.append(pair.key.scalar == "allOf" ? YAMLPair(key: allOf.key, value: .sequence(replaced, at: allOf.value.location)) : pair)
        }
        return out.node(at: node.location)
    }

    /// `~` and `/` escaped for a JSON pointer.
    static func pointerSegment(_ name: String) -> String {
        name.reduce(into: "") { escaped, character in
            escaped += character == "~" ? "~0" : character == "/" ? "~1" : String(character)
        }
    }
}
