import Foundation
import SpecCompiler
import TestSupport
import Testing

/// The 93 Swagger 2.0 documents of the APIs.guru draw (the shared folder `swagger2-apisguru`,
/// skipped where it is absent): every one generates without errors, the same bytes twice, with
/// exactly the warnings of `Corpus/swagger2-apisguru.warnings` (what is sent another way or left out, each
/// with its reason); the clients of the small ones compile with warnings as errors in Swift 6 and
/// 5. `Scripts/corpus-clients` compiles every one.
@Suite(.serialized) struct Swagger2CorpusTests {
    static let folderName = "swagger2-apisguru"
    static let warningsFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus/swagger2-apisguru.warnings")

    /// The corpus documents, by name.
    static var documents: [String] {
        guard let folder = SharedData.folder(folderName) else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
    }

    /// The documents whose clients the tests compile: those under 20 KB (32 of them).
    static var smallDocuments: [String] {
        guard let folder = SharedData.folder(folderName) else { return [] }
        return documents.filter { name in
            ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path))?[.size] as? Int ?? .max) < 20_000
        }
    }

    static func compile(_ document: String) async throws -> CompileResult {
        let folder = try SharedData.require(folderName)
        let templates = try #require(Golden.templates)
        return try await OffPool.run(.heavy) {
            SpecCompiler.compile(path: document, templates: templates) { path in
                guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else { throw Golden.MissingFile() }
                return [UInt8](data)
            }
        }
    }

    @Test(SharedData.needs(folderName, "The Swagger 2.0 corpus"))
    func everyDocumentGeneratesWithTheListedWarnings() async throws {
        let documents = Self.documents
        #expect(documents.count == 93, "the draw has 93 Swagger 2.0 documents")
        var warnings: [String] = []
        for document in documents {
            let result = try await Self.compile(document)
            let errors = result.diagnostics.sorted.filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(document): \(errors.prefix(10).map(\.description).joined(separator: "\n"))")
            #expect(result.files.count >= 2 && result.files.allSatisfy { !$0.contents.isEmpty }, "\(document) generates its files")
            warnings += result.diagnostics.sorted.filter { $0.severity == .warning }.map(\.description)
        }
        try Golden.check(warnings.joined(separator: "\n") + "\n", against: Self.warningsFile)
    }

    @Test(SharedData.needs(folderName, "The Swagger 2.0 corpus"), arguments: ["azure.com_datafactory_2018-06-01.yaml", "evetech.net_0.8.6.yaml"])
    func generationIsDeterministic(_ document: String) async throws {
        let first = try await Self.compile(document)
        let second = try await Self.compile(document)
        #expect(first.files == second.files, "two runs in one process generate different bytes")
    }

    @Test(SharedData.needs(folderName, "The clients of the Swagger 2.0 corpus"), arguments: smallDocuments, GoldenCompileTests.languageModes)
    func smallClientCompiles(_ document: String, languageMode: String) async throws {
        let result = try await Self.compile(document)
        try #require(!result.diagnostics.hasErrors && result.files.count >= 2)
        try await OpenAPICompileTests.compile(result.files, languageMode: languageMode)
    }
}
