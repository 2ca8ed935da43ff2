import CYAML
import SpecDiagnostics

/// A node that an anchor names, with its size counted through aliases (for the expansion budget).
struct Anchored {
    /// The anchored node, shared by every alias to it.
    var node: YAMLNode
    /// Nodes in the subtree, aliases counted at their full size.
    var size: Int
    /// When the anchor was defined (the composer's node count at the node's start).
    var order: Int
}

/// Turns libyaml's event stream into one located `YAMLNode` tree.
///
/// YAML's risky features are tamed here, as the events arrive: an alias shares its anchored node
/// and adds that node's expanded size to a budget ('billion laughs'), nesting depth, node count and
/// scalar length are bounded, tags are checked, and only one document is accepted. Mapping keys
/// and merge keys are handled by `Frame` and `MergeKeys`.
struct NodeComposer {
    private let file: String
    private let limits: YAMLLimits
    /// The stand-ins libyaml read for NEL, LS and PS, when the document holds any.
    private let separators: LineSeparators?
    /// The collection being composed (at the bottom, the document).
    private var current: Frame
    /// The enclosing collections, outermost first; its count is the nesting depth.
    private var parents: [Frame] = []
    /// The children of the open sequences (and the document's root), innermost last.
    private let items = NodeStack<YAMLNode>()
    /// The pairs of the open mappings, innermost last.
    private let pairs = NodeStack<YAMLPair>()
    private var anchors: [String: Anchored] = [:]
    /// How many open collections carry an anchor (aliases to them would be recursive).
    private var openAnchors = 0
    private var nodeCount = 0
    private var aliasExpansion = 0
    private var documentSeen = false
    /// Whether a duplicate key is collected in `duplicates` (the rest of the document still
    /// composed) rather than thrown.
    var collectsDuplicates = false
    /// The duplicate-key errors met, when they are collected.
    private(set) var duplicates: [Diagnostic] = []
    private var indentation: Indentation
    private var comments: CommentSpacing

    /// A composer for `file` (whose bytes are `source`, read by libyaml with `separators`), enforcing `limits`.
    init(file: String, source: UnsafeBufferPointer<UInt8>, separators: LineSeparators?, limits: YAMLLimits) {
        self.file = file
        self.limits = limits
        self.separators = separators
        indentation = Indentation(source: source)
        comments = CommentSpacing(source: source)
        current = Frame(
            kind: .document, location: SourceLocation(file: file, line: 1, column: 1),
            tag: nil, anchor: nil, order: 0, start: 0
        )
    }

    /// Reads every event and returns the document's root node; an empty stream gives an empty plain scalar at 1:1.
    mutating func compose(_ reader: EventReader) throws(Diagnostic) -> YAMLNode {
        let event = reader.event
        while true {
            guard reader.next() else { throw reader.failure(file: file) }
            defer { reader.deleteEvent() }
            switch event.pointee.type {
            case YAML_SCALAR_EVENT:
                try scalar(event)
            case YAML_MAPPING_START_EVENT:
                try start(.mapping, event)
            case YAML_SEQUENCE_START_EVENT:
                try start(.sequence, event)
            case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                try end(event)
            case YAML_ALIAS_EVENT:
                try alias(event)
            case YAML_DOCUMENT_START_EVENT:
                try documentStart(event)
            case YAML_STREAM_END_EVENT:
                try comments.check(file: file)
                return items.popArray(from: 0).first
                    ?? YAMLNode(.scalar("", .plain), at: SourceLocation(file: file, line: 1, column: 1))
            default:
                break
            }
        }
    }

    // MARK: Events

