import Foundation
import TestSupport
import Testing

/// `specwright convert` on an OpenAPI 3 document: the written spec generates the same client as
/// the document, and what the format cannot say is a warning, not an error.
@Suite struct ConvertOpenAPICLITests {
    static let petstore = """
        openapi: 3.0.3
        info:
          title: Petstore
          version: 1.0.0
          description: A sample.
        servers:
          - url: https://petstore.example.com/v1
        paths:
          /pets:
            get:
              operationId: listPets
              summary: List all pets
              parameters:
                - name: limit
                  in: query
                  schema: { type: integer, default: 20 }
              responses:
                "200":
                  description: A list
                  content:
                    application/json:
                      schema:
                        type: array
                        items: { $ref: "#/components/schemas/Pet" }
          /pets/{petId}:
            get:
              operationId: showPetById
              parameters:
                - name: petId
                  in: path
                  required: true
                  schema: { $ref: "#/components/schemas/PetID" }
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
              required: [id, name]
              properties:
                id: { $ref: "#/components/schemas/PetID" }
                name: { type: string, description: "The pet's name" }
                tag: { type: string }
                status: { type: string, enum: [available, pending, sold] }
            PetID:
              type: integer
              format: int64
              description: An id.
        """

    @Test func anOpenAPIDocumentConvertsToASpecThatGeneratesTheSameClient() async throws {
        let cli = try CLI()
        try cli.write("petstore.yaml", Self.petstore)
        let convert = try await cli.run("convert", "petstore.yaml", "--output", "Converted/petstore.yaml")
        #expect(convert.status == 0, "\(convert.stderr)")
        // Nothing is lost: no warning; the alias's description goes in its long form.
        #expect(!convert.stderr.contains("warning"), "\(convert.stderr)")
        let text = try #require(cli.read("Converted/petstore.yaml"))
        #expect(text.hasPrefix("spec: 1\nname: Petstore\n"), "\(text)")
        #expect(text.contains("  PetID:\n    description: \"An id.\"\n    alias: Int64\n"), "\(text)")
        #expect(try await cli.run("generate", "petstore.yaml", "--output", "Direct").status == 0)
        #expect(try await cli.run("generate", "Converted/petstore.yaml", "--output", "FromConverted").status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: cli.folder.appendingPathComponent("Direct").path).sorted()
        #expect(files.count == 2)
        for file in files {
            let direct = try #require(cli.read("Direct/\(file)"))
            let converted = cli.read("FromConverted/\(file)")
            #expect(converted == direct, "\(file)")
        }
    }

    @Test func convertTakesThePagingOfAConfigAndWritesIt() async throws {
        let cli = try CLI()
        try cli.write("petstore.yaml", Self.petstore)
        try cli.write("specwright.json", #"{"pagination": {"listPets": {"style": "offset", "parameter": "limit", "size": "limit"}}}"#)
        let convert = try await cli.run("convert", "petstore.yaml", "--config", "specwright.json", "--output", "Converted/petstore.yaml")
        #expect(convert.status == 0, "\(convert.stderr)")
        let text = try #require(cli.read("Converted/petstore.yaml"))
        #expect(text.contains("    pagination:\n      style: offset\n      parameter: limit\n      size: limit\n"), "\(text)")
        #expect(try await cli.run("generate", "petstore.yaml", "--config", "specwright.json", "--output", "Direct").status == 0)
        #expect(try await cli.run("generate", "Converted/petstore.yaml", "--output", "FromConverted").status == 0)
        let direct = try #require(cli.read("Direct/PetstoreEndpoints.swift"))
        #expect(direct.contains("listPetsPages("))
        #expect(cli.read("FromConverted/PetstoreEndpoints.swift") == direct)
        // A config that does not load is the error, and nothing is written.
        try cli.write("broken.json", #"{"pagination": 3}"#)
        let broken = try await cli.run("convert", "petstore.yaml", "--config", "broken.json", "--output", "Broken.yaml")
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("broken.json:1:"), "\(broken.stderr)")
        #expect(cli.read("Broken.yaml") == nil)
    }

    @Test func groupByTagGroupsOperationsFromTheFlagOrTheConfigAndConvertKeepsTheGroups() async throws {
        let cli = try CLI()
        let tagged = Self.petstore.replacingOccurrences(of: "operationId: listPets", with: "operationId: listPets\n      tags: [pets]")
        try cli.write("petstore.yaml", tagged)
        try cli.write("specwright.json", #"{"groupByTag": true}"#)
        #expect(try await cli.run("generate", "petstore.yaml", "--output", "Flat").status == 0)
        #expect(try await cli.run("generate", "petstore.yaml", "--output", "Flag", "--group-by-tag").status == 0)
        #expect(try await cli.run("generate", "petstore.yaml", "--output", "Config", "--config", "specwright.json").status == 0)
        let flat = try #require(cli.read("Flat/PetstoreEndpoints.swift"))
        let grouped = try #require(cli.read("Flag/PetstoreEndpoints.swift"))
        #expect(!flat.contains("public enum Pets {"))
        #expect(grouped.contains("    public enum Pets {\n"))
        #expect(grouped.contains("public static func listPets("))
        #expect(cli.read("Config/PetstoreEndpoints.swift") == grouped)

        let convert = try await cli.run("convert", "petstore.yaml", "--group-by-tag", "--output", "grouped.yaml")
        #expect(convert.status == 0, "\(convert.stderr)")
        #expect(try await cli.run("generate", "grouped.yaml", "--output", "FromConverted").status == 0)
        #expect(cli.read("FromConverted/PetstoreEndpoints.swift") == grouped.replacingOccurrences(of: "petstore.yaml", with: "grouped.yaml"))
    }

}
