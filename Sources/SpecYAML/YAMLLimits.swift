/// Bounds on what the YAML layer accepts, so a hostile or broken file fails fast with a clear
/// error instead of exhausting time or memory.
public struct YAMLLimits: Sendable {
    /// The deepest nesting of sequences and mappings (default 256 levels).
    public var maxDepth: Int
    /// How many nodes may be reached through aliases, counting each alias as the full size of
    /// the subtree it repeats (default 1,000,000): this stops 'billion laughs' documents.
    public var maxAliasExpansion: Int
    /// How many nodes (scalars, collections and aliases, as written) a document may hold (default 5,000,000).
    public var maxNodes: Int
    /// The longest scalar, in UTF-8 bytes after unescaping (default 1 MiB).
    public var maxScalarLength: Int
    /// The largest file, in bytes (default 64 MiB); checked before anything is parsed.
    public var maxFileSize: Int

    /// The limits used when none are given: generous for any real spec.
    public static let `default` = YAMLLimits()

    /// Creates limits; every parameter defaults to the value of `YAMLLimits.default`.
    public init(
        maxDepth: Int = 256,
        maxAliasExpansion: Int = 1_000_000,
        maxNodes: Int = 5_000_000,
        maxScalarLength: Int = 1 << 20,
        maxFileSize: Int = 64 << 20
    ) {
        self.maxDepth = maxDepth
        self.maxAliasExpansion = maxAliasExpansion
        self.maxNodes = maxNodes
        self.maxScalarLength = maxScalarLength
        self.maxFileSize = maxFileSize
    }
}
