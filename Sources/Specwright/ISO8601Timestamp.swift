import Foundation

/// Reads and writes RFC 3339 / ISO 8601 timestamps such as `2026-11-30T08:15:00.250Z`.
///
/// Hand-written instead of `ISO8601DateFormatter` so it is `Sendable`, needs no lock, and reads
/// timestamps with or without fractional seconds the same way on every platform.
enum ISO8601Timestamp {
    /// Writes a date in UTC with the fraction it has, so a decoded timestamp goes back as it came:
    /// `2026-11-30T08:15:00Z` for whole seconds, `.250` for milliseconds, `.250125` for anything finer
    /// (rounded to the microsecond). With `alwaysFraction`, whole seconds get `.000` too. Empty for
    /// dates beyond any calendar (more than 3 million years away).
    static func string(from date: Date, alwaysFraction: Bool) -> String {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, abs(interval) < 1e14 else { return "" }
        let whole = interval.rounded(.down)
        var totalSeconds = Int(whole)
        var microseconds = Int(((interval - whole) * 1_000_000).rounded())
        if microseconds == 1_000_000 {
            totalSeconds += 1
            microseconds = 0
        }
        let (days, secondOfDay) = floorDivide(totalSeconds, 86_400)
        let civil = CivilCalendar.civil(fromDays: days)
        var text = CivilCalendar.padded(civil.year, width: 4) + "-" + CivilCalendar.padded(civil.month, width: 2)
            + "-" + CivilCalendar.padded(civil.day, width: 2)
            + "T" + CivilCalendar.padded(secondOfDay / 3600, width: 2)
            + ":" + CivilCalendar.padded(secondOfDay / 60 % 60, width: 2)
            + ":" + CivilCalendar.padded(secondOfDay % 60, width: 2)
        if microseconds % 1000 == 0 {
            if microseconds > 0 || alwaysFraction { text += "." + CivilCalendar.padded(microseconds / 1000, width: 3) }
        } else {
            text += "." + CivilCalendar.padded(microseconds, width: 6)
        }
        return text + "Z"
    }

    /// Reads `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM|±HH)`; `nil` when the text is not such a timestamp.
    static func date(from string: String) -> Date? {
        var scanner = Scanner(bytes: Array(string.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
              let month = scanner.number(digits: 2), scanner.skip("-"),
              let day = scanner.number(digits: 2),
              CivilCalendar.isValid(year: year, month: month, day: day),
              scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
              let hour = scanner.number(digits: 2), scanner.skip(":"),
              let minute = scanner.number(digits: 2), scanner.skip(":"),
              let second = scanner.number(digits: 2),
              hour < 24, minute < 60, second <= 60
        else { return nil }
        var fraction = 0.0
        if scanner.skip(".") || scanner.skip(",") {
            guard let value = scanner.fraction() else { return nil }
            fraction = value
        }
        guard let offset = scanner.timeZoneOffset(), scanner.isAtEnd else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    /// Steps through the ASCII bytes of a timestamp.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func number(digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + digits] {
                guard let digit = Self.digit(byte) else { return nil }
                value = value * 10 + digit
            }
            index += digits
            return value
        }

        mutating func fraction() -> Double? {
            let start = index
            while index < bytes.count, Self.digit(bytes[index]) != nil {
                index += 1
            }
            guard index > start else { return nil }
            return Double("0." + String(decoding: bytes[start..<index], as: UTF8.self))
        }

        /// The offset from UTC in seconds, or `nil` when there is no valid zone designator.
        mutating func timeZoneOffset() -> Int? {
            if skip("Z") || skip("z") { return 0 }
            let sign: Int
            if skip("+") {
                sign = 1
            } else if skip("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = number(digits: 2), hours < 24 else { return nil }
            var minutes = 0
            if !isAtEnd {
                _ = skip(":")
                guard let value = number(digits: 2), value < 60 else { return nil }
                minutes = value
            }
            return sign * (hours * 3600 + minutes * 60)
        }

        private static func digit(_ byte: UInt8) -> Int? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
        }
    }
}
