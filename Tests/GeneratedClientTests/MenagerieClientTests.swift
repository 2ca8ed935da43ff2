import Foundation
import MenagerieClient
import Specwright
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client generated from an OpenAPI 3.1 document (Tests/GeneratedClients/Menagerie.yaml):
/// the OpenAPI front end's mapping, compiled with warnings as errors and exercised end to end.
@Suite struct MenagerieClientTests {
    static let rex = """
        {"name": "Rex", "id": "7C3D5A4B-1111-2222-3333-444455556666", "kind": "dog",
         "born": "2020-02-29", "lastFed": "2026-11-30T08:15:30.250Z", "traits": {"mood": "happy"},
         "diet": {"type": "meat", "gramsPerDay": 800},
         "friend": {"name": "Tom", "id": "7C3D5A4B-1111-2222-3333-444455550000", "kind": "axolotl",
                    "diet": {"type": "plants", "plants": ["fern"]}}}
        """

    @Test func allOfMergesFieldsAndTheSchemaDefaultFillsAMissingKey() throws {
        let rex = try Self.decodeRex()
        #expect(rex.name == "Rex")   // from Named, merged by allOf
        #expect(rex.kind == .dog)
        #expect(rex.lives == 9)      // `default: 9`, the key is missing
        #expect(rex.born == CalendarDate(year: 2020, month: 2, day: 29))
        #expect(rex.traits == ["mood": "happy"])
    }

    @Test func unknownEnumValuesAreKeptAndRecursionDecodes() throws {
        let rex = try Self.decodeRex()
        let friend = try #require(rex.friend)          // a final class: Animal holds an Animal
        #expect(friend.kind == .unknown("axolotl"))     // open enum: the value is kept
        #expect(friend.kind.rawValue == "axolotl")
        #expect(friend.friend == nil)
    }

