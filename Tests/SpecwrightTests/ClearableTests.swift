import Foundation
import Specwright
import Testing

/// `Clearable<T>`: a value is sent as it is, `.clear` as the empty string, in JSON, in a form and in
/// a query; a response's `""` reads as `.clear`; literals set.
@Suite struct ClearableTests {
    struct Address: Codable, Equatable, Sendable {
        var city: String
    }

    /// A form of one field, as generated code sends a field of a type that is not text.
    func form(_ name: String, _ value: some Encodable & Sendable) throws -> String {
        String(decoding: try RequestBody.form(fields: [name: StyledValue(value, style: .deepObject)]).encoded(dates: .iso8601).data, as: UTF8.self)
    }

    func query(_ value: StyledValue?) -> [String] {
        Endpoint<Empty, Never>(.get, "/", APIDefaults(), query: ["created": value], response: .empty).query.map { "\($0.name)=\($0.value)" }
    }

    @Test func aValueIsSentAsItIsAndClearAsAnEmptyString() throws {
        let metadata: Clearable<[String: String]> = ["order_id": "6735"]
        let address: Clearable<Address> = .set(Address(city: "Paris"))
        let cleared: Clearable<[String: String]> = .clear
        #expect(try form("metadata", metadata) == "metadata%5Border_id%5D=6735")
        #expect(try form("address", address) == "address%5Bcity%5D=Paris")
        #expect(try form("metadata", cleared) == "metadata=")
        #expect(String(decoding: try JSONEncoder().encode(cleared), as: UTF8.self) == #""""#)
        #expect(String(decoding: try JSONEncoder().encode(address), as: UTF8.self) == #"{"city":"Paris"}"#)
        let limit: Clearable<Int> = 3
        #expect(query(StyledValue(limit, style: .deepObject)) == ["created=3"])
        #expect(query(StyledValue(Clearable<Int>.clear, style: .deepObject)) == ["created="])
    }

    @Test func anEmptyStringReadsAsClearAndAnythingElseAsTheValue() throws {
        #expect(try JSONDecoder().decode(Clearable<Address>.self, from: Data(#""""#.utf8)) == .clear)
        #expect(try JSONDecoder().decode(Clearable<Address>.self, from: Data(#"{"city":"Köln"}"#.utf8)) == .set(Address(city: "Köln")))
        #expect(try JSONDecoder().decode(Clearable<[Int]>.self, from: Data("[1,2]".utf8)) == [1, 2])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Clearable<Int>.self, from: Data(#""x""#.utf8)) }
    }

    @Test func literalsSet() {
        let email: Clearable<String> = "ada@example.com"
        let rates: Clearable<[String]> = ["txr_1"]
        let on: Clearable<Bool> = true
        let share: Clearable<Double> = 0.5
        #expect(email == .set("ada@example.com"))
        #expect(rates.value == ["txr_1"])
        #expect(on.value == true && share.value == 0.5)
        #expect(Clearable<Int>.clear.value == nil)
    }
}
