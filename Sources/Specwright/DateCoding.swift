import Foundation

/// How an API writes dates, in JSON bodies and in path, query, header and form values.
///
/// Set once per API in ``APIDefaults`` so every endpoint of that API reads and writes dates alike.
public enum DateCoding: Hashable, Sendable {
    /// RFC 3339 text in UTC, written with the fraction the date has (`2026-11-30T08:15:00Z`,
    /// `2026-11-30T08:15:00.250Z`, to the microsecond), so a decoded date is sent back as it came;
    /// reads timestamps with and without fractional seconds and with any UTC offset.
    case iso8601
    /// RFC 3339 text in UTC, always with a fraction: milliseconds (`2026-11-30T08:15:00.000Z`), or
    /// microseconds when the date has them; reads timestamps with and without fractional seconds.
    case iso8601Fractional
    /// Seconds since 1970-01-01 as a JSON number (a whole number when the date has no fraction).
    case seconds
    /// Whole milliseconds since 1970-01-01 as a JSON number.
    case milliseconds
    /// A `DateFormatter` pattern such as `yyyy-MM-dd HH:mm`, read and written in UTC with the `en_US_POSIX` locale.
    case format(String)

    /// Writes a date as text, as it goes into a path, query, header or form value.
    public func string(from date: Date) -> String {
        switch self {
        case .iso8601:
            ISO8601Timestamp.string(from: date, alwaysFraction: false)
        case .iso8601Fractional:
            ISO8601Timestamp.string(from: date, alwaysFraction: true)
        case .seconds:
            Self.secondsText(date.timeIntervalSince1970)
        case .milliseconds:
            Self.secondsText((date.timeIntervalSince1970 * 1000).rounded())
        case .format(let pattern):
            PatternFormatters.shared.string(from: date, pattern: pattern)
        }
    }

    /// Reads a date from text; `nil` when the text does not match this coding.
    public func date(from string: String) -> Date? {
        switch self {
        case .iso8601, .iso8601Fractional:
            ISO8601Timestamp.date(from: string)
        case .seconds:
            Double(string).flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil }
        case .milliseconds:
            Double(string).flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0 / 1000) : nil }
        case .format(let pattern):
            PatternFormatters.shared.date(from: string, pattern: pattern)
        }
    }

    /// A JSON encoder that writes dates with this coding (and `/` unescaped).
    public func makeJSONEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let coding = self
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            switch coding {
            case .seconds:
                try Self.encodeNumber(date.timeIntervalSince1970, in: &container)
            case .milliseconds:
                try Self.encodeNumber((date.timeIntervalSince1970 * 1000).rounded(), in: &container)
            case .iso8601, .iso8601Fractional, .format:
                try container.encode(coding.string(from: date))
            }
        }
        return encoder
    }

    /// A decoder for this coding, shared for the fixed codings (decoders are stateless between calls).
    var jsonDecoder: JSONDecoder {
        switch self {
        case .iso8601: Self.shared.iso8601Decoder
        case .iso8601Fractional: Self.shared.iso8601FractionalDecoder
        case .seconds: Self.shared.secondsDecoder
        case .milliseconds: Self.shared.millisecondsDecoder
        case .format: makeJSONDecoder()
        }
    }

    /// An encoder for this coding, shared for the fixed codings.
    var jsonEncoder: JSONEncoder {
        switch self {
        case .iso8601: Self.shared.iso8601Encoder
        case .iso8601Fractional: Self.shared.iso8601FractionalEncoder
        case .seconds: Self.shared.secondsEncoder
        case .milliseconds: Self.shared.millisecondsEncoder
        case .format: makeJSONEncoder()
        }
    }

    /// The decoders and encoders of the fixed codings, made once.
    private struct Shared: Sendable {
        let iso8601Decoder = DateCoding.iso8601.makeJSONDecoder()
        let iso8601FractionalDecoder = DateCoding.iso8601Fractional.makeJSONDecoder()
        let secondsDecoder = DateCoding.seconds.makeJSONDecoder()
        let millisecondsDecoder = DateCoding.milliseconds.makeJSONDecoder()
        let iso8601Encoder = DateCoding.iso8601.makeJSONEncoder()
        let iso8601FractionalEncoder = DateCoding.iso8601Fractional.makeJSONEncoder()
        let secondsEncoder = DateCoding.seconds.makeJSONEncoder()
        let millisecondsEncoder = DateCoding.milliseconds.makeJSONEncoder()
    }

    private static let shared = Shared()

    /// A JSON decoder that reads dates with this coding.
    public func makeJSONDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        switch self {
        case .seconds:
            decoder.dateDecodingStrategy = .secondsSince1970
        case .milliseconds:
            decoder.dateDecodingStrategy = .millisecondsSince1970
        case .iso8601, .iso8601Fractional, .format:
            let coding = self
            decoder.dateDecodingStrategy = .custom { decoder in
                let container = try decoder.singleValueContainer()
                let text = try container.decode(String.self)
                guard let date = coding.date(from: text) else {
                    throw DecodingError.dataCorruptedError(
                        in: container,
                        debugDescription: "Expected a date (\(coding.expectation)), found \"\(text)\"."
                    )
                }
                return date
            }
        }
        return decoder
    }

    /// What a date looks like in this coding, for error messages.
    private var expectation: String {
        switch self {
        case .iso8601, .iso8601Fractional: "ISO 8601, such as 2026-11-30T08:15:00Z"
        case .seconds: "seconds since 1970"
        case .milliseconds: "milliseconds since 1970"
        case .format(let pattern): "format \(pattern)"
        }
    }

    /// A whole number without `.0` when the value has no fraction.
    private static func secondsText(_ value: Double) -> String {
        if let whole = Int64(exactly: value) {
            return String(whole)
        }
        return String(value)
    }

    private static func encodeNumber(_ value: Double, in container: inout any SingleValueEncodingContainer) throws {
        if let whole = Int64(exactly: value) {
            try container.encode(whole)
        } else {
            try container.encode(value)
        }
    }
}

/// `DateFormatter`s for ``DateCoding/format(_:)``, one per pattern, used under a lock
/// because formatters are neither `Sendable` nor documented as thread-safe everywhere.
final class PatternFormatters: @unchecked Sendable {
    static let shared = PatternFormatters()

    private let lock = NSLock()
    private var formatters: [String: DateFormatter] = [:]

    func string(from date: Date, pattern: String) -> String {
        withFormatter(pattern) { $0.string(from: date) }
    }

    func date(from string: String, pattern: String) -> Date? {
        withFormatter(pattern) { $0.date(from: string) }
    }

    private func withFormatter<Result>(_ pattern: String, _ body: (DateFormatter) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        if let formatter = formatters[pattern] {
            return body(formatter)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.dateFormat = pattern
        formatters[pattern] = formatter
        return body(formatter)
    }
}
