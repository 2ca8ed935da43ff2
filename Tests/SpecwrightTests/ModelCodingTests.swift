import Foundation
import Specwright
import Testing

@Suite struct ModelCodingTests {
    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    // MARK: CalendarDate

    @Test func calendarDateParsing() throws {
        let day = try #require(CalendarDate("2024-02-29"))
        #expect((day.year, day.month, day.day) == (2024, 2, 29))
        #expect(day.description == "2024-02-29")
        #expect(CalendarDate(year: 7, month: 1, day: 2)?.description == "0007-01-02")
        for invalid in ["2023-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-1-01", "2026/01/01", "0000-01-01", "2026-01-01T", "", "２０２６-01-01"] {
            #expect(CalendarDate(invalid) == nil, "\(invalid)")
        }
        #expect(CalendarDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CalendarDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CalendarDate(year: 2026, month: 6, day: 0) == nil)
    }

    @Test func calendarDateCodableAndComparable() throws {
        let days = try decode([CalendarDate].self, #"["2026-11-30","2025-12-31","2026-01-01"]"#)
        #expect(days.sorted().map(\.description) == ["2025-12-31", "2026-01-01", "2026-11-30"])
        #expect(try json(days) == #"["2026-11-30","2025-12-31","2026-01-01"]"#)
        #expect(throws: DecodingError.self) { try decode(CalendarDate.self, #""2026-02-30""#) }
        #expect(throws: DecodingError.self) { try decode(CalendarDate.self, "20261130") }
    }

    @Test func calendarDateAndDate() throws {
        let day = try #require(CalendarDate("2026-11-30"))
        #expect(CalendarDate(sampleDate) == day)
        #expect(day.date() == Date(timeIntervalSince1970: 1_795_996_800))
        let tokyo = try #require(TimeZone(secondsFromGMT: 9 * 3600))
        #expect(CalendarDate(Date(timeIntervalSince1970: 1_795_996_800 - 3600), in: tokyo) == day)
        #expect(day.date(in: tokyo) == Date(timeIntervalSince1970: 1_795_996_800 - 9 * 3600))
    }

    // MARK: JSONValue

    @Test func jsonValueDecoding() throws {
        let value = try decode(JSONValue.self, #"{"a":[1,-2,2.5,9007199254740993,true,null,"s",{}],"b":{"c":false}}"#)
        #expect(value == .object([
            "a": .array([.integer(1), .integer(-2), .number(2.5), .integer(9_007_199_254_740_993), .bool(true), .null, .string("s"), .object([:])]),
            "b": .object(["c": .bool(false)]),
        ]))
        #expect(value["a"]?[3]?.integerValue == 9_007_199_254_740_993)
        #expect(value["a"]?[2]?.doubleValue == 2.5)
        #expect(value["b"]?["c"]?.boolValue == false)
        #expect(value["a"]?[6]?.stringValue == "s")
        #expect(value["a"]?[5]?.isNull == true)
        #expect(value["missing"] == nil)
        #expect(value["a"]?[99] == nil)
    }

    @Test func jsonValueRoundTrip() throws {
        let value: JSONValue = ["name": "x", "n": 3, "f": 0.5, "ok": true, "none": nil, "list": [1, "two", [3]]]
        #expect(try json(value) == #"{"f":0.5,"list":[1,"two",[3]],"n":3,"name":"x","none":null,"ok":true}"#)
        #expect(try decode(JSONValue.self, try json(value)) == value)
        #expect(try decode(JSONValue.self, "42") == 42)
        #expect(try decode(JSONValue.self, #""text""#) == "text")
        #expect(try decode(JSONValue.self, "null") == .null)
    }

    @Test func optionalJSONValueInModel() throws {
        let post = try decode(Post.self, #"{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","text":"t","like_count":0,"created_at":0,"extra":[1]}"#)
        #expect(post.extra == [1])
        #expect(post.day == nil)
    }

    // MARK: Enums

    @Test func openEnumKeepsUnknownValues() throws {
        let values = try decode([Visibility].self, #"["public","in-review","followers","secret-new"]"#)
        #expect(values == [.public, .inReview, .followers, .unknown("secret-new")])
        #expect(try json(values) == #"["public","in-review","followers","secret-new"]"#)
        #expect(Visibility(rawValue: "in-review") == .inReview)
        #expect(Visibility.unknown("x").parameterValues(dates: .iso8601) == ["x"])
    }

    @Test func frozenEnumRejectsUnknownValues() throws {
        #expect(try decode([Status].self, #"["ACTIVE","BANNED"]"#) == [.active, .banned])
        #expect(throws: DecodingError.self) { try decode(Status.self, #""DELETED""#) }
        #expect(try json(Status.banned) == #""BANNED""#)
        #expect(Status.allCases.count == 2)
    }

    // MARK: Unions

    @Test func unionRoundTrip() throws {
        let image = Attachment.image(ImageAttachment(url: try #require(URL(string: "https://x.example/a.png")), width: 640))
        let video = Attachment.video(VideoAttachment(url: try #require(URL(string: "https://x.example/v.mp4")), seconds: 2.5))
        #expect(try json(image) == #"{"type":"image","url":"https://x.example/a.png","width":640}"#)
        #expect(try json(video) == #"{"seconds":2.5,"type":"video","url":"https://x.example/v.mp4"}"#)
        #expect(try decode([Attachment].self, try json([image, video])) == [image, video])
    }

    @Test func unionUnknownTagAndMissingTag() throws {
        do {
            _ = try decode([Attachment].self, #"[{"type":"audio","url":"https://x.example"}]"#)
            Issue.record("Expected a decoding error")
        } catch {
            let failure = DecodingFailure(error, data: Data())
            #expect(failure.codingPath == "[0].type")
            #expect(failure.message.contains("audio"))
        }
        #expect(throws: DecodingError.self) { try decode(Attachment.self, #"{"url":"https://x.example"}"#) }
    }

    // MARK: Empty and File

    @Test func emptyAcceptsAnything() throws {
        #expect(try decode(Empty.self, #"{"a":1}"#) == Empty())
        #expect(try decode(Empty.self, "[1]") == Empty())
        #expect(try json(Empty()) == "{}")
    }

    @Test func fileDefaults() {
        let file = File(data: Data([1]))
        #expect(file.filename == nil)
        #expect(file.contentType == "application/octet-stream")
        #expect(file.multipartParts(dates: .iso8601) == [MultipartPart(data: Data([1]), contentType: "application/octet-stream")])
    }
}

/// A Decimal member is read from a number or from the text of one, every digit kept.
@Suite struct DecimalDecodingTests {
    struct Invoice: Decodable {
        var total: Decimal
        var tax: Decimal?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: WireKey.self)
            total = try container.decodeDecimals(Decimal.self, forKey: "total")
            tax = try container.decodeDecimalsIfPresent(Decimal.self, forKey: "tax")
        }
    }

    /// An app's own `Codable` type, whose synthesized `decode` is the standard one: untouched.
    struct Own: Decodable {
        var total: Decimal
    }

    @Test func numbersAndTheirTextDecode() throws {
        let text = try JSONDecoder().decode(Invoice.self, from: Data(#"{"total": "1234567890.123456789", "tax": "-1.5e2"}"#.utf8))
        #expect(text.total == Decimal(string: "1234567890.123456789"))
        #expect(text.tax == Decimal(-150))
        let number = try JSONDecoder().decode(Invoice.self, from: Data(#"{"total": 12.5, "tax": null}"#.utf8))
        #expect(number.total == Decimal(string: "12.5"))
        #expect(number.tax == nil)
        for bad in [#""12.5abc""#, #""""#, #""1.2.3""#, #""e5""#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(Invoice.self, from: Data(#"{"total": \#(bad)}"#.utf8)) }
        }
    }

    struct Prices: Decodable {
        var list: [Decimal]
        var byCurrency: [String: Decimal]?
        var grid: [[Decimal?]]?
        var maybe: [String: Decimal?]?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: WireKey.self)
            list = try container.decodeDecimals([Decimal].self, forKey: "list")
            byCurrency = try container.decodeDecimalsIfPresent([String: Decimal].self, forKey: "byCurrency")
            grid = try container.decodeDecimalsIfPresent([[Decimal?]].self, forKey: "grid")
            maybe = try container.decodeDecimalsIfPresent([String: Decimal?].self, forKey: "maybe")
        }
    }

    @Test func arraysAndMapsOfDecimalsTakeNumbersAndText() throws {
        let prices = try JSONDecoder().decode(Prices.self, from: Data(#"{"list": ["0.10", 2.5, "1e-2"], "byCurrency": {"eur": "9.990"}}"#.utf8))
        #expect(prices.list == [Decimal(string: "0.10"), Decimal(string: "2.5"), Decimal(string: "0.01")])
        #expect(prices.byCurrency == ["eur": try #require(Decimal(string: "9.99"))])
        #expect(try JSONDecoder().decode(Prices.self, from: Data(#"{"list": []}"#.utf8)).byCurrency == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Prices.self, from: Data(#"{"list": ["1", "one"]}"#.utf8)) }
        let nested = try JSONDecoder().decode(Prices.self, from: Data(#"{"list": [], "grid": [["1.5", null], [2]], "maybe": {"a": null, "b": "0.1"}}"#.utf8))
        #expect(nested.grid == [[Decimal(string: "1.5"), Decimal?.none], [Decimal(2)]])
        let expectedMaybe: [String: Decimal?] = ["a": nil, "b": Decimal(string: "0.1")]
        #expect(nested.maybe == expectedMaybe)
        // Only generated models, which call decodeDecimals, read decimals from text.
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Own.self, from: Data(#"{"total": "1.5"}"#.utf8)) }
        #expect(try JSONDecoder().decode(Own.self, from: Data(#"{"total": 1.5}"#.utf8)).total == Decimal(string: "1.5"))
    }

    @Test func aWholeBodyOrAUnionVariantOfDecimalsTakesText() throws {
        let one = try ResponseDecoding<Decimal>.json.decode(Data(#""12.50""#.utf8), dates: .iso8601)
        #expect(one == Decimal(string: "12.50"))
        let list = try ResponseDecoding<[Decimal]>.json.decode(Data(#"["1.5", 2]"#.utf8), dates: .iso8601)
        #expect(list == [Decimal(string: "1.5"), Decimal(2)])
        let map = try ResponseDecoding<[String: Decimal]>.json.decode(Data(#"{"eur": "3"}"#.utf8), dates: .iso8601)
        #expect(map == ["eur": Decimal(3)])
        #expect(throws: DecodingError.self) { try ResponseDecoding<Decimal>.json.decode(Data(#""12,5""#.utf8), dates: .iso8601) }
        #expect(try ResponseDecoding<Decimal?>.json.decode(Data("null".utf8), dates: .iso8601) == nil)
        #expect(try ResponseDecoding<[[Decimal]]>.json.decode(Data(#"[["1"], [2.5]]"#.utf8), dates: .iso8601) == [[1], [try #require(Decimal(string: "2.5"))]])
        struct Amount: Decodable {
            let value: Decimal
            init(from decoder: any Decoder) throws { value = try UnionCoding.value(Decimal.self, in: decoder) }
        }
        #expect(try JSONDecoder().decode(Amount.self, from: Data(#""0.30""#.utf8)).value == Decimal(string: "0.30"))
    }
}

/// `Nullable<T>?`: absent, `null` and a value are three different things, read and written.
@Suite struct NullableTests {
    struct Patch: Codable, Equatable {
        var due: Nullable<Int>?

        init(due: Nullable<Int>?) {
            self.due = due
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            due = try container.decodeIfPresent(Nullable<Int>.self, forKey: AnyKey("due"))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encodeIfPresent(due, forKey: AnyKey("due"))
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    @Test func absentNullAndAValueRoundTrip() throws {
        for (patch, json) in [(Patch(due: nil), "{}"), (Patch(due: .null), #"{"due":null}"#), (Patch(due: 5), #"{"due":5}"#)] {
            #expect(String(decoding: try JSONEncoder().encode(patch), as: UTF8.self) == json)
            #expect(try JSONDecoder().decode(Patch.self, from: Data(json.utf8)) == patch)
        }
        #expect(Nullable<Int>.value(3).value == 3)
        #expect(Nullable<Int>.null.value == nil)
    }
}
