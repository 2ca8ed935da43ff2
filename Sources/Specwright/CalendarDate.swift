import Foundation

/// A day without a time or time zone, such as a birthday; `"2026-11-30"` on the wire.
public struct CalendarDate: Hashable, Comparable, Sendable, Codable, ParameterValue, LosslessStringConvertible {
    /// The year, 1...9999.
    public let year: Int
    /// The month, 1...12.
    public let month: Int
    /// The day of the month, 1...31 depending on the month.
    public let day: Int

    /// The day with these numbers; `nil` when they name no real day (such as 2026-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard CivilCalendar.isValid(year: year, month: month, day: day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads `YYYY-MM-DD`; `nil` for any other text or a day that does not exist.
    public init?(_ description: String) {
        let bytes = Array(description.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]), let day = Self.number(bytes[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day on which `date` falls in `timeZone` (UTC unless given).
    public init(_ date: Date, in timeZone: TimeZone = .gmt) {
        let seconds = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        let days = seconds.isFinite ? Int((seconds / 86_400).rounded(.down).clamped(to: -719_162...2_932_896)) : 0
        let civil = CivilCalendar.civil(fromDays: days)
        year = civil.year
        month = civil.month
        day = civil.day
    }

    /// `YYYY-MM-DD`, as on the wire.
    public var description: String {
        CivilCalendar.padded(year, width: 4) + "-" + CivilCalendar.padded(month, width: 2) + "-" + CivilCalendar.padded(day, width: 2)
    }

    /// The first instant of the day in `timeZone` (UTC unless given).
    public func date(in timeZone: TimeZone = .gmt) -> Date {
        let midnightUTC = Date(timeIntervalSince1970: Double(CivilCalendar.days(year: year, month: month, day: day) * 86_400))
        return midnightUTC.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: midnightUTC)))
    }

    /// Earlier days come first.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Reads a `YYYY-MM-DD` string; any other value is a decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = CalendarDate(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a date like 2026-11-30, found \"\(text)\".")
        }
        self = value
    }

    /// Writes the `YYYY-MM-DD` string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// `YYYY-MM-DD`.
    public func parameterValues(dates: DateCoding) -> [String] { [description] }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

private extension Double {
    func clamped(to range: ClosedRange<Double>) -> Double {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
