import SpecCompiler
import Testing

/// `$ref`s into files that never end stop with one located error: every file referring to one
/// more folder down (as a folder linked to its parent does) at the bound on a path's length, a
/// chain of ever new names at the bound a spec's includes have.
/// A Swagger 2.0 chain of discriminated bases stops at the bound on a document's union cases.
@Suite struct OpenAPIBoundsTests {
    @Test func anEndlessChainOfFileNamesStopsAtTheFileLimit() throws {
        let templates = try #require(OpenAPITestSupport.templates)
        let root = """
            openapi: 3.1.0
            info: { title: Loop, version: "1" }
            paths:
              /a:
                get:
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: "f1.yaml" } } } }

            """
        let result = SpecCompiler.compile(path: "doc.yaml", templates: templates) { path in
            guard path != "doc.yaml", let number = Int(path.dropFirst().dropLast(5)) else { return Array(root.utf8) }
            return Array("type: object\nproperties:\n  next: { $ref: \"f\(number + 1).yaml\" }\n".utf8)
        }
        let errors = result.diagnostics.all.filter { $0.severity == .error }.map(\.description)
        #expect(errors == ["f999.yaml:3:11: error: a document can refer to at most 1000 files; 'f1000.yaml' would be one more"])
        #expect(result.inputs.count == 1_000)
        #expect(result.files.isEmpty)
    }

    @Test func anEndlessChainOfFolderReferencesStopsAtThePathLimit() throws {
        let templates = try #require(OpenAPITestSupport.templates)
        let root = """
            openapi: 3.1.0
            info: { title: Loop, version: "1" }
            paths:
              /a:
                get:
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: "loop/a.yaml" } } } }

            """
        let result = SpecCompiler.compile(path: "doc.yaml", templates: templates) { path in
            Array((path == "doc.yaml" ? root : "type: object\nproperties:\n  next: { $ref: \"loop/a.yaml\" }\n").utf8)
        }
        let errors = result.diagnostics.all.filter { $0.severity == .error }.map(\.description)
        // The last file read is the deepest whose path fits in 4096 bytes: 818 folders down.
        let last = String(repeating: "loop/", count: 818) + "a.yaml"
        #expect(errors == ["\(last):3:11: error: the path of a referenced file is longer than 4096 bytes; does a reference lead one folder deeper each time?"])
        #expect(result.inputs.count == 819)
        #expect(result.files.isEmpty)
    }

    /// A chain of discriminated bases, each extended by the next and by one leaf of its own, has
    /// n²/2 cases in all; past `maxCases` the document is refused at the base that is one too many.
    @Test func aChainOfDiscriminatedBasesStopsAtTheCaseLimit() throws {
        let templates = try #require(OpenAPITestSupport.templates)
        var document = """
            swagger: "2.0"
            info: { title: Chain, version: "1" }
            paths:
              /a:
                get:
                  responses:
                    "200": { description: ok, schema: { $ref: "#/definitions/Base0" } }
            definitions:

            """
        // Base k has 300 - k cases (the leaves from its own on): Base76 brings the sum past 20,000.
        let count = 300
        for index in 0..<count {
            document += "  Base\(index):\n    type: object\n    discriminator: kind\n    required: [kind]\n    properties: { kind: { type: string } }\n"
            if index > 0 { document += "    allOf: [{ $ref: \"#/definitions/Base\(index - 1)\" }]\n" }
            document += "  Leaf\(index):\n    allOf: [{ $ref: \"#/definitions/Base\(index)\" }, { type: object, properties: { leaf\(index): { type: string } } }]\n"
        }
        let result = SpecCompiler.compile(path: "swagger.yaml", templates: templates) { _ in Array(document.utf8) }
        let errors = result.diagnostics.all.filter { $0.severity == .error }.map(\.description)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("swagger.yaml:") == true)
        #expect(errors.first?.hasSuffix("error: the discriminated hierarchies of this document have more than 20000 cases in all; 'Base76' is one too many") == true)
        #expect(result.files.isEmpty)
    }
}