    private mutating func scalar(_ event: UnsafeMutablePointer<yaml_event_t>) throws(Diagnostic) {
        let data = event.pointee.data.scalar
        let location = self.location(event.pointee.start_mark)
        let length = Int(truncatingIfNeeded: data.length)
        guard length <= limits.maxScalarLength else {
            throw .error("scalar too long (more than \(limits.maxScalarLength) bytes)", at: location)
        }
        try countNode(at: location)
        var text = ""
        if let value = data.value, length > 0 {
            if let separators {
                text = separators.text(at: value, count: length)
            } else {
                text = String(decoding: UnsafeBufferPointer(start: value, count: length), as: UTF8.self)
            }
        }
        var tag: String?
        if let raw = data.tag { tag = try StandardTags.check(raw, at: location) }
        let style = Self.style(data.style)
        let start = event.pointee.start_mark, end = event.pointee.end_mark
        if comments.isPending {
            // A block scalar's header line (`>`, `|-`) is not its text: a comment there is checked too.
            let block = style == .literal || style == .folded
            comments.scalar(
                from: CommentSpacing.Position(line: Int(truncatingIfNeeded: start.line) + (block ? 1 : 0), column: block ? 0 : Int(truncatingIfNeeded: start.column)),
                to: CommentSpacing.Position(line: Int(truncatingIfNeeded: end.line), column: Int(truncatingIfNeeded: end.column)))
        }
        if current.isFlow {
            // `[-]`: libyaml reads a plain `-` here, YAML 1.2 does not (test suite G5U8, YJV2).
            if style == .plain, text == "-" || text.hasPrefix("- ") {
                throw .error("a plain '-' cannot start a value in a flow collection; quote it: \"\(text)\"", at: location)
            }
        } else if style == .singleQuoted || style == .doubleQuoted {
            try indentation.checkContinuation(
                of: "quoted scalar", from: Int(truncatingIfNeeded: start.line),
                to: Int(truncatingIfNeeded: end.line), parentIndent: current.indent, file: file)
        }
        if let anchor = data.anchor {
            let node = YAMLNode(.scalar(text, style), at: location, tag: tag)
            anchors[String(cString: anchor)] = Anchored(node: node, size: 1, order: nodeCount)
            try add(node, size: 1)
        } else {
            // Built in the call, so the node is moved into place rather than copied.
            try add(YAMLNode(.scalar(consume text, style), at: consume location, tag: consume tag), size: 1)
        }
    }

    private mutating func start(_ kind: Frame.Kind, _ event: UnsafeMutablePointer<yaml_event_t>) throws(Diagnostic) {
        let location = self.location(event.pointee.start_mark)
        guard parents.count < limits.maxDepth else {
            throw .error("nesting too deep (more than \(limits.maxDepth) levels)", at: location)
        }
        try countNode(at: location)
        let rawAnchor: UnsafeMutablePointer<UInt8>?
        let rawTag: UnsafeMutablePointer<UInt8>?
        if kind == .mapping {
            rawAnchor = event.pointee.data.mapping_start.anchor
            rawTag = event.pointee.data.mapping_start.tag
        } else {
            rawAnchor = event.pointee.data.sequence_start.anchor
            rawTag = event.pointee.data.sequence_start.tag
        }
        var tag: String?
        if let rawTag { tag = try StandardTags.check(rawTag, at: location) }
        let anchor = rawAnchor.map { String(cString: $0) }
        if anchor != nil { openAnchors += 1 }
        let start = kind == .mapping ? pairs.count : items.count
        var frame = Frame(kind: kind, location: location, tag: tag, anchor: anchor, order: nodeCount, start: start)
        frame.isFlow = kind == .mapping
            ? event.pointee.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
            : event.pointee.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
        frame.indent = frame.isFlow ? current.indent : Int(truncatingIfNeeded: event.pointee.start_mark.column)
        frame.line = Int(truncatingIfNeeded: event.pointee.start_mark.line)
        swap(&frame, &current)
        parents.append(consume frame)
    }

    private mutating func end(_ event: UnsafeMutablePointer<yaml_event_t>) throws(Diagnostic) {
        guard !parents.isEmpty else { return }
        // Frames are swapped in and out, never copied.
        var frame = parents.removeLast()
        swap(&frame, &current)
        if frame.isFlow, !current.isFlow {
            try indentation.checkContinuation(
                of: frame.kind == .mapping ? "flow mapping" : "flow sequence", from: frame.line,
                to: Int(truncatingIfNeeded: event.pointee.end_mark.line), parentIndent: current.indent, file: file)
        }
        let node: YAMLNode
        switch frame.kind {
        case .sequence:
            node = YAMLNode(.sequence(items.popArray(from: frame.start)), at: frame.location, tag: frame.tag)
        case .mapping:
            node = YAMLNode(.mapping(frame.mappingPairs(from: pairs)), at: frame.location, tag: frame.tag)
        case .document:
            return
        }
        if let anchor = frame.anchor {
            openAnchors -= 1
            anchors[anchor] = Anchored(node: node, size: frame.size, order: frame.order)
        }
        try add(consume node, size: frame.size)
    }

