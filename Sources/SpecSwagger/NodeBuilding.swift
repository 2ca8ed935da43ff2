import SpecDiagnostics
import SpecYAML

/// Builds the nodes of an upgraded document. Every node it makes stands where the Swagger 2.0
/// construct it comes from is written, so each diagnostic about it points into the 2.0 document.
struct Mapping {
    private(set) var pairs: [YAMLPair] = []

    /// An empty mapping.
    init() {}

    /// Whether `key` is set.
    func has(_ key: String) -> Bool { pairs.contains { $0.key.scalar == key } }

    /// Sets `key` (written at `location`) to `value`, replacing an earlier value.
    mutating func set(_ key: String, _ value: YAMLNode, at location: SourceLocation) {
        let pair = YAMLPair(key: YAMLNode(.scalar(key, .plain), at: location), value: value)
        if let index = pairs.firstIndex(where: { $0.key.scalar == key }) { pairs[index] = pair } else { pairs.append(pair) }
    }

    /// Sets `key` to the plain scalar `text` (a word, a number, `true`), written at `location`.
    mutating func set(_ key: String, plain text: String, at location: SourceLocation) {
        set(key, YAMLNode(.scalar(text, .plain), at: location), at: location)
    }

    /// Sets `key` to the string `text`, written at `location`.
    mutating func set(_ key: String, string text: String, at location: SourceLocation) {
        set(key, YAMLNode(.scalar(text, .doubleQuoted), at: location), at: location)
    }

    /// Copies the pair of `key` from `node`, its key and value where they are written; nothing when absent.
    mutating func copy(_ key: String, from node: YAMLNode) {
        guard let pair = node.pair(key) else { return }
        if let index = pairs.firstIndex(where: { $0.key.scalar == key }) { pairs[index] = pair } else { pairs.append(pair) }
    }

    /// Appends a pair as it is.
    mutating func append(_ pair: YAMLPair) {
        pairs.append(pair)
    }

    /// The mapping as a node at `location`.
    func node(at location: SourceLocation) -> YAMLNode {
        YAMLNode(.mapping(pairs), at: location)
    }
}

extension YAMLNode {
    /// The pair of `key` in a mapping.
    func pair(_ key: String) -> YAMLPair? {
        mapping?.first { $0.key.scalar == key }
    }

    /// The value of `key` in a mapping.
    subscript(_ key: String) -> YAMLNode? { pair(key)?.value }

    /// The text under `key`, when it is a scalar.
    func string(_ key: String) -> String? { self[key]?.scalar }

    /// Where `key` is written, else where the node starts.
    func keyLocation(_ key: String) -> SourceLocation { pair(key)?.key.location ?? location }

    /// Whether `key` holds `true`.
    func flag(_ key: String) -> Bool { self[key]?.scalar == "true" }

    /// The pairs of a mapping whose keys are scalars, in document order.
    var namedPairs: [(key: String, pair: YAMLPair)] {
        (mapping ?? []).compactMap { pair in pair.key.scalar.map { ($0, pair) } }
    }

    /// A sequence of `items` at `location`.
    static func sequence(_ items: [YAMLNode], at location: SourceLocation) -> YAMLNode {
        YAMLNode(.sequence(items), at: location)
    }

    /// A string scalar at `location`.
    static func string(_ text: String, at location: SourceLocation) -> YAMLNode {
        YAMLNode(.scalar(text, .doubleQuoted), at: location)
    }
}
