import Foundation
import SpecCompiler
import Testing

/// Output goldens of the OpenAPI front end: every case folder under Goldens/ holds a document
/// (`openapi.yaml` or `openapi.json`, plus any files it refers to), `expected/`, the exact files the
/// generator writes for it, and `warnings.diagnostics` when lowering it warns (absent when it does not).
///
/// Re-record with `SPECWRIGHT_RECORD=1 swift test --filter SpecOpenAPITests` and review the diff.
/// `OpenAPICompileTests` (in SpecCompilerTests, next to the compile helpers) compiles every
/// `expected/` folder against the runtime with warnings as errors.
@Suite struct OpenAPIGoldenTests {
    static let folder = OpenAPITestSupport.testsFolder.appendingPathComponent("Goldens")

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func theGoldensFolderHasCases() {
        #expect(Self.cases.count >= 20, "Goldens/ is missing or nearly empty: \(Self.folder.path)")
    }

    @Test(arguments: cases)
    func generatesExpectedFiles(_ name: String) throws {
        let caseFolder = Self.folder.appendingPathComponent(name)
        let templates = try #require(OpenAPITestSupport.templates)
        let root = try #require(OpenAPITestSupport.rootDocument(in: caseFolder), "\(name) has no openapi.yaml or openapi.json")
        let result = SpecCompiler.compile(path: root, templates: templates, read: OpenAPITestSupport.reader(in: caseFolder))
        let diagnostics = OpenAPITestSupport.text(of: result.diagnostics)
        #expect(!result.diagnostics.hasErrors, "\(diagnostics)")
        #expect(result.files.count == 2, "\(diagnostics)")
        // Warnings are part of the golden: what the front end leaves out is as much its output as the code.
        let warnings = caseFolder.appendingPathComponent("warnings.diagnostics")
        if result.diagnostics.all.isEmpty {
            try OpenAPITestSupport.checkAbsent(warnings, because: "the document has no diagnostics")
        } else {
            try OpenAPITestSupport.check(diagnostics + "\n", against: warnings)
        }
        let expected = caseFolder.appendingPathComponent("expected")
        for file in result.files {
            #expect(!file.contents.isEmpty, "\(file.name) is empty")
            try OpenAPITestSupport.check(file.contents, against: expected.appendingPathComponent(file.name))
        }
        if OpenAPITestSupport.recording {
            for stale in ((try? FileManager.default.contentsOfDirectory(atPath: expected.path)) ?? []) where !result.files.contains(where: { $0.name == stale }) {
                try FileManager.default.removeItem(at: expected.appendingPathComponent(stale))
            }
        }
        let written = ((try? FileManager.default.contentsOfDirectory(atPath: expected.path)) ?? []).sorted()
        #expect(written == result.files.map(\.name).sorted(), "expected/ holds files the generator does not write")
    }

    /// The same document read twice in one process generates the same bytes (no dictionary order leaks).
    @Test(arguments: cases)
    func generationIsDeterministic(_ name: String) throws {
        let caseFolder = Self.folder.appendingPathComponent(name)
        let templates = try #require(OpenAPITestSupport.templates)
        let root = try #require(OpenAPITestSupport.rootDocument(in: caseFolder))
        let first = SpecCompiler.compile(path: root, templates: templates, read: OpenAPITestSupport.reader(in: caseFolder))
        let second = SpecCompiler.compile(path: root, templates: templates, read: OpenAPITestSupport.reader(in: caseFolder))
        #expect(first.files == second.files)
        #expect(OpenAPITestSupport.text(of: first.diagnostics) == OpenAPITestSupport.text(of: second.diagnostics))
    }
}
