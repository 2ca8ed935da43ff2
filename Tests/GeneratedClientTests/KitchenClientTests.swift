import Foundation
import KitchenClient
import Specwright
import Testing

/// The kitchen-sink client: unions, frozen enums, keywords, escaped wire names, every default kind, groups.
@Suite struct KitchenClientTests {
    @Test func unionsDecodeByTagAndEncodeTheTagBack() throws {
        let discounts = try JSON.decode([Discount].self, """
            [{"kind": "percent", "percent": 10}, {"kind": "free_item", "dish_id": "7C3D5A4B-1111-2222-3333-444455556666"}]
            """)
        #expect(discounts.first == .percent(PercentOff(percent: 10)))
        guard case .freeItem(let item) = discounts.last else {
            Issue.record("expected .freeItem")
            return
        }
        #expect(item.quantity == 1)
        let object = try JSON.object(Discount.freeItem(item))
        #expect(object["kind"] as? String == "free_item")
        #expect(object["dish_id"] as? String == "7C3D5A4B-1111-2222-3333-444455556666")
    }

    @Test func variantsThatCarryTheTagAreSelectedByItsValues() throws {
        let filters = try JSON.decode([SavedFilter].self, """
            [{"op": "above", "cents": 900},
             {"op": "below", "cents": 500},
             {"op": "below", "kcal": 400},
             {"op": "any", "filters": [{"op": "vegan", "strict": true}]},
             {"op": "favourites", "customer": "c1"}]
            """)
        #expect(filters == [
            .menu(.price(PriceFilter(op: .above, cents: 900))),
            .menu(.price(PriceFilter(op: .below, cents: 500))),
            .menu(.calories(CalorieFilter(op: .below, kcal: 400))),
            .menu(.group(FilterGroup(op: .any, filters: [.vegan(VeganFilter(strict: true))]))),
            .favourites(FavouritesFilter(customer: "c1")),
        ])
        // Each variant's tag goes back as it came: the model's own field, or the union's key.
        let group = try JSON.object(SavedFilter.menu(.group(FilterGroup(op: .all, filters: [.vegan(VeganFilter())]))))
        #expect(group["op"] as? String == "all")
        #expect((group["filters"] as? [[String: Any]])?.first?["op"] as? String == "vegan")
        #expect(try JSON.object(MenuFilter.calories(CalorieFilter(op: .below, kcal: 1)))["op"] as? String == "below")
        #expect(try JSON.object(SavedFilter.favourites(FavouritesFilter(customer: "c1")))["op"] as? String == "favourites")
        // A value that selects two variants and fits neither says why each failed.
        #expect(throws: DecodingError.self) { try JSON.decode(MenuFilter.self, #"{"op": "below"}"#) }
        #expect(throws: DecodingError.self) { try JSON.decode(SavedFilter.self, #"{"op": "sideways"}"#) }
    }

    @Test func anyOfKeepsEveryVariantTheValueIs() throws {
        let both = try JSON.decode(Contact.self, #"{"email": "a@b.example", "phone": "+3312345678"}"#)
        #expect(both == Contact(email: EmailContact(email: "a@b.example"), phone: PhoneContact(phone: "+3312345678")))
        #expect(try JSON.decode(Contact.self, #"{"phone": "+33"}"#) == Contact(phone: PhoneContact(phone: "+33")))
        #expect(try JSON.object(both).count == 2)
        #expect(throws: DecodingError.self) { try JSON.decode(Contact.self, #"{"fax": "+33"}"#) }
    }

    @Test func unknownUnionTagIsADecodingError() {
        #expect(throws: DecodingError.self) { try JSON.decode(Discount.self, #"{"kind": "coupon"}"#) }
    }

    @Test func aDateInsideAUnionFollowsTheAPIsDateCoding() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        let deadline = try decoder.decode(Deadline.self, from: Data("1700000000000".utf8))
        #expect(deadline == .at(Date(timeIntervalSince1970: 1_700_000_000)))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        #expect(String(decoding: try encoder.encode(deadline), as: UTF8.self) == "1700000000000")
        #expect(try decoder.decode(Deadline.self, from: Data(#""soon""#.utf8)) == .note("soon"))
    }

    @Test func membersBeyondTheFieldsAreKeptAndSentBack() throws {
        let label = try JSON.decode(Label.self, #"{"name": "urgent", "color": "red", "weight": 3, "meta": {"pinned": true}}"#)
        #expect(label.name == "urgent")
        #expect(label.additionalProperties == ["weight": .integer(3), "meta": .object(["pinned": .bool(true)])])
        let object = try JSON.object(label)
        #expect(object["weight"] as? Int == 3)
        #expect(object["name"] as? String == "urgent")
        #expect(object.count == 4)
    }

    @Test func aDefaultVariantTakesUnknownAndMissingTags() throws {
        // With `default: text`, an unknown kind, or none, decodes as the default variant.
        let unknownKind = try JSON.decode(Notice.self, #"{"kind": "banner", "message": "Closed today"}"#)
        #expect(unknownKind == .text(TextNotice(message: "Closed today")))
        let noKind = try JSON.decode(Notice.self, #"{"message": "Hi"}"#)
        #expect(noKind == .text(TextNotice(message: "Hi")))
        let link = try JSON.decode(Notice.self, #"{"kind": "link", "message": "Menu", "url": "https://x.example"}"#)
        #expect(link == .link(LinkNotice(message: "Menu", url: try #require(URL(string: "https://x.example")))))
    }

    @Test func frozenEnumsRejectUnknownValues() throws {
        #expect(throws: DecodingError.self) { try JSON.decode([Spiciness].self, #"["volcanic"]"#) }
        #expect(Spiciness.allCases.count > 1)
    }

    @Test func escapedWireNamesRoundTripExactly() throws {
        let text = #"{"pos\\ref": "A1", "ticket\"no": 7, "total\\(gross)": 12.5, "printed_at": "2026-11-30T10:00:00Z"}"#
        let ticket = try JSON.decode(PosTicket.self, text)
        #expect(ticket.posref == "A1")
        #expect(ticket.ticketno == 7)
        let object = try JSON.object(ticket)
        #expect(Set(object.keys) == [#"pos\ref"#, #"ticket"no"#, #"total\(gross)"#, "printed_at"])
    }

    @Test func keywordFieldNamesWork() throws {
        let ingredient = try JSON.decode(Ingredient.self, """
            {"id": 1, "name": "salt", "class": "spice", "stock_grams": 10, "reorder_at_grams": 5}
            """)
        #expect(ingredient.class == "spice")
        #expect(try JSON.object(ingredient)["class"] as? String == "spice")
    }

    @Test func defaultsOfEveryKindApplyWhenKeysAreMissing() throws {
        let dish = try JSON.decode(Dish.self, """
            {"id": "7C3D5A4B-1111-2222-3333-444455556666", "name": "Soup", "course": "starter",
             "price": {"amount": 5}, "nutrition": {"kcal": 120}}
            """)
        #expect(dish.vegetarian == false)
        #expect(dish.available == true)
        #expect(dish.spiciness == .mild)
        #expect(dish.allergens == [])
        #expect(dish.nutrition["kcal"] == 120)
        #expect(dish.price.currency == "EUR")
        #expect(dish.spiceLevel == 1)
    }

    @Test func groupsNestAndKeywordsAreQueryArguments() async throws {
        let client = APIClient(baseURL: Kitchen.baseURL, transport: CannedTransport(), credentials: StaticCredentials(bearerToken: "t"))
        let request = try await client.request(for: Kitchen.Staff.Inventory.ingredients(class: "dairy"))
        #expect(request.url?.absoluteString == "https://api.kitchen.example.com/v1/staff/ingredients?class=dairy&low_stock=false")
    }

    @Test func severalErrorTypesBecomeAnEnum() async throws {
        let transport = CannedTransport(status: 409, json: #"{"message": "gone", "dish_ids": []}"#)
        let client = APIClient(baseURL: Kitchen.baseURL, transport: transport, credentials: StaticCredentials(bearerToken: "t"))
        let order = NewOrder(lines: [], pickupDay: try #require(CalendarDate(year: 2026, month: 12, day: 24)))
        do {
            _ = try await client.send(Kitchen.placeOrder(body: order, idempotencyKey: "k1"))
            Issue.record("a 409 must throw")
        } catch {
            guard case .status(let failure) = error, case .status409(let body)? = failure.model else {
                Issue.record("expected a typed 409 body, got \(error)")
                return
            }
            #expect(body.message == "gone")
            #expect(transport.requests.first?.value(forHTTPHeaderField: "Idempotency-Key") == "k1")
        }
    }
}
