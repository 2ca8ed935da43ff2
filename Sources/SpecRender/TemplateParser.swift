import SpecDiagnostics

/// A name as written in a tag, split once at parse time.
enum TemplateName: Sendable {
    /// `{{.}}`: the top of the context stack.
    case current
    /// `@first`: whether the innermost list item is the first.
    case first
    /// `@last`: whether the innermost list item is the last.
    case last
    /// `a`: searched down the context stack.
    case key(String)
    /// `a.b.c`: the first part is searched down the stack, the others inside it.
    case path(String, [String])
}

/// One parsed piece of a template. Tags are final classes so the render loop retains one reference per node.
enum TemplateNode: Sendable {
    /// Literal text, output as is, in UTF-8.
    case text([UInt8])
    /// `{{name}}`.
    case variable(TemplateTag)
    /// `{{#name}}body{{/name}}` or `{{^name}}body{{/name}}`.
    case section(TemplateSection)
    /// `{{>name}}`.
    case partial(TemplatePartial)
    /// `{{(}}`, `{{,}}` or `{{)}}`: where the line printer may break a line (see ``LinePrinter``).
    case layout(LayoutMark)
}

/// The three marks of a wrapping group, written into the output as bytes no generated text holds
/// and consumed by the ``LinePrinter``.
enum LayoutMark: UInt8, Sendable {
    /// `{{(}}`: a group opens; when its line is too long, a line break follows.
    case open = 0x01
    /// `{{,}}`: between two items of a group: `, `, or `,` and a line break when the group breaks.
    case separator = 0x02
    /// `{{)}}`: the group closes; when it breaks, a line break comes first.
    case close = 0x03
}

/// A variable or section name with its source, for error messages.
final class TemplateTag: Sendable {
    let name: TemplateName
    let raw: String
    let location: SourceLocation

    init(name: TemplateName, raw: String, location: SourceLocation) {
        self.name = name
        self.raw = raw
        self.location = location
    }
}

/// A section or inverted section and its body. A comma list (`{{,name}}...{{/name}}`) renders its
/// items as one wrapping group, separated by `{{,}}`.
final class TemplateSection: Sendable {
    let tag: TemplateTag
    let inverted: Bool
    let commaList: Bool
    let body: [TemplateNode]

    init(tag: TemplateTag, inverted: Bool, commaList: Bool = false, body: [TemplateNode]) {
        self.tag = tag
        self.inverted = inverted
        self.commaList = commaList
        self.body = body
    }
}

/// A partial. When the tag stands alone on its line, `indent` is the line's indentation and
/// `lineBreak` whether the line ended with a newline (which the partial's output then ends with too).
/// Inside a line (`standalone` false) the partial's output drops its final line break, so a partial
/// file ending with a newline can be inserted mid-line.
final class TemplatePartial: Sendable {
    let name: String
    let indent: String
    let lineBreak: Bool
    let standalone: Bool
    let location: SourceLocation

    init(name: String, indent: String, lineBreak: Bool, standalone: Bool, location: SourceLocation) {
        self.name = name
        self.indent = indent
        self.lineBreak = lineBreak
        self.standalone = standalone
        self.location = location
    }
}

/// Turns template source into nodes: tokenizes bytes, removes standalone lines, nests sections.
///
/// `\r\n` is read as a line break and written as `\n`: output always uses `\n`.
struct TemplateParser {
    private enum TagKind { case variable, section, inverted, commaList, close, comment, partial, layout }

    private struct Tag {
        var kind: TagKind
        var raw: String
        var location: SourceLocation
        var indent = ""
        var lineBreak = false
        var mark: LayoutMark?
        var standalone = false
    }

    private static let layoutMarks: [UInt8: LayoutMark] = [
        UInt8(ascii: "("): .open, UInt8(ascii: ","): .separator, UInt8(ascii: ")"): .close,
    ]

    /// A tag, or a run of text holding at most one newline, at its end.
    private enum Piece {
        case text(Range<Int>)
        case tag(Tag)
    }

    private let path: String
    private let bytes: [UInt8]

    /// Parses `source`; errors show `path`.
    static func parse(_ source: String, path: String) throws(TemplateError) -> [TemplateNode] {
        let parser = TemplateParser(path: path, bytes: normalizedLineBreaks(source))
        var pieces = try parser.tokenize()
        parser.removeStandaloneLines(&pieces)
        return try parser.nest(pieces)
    }

    /// The source's UTF-8 with each `\r\n` replaced by `\n` (lines and columns are unchanged).
    private static func normalizedLineBreaks(_ source: String) -> [UInt8] {
        var bytes = Array(source.utf8)
        guard bytes.contains(0x0D) else { return bytes }
        var write = 0
        for read in bytes.indices {
            let byte = bytes[read]
            if byte == 0x0D, read + 1 < bytes.count, bytes[read + 1] == 0x0A { continue }
            bytes[write] = byte
            write += 1
        }
        bytes.removeLast(bytes.count - write)
        return bytes
    }

