import CYAML
import SpecDiagnostics

/// Turns libyaml's error state (problem, problem mark, context, context mark) into a located
/// diagnostic, with a hint for the spec format's most common YAML mistake.
enum LibYAMLError {
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
            let location = SourceText.location(ofByte: state.problem_offset, in: input, file: file)
            if state.problem_value >= 0 {
                let code = String(state.problem_value, radix: 16, uppercase: true)
                let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
                return .error("\(problem) (U+\(padded))", at: location)
            }
            return .error(problem, at: location)
        default:
            let mark = state.problem_mark
            let line = Int(truncatingIfNeeded: mark.line)
            let column = Int(truncatingIfNeeded: mark.column)
            if let hint = bracketHint(line: line, column: column, input: input) {
                return .error(
                    "a value that starts with '[' and continues after ']' must be quoted: write \(hint.quoted)",
                    at: SourceLocation(file: file, line: line + 1, column: hint.column + 1)
                )
            }
            var message = problem
            if let context = state.context.map({ String(cString: $0) }) {
                let start = state.context_mark
                message += " (\(context) that starts at \(start.line + 1):\(start.column + 1))"
            }
            return .error(message, at: SourceLocation(file: file, line: line + 1, column: column + 1))
        }
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
