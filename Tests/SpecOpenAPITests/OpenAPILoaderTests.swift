import Foundation
import SpecCompiler
import SpecCore
import SpecDiagnostics
import SpecOpenAPI
import SpecYAML
import Testing

/// The front end's entry points, on documents held in memory: which roots are OpenAPI, what the
/// lowered spec model holds, and that a JSON document lowers exactly like the same document in YAML.
@Suite struct OpenAPILoaderTests {
    /// Reads from `files` by path.
    static func reader(_ files: [String: String]) -> (String) throws -> [UInt8] {
        { path in
            guard let text = files[path] else { throw OpenAPITestSupport.MissingFile() }
            return Array(text.utf8)
        }
    }

    static func root(_ text: String) throws -> YAMLNode {
        try YAMLParser.parse(Array(text.utf8), file: "doc.yaml").get()
    }

    @Test func aRootWithAnOpenAPIOrSwaggerKeyIsOpenAPI() throws {
        #expect(OpenAPILoader.isOpenAPI(try Self.root("openapi: 3.1.0\ninfo: {title: A, version: '1'}\npaths: {}\n")))
        #expect(OpenAPILoader.isOpenAPI(try Self.root("{\"openapi\": \"3.0.0\", \"paths\": {}}")))
        #expect(!OpenAPILoader.isOpenAPI(try Self.root("name: Chirp\nmodels: {}\n")))
        #expect(OpenAPILoader.isOpenAPI(try Self.root("swagger: '2.0'\n")))
        #expect(!OpenAPILoader.isOpenAPI(try Self.root("- openapi\n")))
    }

    static let petstore = """
        openapi: 3.0.3
        info:
          title: Tiny Store
          version: "1"
        servers:
          - url: https://store.example.com/v1/
        paths:
          /pets/{petId}:
            get:
              operationId: showPetById
              parameters:
                - { name: petId, in: path, required: true, schema: { type: integer, format: int64 } }
              responses:
                "200":
                  description: A pet
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Pet" }
        components:
          schemas:
            Pet:
              type: object
              required: [id]
              properties:
                id: { type: integer, format: int64 }
                kind: { type: string, enum: [cat, dog] }
        """

    @Test func loadLowersIntoTheSpecModel() throws {
        let (spec, diagnostics) = SpecCompiler.load(path: "doc.yaml", read: Self.reader(["doc.yaml": Self.petstore]))
        #expect(diagnostics.all.isEmpty, "\(OpenAPITestSupport.text(of: diagnostics))")
        let lowered = try #require(spec)
        #expect(lowered.name == "TinyStore")
        #expect(lowered.baseURL == "https://store.example.com/v1")
        #expect(lowered.models.map(\.name) == ["Pet", "PetKind"])
        guard case .endpoint(let endpoint)? = lowered.endpoints.first else {
            Issue.record("no endpoint")
            return
        }
        #expect(endpoint.name == "showPetByID")
        #expect(endpoint.method == .get)
        #expect(endpoint.path == "/pets/{petId}")
        #expect(endpoint.pathParameters.map(\.wireName) == ["petId"])
        #expect(lowered.endpoints.count == 1)
    }

    @Test func theLoweredSpecPassesTheSpecValidator() throws {
        let (spec, diagnostics, inputs) = SpecCompiler.check(path: "doc.yaml", read: Self.reader(["doc.yaml": Self.petstore]))
        #expect(spec != nil)
        #expect(diagnostics.all.isEmpty)
        #expect(inputs == ["doc.yaml"])
    }

    static let petstoreJSON = """
        {
          "openapi": "3.0.3",
          "info": { "title": "Tiny Store", "version": "1" },
          "servers": [ { "url": "https://store.example.com/v1/" } ],
          "paths": {
            "/pets/{petId}": {
              "get": {
                "operationId": "showPetById",
                "parameters": [ { "name": "petId", "in": "path", "required": true, "schema": { "type": "integer", "format": "int64" } } ],
                "responses": {
                  "200": {
                    "description": "A pet",
                    "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Pet" } } }
                  }
                }
              }
            }
          },
          "components": {
            "schemas": {
              "Pet": {
                "type": "object",
                "required": ["id"],
                "properties": {
                  "id": { "type": "integer", "format": "int64" },
                  "kind": { "type": "string", "enum": ["cat", "dog"] }
                }
              }
            }
          }
        }
        """

    @Test func aJSONDocumentGeneratesWhatTheSameYAMLDocumentDoes() throws {
        let templates = try #require(OpenAPITestSupport.templates)
        let files = ["doc.yaml": Self.petstore, "doc.json": Self.petstoreJSON]
        let yaml = SpecCompiler.compile(path: "doc.yaml", templates: templates, read: Self.reader(files))
        let json = SpecCompiler.compile(path: "doc.json", templates: templates, read: Self.reader(files))
        #expect(yaml.diagnostics.all.isEmpty && json.diagnostics.all.isEmpty)
        #expect(yaml.files.count == 2)
        #expect(yaml.files.map(\.name) == json.files.map(\.name))
        for (fromYAML, fromJSON) in zip(yaml.files, json.files) {
            #expect(fromYAML.contents == fromJSON.contents.replacingOccurrences(of: "from doc.json.", with: "from doc.yaml."), "\(fromYAML.name)")
        }
    }

    /// Every `$ref`'d file is an input of the run, so a build system regenerates when one changes.
    @Test func referencedFilesAreRead() throws {
        let root = """
            openapi: 3.1.0
            info: { title: Split, version: "1" }
            paths: {}
            components:
              schemas:
                Holder:
                  type: object
                  properties:
                    pet: { $ref: "schemas/pet.yaml" }
            """
        let pet = "type: object\nproperties:\n  name: { type: string }\n"
        var read: [String] = []
        let files = ["doc.yaml": root, "schemas/pet.yaml": pet]
        let (spec, diagnostics) = SpecCompiler.load(path: "doc.yaml") { path in
            read.append(path)
            guard let text = files[path] else { throw OpenAPITestSupport.MissingFile() }
            return Array(text.utf8)
        }
        #expect(diagnostics.all.isEmpty, "\(OpenAPITestSupport.text(of: diagnostics))")
        #expect(spec?.models.map(\.name) == ["Holder", "Pet"])
        #expect(read == ["doc.yaml", "schemas/pet.yaml"])
    }
}
