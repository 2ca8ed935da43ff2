import Foundation
import SpecCompiler
import Testing

/// Diagnostic goldens of the OpenAPI front end: each `Diagnostics/<rule>.yaml` is a document, and
/// `<rule>.diagnostics` holds the exact lines the generator prints for it (file:line:col: error/warning:
/// message). Files starting with `_` are only referred to by the cases.
///
/// A document with errors generates nothing; one with only warnings still generates its client.
@Suite struct OpenAPIDiagnosticGoldenTests {
    static let folder = OpenAPITestSupport.testsFolder.appendingPathComponent("Diagnostics")

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".yaml") && !$0.hasPrefix("_") }
            .map { String($0.dropLast(5)) }
            .sorted()
    }

    /// The cases whose document has errors; every other case has warnings only.
    static let casesWithErrors: Set<String> = [
        "missing-file", "ref-loop", "ref-path-too-long", "ref-to-nothing", "swagger-1.2", "swagger2-both-versions", "swagger2-parameters", "swagger2-structure", "swagger2-wrong-kinds",
        "version-2.5", "version-4.0.0",
    ]

    @Test(arguments: cases)
    func reportsExpectedDiagnostics(_ name: String) throws {
        let templates = try #require(OpenAPITestSupport.templates)
        let result = SpecCompiler.compile(path: "\(name).yaml", templates: templates, read: OpenAPITestSupport.reader(in: Self.folder))
        let text = OpenAPITestSupport.text(of: result.diagnostics)
        #expect(!result.diagnostics.all.isEmpty, "every case reports something")
        if Self.casesWithErrors.contains(name) {
            #expect(result.diagnostics.hasErrors, "\(name) must have errors:\n\(text)")
            #expect(result.files.isEmpty, "no output when there are errors")
        } else {
            #expect(!result.diagnostics.hasErrors, "\(name) must have warnings only:\n\(text)")
            #expect(result.files.count == 2, "a document with only warnings still generates")
            for file in result.files {
                #expect(!file.contents.isEmpty, "\(file.name) is empty")
            }
        }
        try OpenAPITestSupport.check(text + "\n", against: Self.folder.appendingPathComponent("\(name).diagnostics"))
    }

    @Test func everyCaseWithErrorsExists() {
        #expect(Self.casesWithErrors.isSubset(of: Set(Self.cases)), "\(Self.casesWithErrors.subtracting(Self.cases))")
        #expect(Self.cases.count >= 12, "Diagnostics/ is missing or nearly empty: \(Self.folder.path)")
    }

    /// More than `warningsPerKind` (10) warnings of one kind: ten are listed, the rest counted in one
    /// summary line at the eleventh; another kind is not affected.
    @Test func repeatedWarningsAreCapped() throws {
        let templates = try #require(OpenAPITestSupport.templates)
        let result = SpecCompiler.compile(path: "many-warnings.yaml", templates: templates, read: OpenAPITestSupport.reader(in: Self.folder))
        let lines = OpenAPITestSupport.text(of: result.diagnostics).split(separator: "\n")
        #expect(lines.filter { $0.contains("callbacks are not supported") }.count == 10)
        #expect(lines.filter { $0.contains("3 more like this (callbacks) are not listed") }.count == 1)
        #expect(lines.filter { $0.contains("'matrix' is not a style of a query parameter") }.count == 3)
        #expect(lines.count == 14)
    }
}
