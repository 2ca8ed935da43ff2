import SpecCompiler
import Testing

/// `$ref`s into files that never end stop with one located error: every file referring to one
/// more folder down (as a folder linked to its parent does) at the bound on a path's length, a
/// chain of ever new names at the bound a spec's includes have.
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
}
