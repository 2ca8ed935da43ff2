import Foundation
import TestSupport
import SpecCompiler
import SpecDiagnostics
import Testing

/// Shared helpers of the OpenAPI tests: folders, golden comparison (re-record with
/// `SPECWRIGHT_RECORD=1`), reading files relative to a folder, and the corpus of real documents.
enum OpenAPITestSupport {
    /// The folder of this test target.
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The package root.
    static let packageRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    /// Whether this run re-records goldens instead of comparing.
    static let recording = GoldenFiles.recording
    /// The default templates.
    static let templates = SpecCompiler.templates().templates

    /// The root document of a golden case folder: `openapi.yaml`, else `openapi.json`.
    static func rootDocument(in folder: URL) -> String? {
        ["openapi.yaml", "openapi.json", "swagger.yaml", "swagger.json"].first { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
    }

    /// The diagnostics as the CLI prints them, one a line, sorted by place.
    static func text(of diagnostics: DiagnosticBag) -> String {
        diagnostics.sorted.map(\.description).joined(separator: "\n")
    }

    /// Compares `actual` with the file at `url` (or writes it when recording), reporting a readable diff.
    static func check(_ actual: String, against url: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try GoldenFiles.check(actual, against: url, sourceLocation: sourceLocation)
    }

    /// Checks that the file at `url` is absent (or removes it when recording): a golden with nothing to hold.
    static func checkAbsent(_ url: URL, because reason: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        if recording {
            try FileManager.default.removeItem(at: url)
        } else {
            Issue.record("\(url.lastPathComponent) should not exist: \(reason); re-record with SPECWRIGHT_RECORD=1", sourceLocation: sourceLocation)
        }
    }

    /// The first differing lines with a little context, `-` expected, `+` actual.
    static func diff(expected: String, actual: String) -> String {
        GoldenFiles.diff(expected: expected, actual: actual)
    }

    /// Reads files relative to `folder`, for the compiler's `read`; a path that leaves the folder
    /// (`../x`) is read too, as the CLI would.
    static func reader(in folder: URL) -> (String) throws -> [UInt8] {
        GoldenFiles.reader(in: folder)
    }

    /// A file that is not there.
    typealias MissingFile = GoldenFiles.MissingFile
}
