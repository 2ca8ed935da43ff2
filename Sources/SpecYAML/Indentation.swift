import SpecDiagnostics

/// The indentation rule libyaml does not check: a flow collection or a quoted scalar that starts
/// inside a block collection and runs over several lines must indent every further line more than
/// that block collection, with spaces (a tab is not indentation). YAML 1.2 requires it (test suite
/// cases 9C9N, QB6E, DK95/01, Y79Y/003); libyaml reads such text without a word.
///
/// A line that starts with the closing `]` or `}` of a flow collection is exempt: that style is
/// common and unambiguous. Lines of only spaces and tabs are exempt, as YAML's empty lines are.
struct Indentation {
    private let source: UnsafeBufferPointer<UInt8>
    /// Built on first use: most documents never need it.
    private var lineStarts: [Int]?

    init(source: UnsafeBufferPointer<UInt8>) {
        self.source = source
    }

    /// Checks lines `first + 1 ... last` (0-based) of a node that `parentIndent` (the enclosing block
    /// collection's column, 0-based; -1 at the document level) contains.
    mutating func checkContinuation(
        of what: String, from first: Int, to last: Int, parentIndent: Int, file: String
    ) throws(Diagnostic) {
        guard last > first, parentIndent >= 0 else { return }
        let starts = lineStarts ?? SourceText.lineStarts(in: source)
        lineStarts = starts
        for line in (first + 1)...min(last, starts.count - 1) {
            var index = starts[line]
            var spaces = 0
            while index < source.count, source[index] == 0x20 {
                spaces += 1
                index += 1
            }
            var end = index
            while end < source.count, source[end] == 0x20 || source[end] == 0x09 { end += 1 }
            if end >= source.count || SourceText.breakLength(at: end, in: source) > 0 { continue }
            if source[end] == UInt8(ascii: "]") || source[end] == UInt8(ascii: "}") { continue }
            guard spaces <= parentIndent else { continue }
            let tab = index < source.count && source[index] == 0x09
            throw .error(
                "this line continues the \(what) on line \(first + 1) and must be indented more than its parent (column \(parentIndent + 1))"
                    + (tab ? "; a tab is not indentation, use spaces" : ""),
                at: SourceLocation(file: file, line: line + 1, column: spaces + 1)
            )
        }
    }
}
