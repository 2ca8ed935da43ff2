// The build plugins compile this file too (Plugins/*/OutputLayout.swift link here), so it imports
// nothing: the CLI, the compiler and the plugins agree on the file names through this one type.

/// The names of the files one spec generates, for a shard count.
///
/// One shard: `<Prefix>Models.swift` and `<Prefix>Endpoints.swift`. More: `<Prefix>Endpoints.swift`
/// holds the namespace, and `<Prefix>Models<k>.swift` and `<Prefix>Endpoints<k>.swift` (k from 1)
/// hold the models and the endpoints of each shard.
public struct OutputLayout: Sendable, Hashable {
    /// What the file names start with: the spec's `name`, or (build plugins) its file name.
    public var prefix: String
    /// How many files the models and the endpoints are each split into (1: one file each).
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

    /// The file that holds the models (all of them, or shard `shard`, from 0).
    public func modelsFile(shard: Int = 0) -> String {
        shards == 1 ? "\(prefix)Models.swift" : "\(prefix)Models\(shard + 1).swift"
    }

    /// The file that holds the namespace, and with one shard every endpoint.
    public var namespaceFile: String { "\(prefix)Endpoints.swift" }

    /// The file that holds the endpoints of shard `shard` (from 0) when there is more than one.
    public func endpointsFile(shard: Int) -> String { "\(prefix)Endpoints\(shard + 1).swift" }

    /// Every file of this layout, in the order they are generated.
    public var fileNames: [String] {
        guard shards > 1 else { return [modelsFile(), namespaceFile] }
        return [namespaceFile] + (0..<shards).flatMap { [modelsFile(shard: $0), endpointsFile(shard: $0)] }
    }

    /// Whether `name` is a file some layout of `prefix` has, with any shard count: a spec's own file.
    public static func isFile(_ name: String, ofPrefix prefix: String) -> Bool {
        guard name.hasPrefix(prefix), name.hasSuffix(".swift") else { return false }
        let middle = name.dropFirst(prefix.count).dropLast(".swift".count)
        for kind in ["Models", "Endpoints"] where middle.hasPrefix(kind) {
            let number = middle.dropFirst(kind.count)
            if number.isEmpty { return true }
            if let shard = Int(number), (1...maxShards).contains(shard), String(shard) == number { return true }
        }
        return false
    }

    /// Every file a spec with this prefix generates with any shard count up to `maxStableShards`.
    /// A build system that plans its outputs once and does not plan again when a setting changes
    /// (SwiftPM's build plugins) declares these: the generator writes them all, the ones its shard
    /// count does not use with nothing but a header, so a change of `shards` takes effect on the
    /// next build.
    public static func stableFileNames(prefix: String) -> [String] {
        var names = OutputLayout(prefix: prefix, shards: 1).fileNames
        for name in OutputLayout(prefix: prefix, shards: maxStableShards).fileNames where !names.contains(name) {
            names.append(name)
        }
        return names
    }
}