    // MARK: Tokens

    private func tokenize() throws(TemplateError) -> [Piece] {
        var pieces: [Piece] = []
        let count = bytes.count
        var index = 0, textStart = 0, line = 1, lineStart = 0
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A {
                index += 1
                pieces.append(.text(textStart..<index))
                textStart = index
                line += 1
                lineStart = index
            } else if byte == 0x7B, index + 1 < count, bytes[index + 1] == 0x7B {
                if textStart < index { pieces.append(.text(textStart..<index)) }
                let location = SourceLocation(file: path, line: line, column: column(from: lineStart, to: index))
                var close = index + 2
                while close + 1 < count, !(bytes[close] == 0x7D && bytes[close + 1] == 0x7D) {
                    if bytes[close] == 0x0A {
                        line += 1
                        lineStart = close + 1
                    }
                    close += 1
                }
                guard close + 1 < count else { throw TemplateError("unclosed tag: missing '}}'", at: location) }
                pieces.append(.tag(try tag(bytes[(index + 2)..<close], at: location)))
                index = close + 2
                textStart = index
            } else {
                index += 1
            }
        }
        if textStart < count { pieces.append(.text(textStart..<count)) }
        return pieces
    }

    /// 1-based column of `offset`, counted in Unicode scalars (UTF-8 lead bytes).
    private func column(from lineStart: Int, to offset: Int) -> Int {
        var column = 1
        for byte in bytes[lineStart..<offset] where byte & 0xC0 != 0x80 {
            column += 1
        }
        return column
    }

    private func tag(_ content: ArraySlice<UInt8>, at location: SourceLocation) throws(TemplateError) -> Tag {
        let trimmed = Self.trimmed(content)
        guard let sigil = trimmed.first else { throw TemplateError("empty tag '{{}}'", at: location) }
        if trimmed.count == 1, let mark = Self.layoutMarks[sigil] {
            return Tag(kind: .layout, raw: String(decoding: trimmed, as: UTF8.self), location: location, mark: mark)
        }
        let kind: TagKind
        switch sigil {
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: ","): kind = .commaList
        case UInt8(ascii: "^"): kind = .inverted
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: "!"): return Tag(kind: .comment, raw: "", location: location)
        case UInt8(ascii: ">"): kind = .partial
        default: kind = .variable
        }
        let name = kind == .variable ? trimmed : Self.trimmed(trimmed.dropFirst())
        let raw = String(decoding: name, as: UTF8.self)
        guard !name.isEmpty else {
            throw TemplateError("empty tag '{{\(Character(Unicode.Scalar(sigil)))}}': expected a name", at: location)
        }
        guard name.allSatisfy(Self.isNameByte) else { throw Self.invalidName(raw, at: location) }
        return Tag(kind: kind, raw: raw, location: location)
    }

    private static func invalidName(_ raw: String, at location: SourceLocation) -> TemplateError {
        TemplateError("invalid name '\(raw)': use letters, digits, '_' and '-', separated by '.'", at: location)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
             UInt8(ascii: "."), UInt8(ascii: "@"):
            true
        default:
            false
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isSpace = { (byte: UInt8) in isBlank(byte) || byte == 0x0A || byte == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
              let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return bytes[bytes.startIndex..<bytes.startIndex] }
        return bytes[first...last]
    }

    /// The parsed name of a variable or section tag.
    private func nameTag(_ tag: Tag) throws(TemplateError) -> TemplateTag {
        TemplateTag(name: try name(tag), raw: tag.raw, location: tag.location)
    }

    private func name(_ tag: Tag) throws(TemplateError) -> TemplateName {
        switch tag.raw {
        case ".": return .current
        case "@first": return .first
        case "@last": return .last
        default: break
        }
        if tag.raw.hasPrefix("@") {
            throw TemplateError(
                "unknown special variable '\(tag.raw)': only '@first' and '@last' exist", at: tag.location)
        }
        let parts = tag.raw.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && !$0.contains("@") }) else {
            throw Self.invalidName(tag.raw, at: tag.location)
        }
        return parts.count == 1 ? .key(tag.raw) : .path(String(parts[0]), parts.dropFirst().map(String.init))
    }

    // MARK: Standalone lines

    /// Removes the indentation and newline of each line holding only blanks and one
    /// section, inverted, close, comment or partial tag; a partial keeps the indentation as its `indent`.
    private func removeStandaloneLines(_ pieces: inout [Piece]) {
        var lineStart = 0
        for index in pieces.indices {
            let endsLine: Bool
            if case .text(let range) = pieces[index] {
                endsLine = !range.isEmpty && bytes[range.upperBound - 1] == 0x0A
            } else {
                endsLine = false
            }
            if endsLine || index == pieces.count - 1 {
                removeIfStandalone(&pieces, lineStart..<(index + 1))
                lineStart = index + 1
            }
        }
    }

    private func removeIfStandalone(_ pieces: inout [Piece], _ line: Range<Int>) {
        var tagIndex: Int?
        for index in line {
            switch pieces[index] {
            case .tag(let tag):
                guard tagIndex == nil, tag.kind != .variable, tag.kind != .layout else { return }
                tagIndex = index
            case .text(let range):
                guard bytes[range].allSatisfy({ Self.isBlank($0) || $0 == 0x0A }) else { return }
            }
        }
        guard let tagIndex, case .tag(var tag) = pieces[tagIndex] else { return }
        if tag.kind == .partial {
            tag.standalone = true
            if tagIndex > line.lowerBound, case .text(let range) = pieces[tagIndex - 1] {
                tag.indent = String(decoding: bytes[range], as: UTF8.self)
            }
            if case .text(let range) = pieces[line.upperBound - 1], !range.isEmpty {
                tag.lineBreak = bytes[range.upperBound - 1] == 0x0A
            }
            pieces[tagIndex] = .tag(tag)
        }
        for index in line where index != tagIndex {
            pieces[index] = .text(0..<0)
        }
    }

    // MARK: Nesting

    private func nest(_ pieces: [Piece]) throws(TemplateError) -> [TemplateNode] {
        var open: [(tag: Tag, name: TemplateTag, outer: [TemplateNode], groups: [Tag])] = []
        var nodes: [TemplateNode] = []
        // The `{{(}}` tags not closed yet in the current section body.
        var groups: [Tag] = []
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty {
                nodes.append(.text(text))
                text = []
            }
        }
        // Groups open around this point, in any enclosing section: inside one, the template's line
        // breaks and the indentation after them are not output (the line printer places breaks).
        var depth = 0
        var afterBreak = false
        for piece in pieces {
            guard case .tag(let tag) = piece else {
                guard case .text(let range) = piece else { continue }
                var slice = bytes[range]
                if depth > 0 {
                    if afterBreak { slice = slice.drop(while: Self.isBlank) }
                    if slice.last == 0x0A {
                        slice = slice.dropLast()
                        afterBreak = true
                    } else if !slice.isEmpty {
                        afterBreak = false
                    }
                }
                text.append(contentsOf: slice)
                continue
            }
            if tag.kind == .variable || tag.kind == .partial { afterBreak = false }
            switch tag.kind {
            case .comment:
                continue
            case .variable:
                flushText()
                nodes.append(.variable(try nameTag(tag)))
            case .partial:
                flushText()
                let partial = TemplatePartial(
                    name: tag.raw, indent: tag.indent, lineBreak: tag.lineBreak, standalone: tag.standalone,
                    location: tag.location)
                nodes.append(.partial(partial))
            case .layout:
                flushText()
                guard let mark = tag.mark else { continue }
                switch mark {
                case .open:
                    groups.append(tag)
                    depth += 1
                case .close:
                    guard groups.popLast() != nil else {
                        throw TemplateError("unexpected '{{)}}': no group '{{(}}' is open in this section", at: tag.location)
                    }
                    depth -= 1
                case .separator: break
                }
                nodes.append(.layout(mark))
            case .section, .inverted, .commaList:
                flushText()
                if tag.kind == .commaList { depth += 1 }
                open.append((tag, try nameTag(tag), nodes, groups))
                nodes = []
                groups = []
            case .close:
                flushText()
                guard let section = open.popLast() else {
                    throw TemplateError(
                        "unexpected closing tag '{{/\(tag.raw)}}': no section is open", at: tag.location)
                }
                guard section.tag.raw == tag.raw else {
                    let opened = section.tag.location
                    let sigil = Self.sigil(section.tag.kind)
                    throw TemplateError(
                        "closing tag '{{/\(tag.raw)}}' does not match '{{\(sigil)\(section.tag.raw)}}' "
                            + "opened at \(opened.line):\(opened.column)",
                        at: tag.location
                    )
                }
                if let group = groups.last { throw Self.unclosedGroup(group) }
                if section.tag.kind == .commaList { depth -= 1 }
                let inverted = section.tag.kind == .inverted
                let node = TemplateNode.section(TemplateSection(
                    tag: section.name, inverted: inverted, commaList: section.tag.kind == .commaList, body: nodes))
                nodes = section.outer
                groups = section.groups
                nodes.append(node)
            }
        }
        flushText()
        if let section = open.last {
            let sigil = Self.sigil(section.tag.kind)
            throw TemplateError(
                "unclosed section '{{\(sigil)\(section.tag.raw)}}': missing '{{/\(section.tag.raw)}}'",
                at: section.tag.location
            )
        }
        if let group = groups.last { throw Self.unclosedGroup(group) }
        return nodes
    }

    private static func sigil(_ kind: TagKind) -> String {
        switch kind {
        case .inverted: "^"
        case .commaList: ","
        default: "#"
        }
    }

    private static func unclosedGroup(_ tag: Tag) -> TemplateError {
        TemplateError("unclosed group '{{(}}': missing '{{)}}' in the same section", at: tag.location)
    }
}
