import SpecCompiler
import Testing

/// `$ref`s into files that never end (every file referring to one more folder down, as a folder
/// linked to its parent does) stop at the bound a spec's includes have, with one located error.
@Suite struct OpenAPIBoundsTests {
    @Test func anEndlessChainOfFileReferencesStopsAtTheFileLimit() throws {
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
        let last = String(repeating: "loop/", count: 999) + "a.yaml"
        #expect(errors == ["\(last):3:11: error: a document can refer to at most 1000 files; '\(String(repeating: "loop/", count: 1_000))a.yaml' would be one more"])
        #expect(result.inputs.count == 1_000)
        #expect(result.files.isEmpty)
    }
}
