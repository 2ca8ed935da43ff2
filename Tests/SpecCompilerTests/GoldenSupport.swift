import Foundation
import TestSupport
import SpecCompiler
import Testing

/// Golden-file helpers: compare generated text with checked-in files, or re-record them.
///
/// Re-record with `SPECWRIGHT_RECORD=1 swift test`, then review the change with `git diff` like code.
enum Golden {
    /// The folder of this test target.
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The package root.
    static let packageRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    /// Whether this run re-records goldens instead of comparing.
    static let recording = GoldenFiles.recording

    /// Compares `actual` with the file at `url` (or writes it when recording), reporting a readable diff.
    static func check(_ actual: String, against url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try GoldenFiles.check(actual, against: url, sourceLocation: sourceLocation)
    }

    /// The first differing lines with a little context, `-` expected, `+` actual.
    static func diff(expected: String, actual: String) -> String {
        GoldenFiles.diff(expected: expected, actual: actual)
    }

    /// Reads files relative to `folder`, for the compiler's `read`.
    static func reader(in folder: URL) -> (String) throws -> [UInt8] {
        GoldenFiles.reader(in: folder)
    }

    /// A file that is not there.
    typealias MissingFile = GoldenFiles.MissingFile

    /// The default templates.
    static let templates = SpecCompiler.templates().templates
}