    private mutating func alias(_ event: UnsafeMutablePointer<yaml_event_t>) throws(Diagnostic) {
        let location = self.location(event.pointee.start_mark)
        try countNode(at: location)
        let name = event.pointee.data.alias.anchor.map { String(cString: $0) } ?? ""
        let target = anchors[name]
        if openAnchors > 0, let open = openAnchorOrder(name), open > target?.order ?? -1 {
            throw .error("alias '*\(name)' refers to a node that contains it", at: location)
        }
        guard let target else { throw .error("unknown alias '*\(name)'", at: location) }
        let (total, overflow) = aliasExpansion.addingReportingOverflow(target.size)
        guard !overflow, total <= limits.maxAliasExpansion else {
            throw .error(
                "too many alias expansions (more than \(limits.maxAliasExpansion) nodes); "
                    + "the document may be a 'billion laughs' attack",
                at: location
            )
        }
        aliasExpansion = total
        if current.pendingIsMerge {
            // `<<: *name`: blamed where the merge is written, not inside the anchored node.
            try MergeKeys.checkAliased(target.node, name: name, mergeKey: current.mergeKeyLocation ?? location)
        }
        try add(target.node, size: target.size, writtenAt: location)
    }

    private mutating func documentStart(_ event: UnsafeMutablePointer<yaml_event_t>) throws(Diagnostic) {
        let location = self.location(event.pointee.start_mark)
        guard !documentSeen else {
            throw .error("a spec is one YAML document; found a second document here", at: location)
        }
        documentSeen = true
        let directives = event.pointee.data.document_start.tag_directives
        if let first = directives.start, first != directives.end {
            let handle = first.pointee.handle.map { String(cString: $0) } ?? ""
            let prefix = first.pointee.prefix.map { String(cString: $0) } ?? ""
            throw .error(
                "unsupported directive '%TAG \(handle) \(prefix)'; a spec uses only standard YAML tags",
                at: location
            )
        }
    }

    // MARK: Building

    /// Adds a completed node to the collection being composed; `location` is where it is written
    /// when that is not the node's own location (an alias).
    @inline(__always)
    private mutating func add(_ node: consuming YAMLNode, size: Int, writtenAt location: SourceLocation? = nil) throws(Diagnostic) {
        let (total, overflow) = current.size.addingReportingOverflow(size)
        current.size = overflow ? Int.max : total
        switch current.kind {
        case .sequence, .document:
            items.push(consume node)
        case .mapping:
            if !current.hasPendingKey {
                if let duplicate = try current.acceptKey(consume node, writtenAt: location, pairs: pairs) {
                    guard collectsDuplicates else { throw duplicate }
                    duplicates.append(duplicate)
                }
            } else {
                try current.acceptValue(consume node, writtenAt: location, pairs: pairs)
            }
        }
    }

    @inline(__always)
    private mutating func countNode(at location: SourceLocation) throws(Diagnostic) {
        nodeCount += 1
        guard nodeCount <= limits.maxNodes else {
            throw .error("too many nodes (more than \(limits.maxNodes))", at: location)
        }
    }

    /// The most recent definition order of `name` among the open collections, if any.
    private func openAnchorOrder(_ name: String) -> Int? {
        if current.anchor == name { return current.order }
        for frame in parents.reversed() where frame.anchor == name { return frame.order }
        return nil
    }

    @inline(__always)
    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(
            file: file,
            line: Int(truncatingIfNeeded: mark.line) &+ 1,
            column: Int(truncatingIfNeeded: mark.column) &+ 1
        )
    }

    private static func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }
}
