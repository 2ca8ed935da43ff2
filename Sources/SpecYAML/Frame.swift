import SpecDiagnostics

/// A collection being composed: the document itself, a sequence or a mapping.
///
/// Its children wait on the composer's shared stacks from `start` up. For mappings it checks keys
/// as they arrive: keys are scalars, explicit keys are unique (a duplicate is reported at its
/// second occurrence, with a note at the first), and a plain `<<` key makes the next value a merge
/// (see `MergeKeys`).
struct Frame {
    /// What is being composed.
    enum Kind {
        case document, sequence, mapping
    }

    /// Mappings with more keys than this look duplicates up in a dictionary instead of scanning.
    static let indexThreshold = 12

    var kind: Kind
    var location: SourceLocation
    var tag: String?
    var anchor: String?
    /// When the frame's anchor was defined (see `Anchored.order`).
    var order: Int
    /// Where this collection's children start on the composer's item or pair stack.
    var start: Int
    /// Nodes in the subtree so far, aliases counted at their full size.
    var size = 1
    /// A key waiting for its value.
    var pendingKey: YAMLNode? = nil
    /// Whether `pendingKey` is set (checked on every node, without touching the optional).
    var hasPendingKey = false
    /// Whether the pending key is the merge key `<<`.
    var pendingIsMerge = false
    /// Where this mapping's `<<` key is written, once seen.
    var mergeKeyLocation: SourceLocation? = nil
    /// The merge this mapping's `<<` asks for.
    var merge: PendingMerge? = nil
    /// Key text to position on the pair stack, built once the mapping is large.
    var keyIndex: [String: Int]? = nil
    /// Whether the collection is written in flow style (`[...]`, `{...}`).
    var isFlow = false
    /// The 0-based column of a block collection (its indentation); -1 for the document.
    var indent = -1
    /// The 0-based line the collection starts on.
    var line = 0
    // No explicit initializer: the memberwise one lets the optimizer build frames without a copy.

    /// Takes a completed node as the next key of this mapping, whose pairs are on `pairs`. A key
    /// that is already there is returned as a duplicate-key error, and its value will be dropped
    /// (the first one stands), so the caller can go on and report it with the rest.
    mutating func acceptKey(
        _ key: consuming YAMLNode, writtenAt written: SourceLocation?, pairs: NodeStack<YAMLPair>
    ) throws(Diagnostic) -> Diagnostic? {
        guard case .scalar(let text, let style) = key.value else {
            throw .error("a mapping key must be a scalar, not \(key.kindDescription)", at: written ?? key.location)
        }
        if style == .plain, key.tag == nil, text == "<<" {
            let location = written ?? key.location
            if let first = mergeKeyLocation { return dropValue(Self.duplicate(text, at: location, first: first)) }
            mergeKeyLocation = location
            pendingIsMerge = true
        } else {
            if let first = firstIndex(of: text, in: pairs) {
                return dropValue(Self.duplicate(text, at: written ?? key.location, first: pairs.with(first) { $0.key.location }))
            }
            if keyIndex != nil {
                keyIndex?[text] = pairs.count
            } else if pairs.count - start >= Self.indexThreshold {
                var index = [String: Int](minimumCapacity: (pairs.count - start) * 2)
                for position in start..<pairs.count {
                    if let existing = pairs.with(position, { $0.key.scalar }) { index[existing] = position }
                }
                index[text] = pairs.count
                keyIndex = index
            }
        }
        pendingKey = consume key
        hasPendingKey = true
        return nil
    }

    /// Makes the next node the value of no key (a duplicate's), and returns `diagnostic`.
    private mutating func dropValue(_ diagnostic: Diagnostic) -> Diagnostic {
        pendingKey = nil
        hasPendingKey = true
        return diagnostic
    }

    /// Takes a completed node as the value of the pending key, pushing the pair on `pairs`.
    mutating func acceptValue(_ value: consuming YAMLNode, writtenAt written: SourceLocation?, pairs: NodeStack<YAMLPair>) throws(Diagnostic) {
        hasPendingKey = false
        guard let key = pendingKey.take() else { return }
        if pendingIsMerge {
            pendingIsMerge = false
            merge = try MergeKeys.pending(value, writtenAt: written ?? value.location, position: pairs.count - start)
        } else {
            pairs.push(YAMLPair(key: key, value: consume value))
        }
    }

    /// The finished mapping's pairs (taken off `pairs`), merges applied.
    func mappingPairs(from pairs: NodeStack<YAMLPair>) -> [YAMLPair] {
        let explicit = pairs.popArray(from: start)
        guard let merge else { return explicit }
        return MergeKeys.apply(merge, to: explicit)
    }

    /// Where explicit key `text` already is on `pairs`, if it is.
    private func firstIndex(of text: String, in pairs: NodeStack<YAMLPair>) -> Int? {
        if let keyIndex { return keyIndex[text] }
        var position = start
        while position < pairs.count {
            let same = pairs.with(position) { pair in
                if case .scalar(let existing, _) = pair.key.value { return existing == text }
                return false
            }
            if same { return position }
            position += 1
        }
        return nil
    }

    /// The duplicate-key error, at the second occurrence with a note at the first.
    private static func duplicate(_ text: String, at location: SourceLocation, first: SourceLocation) -> Diagnostic {
        .error("duplicate key '\(text)' in mapping", at: location, notes: [.note("first defined here", at: first)])
    }
}