    /// A model only responses use is a final class (one reference to copy, not every field), and
    /// prints as the struct it was printed: its fields by name, nested models alike.
    @Test func aResponseModelIsAClassThatPrintsItsFields() throws {
        let rex = try Self.decodeRex()
        #expect(rex.friend === rex.friend, "one reference, not a copy")
        let problem = try JSONDecoder().decode(Problem.self, from: Data(#"{"message": "No such pet", "code": 404}"#.utf8))
        #expect("\(problem)" == #"Problem(message: "No such pet", code: Optional(404))"#)
        let page = AnimalPage(items: [], next: URL(string: "https://example.com/2"))
        #expect(String(describing: page) == "AnimalPage(items: [], next: Optional(https://example.com/2))")
    }

    @Test func theDiscriminatorPicksTheVariantByItsMappedTag() throws {
        let rex = try Self.decodeRex()
        guard case .meat(let meat)? = rex.diet, case .plants(let plants)? = rex.friend?.diet else {
            Issue.record("expected meat and plants, got \(String(describing: rex.diet))")
            return
        }
        #expect(meat.gramsPerDay == 800)
        #expect(plants.plants == ["fern"])
        #expect(throws: DecodingError.self) { try JSON.decode(Diet.self, #"{"type": "Herbivore", "plants": []}"#) }
    }

    @Test func untaggedUnionsAndNullableRecursionRoundTrip() throws {
        let note = Note(text: "fed", about: .uuids([UUID(uuidString: "7C3D5A4B-1111-2222-3333-444455556666") ?? UUID()]),
                        replyTo: Note(text: "hungry?", about: .string("Rex")))
        let object = try JSON.object(note)
        #expect(object["about"] as? [String] == ["7C3D5A4B-1111-2222-3333-444455556666"])
        let reply = try #require(object["replyTo"] as? [String: Any])
        #expect(reply["about"] as? String == "Rex")
        #expect(reply["replyTo"] == nil) // nil is left out
        let back = try JSON.decode(Note.self, String(decoding: JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        guard case .uuids(let ids)? = back.about, case .string("Rex")? = back.replyTo?.about else {
            Issue.record("expected the same variants back, got \(String(describing: back.about))")
            return
        }
        #expect(ids.count == 1)
        #expect(try JSON.decode(Note.self, #"{"text": "x", "replyTo": null}"#).replyTo == nil)
    }

    @Test func aConstantVariantOfARequestIsACaseWithoutAPayload() async throws {
        let transport = MockTransport()
        transport.on(.post, "/reminders", .noContent, .noContent)
        let client = APIClient(baseURL: Menagerie.baseURL, transport: transport)
        try await client.send(Menagerie.setReminder(remindAt: .now))
        try await client.send(Menagerie.setReminder(remindAt: .int(1_735_689_600)))
        let bodies = try transport.requests(.post, "/reminders").map { request in
            try JSONSerialization.jsonObject(with: request.httpBody ?? Data()) as? [String: Any] ?? [:]
        }
        #expect(bodies.count == 2)
        #expect(bodies.first?["remindAt"] as? String == "now")
        #expect(bodies.last?["remindAt"] as? Int == 1_735_689_600)
    }

    @Test func anyOfHoldsEveryVariantTheValueMatches() throws {
        // {"name", "badge"} is both a Named and a badge holder: the union keeps both, and sends both back.
        let both = try JSON.decode(Note.self, #"{"text": "x", "writer": {"name": "Ada", "badge": 7}}"#)
        #expect(both.writer?.named?.name == "Ada")
        #expect(both.writer?.badge?.badge == 7)
        let sent = try #require(try JSON.object(both)["writer"] as? [String: Any])
        #expect(sent["name"] as? String == "Ada")
        #expect(sent["badge"] as? Int == 7)
        #expect(sent.count == 2)

        let one = try JSON.decode(Note.self, #"{"text": "x", "writer": {"badge": 3}}"#)
        #expect(one.writer?.named == nil)
        #expect(one.writer?.badge?.badge == 3)
        // A value that matches no variant says why each failed; an empty value cannot be sent.
        #expect(throws: DecodingError.self) { try JSON.decode(Note.self, #"{"text": "x", "writer": {"nickname": "A"}}"#) }
        #expect(throws: EncodingError.self) { try JSON.object(Note(text: "x", writer: NoteWriter())) }
    }

    @Test func requestsCarryTheDocumentsParametersAuthAndServer() async throws {
        let transport = MockTransport()
        transport.on(.get, "/animals", .json(["items": [String]()]))
        transport.on(.delete, "/animals/{id}", .noContent)
        let client = APIClient(baseURL: Menagerie.baseURL, transport: transport,
                               credentials: StaticCredentials(bearerToken: "t0ken", apiKeys: ["X-Keeper-Key": "k3y"]))
        let requestID = UUID()
        let page = try await client.send(Menagerie.listAnimals(kind: .parrot, tag: ["loud", "green"], xRequestID: requestID))
        #expect(page.items.isEmpty)
        let list = try #require(transport.requests.first)
        // `limit`'s default (20) is the server's: not sent.
        #expect(list.url?.absoluteString == "https://eu.menagerie.example.com/v1/animals?kind=parrot&tag=loud&tag=green")
        #expect(list.value(forHTTPHeaderField: "Authorization") == "Bearer t0ken")
        #expect(list.value(forHTTPHeaderField: "X-Request-ID") == requestID.uuidString.lowercased()) // the runtime sends UUIDs in lowercase

        let id = try #require(UUID(uuidString: "7C3D5A4B-1111-2222-3333-444455556666"))
        try await client.send(Menagerie.removeAnimal(animalID: id)) // `security: []`: no credentials
        let remove = try #require(transport.requests.last)
        #expect(remove.url?.path == "/v1/animals/7c3d5a4b-1111-2222-3333-444455556666")
        #expect(remove.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func anInlineBodyIsTheFactorysArgumentsAndErrorsAreTyped() async throws {
        let transport = MockTransport()
        transport.on(.post, "/animals", .status(422, body: Data(#"{"fields": ["kind"]}"#.utf8), headers: ["Content-Type": "application/json"]))
        transport.on(.get, "/animals/{id}", .status(404, body: Data(#"{"message": "no such animal", "code": null}"#.utf8), headers: ["Content-Type": "application/json"]))
        let client = APIClient(baseURL: Menagerie.baseURL, transport: transport, credentials: StaticCredentials(bearerToken: "t"))
        do {
            _ = try await client.send(Menagerie.addAnimal(name: "Polly", kind: .parrot, born: CalendarDate(year: 2021, month: 5, day: 1)))
            Issue.record("a 422 must throw")
        } catch {
            guard case .status(let status) = error else { throw error }
            #expect(status.model?.fields == ["kind"])
        }
        let body = try #require(transport.requests.first?.httpBody)
        let sent = try #require(try JSONSerialization.jsonObject(with: body) as? [String: String])
        #expect(sent == ["name": "Polly", "kind": "parrot", "born": "2021-05-01"])
        do {
            _ = try await client.send(Menagerie.getAnimal(animalID: UUID()))
            Issue.record("a 404 must throw")
        } catch {
            guard case .status(let status) = error else { throw error }
            #expect(status.model?.message == "no such animal")
            #expect(status.model?.code == nil)
        }
    }

    @Test func anAPIKeyOperationSendsItsHeader() async throws {
        let transport = MockTransport()
        transport.on(.post, "/notes", .status(200, body: Data(#"{"text": "stored"}"#.utf8), headers: ["Content-Type": "application/json"]))
        let client = APIClient(baseURL: Menagerie.baseURL, transport: transport, credentials: StaticCredentials(apiKeys: ["X-Keeper-Key": "k3y"]))
        let stored = try await client.send(Menagerie.addNote(body: Note(text: "hello")))
        #expect(stored.text == "stored")
        #expect(transport.requests.first?.value(forHTTPHeaderField: "X-Keeper-Key") == "k3y")
    }

    /// Lenient by default, as a client of a server that grows should be; strict on request, as
    /// swift-openapi-generator's clients are.
    @Test func strictValidationRejectsUndeclaredMembersAndContentTypes() async throws {
        let transport = MockTransport()
        transport.on(.get, "/animals", .status(200, body: Data(#"{"items": [], "cursor": "x"}"#.utf8), headers: ["Content-Type": "application/json"]))
        let lenient = APIClient(baseURL: Menagerie.baseURL, transport: transport, credentials: StaticCredentials(bearerToken: "t"))
        #expect(try await lenient.send(Menagerie.listAnimals()).items.isEmpty)
        let strict = APIClient(baseURL: Menagerie.baseURL, transport: transport, credentials: StaticCredentials(bearerToken: "t"), validation: .strict)
        do {
            _ = try await strict.send(Menagerie.listAnimals())
            Issue.record("a member AnimalPage does not declare decoded")
        } catch {
            guard case .decoding(let failure) = error else { throw error }
            #expect(failure.message == #"The member "cursor" is not one the model declares."#)
        }
        // A 2xx of a type the operation does not declare.
        let html = MockTransport()
        html.on(.get, "/animals", .status(200, body: Data(#"{"items": []}"#.utf8), headers: ["Content-Type": "text/html"]))
        let client = { (validation: ResponseValidation) in
            APIClient(baseURL: Menagerie.baseURL, transport: html, credentials: StaticCredentials(bearerToken: "t"), validation: validation)
        }
        #expect(try await client(.lenient).send(Menagerie.listAnimals()).items.isEmpty)
        do {
            _ = try await client(ResponseValidation(requiresDeclaredContentType: true)).send(Menagerie.listAnimals())
            Issue.record("an undeclared content type was read")
        } catch {
            guard case .decoding(let failure) = error else { throw error }
            #expect(failure.message == "The server answered with text/html, which the endpoint does not declare (it declares application/json).")
        }
    }

    /// Stripe's `deleted_external_account` shape: an `anyOf` value holds exactly the variants it is.
    @Test func anAnyOfValueHoldsOnlyTheVariantsItValidatesAgainst() throws {
        // `object` is an open enum of one value in each variant: `badge` is not a card.
        let badge = try JSON.decode(DeletedKeeperAccount.self, #"{"deleted": true, "id": "ba_1", "object": "badge"}"#)
        #expect(badge.deletedBadge?.id == "ba_1" && badge.deletedCard == nil && badge.deletedLocker == nil)
        let card = try JSON.decode(DeletedKeeperAccount.self, #"{"deleted": true, "id": "card_1", "object": "card"}"#)
        #expect(card.deletedBadge == nil && card.deletedCard?.object == .card && card.deletedLocker == nil)
        // A key that is required but may be null: missing, the value is not that variant...
        #expect(badge.deletedLocker == nil)
        // ...present as null, it is.
        let locker = try JSON.decode(DeletedKeeperAccount.self, #"{"deleted": true, "id": "lk_1", "lockerNumber": null}"#)
        #expect(locker.deletedLocker?.id == "lk_1" && locker.deletedLocker?.lockerNumber == nil)
        #expect(locker.deletedBadge == nil && locker.deletedCard == nil)
        // A value its own variant does not wholly know (a card brand added since) is still that
        // variant alone: another variant's one-value enum, or missing key, says it is not that one.
        let newBrand = try JSON.decode(DeletedKeeperAccount.self, #"{"deleted": true, "id": "card_2", "object": "card", "brand": "discover"}"#)
        #expect(newBrand.deletedCard?.brand == .unknown("discover") && newBrand.deletedBadge == nil && newBrand.deletedLocker == nil)
        // A value no variant takes strictly (a new kind of object) keeps every variant that reads it at all.
        let other = try JSON.decode(DeletedKeeperAccount.self, #"{"deleted": true, "id": "x_1", "object": "wallet"}"#)
        #expect(other.deletedBadge?.object == .unknown("wallet") && other.deletedCard?.object == .unknown("wallet"))
        #expect(other.deletedLocker?.id == "x_1") // read leniently, the missing required key is nil
        #expect(throws: DecodingError.self) { try JSON.decode(DeletedKeeperAccount.self, #"{"deleted": true}"#) }
        // Outside a union, a required nullable key may be missing: read as nil, as before.
        #expect(try JSON.decode(DeletedLocker.self, #"{"deleted": true, "id": "lk_2"}"#).lockerNumber == nil)
    }

    static func decodeRex() throws -> Animal {
        try DateCoding.iso8601.makeJSONDecoder().decode(Animal.self, from: Data(rex.utf8))
    }
}
