// The build plugins compile this file too (Plugins/*/OutputLayout.swift link here), so it imports
// nothing: the CLI, the compiler and the plugins agree on the file names through this one type.

/// The names of the files one spec generates, for a shard count.
///
/// One shard: `<Prefix>Models.swift` and `<Prefix>Endpoints.swift`. More: `<Prefix>.swift` holds the
/// namespace and the service, and `<Prefix>1.swift`, `<Prefix>2.swift`... each hold a share of the
/// models and of the endpoints. Every shard file holds the same mix, so each costs the compiler
/// about as much as any other, and the namespace file, which is small, sorts first: the Swift
/// driver hands each core a run of files in name order, by count, and so each gets its share of
/// the work whatever the number of cores (with the models in files of their own, one core built
/// every model of a client whose models were most of its cost).
public struct OutputLayout: Sendable, Hashable {
    /// What the file names start with: the spec's `name`, or (build plugins) its file name.
    public var prefix: String
    /// How many files the models and the endpoints are split into (1: one file each).
    public var shards: Int

    /// The most shards a spec can be split into.
    public static let maxShards = 64

    /// The most shards of `stableFileNames`: a build plugin's spec splits into at most this many
    /// (more files than cores gains nothing, and every file of the stable set is compiled).
    public static let maxStableShards = 16

    /// The layout of `prefix` in `shards` shards (clamped to 1...64).
    public init(prefix: String, shards: Int) {
        self.prefix = prefix
        self.shards = min(max(1, shards), Self.maxShards)
    }

    /// The file that holds every model, with one shard.
    public var modelsFile: String { "\(prefix)Models.swift" }

    /// The file that holds the namespace and the service, and with one shard every endpoint.
    public var namespaceFile: String { shards == 1 ? "\(prefix)Endpoints.swift" : "\(prefix).swift" }

    /// The file that holds the models and endpoints of shard `shard` (from 0) when there is more than one.
    public func shardFile(_ shard: Int) -> String { "\(prefix)\(shard + 1).swift" }

    /// Every file of this layout, in the order they are generated.
    public var fileNames: [String] {
        guard shards > 1 else { return [modelsFile, namespaceFile] }
        return [namespaceFile] + (0..<shards).map(shardFile)
    }

    /// Whether `name` is a file some layout of `prefix` has, with any shard count, or had in an
    /// earlier version (`<Prefix>Models3.swift`, `<Prefix>Endpoints3.swift`), so that generating
    /// again removes it: a spec's own file.
    public static func isFile(_ name: String, ofPrefix prefix: String) -> Bool {
        guard name.hasPrefix(prefix), name.hasSuffix(".swift") else { return false }
        let middle = name.dropFirst(prefix.count).dropLast(".swift".count)
        if middle.isEmpty || isShardNumber(middle) { return true }
        for kind in ["Models", "Endpoints"] where middle.hasPrefix(kind) {
            let number = middle.dropFirst(kind.count)
            if number.isEmpty || isShardNumber(number) { return true }
        }
        return false
    }

    /// Whether `text` is a shard's number as a file name spells it (`1` to `64`, no leading zero).
    private static func isShardNumber(_ text: Substring) -> Bool {
        guard let shard = Int(text) else { return false }
        return (1...maxShards).contains(shard) && String(shard) == text
    }

    /// Every file a spec with this prefix generates with any shard count up to `maxStableShards`.
    /// A build system that plans its outputs once and does not plan again when a setting changes
    /// (SwiftPM's build plugins) declares these: the generator writes them all, the ones its shard
    /// count does not use with nothing but a header, so a change of `shards` takes effect on the
    /// next build.
    public static func stableFileNames(prefix: String) -> [String] {
        OutputLayout(prefix: prefix, shards: 1).fileNames + OutputLayout(prefix: prefix, shards: maxStableShards).fileNames
    }
}
