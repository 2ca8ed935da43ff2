import SpecDiagnostics

/// The render loop: walks nodes over a context stack, appending UTF-8 to one output buffer.
///
/// Partial indentation is applied while appending: after each newline written inside an indented
/// partial, the indentation is inserted before the next character unless that starts an empty line.
/// It applies to all of the partial's output, inserted values included. A standalone partial
/// whose output doesn't end with a newline gets one (so a partial file may end without one).
struct TemplateRenderer {
    /// One level of the context stack; `index` is -1 unless the value is an item of a list section.
    private struct Frame {
        var value: TemplateValue
        var index = -1
        var count = 0

        /// The value for `key` if this frame holds an object that knows it.
        func lookup(_ key: String) -> TemplateValue? {
            if case .object(let object) = value { object.value(forKey: key) } else { nil }
        }
    }

    private let templates: [String: Template]
    private var stack: [Frame]
    private var atLineStart = true
    private var partialDepth = 0
    /// The UTF-8 rendered so far (bytes append faster than `String`, and only whole strings
    /// are split, at newlines, so the result is valid UTF-8).
    private var output: [UInt8] = []
    /// The indentation of the current partial, as UTF-8.
    private var indent: [UInt8] = []

    /// The rendered text, laid out by the line printer.
    var text: String { String(decoding: LinePrinter.layout(output), as: UTF8.self) }

    init(templates: [String: Template], context: TemplateValue, capacity: Int) {
        self.templates = templates
        stack = [Frame(value: context)]
        stack.reserveCapacity(16)
        output.reserveCapacity(max(capacity, 1024))
    }

    mutating func render(_ nodes: [TemplateNode]) throws(TemplateError) {
        for index in nodes.indices {
            switch nodes[index] {
            case .text(let text):
                write(text)
            case .variable(let tag):
                guard case .string(let text) = try resolve(tag) else { throw try insertionError(tag) }
                write(text)
            case .section(let section):
                try render(section, try resolve(section.tag))
            case .partial(let partial):
                try render(partial)
            case .layout(let mark):
                writeMark(mark)
            }
        }
    }

    private func insertionError(_ tag: TemplateTag) throws(TemplateError) -> TemplateError {
        let kind = try resolve(tag).kindName
        return TemplateError(
            "cannot insert \(kind) '\(tag.raw)' as text; use a section '{{#\(tag.raw)}}...{{/\(tag.raw)}}'",
            at: tag.location
        )
    }

    private mutating func render(_ section: TemplateSection, _ value: TemplateValue) throws(TemplateError) {
        switch value {
        case .bool(let flag):
            if flag != section.inverted { try render(section.body) }
        case .string(let text):
            if section.inverted {
                if text.isEmpty { try render(section.body) }
            } else if !text.isEmpty {
                try render(section.body, with: Frame(value: value))
            }
        case .list(let items):
            if section.inverted {
                if items.isEmpty { try render(section.body) }
            } else {
                if section.commaList && !items.isEmpty { writeMark(.open) }
                for index in items.indices {
                    if section.commaList && index > 0 { writeMark(.separator) }
                    try render(section.body, with: Frame(value: items[index], index: index, count: items.count))
                }
                if section.commaList && !items.isEmpty { writeMark(.close) }
            }
        case .object:
            if !section.inverted { try render(section.body, with: Frame(value: value)) }
        }
    }

    private mutating func render(_ nodes: [TemplateNode], with frame: Frame) throws(TemplateError) {
        stack.append(frame)
        try render(nodes)
        stack.removeLast()
    }

    private mutating func render(_ partial: TemplatePartial) throws(TemplateError) {
        guard let template = templates[partial.name] else {
            throw TemplateError("unknown partial '\(partial.name)'", at: partial.location)
        }
        guard partialDepth < TemplateSet.maxPartialDepth else {
            let limit = TemplateSet.maxPartialDepth
            throw TemplateError(
                "partial '\(partial.name)' nested more than \(limit) levels deep; is it recursive?",
                at: partial.location
            )
        }
        let outerIndent = indent
        partialDepth += 1
        if !partial.indent.isEmpty { indent.append(contentsOf: partial.indent.utf8) }
        let start = output.count
        try render(template.nodes)
        if !partial.standalone && output.count > start && output.last == 0x0A {
            output.removeLast()
            atLineStart = output.last.map { $0 == 0x0A } ?? true
        } else if partial.lineBreak && !atLineStart && output.count > start {
            // The partial's file doesn't end with a newline: end its line, as the tag's line did.
            output.append(0x0A)
            atLineStart = true
        }
        indent = outerIndent
        partialDepth -= 1
    }

    // MARK: Lookup

    private func resolve(_ tag: TemplateTag) throws(TemplateError) -> TemplateValue {
        switch tag.name {
        case .current:
            return stack[stack.count - 1].value
        case .first:
            return .bool(try listFrame(tag).index == 0)
        case .last:
            let frame = try listFrame(tag)
            return .bool(frame.index == frame.count - 1)
        case .key(let key):
            guard let value = lookup(key) else { throw unknownVariable(tag) }
            return value
        case .path(let key, let rest):
            guard var value = lookup(key) else { throw unknownVariable(tag) }
            for part in rest {
                guard case .object(let object) = value else {
                    throw TemplateError(
                        "unknown variable '\(tag.raw)': '\(part)' is looked up in a \(value.kindName)",
                        at: tag.location
                    )
                }
                guard let next = object.value(forKey: part) else { throw unknownVariable(tag) }
                value = next
            }
            return value
        }
    }

    private func unknownVariable(_ tag: TemplateTag) -> TemplateError {
        TemplateError("unknown variable '\(tag.raw)'", at: tag.location)
    }

    /// `key`'s value in the topmost object on the stack that knows it.
    private func lookup(_ key: String) -> TemplateValue? {
        var level = stack.count - 1
        while level >= 0 {
            if let value = stack[level].lookup(key) {
                return value
            }
            level -= 1
        }
        return nil
    }

    /// The innermost list item's frame, for `@first` and `@last`.
    private func listFrame(_ tag: TemplateTag) throws(TemplateError) -> Frame {
        guard let frame = stack.last(where: { $0.index >= 0 }) else {
            throw TemplateError("'\(tag.raw)' used outside a section over a list", at: tag.location)
        }
        return frame
    }

    // MARK: Output

    /// Writes a layout mark, after the partial's indentation when it starts a line.
    private mutating func writeMark(_ mark: LayoutMark) {
        if atLineStart { output.append(contentsOf: indent) }
        output.append(mark.rawValue)
        atLineStart = false
    }

    private mutating func write(_ text: [UInt8]) {
        text.withUnsafeBufferPointer { write($0) }
    }

    private mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    /// Appends `bytes`; inside an indented partial, inserts the indentation before each line that isn't empty.
    private mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let last = bytes.last else { return }
        if indent.isEmpty {
            output.append(contentsOf: bytes)
            atLineStart = last == 0x0A
            return
        }
        var start = 0
        while start < bytes.count {
            if atLineStart {
                if bytes[start] != 0x0A && bytes[start] != 0x0D { output.append(contentsOf: indent) }
                atLineStart = false
            }
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            if end < bytes.count {
                end += 1
                atLineStart = true
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            start = end
        }
    }
}
