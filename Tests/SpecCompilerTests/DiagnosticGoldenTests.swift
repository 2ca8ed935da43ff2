import Foundation
import SpecCompiler
import Testing

/// Diagnostic goldens: each `Diagnostics/<rule>.yaml` is an invalid spec, and `<rule>.diagnostics` holds the
/// exact lines the generator prints for it (file:line:col: error: message, and notes).
@Suite struct DiagnosticGoldenTests {
    static let folder = Golden.testsFolder.appendingPathComponent("Diagnostics")

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".yaml") && !$0.hasPrefix("_") }
            .map { String($0.dropLast(5)) }
            .sorted()
    }

    @Test(arguments: cases)
    func reportsExpectedDiagnostics(_ name: String) throws {
        let templates = try #require(Golden.templates)
        let result = SpecCompiler.compile(path: "\(name).yaml", templates: templates, read: Golden.reader(in: Self.folder))
        #expect(result.diagnostics.hasErrors, "an invalid spec must have errors")
        #expect(result.files.isEmpty, "no output when there are errors")
        let text = result.diagnostics.sorted.map(\.description).joined(separator: "\n") + "\n"
        try Golden.check(text, against: Self.folder.appendingPathComponent("\(name).diagnostics"))
    }

    @Test func thereAreAtLeastThirtyRules() {
        #expect(Self.cases.count >= 30, "Diagnostics/ is missing or nearly empty: \(Self.folder.path)")
    }
}
