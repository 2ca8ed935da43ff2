/// Which output file (shard) a model or endpoint goes to, when a spec's output is split.
///
/// The assignment depends only on the declaration's name (FNV-1a, the same in every process and
/// on every platform), so adding or editing one declaration changes one shard and the build
/// recompiles only that file.
public struct Sharding: Sendable, Hashable {
    /// How many files models (and endpoints) are spread over; 1 means no split.
    public let count: Int

    /// A split into `count` shards (at least 1).
    public init(count: Int) {
        self.count = max(1, count)
    }

    /// The shard, from 0, of a declaration with this name.
    public func shard(of name: String) -> Int {
        shard(of: [], name)
    }

    /// The shard of an endpoint in the groups `groups` (spec names): that of the name
    /// `group.subgroup.name`, hashed without joining it.
    public func shard(of groups: [String], _ name: String) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func add(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        for group in groups {
            for byte in group.utf8 { add(byte) }
            add(0x2E) // "."
        }
        for byte in name.utf8 { add(byte) }
        return Int(hash % UInt64(count))
    }
}
