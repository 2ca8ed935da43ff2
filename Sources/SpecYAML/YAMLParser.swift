import CYAML
import SpecDiagnostics

/// The YAML front end: one spec file's bytes to one located node tree, or one located error.
///
/// Built on libyaml's event API; see `NodeComposer` for what is checked and `YAMLLimits` for the bounds.
public enum YAMLParser {
    /// Parses one YAML document. Errors are located Diagnostics (file:line:col, message).
    ///
    /// The input must be UTF-8 (a leading byte order mark is skipped). A stream with no document
    /// (empty, or only comments) parses as an empty plain scalar at 1:1. As in YAML 1.2, NEL, LS
    /// and PS are ordinary characters, and lines are counted at LF, CR and CR LF only.
    public static func parse(_ bytes: [UInt8], file: String, limits: YAMLLimits = .default) -> Result<YAMLNode, Diagnostic> {
        parse(bytes, file: file, limits: limits, collectingDuplicates: false).0
    }

    /// Parses one YAML document, going on past duplicate keys: the node tree (the first of two
    /// same keys keeps its value) and every duplicate-key error, for a caller that reports them
    /// with the errors it finds itself. Any other error stops the parse, as in `parse(_:file:limits:)`.
    public static func parseCollectingDuplicates(
        _ bytes: [UInt8], file: String, limits: YAMLLimits = .default
    ) -> (root: Result<YAMLNode, Diagnostic>, duplicates: [Diagnostic]) {
        parse(bytes, file: file, limits: limits, collectingDuplicates: true)
    }

    private static func parse(
        _ bytes: [UInt8], file: String, limits: YAMLLimits, collectingDuplicates: Bool
    ) -> (Result<YAMLNode, Diagnostic>, [Diagnostic]) {
        guard bytes.count <= limits.maxFileSize else {
            return (.failure(FileTooLarge(size: bytes.count).diagnostic(file: file, limit: limits.maxFileSize)), [])
        }
        return bytes.withUnsafeBufferPointer { whole in
            let bom = whole.count >= 3 && whole[0] == 0xEF && whole[1] == 0xBB && whole[2] == 0xBF ? 3 : 0
            let input = UnsafeBufferPointer(rebasing: whole[bom...])
            if let offset = UTF8Validation.firstInvalidOffset(in: input) {
                return (.failure(.error(
                    "invalid UTF-8 at byte offset \(offset + bom)",
                    at: SourceText.location(ofByte: offset, in: input, file: file)
                )), [])
            }
            var duplicates: [Diagnostic] = []
            do throws(Diagnostic) {
                let separators = try LineSeparators.replacing(in: input, file: file)
                let root = try EventReader.withReader(over: input, separators: separators) { reader throws(Diagnostic) in
                    var composer = NodeComposer(file: file, source: input, separators: separators, limits: limits)
                    composer.collectsDuplicates = collectingDuplicates
                    defer { duplicates = composer.duplicates }
                    return try composer.compose(reader)
                }
                guard let root else {
                    return (.failure(.error("libyaml ran out of memory", at: SourceLocation(file: file, line: 1, column: 1))), duplicates)
                }
                return (.success(root), duplicates)
            } catch {
                return (.failure(error), duplicates)
            }
        }
    }

    /// For the benchmark: walks libyaml's events over the bytes and does nothing else; returns the event count (nil on a libyaml error).
    public static func countEvents(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { input in
            let count = EventReader.withReader(over: input, separators: nil) { reader -> Int? in
                var count = 0
                while reader.next() {
                    count += 1
                    let type = reader.event.pointee.type
                    reader.deleteEvent()
                    if type == YAML_STREAM_END_EVENT { return count }
                }
                return nil
            }
            return count ?? nil
        }
    }
}
