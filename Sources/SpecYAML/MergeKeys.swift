import SpecDiagnostics

/// What a mapping's `<<: value` asks for: the pairs of one or more mappings, inserted where `<<` stands.
struct PendingMerge {
    /// How many explicit pairs precede the `<<` key.
    var position: Int
    /// The mappings to merge, earliest first (earlier ones win).
    var sources: [[YAMLPair]]
}

/// YAML merge keys (`<<`): a mapping, or a sequence of mappings, merged into the enclosing mapping.
///
/// Merged pairs go where `<<` stands, in their order, and keep their original locations.
/// Keys written explicitly in the mapping override merged ones wherever they are written;
/// within a sequence of mappings, earlier mappings win over later ones.
enum MergeKeys {
    /// The merge for `<<: value`; a located error unless `value` is a mapping or a sequence of mappings.
    /// (An alias value has been checked by `checkAliased`, which locates its errors better.)
    static func pending(_ value: YAMLNode, writtenAt location: SourceLocation, position: Int) throws(Diagnostic) -> PendingMerge {
        switch value.value {
        case .mapping(let pairs):
            return PendingMerge(position: position, sources: [pairs])
        case .sequence(let items):
            var sources: [[YAMLPair]] = []
            sources.reserveCapacity(items.count)
            for item in items {
                guard case .mapping(let pairs) = item.value else {
                    throw .error(
                        "a merge key '<<' needs a mapping or a sequence of mappings; this item is \(item.kindDescription)",
                        at: item.location
                    )
                }
                sources.append(pairs)
            }
            return PendingMerge(position: position, sources: sources)
        case .scalar:
            throw .error(
                "a merge key '<<' needs a mapping or a sequence of mappings, not \(value.kindDescription)",
                at: location
            )
        }
    }

    /// For `<<: *name` (checked before `pending`): an error at the `<<` key, with a note at the anchored
    /// node, unless `value` is a mapping or a sequence of mappings. The anchored node is in another
    /// part of the file, so its own location says nothing about this merge.
    static func checkAliased(_ value: YAMLNode, name: String, mergeKey: SourceLocation) throws(Diagnostic) {
        let misfit: String
        switch value.value {
        case .mapping:
            return
        case .sequence(let items):
            let item = items.first { item in
                if case .mapping = item.value { return false }
                return true
            }
            guard let item else { return }
            misfit = "; an item of '*\(name)' is \(item.kindDescription)"
        case .scalar:
            misfit = ", not \(value.kindDescription)"
        }
        throw .error(
            "a merge key '<<' needs a mapping or a sequence of mappings\(misfit)",
            at: mergeKey,
            notes: [.note("the anchor '&\(name)' is defined here", at: value.location)]
        )
    }

    /// `pairs` (the explicit ones) with the merged pairs inserted at the merge's position.
    static func apply(_ merge: PendingMerge, to pairs: [YAMLPair]) -> [YAMLPair] {
        var taken = Set<String>(minimumCapacity: pairs.count)
        for pair in pairs {
            if let key = pair.key.scalar { taken.insert(key) }
        }
        var result: [YAMLPair] = []
        result.reserveCapacity(pairs.count + merge.sources.reduce(0) { $0 + $1.count })
        let position = min(merge.position, pairs.count)
        result.append(contentsOf: pairs[..<position])
        for source in merge.sources {
            for pair in source {
                guard let key = pair.key.scalar, taken.insert(key).inserted else { continue }
                result.append(pair)
            }
        }
        result.append(contentsOf: pairs[position...])
        return result
    }
}
