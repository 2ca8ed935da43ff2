import Foundation
import TestSupport
import SpecCompiler
import SpecCore
import SpecDiagnostics
import SpecWriter
import Testing

/// Helpers of the writer's tests: files on disk and in memory, the compiler, goldens.
enum Support {
    /// The folder of this test target.
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The package root.
    static let packageRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    /// Whether this run re-records goldens instead of comparing (`SPECWRIGHT_RECORD=1`).
    static let recording = GoldenFiles.recording
    /// The default templates.
    static let templates = SpecCompiler.templates().templates

    /// Reads files relative to `folder`.
    static func reader(in folder: URL) -> (String) throws -> [UInt8] {
        GoldenFiles.reader(in: folder)
    }

    /// Reads `files` from memory, by path.
    static func reader(_ files: [(path: String, text: String)]) -> (String) throws -> [UInt8] {
        { path in
            guard let file = files.first(where: { $0.path == path }) else { throw MissingFile(path: path) }
            return Array(file.text.utf8)
        }
    }

    /// A file that is not there.
    typealias MissingFile = GoldenFiles.MissingFile

    /// The spec at `path`, checked (decoded and validated); records an issue and returns nil on errors.
    static func check(_ path: String, read: (String) throws -> [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Spec? {
        let checked = SpecCompiler.check(path: path, read: read)
        if checked.diagnostics.hasErrors || checked.spec == nil {
            Issue.record("\(path) has errors:\n\(checked.diagnostics.sorted.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation)
        }
        return checked.spec
    }

    /// The files the spec at `path` generates, or an issue.
    static func compile(_ path: String, shards: Int = 1, read: (String) throws -> [UInt8],
                        sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [OutputFile] {
        let templates = try #require(Self.templates)
        let result = SpecCompiler.compile(path: path, templates: templates, options: CompilerOptions(shards: shards), read: read)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.sorted.map(\.description).joined(separator: "\n"))",
                sourceLocation: sourceLocation)
        return result.files
    }

    /// Converts the spec at `path` and checks the round trip: the written text loads back with no
    /// diagnostic, writes the same text again, and generates byte-identical files (under the same
    /// path, so a header that names the input file names the same one). Returns the written text.
    @discardableResult
    static func roundTrip(_ path: String, read: @escaping (String) throws -> [UInt8], shards: Int = 1,
                          sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String? {
        let original = SpecCompiler.check(path: path, read: read)
        guard let spec = original.spec else {
            Issue.record("\(path) has errors:\n\(original.diagnostics.sorted.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation)
            return nil
        }
        #expect(SpecWriter.problems(spec).isEmpty, "\(SpecWriter.problems(spec).map(\.description))", sourceLocation: sourceLocation)
        let yaml = SpecWriter.yaml(spec)
        let converted = reader([(path, yaml)])
        let reloaded = SpecCompiler.check(path: path, read: converted)
        // The same warnings (at other places), and no error.
        #expect(reloaded.diagnostics.all.map(\.message).sorted() == original.diagnostics.all.map(\.message).sorted(),
                "the written spec has other diagnostics:\n\(reloaded.diagnostics.sorted.map(\.description).joined(separator: "\n"))\n\(yaml)",
                sourceLocation: sourceLocation)
        guard let again = reloaded.spec else { return yaml }
        #expect(SpecDump.dump(again) == SpecDump.dump(spec), "the reloaded spec differs:\n\(diff(expected: SpecDump.dump(spec), actual: SpecDump.dump(again)))",
                sourceLocation: sourceLocation)
        let rewritten = SpecWriter.yaml(again)
        #expect(rewritten == yaml, "writing the reloaded spec differs:\n\(diff(expected: yaml, actual: rewritten))", sourceLocation: sourceLocation)
        let direct = try compile(path, shards: shards, read: read, sourceLocation: sourceLocation)
        let fromYAML = try compile(path, shards: shards, read: converted, sourceLocation: sourceLocation)
        #expect(direct.map(\.name) == fromYAML.map(\.name), sourceLocation: sourceLocation)
        #expect(!direct.isEmpty, sourceLocation: sourceLocation)
        for (original, converted) in zip(direct, fromYAML) where original.contents != converted.contents {
            Issue.record("\(original.name) differs when generated from the written spec:\n\(diff(expected: original.contents, actual: converted.contents))",
                         sourceLocation: sourceLocation)
        }
        return yaml
    }

    /// Compares `actual` with the golden file at `url`, or writes it when recording.
    static func checkGolden(_ actual: String, against url: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try GoldenFiles.check(actual, against: url, sourceLocation: sourceLocation)
    }

    /// The first differing lines with a little context, `-` expected, `+` actual.
    static func diff(expected: String, actual: String) -> String {
        GoldenFiles.diff(expected: expected, actual: actual)
    }
}
