import Foundation
import SpecCompiler
import SpecWriter
import TestSupport
import Testing

/// `specwright convert` on real OpenAPI documents: the converted spec loads with no error, writes
/// the same text again, and generates the same declarations as the document itself. Only doc
/// comments may differ: the format has no place for an alias's description (`PetID: UUID`), so
/// converting drops it, with a warning from `SpecWriter.problems`.
@Suite struct OpenAPIRoundTripTests {
    @Test(SharedData.needs("openapi", "Converting the OpenAPI corpus"),
          arguments: ["oai-petstore.yaml", "oai-petstore-expanded.yaml", "generator-ref-petstore.yaml", "openai-2024-02-23.yaml"])
    func theConvertedSpecGeneratesTheSameDeclarations(_ document: String) throws {
        let corpus = try SharedData.require("openapi")
        let read = Support.reader(in: corpus)
        let checked = SpecCompiler.check(path: document, read: read)
        let spec = try #require(checked.spec, "\(document) does not load from \(corpus.path): \(checked.diagnostics.sorted.prefix(5).map(\.description))")
        let yaml = SpecWriter.yaml(spec)
        let written = Support.reader([(document, yaml)])
        let reloaded = try #require(SpecCompiler.check(path: document, read: written).spec, "the converted spec has errors")
        #expect(SpecWriter.yaml(reloaded) == yaml, "writing the converted spec again gives other text")
        // Only alias descriptions may be lost, and the writer says so.
        let problems = SpecWriter.problems(spec).map(\.message)
        #expect(problems.allSatisfy { $0.contains("alias") }, "\(problems)")

        let direct = try Support.compile(document, read: read)
        let converted = try Support.compile(document, read: written)
        #expect(direct.map(\.name) == converted.map(\.name))
        for (original, fromSpec) in zip(direct, converted) {
            let (a, b) = (Self.declarations(original.contents), Self.declarations(fromSpec.contents))
            #expect(a == b, "\(original.name) differs: first at line \(a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? a.count)")
        }
        // Doc comments differ only where an alias lost its description.
        let lostDocs = zip(direct, converted).reduce(0) { $0 + Self.docLines($1.0.contents) - Self.docLines($1.1.contents) }
        #expect(lostDocs >= 0)
        #expect(lostDocs == 0 || !problems.isEmpty)
    }

    /// The Swagger 2.0 goldens of the OpenAPI front end (`Tests/SpecOpenAPITests/Goldens/swagger2-*`).
    static var swagger2Cases: [String] {
        let folder = SharedData.packageRoot.appendingPathComponent("Tests/SpecOpenAPITests/Goldens")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("swagger2-") }.sorted()
    }

    /// `convert` reads Swagger 2.0: the spec it writes generates the same declarations as the document.
    @Test(arguments: swagger2Cases)
    func aConvertedSwagger2DocumentGeneratesTheSameDeclarations(_ name: String) throws {
        let folder = SharedData.packageRoot.appendingPathComponent("Tests/SpecOpenAPITests/Goldens/\(name)")
        let read = Support.reader(in: folder)
        let checked = SpecCompiler.check(path: "swagger.yaml", read: read)
        let spec = try #require(checked.spec, "\(name): \(checked.diagnostics.sorted.prefix(5).map(\.description))")
        let yaml = SpecWriter.yaml(spec)
        let written = Support.reader([("swagger.yaml", yaml)])
        #expect(SpecCompiler.check(path: "swagger.yaml", read: written).spec.map(SpecWriter.yaml) == yaml, "writing the converted spec again gives other text")
        let direct = try Support.compile("swagger.yaml", read: read)
        let converted = try Support.compile("swagger.yaml", read: written)
        #expect(direct.map(\.name) == converted.map(\.name))
        for (original, fromSpec) in zip(direct, converted) {
            #expect(Self.declarations(original.contents) == Self.declarations(fromSpec.contents), "\(name): \(original.name) differs")
        }
    }

    /// The lines that are not doc comments.
    static func declarations(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }
    }

    /// How many doc comment lines the text has.
    static func docLines(_ text: String) -> Int {
        text.split(separator: "\n").count { $0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }
    }
}
