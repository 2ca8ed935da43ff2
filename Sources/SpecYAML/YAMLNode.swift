import SpecDiagnostics

/// A node of a parsed YAML document, with the place it came from.
///
/// Aliases are resolved (an alias shares its anchor's node), merge keys are applied,
/// so consumers see plain scalars, sequences and mappings.
public struct YAMLNode: Sendable {
    /// The node's content.
    public enum Value: Sendable {
        /// A scalar, exactly as written (no YAML 1.1 type guessing), with its style.
        case scalar(String, ScalarStyle)
        /// A sequence of nodes.
        case sequence([YAMLNode])
        /// A mapping, in document order; keys are unique.
        case mapping([YAMLPair])
    }

    /// The content.
    public var value: Value
    /// Where the node starts.
    public var location: SourceLocation
    /// The explicit standard tag, if any (`tag:yaml.org,2002:str`, ...); other tags are rejected by the parser.
    public var tag: String?

    /// The scalar's text, or nil for a collection.
    public var scalar: String? {
        if case .scalar(let text, _) = value { return text }
        return nil
    }

    /// The mapping's pairs, or nil for another kind of node.
    public var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = value { return pairs }
        return nil
    }

    /// The sequence's items, or nil for another kind of node.
    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    /// Whether this is a plain (unquoted, non-block) scalar: only those can mean null or a boolean.
    public var isPlainScalar: Bool {
        if case .scalar(_, .plain) = value { return true }
        return false
    }

    /// A word for the node's kind, for messages: "a scalar", "a sequence", "a mapping".
    public var kindDescription: String {
        switch value {
        case .scalar: "a scalar"
        case .sequence: "a sequence"
        case .mapping: "a mapping"
        }
    }
}

extension YAMLNode {
    /// Creates a node.
    ///
    /// Declared in an extension so the struct keeps its implicit memberwise initializer, which this
    /// forwards to: the optimizer builds nodes through it without a redundant copy and destroy.
    public init(_ value: Value, at location: SourceLocation, tag: String? = nil) {
        self.init(value: value, location: location, tag: tag)
    }
}

/// One key-value pair of a mapping.
public struct YAMLPair: Sendable {
    /// The key node (its location is where the key is written).
    public var key: YAMLNode
    /// The value node.
    public var value: YAMLNode

    /// Creates a pair.
    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// How a scalar was written.
public enum ScalarStyle: Sendable, Hashable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}
