import CYAML
import SpecDiagnostics

/// Turns libyaml's error state (problem, problem mark, context, context mark) into a located
/// diagnostic.
///
/// Runs only after libyaml has failed, so it may read the failing line back. Where the cause is
/// certain, libyaml's words are replaced by plain ones (a tab used for indentation, an unterminated
/// quoted string or flow collection) or completed with a hint (an unquoted `[...]?` type, an
/// unquoted value containing `': '`). Locations are never past the end of the input.
enum LibYAMLError {
    /// libyaml's problems for a tab where it wants indentation spaces.
    private static let tabProblems: Set<String> = [
        "found character that cannot start any token",
        "found a tab character that violates indentation",
        "found a tab character where an indentation space is expected",
    ]

    /// The diagnostic for the error `parser` stopped on.
    static func diagnostic(
        for parser: UnsafePointer<yaml_parser_t>,
        input: UnsafeBufferPointer<UInt8>,
        file: String
    ) -> Diagnostic {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "invalid YAML"
        switch state.error {
        case YAML_MEMORY_ERROR:
            return .error("libyaml ran out of memory", at: SourceLocation(file: file, line: 1, column: 1))
        case YAML_READER_ERROR:
            let location = SourceText.clamped(
                SourceText.location(ofByte: state.problem_offset, in: input, file: file), in: input
            )
            if state.problem_value >= 0 {
                let code = String(state.problem_value, radix: 16, uppercase: true)
                let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
                return .error("\(problem) (U+\(padded))", at: location)
            }
            return .error(problem, at: location)
        default:
            let line = Int(truncatingIfNeeded: state.problem_mark.line)
            let column = Int(truncatingIfNeeded: state.problem_mark.column)
            let rawLocation = SourceLocation(file: file, line: line + 1, column: column + 1)
            let location = SourceText.clamped(rawLocation, in: input)
            let atEnd = rawLocation >= SourceText.end(of: input, file: file)
            let context = state.context.map { String(cString: $0) }
            let start = SourceText.clamped(
                SourceLocation(
                    file: file,
                    line: Int(truncatingIfNeeded: state.context_mark.line) + 1,
                    column: Int(truncatingIfNeeded: state.context_mark.column) + 1
                ),
                in: input
            )
            if state.error == YAML_SCANNER_ERROR, tabProblems.contains(problem),
               indentsWithTab(line: line, column: column, input: input) {
                return .error("tabs cannot indent YAML; use spaces", at: location)
            }
            switch (problem, context) {
            case ("found unexpected end of stream", "while scanning a quoted scalar"?):
                return .error("unterminated quoted string", at: start)
            case (_, "while parsing a flow sequence"?) where atEnd:
                return .error("unterminated flow sequence: the '[' has no matching ']'", at: start)
            case (_, "while parsing a flow mapping"?) where atEnd:
                return .error("unterminated flow mapping: the '{' has no matching '}'", at: start)
            case (_, "while parsing a flow node"?) where atEnd:
                return .error("unterminated flow collection: a '[' or '{' has no matching ']' or '}'", at: location)
            default:
                break
            }
            if let hint = bracketHint(line: line, column: column, input: input) {
                return .error(
                    "a value that starts with '[' and continues after ']' must be quoted: write \(hint.quoted)",
                    at: SourceLocation(file: file, line: line + 1, column: hint.column + 1)
                )
            }
            var message = problem
            if problem == "mapping values are not allowed in this context",
               let quoted = colonValueHint(line: line, column: column, input: input) {
                message += "; a value containing ': ' must be quoted: write \(quoted)"
            }
            if let context {
                message += " (\(context) that starts at \(start.line):\(start.column))"
            }
            return .error(message, at: location)
        }
    }

    /// Whether the character at 0-based `line` and `column` is a tab in the line's leading whitespace.
    static func indentsWithTab(line: Int, column: Int, input: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let text = SourceText.line(line, in: input), column >= 0, column < text.count,
              text[column] == "\t" else { return false }
        return text[..<column].allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// A line like `summary: Note: read this`: the `: ` at `column` follows a plain value on the same
    /// line, after the key's `: `. Returns that value in quotes (from its start to the end of the line,
    /// without a trailing comment). Nil when the `: ` before is not on the line (a scalar continued
    /// from the line above) or the value is not plain (quoted, a flow collection, an anchor or tag).
    static func colonValueHint(line: Int, column: Int, input: UnsafeBufferPointer<UInt8>) -> String? {
        guard let text = SourceText.line(line, in: input), column > 0, column + 1 < text.count,
              text[column] == ":", text[column + 1] == " " || text[column + 1] == "\t" else { return nil }
        // libyaml stops at the first ':' it rejects, so the nearest `: ` to the left is the key's.
        var indicator = column - 1
        while indicator >= 0 {
            if text[indicator] == ":", text[indicator + 1] == " " || text[indicator + 1] == "\t" { break }
            indicator -= 1
        }
        guard indicator >= 0 else { return nil }
        var start = indicator + 1
        while start < column, text[start] == " " || text[start] == "\t" { start += 1 }
        guard start < column, !"\"'[]{}|>&*!%@`#,".unicodeScalars.contains(text[start]) else { return nil }
        return quoted(value(from: start, in: text))
    }

    /// A value like `[String]?` or `[Int] = []`: YAML reads the `[...]` as a flow sequence and then
    /// fails on what follows. Returns the 0-based column of the `[` and the value in quotes, when the
    /// failing line has a `]` followed (after optional spaces) by `?` or `=` at or just before `column`.
    static func bracketHint(
        line: Int,
        column: Int,
        input: UnsafeBufferPointer<UInt8>
    ) -> (column: Int, quoted: String)? {
        guard let text = SourceText.line(line, in: input), !text.isEmpty else { return nil }
        let last = min(column, text.count - 1)
        guard last >= 0 else { return nil }
        for candidate in stride(from: last, through: max(0, last - 2), by: -1)
        where text[candidate] == "?" || text[candidate] == "=" {
            var close = candidate - 1
            while close >= 0, text[close] == " " || text[close] == "\t" { close -= 1 }
            guard close >= 0, text[close] == "]", let open = matchingOpen(close, in: text) else { continue }
            return (open, quoted(value(from: open, in: text)))
        }
        return nil
    }

    /// The column of the `[` that the `]` at `close` closes.
    private static func matchingOpen(_ close: Int, in text: [Unicode.Scalar]) -> Int? {
        var depth = 0
        var index = close
        while index >= 0 {
            if text[index] == "]" {
                depth += 1
            } else if text[index] == "[" {
                depth -= 1
                if depth == 0 { return index }
            }
            index -= 1
        }
        return nil
    }

    /// The value's text from `start` to the end of the line, without a trailing comment or spaces.
    private static func value(from start: Int, in text: [Unicode.Scalar]) -> String {
        var end = text.count
        var index = start + 1
        while index < text.count {
            if text[index] == "#", text[index - 1] == " " || text[index - 1] == "\t" {
                end = index
                break
            }
            index += 1
        }
        while end > start, text[end - 1] == " " || text[end - 1] == "\t" { end -= 1 }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text[start..<end])
        return String(scalars)
    }

    /// `text` as a double-quoted YAML scalar.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(scalar)
        }
        return result + "\""
    }
}
