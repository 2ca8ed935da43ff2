import Foundation
import SpecCompiler
import TestSupport
import Testing

/// The corpus: real OpenAPI documents no one on this project wrote (the shared folder `openapi`,
/// see `SharedData`; skipped where it is absent). Every one generates without errors, and
/// the same bytes twice in one process. The small ones' clients are compiled by
/// `OpenAPICompileTests.corpusClientCompiles` (SpecCompilerTests, next to the compile helpers).
///
/// Serialized: the large documents take seconds and hundreds of MB each, and the machine has two cores.
@Suite(.serialized) struct OpenAPICorpusTests {
    /// Every document of the corpus, small first.
    static let documents = [
        "oai-petstore.yaml", "oai-petstore-expanded.yaml", "generator-ref-petstore.yaml", "openai-2024-02-23.yaml",
        "openai-2024-04-18.yaml", "openai-2026-08-21.yaml", "github-api-2022-06-11.json", "stripe-spec3-2023-09-12.yaml",
    ]

    @Test(SharedData.needs("openapi", "The OpenAPI corpus tests")) func theCorpusIsThere() throws {
        let folder = try SharedData.require("openapi")
        for document in Self.documents {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(document).path), "\(document) is missing from \(folder.path)")
        }
    }

    @Test(SharedData.needs("openapi", "The OpenAPI corpus tests"), arguments: documents)
    func generatesWithoutErrorsAndDeterministically(_ document: String) async throws {
        let folder = try SharedData.require("openapi")
        try #require(FileManager.default.fileExists(atPath: folder.appendingPathComponent(document).path), "\(document) is missing from \(folder.path)")
        let templates = try #require(OpenAPITestSupport.templates)
        let (first, second, seconds) = try await OffPool.run(.heavy) {
            let start = Date()
            let first = SpecCompiler.compile(path: document, templates: templates, read: OpenAPITestSupport.reader(in: folder))
            let seconds = Date().timeIntervalSince(start)
            let second = SpecCompiler.compile(path: document, templates: templates, read: OpenAPITestSupport.reader(in: folder))
            return (first, second, seconds)
        }
        let errors = first.diagnostics.sorted.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.prefix(20).map(\.description).joined(separator: "\n"))")
        #expect(first.files.count >= 2, "a namespace file and its shards, or one file each")
        #expect(first.files.allSatisfy { !$0.contents.isEmpty })
        #expect(first.files == second.files, "two runs in one process generate different bytes")
        #expect(OpenAPITestSupport.text(of: first.diagnostics) == OpenAPITestSupport.text(of: second.diagnostics))
        let warnings = first.diagnostics.all.count - errors.count
        let bytes = first.files.reduce(0) { $0 + $1.contents.utf8.count }
        print("OpenAPI corpus: \(document): \(warnings) warnings, \(bytes) bytes of Swift, generated in \(String(format: "%.2f", seconds)) s")
    }
}
