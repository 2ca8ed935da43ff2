import Foundation
import SpecCompiler
import SpecCore
import Testing

/// `--group-by-tag` (`"groupByTag": true` in specwright.json): each operation goes into a group
/// named after its first tag, without the tag repeated in its name; a group never hides a model.
@Suite struct GroupByTagTests {
    static let document = """
        openapi: 3.1.0
        info: { title: Shop, version: "1" }
        paths:
          /pets:
            get: { operationId: pets/list, tags: [pets, store], responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Pet" } } } } } }
            post: { operationId: addPet, tags: [pets], responses: { "204": { description: ok } } }
          /orders:
            get: { operationId: listOrders, tags: [store orders], responses: { "204": { description: ok } } }
          /health:
            get: { operationId: health, responses: { "204": { description: ok } } }
          /pet/kinds:
            get: { operationId: petKinds, tags: [pet], responses: { "204": { description: ok } } }
        components:
          schemas:
            Pet: { type: object, properties: { name: { type: string } } }
        """

    static func load(groupByTag: Bool) throws -> Spec {
        let checked = SpecCompiler.check(path: "shop.yaml", options: CompilerOptions(groupByTag: groupByTag)) { _ in Array(document.utf8) }
        #expect(!checked.diagnostics.hasErrors, "\(checked.diagnostics.sorted.map(\.description))")
        return try #require(checked.spec)
    }

    /// Group names and endpoint names, in order: `Group.name` or `name`.
    static func layout(_ items: [EndpointItem], prefix: String = "") -> [String] {
        items.flatMap { item -> [String] in
            switch item {
            case .endpoint(let endpoint): [prefix + endpoint.name]
            case .group(let group): layout(group.items, prefix: prefix + group.name + ".")
            }
        }
    }

    @Test func operationsGoIntoTheGroupOfTheirFirstTag() throws {
        let spec = try Self.load(groupByTag: true)
        #expect(Self.layout(spec.endpoints) == ["Pets.list", "Pets.addPet", "StoreOrders.listOrders", "health", "PetEndpoints.kinds"])
        // The first group stands where its first operation does; untagged operations stay on top.
        guard case .group(let pets) = spec.endpoints.first else {
            Issue.record("expected the group Pets first")
            return
        }
        #expect(pets.items.count == 2)
    }

    @Test func withoutTheOptionTheEndpointsAreFlat() throws {
        let spec = try Self.load(groupByTag: false)
        #expect(Self.layout(spec.endpoints) == ["petsList", "addPet", "listOrders", "health", "petKinds"])
    }

    @Test func theGroupedClientNamesItsGroupsAndServiceMethods() throws {
        let templates = try #require(SpecCompiler.templates().templates)
        let result = SpecCompiler.compile(path: "shop.yaml", templates: templates, options: CompilerOptions(groupByTag: true)) { _ in
            Array(Self.document.utf8)
        }
        #expect(!result.diagnostics.hasErrors)
        let endpoints = try #require(result.files.first { $0.name == "ShopEndpoints.swift" }?.contents)
        #expect(endpoints.contains("    public enum Pets {"))
        #expect(endpoints.contains("        public static func list() -> Endpoint<Pet, Never>"))
        #expect(endpoints.contains("    public enum PetEndpoints {")) // `pet` would hide the model Pet
        #expect(endpoints.contains("func petsList() async throws(APIError<Never>) -> Pet"))
    }
}
