import Foundation
import Specwright
import Testing

@Suite struct DateCodingTests {
    struct Stamp: Codable, Equatable {
        var at: Date
    }

    private func encode(_ date: Date, _ coding: DateCoding) throws -> String {
        String(decoding: try coding.makeJSONEncoder().encode(Stamp(at: date)), as: UTF8.self)
    }

    private func decode(_ json: String, _ coding: DateCoding) throws -> Date {
        try coding.makeJSONDecoder().decode(Stamp.self, from: Data(json.utf8)).at
    }

    @Test func iso8601WritesTheFractionTheDateHas() throws {
        #expect(try encode(sampleDate, .iso8601) == #"{"at":"2026-11-30T08:15:00Z"}"#)
        #expect(try encode(sampleDate.addingTimeInterval(0.75), .iso8601) == #"{"at":"2026-11-30T08:15:00.750Z"}"#)
        #expect(DateCoding.iso8601.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(DateCoding.iso8601.string(from: Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
        #expect(DateCoding.iso8601.string(from: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
        // Finer than milliseconds: to the microsecond, rounded.
        #expect(DateCoding.iso8601.string(from: sampleDate.addingTimeInterval(0.1234567)) == "2026-11-30T08:15:00.123457Z")
        #expect(DateCoding.iso8601.string(from: sampleDate.addingTimeInterval(0.9999996)) == "2026-11-30T08:15:01Z")
    }

