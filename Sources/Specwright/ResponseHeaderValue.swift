import Foundation

/// A type a response header can be read as (`Response.header(_:as:dates:)`): numbers, booleans,
/// text, UUIDs, URLs, decimals, dates, string enums, and comma-separated lists of them.
public protocol ResponseHeaderValue: Sendable {
    /// The value a header's text holds, or nil when it holds none of this type.
    init?(headerValue: String, dates: DateCoding)
}

extension Response {
    /// The header `name` (matched case-insensitively) as `type`, with surrounding spaces trimmed;
    /// nil when absent or when its text is not a value of that type. Dates are read with `dates`,
    /// then as HTTP dates (`Tue, 01 Dec 2026 20:27:15 GMT`).
    public func header<Header: ResponseHeaderValue>(_ name: String, as type: Header.Type, dates: DateCoding = .iso8601) -> Header? {
        header(name).flatMap { Header(headerValue: $0.trimmingCharacters(in: .whitespaces), dates: dates) }
    }
}

extension Response {
    /// The header `name` as JSON of `type` (OpenAPI's `content: application/json` on a header:
    /// `X-Extra-Arguments: {"code":1}`), with the API's date coding; nil when absent or not that JSON.
    public func header<Header: Decodable>(_ name: String, json type: Header.Type, dates: DateCoding = .iso8601) -> Header? {
        header(name).flatMap { try? dates.jsonDecoder.decode(type, from: Data($0.utf8)) }
    }
}

extension String: ResponseHeaderValue {
    /// The text as it is.
    public init?(headerValue: String, dates: DateCoding) { self = headerValue }
}

extension Int: ResponseHeaderValue {
    /// A decimal integer.
    public init?(headerValue: String, dates: DateCoding) { self.init(headerValue) }
}

extension Int32: ResponseHeaderValue {
    /// A decimal integer.
    public init?(headerValue: String, dates: DateCoding) { self.init(headerValue) }
}

extension Int64: ResponseHeaderValue {
    /// A decimal integer.
    public init?(headerValue: String, dates: DateCoding) { self.init(headerValue) }
}

extension Double: ResponseHeaderValue {
    /// A decimal number.
    public init?(headerValue: String, dates: DateCoding) { self.init(headerValue) }
}

extension Float: ResponseHeaderValue {
    /// A decimal number.
    public init?(headerValue: String, dates: DateCoding) { self.init(headerValue) }
}

extension Bool: ResponseHeaderValue {
    /// `true` or `false`, in any case.
    public init?(headerValue: String, dates: DateCoding) {
        switch headerValue.lowercased() {
        case "true": self = true
        case "false": self = false
        default: return nil
        }
    }
}

extension Decimal: ResponseHeaderValue {
    /// A decimal number, every digit kept.
    public init?(headerValue: String, dates: DateCoding) {
        guard headerValue.first.map({ $0.isNumber || $0 == "-" || $0 == "." }) == true,
              let value = Decimal(string: headerValue, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        self = value
    }
}

extension UUID: ResponseHeaderValue {
    /// A UUID in its usual text form.
    public init?(headerValue: String, dates: DateCoding) { self.init(uuidString: headerValue) }
}

extension URL: ResponseHeaderValue {
    /// A URL, absolute or relative.
    public init?(headerValue: String, dates: DateCoding) { self.init(string: headerValue) }
}

extension CalendarDate: ResponseHeaderValue {
    /// A day, `2026-11-30`.
    public init?(headerValue: String, dates: DateCoding) { self.init(headerValue) }
}

extension Date: ResponseHeaderValue {
    /// A date as the API codes dates, or an HTTP date (`Tue, 01 Dec 2026 20:27:15 GMT`).
    public init?(headerValue: String, dates: DateCoding) {
        guard let date = dates.date(from: headerValue) ?? HTTPDate.date(from: headerValue) else { return nil }
        self = date
    }
}

extension Array: ResponseHeaderValue where Element: ResponseHeaderValue {
    /// The comma-separated values, each of the element type; nil when one is not.
    public init?(headerValue: String, dates: DateCoding) {
        var values: [Element] = []
        for part in headerValue.split(separator: ",", omittingEmptySubsequences: true) {
            guard let value = Element(headerValue: part.trimmingCharacters(in: .whitespaces), dates: dates) else { return nil }
            values.append(value)
        }
        self = values
    }
}

extension StringEnum {
    /// The case whose raw value the text is.
    public init?(headerValue: String, dates: DateCoding) {
        guard let value = Self(rawValue: headerValue) else { return nil }
        self = value
    }
}

/// HTTP dates (RFC 9110's IMF-fixdate, the form servers send in `Date`, `Last-Modified`, `Expires`).
enum HTTPDate {
    static func date(from text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }
}
