import SpecDiagnostics
import SpecYAML

/// A YAML node of an OpenAPI document, with the file it came from (where it is written), so a
/// `$ref` inside it resolves relative to that file: also in a Swagger 2.0 document's upgrade,
/// where a parameter of another file is read in place.
struct Node {
    /// The node.
    var yaml: YAMLNode
    /// The file that holds it.
    var file: String { yaml.location.file }

    /// The node `yaml`.
    init(yaml: YAMLNode) {
        self.yaml = yaml
    }

    /// Where the node starts.
    var location: SourceLocation { yaml.location }

    /// The value under `key` of a mapping.
    subscript(_ key: String) -> Node? {
        guard let pairs = yaml.mapping, let pair = pairs.first(where: { $0.key.scalar == key }) else { return nil }
        return Node(yaml: pair.value)
    }

    /// Where `key` is written in a mapping.
    func keyLocation(_ key: String) -> SourceLocation? {
        yaml.mapping?.first { $0.key.scalar == key }?.key.location
    }

    /// The pairs of a mapping, with their keys as text, in document order.
    var pairs: [(key: String, keyLocation: SourceLocation, value: Node)] {
        (yaml.mapping ?? []).compactMap { pair in
            pair.key.scalar.map { ($0, pair.key.location, Node(yaml: pair.value)) }
        }
    }

    /// The items of a sequence.
    var items: [Node] { (yaml.sequence ?? []).map { Node(yaml: $0) } }

    /// The scalar's text.
    var scalar: String? { yaml.scalar }

    /// The text under `key`, when it is a scalar.
    func string(_ key: String) -> String? { self[key]?.scalar }

    /// Whether `key` holds `true`.
    func flag(_ key: String) -> Bool { self[key]?.scalar == "true" }

    /// Whether the node is a mapping.
    var isMapping: Bool { yaml.mapping != nil }

    /// The keys of a mapping, in order.
    var keys: [String] { (yaml.mapping ?? []).compactMap(\.key.scalar) }
}
