/// Lays out rendered text at ``width`` columns, knowing each line's real indentation.
///
/// Templates mark where a line may break with wrapping groups (`{{(}}`, `{{,}}`, `{{)}}`, or a comma
/// list `{{,name}}`). A line that fits is printed flat: the marks vanish and each separator is `, `.
/// A line that does not fit breaks its first group: the text before the group ends the line, each
/// item goes on its own line four columns deeper, ending with `,` but the last, and the text after
/// the group starts a line at the first line's indentation:
///
///     func feed(                        func feed(page: Int, perPage: Int) -> Endpoint<Page, Never> {
///         page: Int,
///         perPage: Int
///     ) -> Endpoint<Page, Never> {
///
/// Each line made this way is laid out again, so nested groups break only where needed.
/// A doc comment line (`///`) that is too long is wrapped between words, outside code blocks,
/// tables and headings; a word longer than the line stays whole.
enum LinePrinter {
    /// The column limit, in Unicode scalars.
    static let width = 120

    /// `text` laid out; text without marks and without long lines comes back unchanged.
    static func layout(_ text: [UInt8]) -> [UInt8] {
        guard needsLayout(text) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.count + text.count / 8)
        var inFence = false
        var start = 0
        while start < text.count {
            // One pass over the line: where it ends, whether it has marks, how wide it is.
            var end = start
            var marks = false
            var columns = 0
            while end < text.count && text[end] != 0x0A {
                let byte = text[end]
                if byte <= LayoutMark.close.rawValue && byte != 0 { marks = true }
                if byte & 0xC0 != 0x80 { columns += 1 }
                end += 1
            }
            let line = text[start..<end]
            if let doc = docText(line) {
                if startsFence(line, doc) { inFence.toggle() }
                // A doc line holds no group; marks a custom template put there are dropped.
                let text = marks ? Self.flat(line) : Array(line)
                if !inFence && !startsFence(line, doc) && columns > width && isProse(line, doc) {
                    wrapDoc(text, prefixLength: doc - start, into: &output)
                } else {
                    output += text
                }
            } else {
                inFence = false
                if marks || columns > width {
                    layOutLine(Array(line), into: &output)
                } else {
                    output.append(contentsOf: line)
                }
            }
            if end < text.count { output.append(0x0A) }
            start = end + 1
        }
        return output
    }

    /// Whether any mark or any line over the width is in `text`.
    private static func needsLayout(_ text: [UInt8]) -> Bool {
        var column = 0
        for byte in text {
            if byte <= LayoutMark.close.rawValue && byte != 0 { return true }
            if byte == 0x0A {
                column = 0
            } else if byte & 0xC0 != 0x80 {
                column += 1
                if column > width { return true }
            }
        }
        return false
    }

    // MARK: Groups

    /// Appends `line` (no line break in it) laid out, without a final line break.
    private static func layOutLine(_ line: [UInt8], into output: inout [UInt8]) {
        guard flatColumns(line) > width, let group = firstGroup(line) else {
            appendFlat(line, into: &output)
            return
        }
        let indent = line.prefix { $0 == 0x20 }.count
        if line[..<group.open].allSatisfy({ $0 == 0x20 }) {
            // Nothing opens the group on its line (an item that is a group itself): its items go on
            // lines of their own at this indentation, and what follows the group ends the last one.
            let margin = [UInt8](repeating: 0x20, count: indent)
            for (index, item) in group.items.enumerated() {
                var itemLine = margin + line[item].drop { $0 == 0x20 }
                if index < group.items.count - 1 { itemLine.append(UInt8(ascii: ",")) } else { itemLine += line[(group.close + 1)...] }
                if index > 0 { output.append(0x0A) }
                layOutLine(itemLine, into: &output)
            }
            return
        }
        let inner = [UInt8](repeating: 0x20, count: indent + 4)
        appendFlat(Array(line[..<group.open]), into: &output)
        for (index, item) in group.items.enumerated() {
            var itemLine = inner
            itemLine += line[item].drop { $0 == 0x20 }
            if index < group.items.count - 1 { itemLine.append(UInt8(ascii: ",")) }
            output.append(0x0A)
            layOutLine(itemLine, into: &output)
        }
        let rest = line[(group.close + 1)...]
        guard !rest.isEmpty else { return }
        output.append(0x0A)
        layOutLine([UInt8](repeating: 0x20, count: indent) + rest, into: &output)
    }

    /// The first group at depth 0 that holds text: where it opens and closes, and its items.
    private static func firstGroup(_ line: [UInt8]) -> (open: Int, close: Int, items: [Range<Int>])? {
        var depth = 0
        var open = 0
        var items: [Range<Int>] = []
        var itemStart = 0
        for index in line.indices {
            switch line[index] {
            case LayoutMark.open.rawValue:
                if depth == 0 {
                    open = index
                    itemStart = index + 1
                    items = []
                }
                depth += 1
            case LayoutMark.separator.rawValue where depth == 1:
                items.append(itemStart..<index)
                itemStart = index + 1
            case LayoutMark.close.rawValue:
                depth -= 1
                if depth == 0 {
                    items.append(itemStart..<index)
                    items.removeAll { range in line[range].allSatisfy { $0 == 0x20 } }
                    if !items.isEmpty { return (open, index, items) }
                }
                depth = max(depth, 0)
            default:
                break
            }
        }
        return nil
    }

    /// `line` with its marks removed and each separator written as `, `.
    private static func flat(_ line: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        appendFlat(Array(line), into: &output)
        return output
    }

    /// Appends `line` with its marks removed and each separator written as `, `.
    private static func appendFlat(_ line: [UInt8], into output: inout [UInt8]) {
        for byte in line {
            switch byte {
            case LayoutMark.open.rawValue, LayoutMark.close.rawValue: break
            case LayoutMark.separator.rawValue: output += [UInt8(ascii: ","), 0x20]
            default: output.append(byte)
            }
        }
    }

    /// The columns of `line` printed flat.
    private static func flatColumns(_ line: [UInt8]) -> Int {
        var count = 0
        for byte in line where byte & 0xC0 != 0x80 {
            switch byte {
            case LayoutMark.open.rawValue, LayoutMark.close.rawValue: break
            case LayoutMark.separator.rawValue: count += 2
            default: count += 1
            }
        }
        return count
    }

    private static func columns(_ line: [UInt8]) -> Int {
        line.reduce(0) { $1 & 0xC0 != 0x80 ? $0 + 1 : $0 }
    }

    // MARK: Doc comments

    /// For a `///` line, the index where its text starts: after indentation, `///` and one space.
    private static func docText(_ line: ArraySlice<UInt8>) -> Int? {
        var index = line.startIndex
        while index < line.endIndex && line[index] == 0x20 { index += 1 }
        guard line.endIndex - index >= 3, line[index] == 0x2F, line[index + 1] == 0x2F, line[index + 2] == 0x2F else { return nil }
        return line.endIndex > index + 3 && line[index + 3] == 0x20 ? index + 4 : index + 3
    }

    private static func startsFence(_ line: ArraySlice<UInt8>, _ prefix: Int) -> Bool {
        let text = line[prefix...].drop { $0 == 0x20 }
        return text.starts(with: [0x60, 0x60, 0x60]) || text.starts(with: [0x7E, 0x7E, 0x7E])
    }

    /// Whether a doc line is prose, which may be wrapped: not indented code, a table row or a heading.
    private static func isProse(_ line: ArraySlice<UInt8>, _ prefix: Int) -> Bool {
        let text = line[prefix...]
        guard let first = text.first else { return false }
        return !text.starts(with: [0x20, 0x20, 0x20, 0x20]) && first != UInt8(ascii: "|") && first != UInt8(ascii: "#")
    }

    /// Appends a long doc line wrapped between words; a list item's continuation lines are indented
    /// under its text.
    private static func wrapDoc(_ line: [UInt8], prefixLength: Int, into output: inout [UInt8]) {
        var prefix = Array(line[..<prefixLength])
        let text = line[prefixLength...]
        var continuation = prefix
        if text.starts(with: Array("- ".utf8)) || text.starts(with: Array("* ".utf8)) { continuation += [0x20, 0x20] }
        var rest = Array(text)
        while !rest.isEmpty {
            let room = width - columns(prefix)
            guard columns(rest) > room, let cut = breakIndex(rest, room: room) else {
                output += prefix + rest
                return
            }
            output += prefix + rest[..<cut]
            output.append(0x0A)
            rest = Array(rest[(cut + 1)...].drop { $0 == 0x20 })
            prefix = continuation
        }
    }

    /// The index of the last space at which `text` breaks within `room` columns (or, for a first
    /// word longer than that, the first space after it), never where the next line would start
    /// with something Markdown reads as a list item, a heading, a quote or a code fence.
    private static func breakIndex(_ text: [UInt8], room: Int) -> Int? {
        var column = 0
        var last: Int?
        for index in text.indices {
            if text[index] & 0xC0 != 0x80 { column += 1 }
            if text[index] == 0x20 && index > 0 && !startsBlock(text[(index + 1)...]) {
                if column - 1 > room { return last ?? index }
                last = index
            }
        }
        return last
    }

    /// Whether a line starting with `text` would be a Markdown list item (`- `, `* `, `+ `, `1. `),
    /// heading (`#`), quote (`>`), code fence or table row (`|`), rather than more of a paragraph.
    private static func startsBlock(_ text: ArraySlice<UInt8>) -> Bool {
        guard let first = text.first else { return false }
        let second = text.dropFirst().first
        switch first {
        case UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "`"), UInt8(ascii: "~"): return true
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"): return second == 0x20 || second == nil
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            let digits = text.prefix { $0 >= 0x30 && $0 <= 0x39 }
            let after = text.dropFirst(digits.count)
            return (after.first == UInt8(ascii: ".") || after.first == UInt8(ascii: ")")) && (after.dropFirst().first == 0x20 || after.count == 1)
        default: return false
        }
    }
}
