import Foundation
import SpecCompiler
import SpecCore
import TestSupport
import Testing

/// Names are stable: adding, removing or moving an operation or schema elsewhere in a document
/// renames no type, case or argument of the rest; shared shapes are one type.
@Suite struct NameStabilityTests {
    /// Operations, each a `paths` entry, which share shapes, titles and one-value enums.
    static let operations: [(path: String, text: String)] = [
        ("/charges", """
              /charges:
                get:
                  operationId: getCharges
                  parameters:
                    - { name: created, in: query, schema: { anyOf: [{ title: range_query_specs, type: object, properties: { gt: { type: integer }, lt: { type: integer } } }, { type: integer }] } }
                    - { name: status, in: query, schema: { type: string, enum: [paid, failed] } }
                  responses: { "200": { description: ok, content: { application/json: { schema: { type: object, properties: { object: { type: string, enum: [list] }, data: { type: array, items: { $ref: "#/components/schemas/Charge" } } } } } } } }
            """),
        ("/customers", """
              /customers:
                get:
                  operationId: getCustomers
                  parameters:
                    - { name: created, in: query, schema: { anyOf: [{ title: range_query_specs, type: object, properties: { gt: { type: integer }, lt: { type: integer } } }, { type: integer }] } }
                  responses: { "200": { description: ok, content: { application/json: { schema: { type: object, properties: { object: { type: string, enum: [list] }, data: { type: array, items: { $ref: "#/components/schemas/Customer" } } } } } } } }
                post:
                  operationId: postCustomers
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          properties:
                            address: { anyOf: [{ title: optional_fields_address, type: object, properties: { city: { type: string }, line1: { type: string } } }, { type: string, enum: [""] }] }
                            metadata: { anyOf: [{ type: object, additionalProperties: { type: string } }, { type: string, enum: [""] }] }
                            email: { anyOf: [{ type: string }, { type: string, enum: [""] }] }
                            tax: { type: object, properties: { ip: { type: string }, mode: { type: string, enum: [auto, manual] } } }
                  responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Customer" } } } } }
            """),
        ("/refunds", """
              /refunds:
                post:
                  operationId: postRefunds
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          properties:
                            reason: { type: string, enum: [duplicate, fraudulent] }
                            options: { oneOf: [{ type: object, properties: { kind: { type: string, enum: [instant] }, speed: { type: integer } } }, { type: object, properties: { kind: { type: string, enum: [standard] }, days: { type: integer } } }, { type: string }] }
                  responses: { "204": { description: ok } }
            """),
    ]

    /// Component schemas.
    static let schemas: [(name: String, text: String)] = [
        ("Charge", """
                Charge:
                  type: object
                  properties:
                    id: { type: string }
                    object: { type: string, enum: [charge] }
                    outcome: { type: object, properties: { reason: { type: string, enum: [duplicate, fraudulent] }, risk: { type: integer } } }
            """),
        ("Customer", """
                Customer:
                  type: object
                  properties:
                    id: { type: string }
                    object: { type: string, enum: [customer] }
                    tax: { type: object, properties: { ip: { type: string }, mode: { type: string, enum: [auto, manual] } } }
            """),
    ]

    /// An operation and a schema of their own, with shapes the rest has and new ones.
    static let extraOperation = (path: "/extra", text: """
              /extra:
                post:
                  operationId: postExtra
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          properties:
                            window: { type: object, properties: { from: { type: integer }, to: { type: integer } } }
                            flavor: { type: string, enum: [sweet, sour] }
                            created: { anyOf: [{ title: range_query_specs, type: object, properties: { gt: { type: integer }, lt: { type: integer } } }, { type: integer }] }
                  responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Extra" } } } } }
            """)
    static let extraSchema = (name: "Extra", text: """
                Extra:
                  type: object
                  properties:
                    object: { type: string, enum: [extra] }
                    details: { type: object, properties: { note: { type: string } } }
            """)

    static func document(_ operations: [(path: String, text: String)], _ schemas: [(name: String, text: String)]) -> String {
        "openapi: 3.1.0\ninfo: { title: Pay, version: \"1\" }\npaths:\n" + operations.map(\.text).joined(separator: "\n")
            + "\ncomponents:\n  schemas:\n" + schemas.map(\.text).joined(separator: "\n") + "\n"
    }

    static func load(_ text: String) throws -> Spec {
        let checked = SpecCompiler.check(path: "pay.yaml", options: CompilerOptions()) { _ in Array(text.utf8) }
        #expect(!checked.diagnostics.hasErrors, "\(checked.diagnostics.sorted.map(\.description))")
        return try #require(checked.spec)
    }

