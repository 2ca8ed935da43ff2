import Foundation
import SpecCompiler
import SpecCore
import SpecRender
import Testing

/// Output goldens: every case folder under Goldens/ holds a spec (`spec.yaml`, plus any files it includes),
/// optionally a config file (`specwright.json`) and templates replacing defaults (`templates/`, as
/// `--templates` reads them), and `expected/`, the exact files the generator must write.
@Suite struct GoldenTests {
    static let folder = Golden.testsFolder.appendingPathComponent("Goldens")

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func theGoldensFolderHasCases() {
        #expect(Self.cases.count >= 7, "Goldens/ is missing or empty: \(Self.folder.path)")
    }

    @Test(arguments: cases)
    func generatesExpectedFiles(_ name: String) throws {
        let caseFolder = Self.folder.appendingPathComponent(name)
        let templates = try #require(try Self.templates(in: caseFolder))
        var options = CompilerOptions()
        if FileManager.default.fileExists(atPath: caseFolder.appendingPathComponent("specwright.json").path) {
            let loaded = ConfigLoader.load(path: "specwright.json", maxShards: CompilerOptions.maxShards, read: Golden.reader(in: caseFolder))
            let config = try #require(loaded.config, "\(loaded.diagnostics.sorted.map(\.description))")
            options = CompilerOptions(access: config.access, shards: config.shards ?? 1)
        }
        let result = SpecCompiler.compile(path: "spec.yaml", templates: templates, options: options, read: Golden.reader(in: caseFolder))
        #expect(result.diagnostics.all.isEmpty, "\(result.diagnostics.sorted.map(\.description).joined(separator: "\n"))")
        let expected = caseFolder.appendingPathComponent("expected")
        for file in result.files {
            try Golden.check(file.contents, against: expected.appendingPathComponent(file.name))
        }
        let written = ((try? FileManager.default.contentsOfDirectory(atPath: expected.path)) ?? []).sorted()
        #expect(written == result.files.map(\.name).sorted(), "expected/ holds files the generator does not write")
    }

    /// The default templates, with those of the case's `templates/` folder in their place.
    static func templates(in caseFolder: URL) throws -> TemplateSet? {
        let folder = caseFolder.appendingPathComponent("templates")
        guard FileManager.default.fileExists(atPath: folder.path) else { return Golden.templates }
        let overrides = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .filter { $0.hasSuffix(".swifttemplate") }
            .map { file in
                (name: String(file.dropLast(".swifttemplate".count)), path: "templates/\(file)",
                 text: try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
            }
        let loaded = SpecCompiler.templates(overrides: overrides)
        #expect(loaded.diagnostics.all.isEmpty, "\(loaded.diagnostics.sorted.map(\.description))")
        return loaded.templates
    }

    /// The clients under Tests/GeneratedClients, which the package compiles (its `exampleClients`).
    static let exampleClients = ["Chirp", "Courses", "Tips", "Articles", "Kitchen", "HTTPBin", "Landmine", "Menagerie", "Streams"]

    /// The example clients compiled by the test build (Tests/GeneratedClients) are exactly what their
    /// specs generate: Specs/, and the test specs kept next to the clients (Landmine, Menagerie, Streams).
    @Test(arguments: exampleClients)
    func exampleClientsAreUpToDate(_ name: String) throws {
        let specs = Golden.packageRoot.appendingPathComponent(["Landmine", "Menagerie", "Streams"].contains(name) ? "Tests/GeneratedClients" : "Specs")
        let templates = try #require(Golden.templates)
        let result = SpecCompiler.compile(path: "\(name).yaml", templates: templates, read: Golden.reader(in: specs))
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.sorted.map(\.description).joined(separator: "\n"))")
        #expect(result.files.count == 2)
        let folder = Golden.packageRoot.appendingPathComponent("Tests/GeneratedClients/\(name)")
        for file in result.files {
            try Golden.check(file.contents, against: folder.appendingPathComponent(file.name))
        }
    }
}
