import Foundation
import SpecCompiler
import TestSupport
import Testing

/// The generated code of the OpenAPI front end compiles against the runtime with warnings as errors:
/// every golden of Tests/SpecOpenAPITests/Goldens, and the clients of the small documents of the
/// OpenAPI corpus. It lives here to use the compile helpers of `GoldenCompileTests`.
@Suite struct OpenAPICompileTests {
    static let goldens = Golden.packageRoot.appendingPathComponent("Tests/SpecOpenAPITests/Goldens")

    static var goldenCases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: goldens.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The corpus documents whose clients are compiled (the large ones are generated only, in SpecOpenAPITests).
    static let corpusDocuments = ["oai-petstore.yaml", "oai-petstore-expanded.yaml", "generator-ref-petstore.yaml", "openai-2024-02-23.yaml"]

    /// Writes generated files to a temporary folder and compiles them with warnings as errors.
    static func compile(_ files: [OutputFile], languageMode: String) async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("specwright-openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        var paths: [String] = []
        for file in files {
            let url = output.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: url)
            paths.append(url.path)
        }
        try await GoldenCompileTests.compile(paths, languageMode: languageMode)
    }

    @Test func thereAreOpenAPIGoldens() {
        #expect(Self.goldenCases.count >= 20, "the OpenAPI goldens are missing: \(Self.goldens.path)")
    }

    @Test(arguments: goldenCases, GoldenCompileTests.languageModes)
    func goldenOutputCompiles(_ name: String, languageMode: String) async throws {
        let expected = Self.goldens.appendingPathComponent("\(name)/expected")
        try await GoldenCompileTests.compile(GoldenCompileTests.swiftFiles(in: expected), languageMode: languageMode)
    }

    @Test(SharedData.needs("openapi", "The clients of the OpenAPI corpus"), arguments: corpusDocuments)
    func corpusClientCompiles(_ document: String) async throws {
        let folder = try SharedData.require("openapi")
        let templates = try #require(Golden.templates)
        let path = folder.appendingPathComponent(document).path
        let result = try await OffPool.run(.heavy) {
            SpecCompiler.compile(path: path, templates: templates) { path in
                guard let data = FileManager.default.contents(atPath: path) else { throw Golden.MissingFile() }
                return [UInt8](data)
            }
        }
        let errors = result.diagnostics.sorted.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.prefix(20).map(\.description).joined(separator: "\n"))")
        try #require(result.files.count >= 2)
        try await Self.compile(result.files, languageMode: "6")
    }
}