    /// Every public name a caller meets, by where it is met: each endpoint's arguments and their
    /// types, its response and errors; each model's members (fields, cases) and their types.
    static func names(_ spec: Spec) -> [String: String] {
        var names: [String: String] = [:]
        for entry in spec.flattenedEndpoints {
            let endpoint = entry.endpoint
            for field in endpoint.pathParameters + endpoint.query + endpoint.headers + endpoint.cookies { names["\(endpoint.name)(\(field.wireName))"] = field.type.description }
            if case .fields(let fields, _)? = endpoint.body {
                for field in fields { names["\(endpoint.name)(body.\(field.wireName))"] = field.type.description }
            }
            if case .type(let type)? = endpoint.body { names["\(endpoint.name)(body)"] = type.description }
            names["\(endpoint.name) ->"] = endpoint.response?.description ?? ""
        }
        for model in spec.models {
            let name = model.name
            switch model.kind {
            case .object(let fields):
                for field in fields { names["\(name).\(field.wireName)"] = field.type.description }
            case .union(let decl):
                for variant in decl.variants { names["\(name)|\(variant.type.description)"] = variant.tag }
            case .enumeration(let decl):
                names["\(name) cases"] = decl.cases.map { $0.swiftName ?? $0.wireValue }.joined(separator: ",")
            case .alias(let target):
                names["\(name) ="] = target.description
            }
        }
        return names
    }

    /// The places both have whose names differ.
    static func renamed(_ before: [String: String], _ after: [String: String]) -> [String] {
        before.keys.sorted().compactMap { key in
            guard let new = after[key], new != before[key] else { return nil }
            return "\(key): \(before[key] ?? "") -> \(new)"
        }
    }

    @Test func sharedShapesAreOneTypeNamedFromTheDocument() throws {
        let spec = try Self.load(Self.document(Self.operations, Self.schemas))
        let names = Self.names(spec)
        #expect(names["getCharges(created)"] == names["getCustomers(created)"])
        // A union several places share, of named types, is named by them, not after one of its places.
        #expect(names["getCharges(created)"] == "RangeQuerySpecsOrInt?")
        #expect(names["RangeQuerySpecsOrInt|RangeQuerySpecs"] == "rangeQuerySpecs")
        #expect(names["postCustomers(body.address)"] == "Clearable<OptionalFieldsAddress>?")
        #expect(names["postCustomers(body.metadata)"] == "Clearable<[String: String]>?")
        #expect(names["postCustomers(body.email)"] == "String?")
        // The body's `tax` and the component's are one shape; so are the refund reason and the charge outcome's.
        #expect(names["postCustomers(body.tax)"] == "CustomerTax?" && names["Customer.tax"] == "CustomerTax?")
        #expect(names["postRefunds(body.reason)"] == names["ChargeOutcome.reason"])
        // One-value enums are named by their value and place; the union's cases by their tags and type.
        #expect(names["Charge.object"] == "ChargeObject?")
        #expect(names["Customer.object"] == "CustomerObject?")
        let cases = names.filter { $0.key.hasPrefix("PostRefundsBodyOptions|") }.values.sorted()
        #expect(cases == ["instant", "standard", "string"])
        #expect(!names.values.contains { $0.contains("Variant") || $0.hasPrefix("variant") })
    }

    @Test(arguments: ["add", "remove", "reverse"])
    func aChangeElsewhereRenamesNothing(_ change: String) throws {
        let before = Self.names(try Self.load(Self.document(Self.operations, Self.schemas)))
        let changed: String
        switch change {
        case "add": changed = Self.document(Self.operations + [Self.extraOperation], Self.schemas + [Self.extraSchema])
        // The refunds share a shape with a charge's outcome, whose place names it.
        case "remove": changed = Self.document(Array(Self.operations.dropLast()), Self.schemas)
        default: changed = Self.document(Self.operations.reversed(), Self.schemas.reversed())
        }
        let after = Self.names(try Self.load(changed))
        #expect(Self.renamed(before, after) == [])
        // Every place kept is still there, with its name.
        let kept = before.keys.filter { after[$0] != nil }
        #expect(kept.count > before.count / 2)
    }

    /// The real version pair: the type names of `openai-2024-02-23`'s client are in
    /// `openai-2024-04-18`'s but for at most 15 (before one type per shape: 255 of 270, the 15
    /// others of schemas OpenAI removed; now 209 of 224: 12 of removed schemas, and 3 shapes that
    /// a new schema shares and whose place there is shorter, Docs/OpenAPI.md's rule 3).
    @Test(SharedData.needs("openapi", "the type names of OpenAI's two documents, compared"))
    func theOpenAIVersionPairKeepsItsNames() throws {
        let folder = try SharedData.require("openapi")
        func typeNames(_ file: String) throws -> Set<String> {
            let path = folder.appendingPathComponent(file).path
            let checked = SpecCompiler.check(path: path, options: CompilerOptions()) { try Array(Data(contentsOf: URL(fileURLWithPath: $0))) }
            return Set(try #require(checked.spec).models.map(\.name))
        }
        let old = try typeNames("openai-2024-02-23.yaml")
        let new = try typeNames("openai-2024-04-18.yaml")
        let lost = old.subtracting(new).sorted()
        let kept = old.count - lost.count
        #expect(lost.count <= 15, "\(kept) of \(old.count) kept; lost: \(lost)")
        #expect(kept >= 209, "\(kept) of \(old.count) kept; lost: \(lost)")
    }
}
