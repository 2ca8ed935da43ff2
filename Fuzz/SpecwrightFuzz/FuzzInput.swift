import SpecCompiler
import SpecDiagnostics
import SpecRender

/// One fuzz input through the whole pipeline, with the invariants every run must keep.
///
/// The bytes are the root spec `fuzz.yaml`; any file it includes reads as the same bytes, so
/// include handling (cycles included) is exercised too. An odd-length input is split into three
/// shards so the sharded rendering runs as well. A broken invariant traps, which libFuzzer reports
/// as a crash with the input that caused it.
enum FuzzInput {
    /// The default templates, parsed once.
    static let templates: TemplateSet = {
        guard let templates = SpecCompiler.templates().templates else { preconditionFailure("the default templates do not parse") }
        return templates
    }()

    /// Runs the pipeline over `bytes` and checks the result.
    static func run(_ bytes: [UInt8]) {
        let options = CompilerOptions(shards: bytes.count % 2 == 0 ? 1 : 3)
        let result = SpecCompiler.compile(path: "fuzz.yaml", templates: templates, options: options) { _ in bytes }
        let errors = result.diagnostics.all.filter { $0.severity == .error }
        precondition(errors.isEmpty != result.files.isEmpty, "a run either has errors or writes files, never both or neither")
        for diagnostic in result.diagnostics.all {
            let text = diagnostic.description
            precondition(lineBreaks(in: text) == diagnostic.notes.count, "a diagnostic spans lines: \(text)")
            for line in [diagnostic] + diagnostic.notes {
                precondition(line.location.line >= 1 && line.location.column >= 1, "diagnostic outside the file: \(text)")
            }
        }
        for file in result.files {
            precondition(!file.contents.isEmpty, "empty output file \(file.name)")
        }
    }

    /// The line breaks in `text` (every scalar Swift's `Character.isNewline` counts), read from its
    /// UTF-8 without Unicode's tables: a diagnostic of long file paths is checked quickly.
    static func lineBreaks(in text: String) -> Int {
        var count = 0
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case 0x0A where previous == 0x0D: break // CR LF is one break
            case 0x0A, 0x0B, 0x0C, 0x0D: count += 1
            case 0x85 where previous == 0xC2: count += 1 // NEL
            case 0xA8, 0xA9: if previous == 0x80 && beforePrevious == 0xE2 { count += 1 } // LS, PS
            default: break
            }
            beforePrevious = previous
            previous = byte
        }
        return count
    }
}