    /// A decoded timestamp goes back as it came (a "created after the last one I saw" query must
    /// not see the last one again), with and without fractions, in UTC.
    @Test(arguments: ["2026-11-30T08:15:00Z", "2026-11-30T09:02:00.250Z", "2026-11-30T09:02:00.123456Z", "1969-12-31T23:59:59.001Z"])
    func iso8601SendsADecodedTimestampBackUnchanged(text: String) throws {
        let decoded = try decode(#"{"at":"\#(text)"}"#, .iso8601)
        #expect(try encode(decoded, .iso8601) == #"{"at":"\#(text)"}"#)
        #expect(DateCoding.iso8601.string(from: decoded) == text)
    }

    @Test(arguments: [DateCoding.iso8601, .iso8601Fractional])
    func iso8601ReadsWithAndWithoutFraction(coding: DateCoding) throws {
        #expect(try decode(#"{"at":"2026-11-30T08:15:00Z"}"#, coding) == sampleDate)
        #expect(try decode(#"{"at":"2026-11-30T08:15:00.5Z"}"#, coding) == sampleDate.addingTimeInterval(0.5))
        #expect(try decode(#"{"at":"2026-11-30T08:15:00.250Z"}"#, coding) == sampleDate.addingTimeInterval(0.25))
        let micro = try decode(#"{"at":"2026-11-30T08:15:00.123456Z"}"#, coding)
        #expect(abs(micro.timeIntervalSince(sampleDate) - 0.123456) < 1e-6)
        #expect(try decode(#"{"at":"2026-11-30T10:15:00+02:00"}"#, coding) == sampleDate)
        #expect(try decode(#"{"at":"2026-11-30T03:15:00-0500"}"#, coding) == sampleDate)
        #expect(try decode(#"{"at":"2026-11-30t08:15:00z"}"#, coding) == sampleDate)
    }

    @Test(arguments: ["2026-11-30", "2026-11-30T08:15:00", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-11-30T24:00:00Z",
                      "2026-11-30T08:15:00.Z", "2026-11-30T08:15:00Z junk", "1796026500", ""])
    func iso8601RejectsOtherText(text: String) throws {
        #expect(DateCoding.iso8601.date(from: text) == nil)
        #expect(throws: DecodingError.self) { try decode(#"{"at":"\#(text)"}"#, .iso8601) }
    }

    @Test func iso8601FractionalAlwaysWritesAFraction() throws {
        #expect(try encode(sampleDate.addingTimeInterval(0.25), .iso8601Fractional) == #"{"at":"2026-11-30T08:15:00.250Z"}"#)
        #expect(DateCoding.iso8601Fractional.string(from: sampleDate) == "2026-11-30T08:15:00.000Z")
        #expect(DateCoding.iso8601Fractional.string(from: sampleDate.addingTimeInterval(0.9996)) == "2026-11-30T08:15:00.999600Z")
        #expect(DateCoding.iso8601Fractional.string(from: sampleDate.addingTimeInterval(0.9999996)) == "2026-11-30T08:15:01.000Z")
        #expect(DateCoding.iso8601Fractional.string(from: Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
    }

    @Test func secondsAndMilliseconds() throws {
        #expect(try encode(sampleDate, .seconds) == #"{"at":1796026500}"#)
        #expect(try encode(sampleDate.addingTimeInterval(0.5), .seconds) == #"{"at":1796026500.5}"#)
        #expect(try encode(sampleDate.addingTimeInterval(0.25), .milliseconds) == #"{"at":1796026500250}"#)
        #expect(try decode(#"{"at":1796026500}"#, .seconds) == sampleDate)
        #expect(try decode(#"{"at":1796026500250}"#, .milliseconds) == sampleDate.addingTimeInterval(0.25))
        #expect(DateCoding.seconds.string(from: sampleDate) == "1796026500")
        #expect(DateCoding.milliseconds.string(from: sampleDate) == "1796026500000")
        #expect(DateCoding.seconds.date(from: "1796026500") == sampleDate)
        #expect(DateCoding.milliseconds.date(from: "1796026500000") == sampleDate)
        #expect(throws: DecodingError.self) { try decode(#"{"at":"2026-11-30T08:15:00Z"}"#, .seconds) }
    }

    @Test func formatPattern() throws {
        let coding = DateCoding.format("yyyy-MM-dd HH:mm")
        #expect(try encode(sampleDate, coding) == #"{"at":"2026-11-30 08:15"}"#)
        #expect(try decode(#"{"at":"2026-11-30 08:15"}"#, coding) == sampleDate)
        #expect(throws: DecodingError.self) { try decode(#"{"at":"30/11/2026"}"#, coding) }
        #expect(coding.string(from: sampleDate) == "2026-11-30 08:15")
    }

    @Test func formatPatternIsThreadSafe() async {
        let coding = DateCoding.format("EEE, dd MMM yyyy HH:mm:ss")
        let results = await withTaskGroup(of: String.self) { group in
            for offset in 0..<200 {
                group.addTask { coding.string(from: sampleDate.addingTimeInterval(Double(offset) * 86_400)) }
            }
            return await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(results.count == 200)
        #expect(results.contains("Mon, 30 Nov 2026 08:15:00"))
    }

    @Test(arguments: [DateCoding.iso8601, .iso8601Fractional, .seconds, .milliseconds, .format("yyyy-MM-dd'T'HH:mm:ss")])
    func parameterValuesUseTheEndpointCoding(coding: DateCoding) {
        let endpoint = Endpoint<Empty, Never>(.get, "/d/\(sampleDate)", APIDefaults(dates: coding), query: ["at": sampleDate], response: .empty)
        let text = coding.string(from: sampleDate)
        #expect(endpoint.query.first?.value == text)
        #expect(coding.date(from: text) == sampleDate)
        #expect(endpoint.path == "/d/" + text.replacingOccurrences(of: ":", with: "%3A"))
    }

    @Test func roundTripsAcrossCenturies() throws {
        for seconds in stride(from: -62_135_596_800.0, to: 253_402_300_799.0, by: 7_777_777.123) {
            let date = Date(timeIntervalSince1970: seconds.rounded(.down))
            let text = DateCoding.iso8601.string(from: date)
            #expect(DateCoding.iso8601.date(from: text) == date, "\(text)")
        }
    }
}
