/// A block-style YAML node as the writer builds it: scalars already spelled, mappings in order.
///
/// The writer builds the whole document as these values, then `YAMLBlock.render` prints it with
/// two-space indentation. Nothing here iterates a dictionary or a set: the output is deterministic.
indirect enum YAMLBlock {
    /// Text on the key's own line: a scalar or a flow collection, already spelled. Empty text is
    /// an empty (null) plain scalar: `key:` with nothing after it.
    case inline(String)
    /// Multi-line text, as a literal block when that reads back exactly, else double-quoted.
    case text(String)
    /// A block mapping; empty, it is written `{}`.
    case mapping([YAMLEntry])
    /// A block sequence of items already spelled; empty, it is written `[]`.
    case sequence([String])

    /// A string as a plain word or a double-quoted scalar.
    static func scalar(_ text: String) -> YAMLBlock {
        .inline(YAMLScalar.render(text))
    }

    /// Items as a flow sequence (`[a, b]`) when it fits on a line of `width` characters, else a block sequence.
    static func list(_ items: [String], width: Int = 100) -> YAMLBlock {
        let flow = "[" + items.joined(separator: ", ") + "]"
        return flow.utf8.count <= width && !flow.contains("\n") ? .inline(flow) : .sequence(items)
    }

    /// Entries as a flow mapping (`{ a: b }`) when every value fits on one line, no key needs the explicit
    /// `?` form, and it fits on a line of `width` characters; else a block mapping.
    static func compactMapping(_ entries: [YAMLEntry], width: Int = 100) -> YAMLBlock {
        var parts: [String] = []
        for entry in entries {
            let value: String
            switch entry.value {
            case .inline(let text) where !text.isEmpty: value = text
            case .text(let text) where YAMLScalar.literalBlock(text) == nil: value = YAMLScalar.render(text)
            default: return .mapping(entries)
            }
            guard !entry.needsExplicitKey else { return .mapping(entries) }
            parts.append("\(entry.key): \(value)")
        }
        let flow = parts.isEmpty ? "{}" : "{ " + parts.joined(separator: ", ") + " }"
        return flow.utf8.count <= width ? .inline(flow) : .mapping(entries)
    }

    /// The document text of a top-level mapping, ending with a line feed.
    static func render(_ entries: [YAMLEntry]) -> String {
        var output = ""
        render(entries, indent: 0, into: &output)
        return output
    }

    private static func render(_ entries: [YAMLEntry], indent: Int, into output: inout String) {
        let pad = String(repeating: " ", count: indent)
        for (index, entry) in entries.enumerated() {
            if entry.blankLineBefore && index > 0 { output += "\n" }
            // libyaml allows an implicit key of at most 1024 characters; longer keys use `? key` / `: value`.
            output += entry.needsExplicitKey ? "\(pad)? \(entry.key)\n\(pad):" : "\(pad)\(entry.key):"
            switch entry.value {
            case .inline(let text):
                output += text.isEmpty ? "\n" : " \(text)\n"
            case .text(let text):
                if let block = YAMLScalar.literalBlock(text) {
                    output += " \(block.header)\n"
                    for line in block.lines {
                        output += line.isEmpty ? "\n" : "\(pad)  \(line)\n"
                    }
                } else {
                    output += " \(YAMLScalar.render(text))\n"
                }
            case .mapping(let nested):
                if nested.isEmpty {
                    output += " {}\n"
                } else {
                    output += "\n"
                    render(nested, indent: indent + 2, into: &output)
                }
            case .sequence(let items):
                if items.isEmpty {
                    output += " []\n"
                } else {
                    output += "\n"
                    for item in items { output += "\(pad)  - \(item)\n" }
                }
            }
        }
    }
}

/// One `key: value` of a block mapping.
struct YAMLEntry {
    /// The key, already spelled (quoted when needed).
    var key: String
    /// The value.
    var value: YAMLBlock
    /// Whether a blank line separates this entry from the one before it (never before the first).
    var blankLineBefore: Bool

    /// An entry whose key is any text: written plain when it is a safe word, else quoted.
    init(_ key: String, _ value: YAMLBlock, blankLineBefore: Bool = false) {
        self.init(spelled: YAMLScalar.render(key), value, blankLineBefore: blankLineBefore)
    }

    /// An entry whose key is already spelled (`400` for a status code).
    init(spelled key: String, _ value: YAMLBlock, blankLineBefore: Bool = false) {
        self.key = key
        self.value = value
        self.blankLineBefore = blankLineBefore
    }

    /// Whether the key is too long for an implicit key (libyaml's limit is 1024 characters, counted
    /// here in UTF-8 bytes, which are never fewer).
    var needsExplicitKey: Bool {
        key.utf8.count > 1000
    }
}
