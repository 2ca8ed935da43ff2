import Foundation
import Specwright
import Testing

/// `ExactDecimal` keeps every digit and the scale, both ways.
@Suite struct ExactDecimalTests {
    struct Price: Codable, Equatable {
        var amount: ExactDecimal
    }

    @Test func theDigitsAndTheScaleGoOutAndComeBackAsWritten() throws {
        let price = Price(amount: "12345678901234567.89")
        let data = try JSONEncoder().encode(price)
        #expect(String(decoding: data, as: UTF8.self) == #"{"amount":"12345678901234567.89"}"#)
        #expect(try JSONDecoder().decode(Price.self, from: data) == price)
        let scaled = try JSONDecoder().decode(Price.self, from: Data(#"{"amount": "99.90"}"#.utf8))
        #expect(scaled.amount.text == "99.90" && scaled.amount != "99.9")
        #expect(scaled.amount.decimal == Decimal(string: "99.9"))
    }

    @Test func aNumberIsReadToo() throws {
        #expect(try JSONDecoder().decode(Price.self, from: Data(#"{"amount": 19.99}"#.utf8)).amount == "19.99")
        #expect(try JSONDecoder().decode(Price.self, from: Data(#"{"amount": 3}"#.utf8)).amount == 3)
    }

    @Test func textThatIsNotANumberIsRefused() throws {
        // Text read at run time (`ExactDecimal("...")` of a literal is the literal, checked when sent).
        let texts = ["1.5abc", "", "1,5", "-1.5e3"]
        #expect(texts.map { ExactDecimal($0)?.text } == [nil, nil, nil, "-1.5e3"])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Price.self, from: Data(#"{"amount": "ten"}"#.utf8)) }
    }

    @Test func aQueryValueIsTheText() {
        let endpoint = Endpoint<Empty, Never>(.get, "/price", APIDefaults(), query: ["amount": ExactDecimal("99.90")], response: .empty)
        #expect(endpoint.query.map(\.value) == ["99.90"])
    }
}
