import Foundation

/// A value that can travel as text in a path segment, query item, header, form field or multipart field.
///
/// Generated endpoints accept `(any ParameterValue)?` so one signature covers every scalar, enum and array;
/// `nil` leaves the parameter out.
public protocol ParameterValue: MultipartValue {
    /// The value's text forms: one for a scalar, one per element for an array.
    ///
    /// - Parameter dates: how the endpoint writes dates, for `Date` values.
    func parameterValues(dates: DateCoding) -> [String]

    /// The name/value pairs the value sends under `name` in a query or form body: by default one
    /// per text form (an array repeats its name). ``StyledValue`` writes its style instead.
    func parameterPairs(named name: String, dates: DateCoding) -> [(name: String, value: String)]
}

extension ParameterValue {
    /// One pair per text form of the value.
    public func parameterPairs(named name: String, dates: DateCoding) -> [(name: String, value: String)] {
        parameterValues(dates: dates).map { (name: name, value: $0) }
    }
}

extension ParameterValue {
    /// Each text form of the value becomes one text part.
    public func multipartParts(dates: DateCoding) -> [MultipartPart] {
        parameterValues(dates: dates).map { MultipartPart(text: $0) }
    }
}

extension String: ParameterValue {
    /// The string itself.
    public func parameterValues(dates: DateCoding) -> [String] { [self] }
}

extension Substring: ParameterValue {
    /// The substring as a string.
    public func parameterValues(dates: DateCoding) -> [String] { [String(self)] }
}

extension Int: ParameterValue {
    /// The decimal digits.
    public func parameterValues(dates: DateCoding) -> [String] { [String(self)] }
}

extension Int8: ParameterValue {
    /// The decimal digits.
    public func parameterValues(dates: DateCoding) -> [String] { [String(self)] }
}

extension Int16: ParameterValue {
    /// The decimal digits.
    public func parameterValues(dates: DateCoding) -> [String] { [String(self)] }
}

extension Int32: ParameterValue {
    /// The decimal digits.
    public func parameterValues(dates: DateCoding) -> [String] { [String(self)] }
}

extension Int64: ParameterValue {
    /// The decimal digits.
    public func parameterValues(dates: DateCoding) -> [String] { [String(self)] }
}

extension UInt: ParameterValue {
    /// The decimal digits.
    public func parameterValues(dates: DateCoding) -> [String] { [String(self)] }
}

extension UInt8: ParameterValue {
    /// The decimal digits.
    public func parameterValues(dates: DateCoding) -> [String] { [String(self)] }
}

extension UInt16: ParameterValue {
    /// The decimal digits.
    public func parameterValues(dates: DateCoding) -> [String] { [String(self)] }
}

extension UInt32: ParameterValue {
    /// The decimal digits.
    public func parameterValues(dates: DateCoding) -> [String] { [String(self)] }
}

extension UInt64: ParameterValue {
    /// The decimal digits.
    public func parameterValues(dates: DateCoding) -> [String] { [String(self)] }
}

extension Double: ParameterValue {
    /// The shortest text that reads back as the same number, such as `1.5` or `2.0`.
    public func parameterValues(dates: DateCoding) -> [String] { [String(self)] }
}

extension Float: ParameterValue {
    /// The shortest text that reads back as the same number.
    public func parameterValues(dates: DateCoding) -> [String] { [String(self)] }
}

extension Bool: ParameterValue {
    /// `true` or `false`.
    public func parameterValues(dates: DateCoding) -> [String] { [self ? "true" : "false"] }
}

extension Decimal: ParameterValue {
    /// The exact decimal text, such as `19.99`, independent of the locale.
    public func parameterValues(dates: DateCoding) -> [String] { [description] }
}

extension UUID: ParameterValue {
    /// The lowercase RFC 4122 form (`uuidString` is uppercase; servers commonly expect lowercase).
    public func parameterValues(dates: DateCoding) -> [String] { [uuidString.lowercased()] }
}

extension URL: ParameterValue {
    /// The absolute URL string.
    public func parameterValues(dates: DateCoding) -> [String] { [absoluteString] }
}

extension Date: ParameterValue {
    /// The date written with the endpoint's date coding, such as `2026-11-30T08:00:00Z`.
    public func parameterValues(dates: DateCoding) -> [String] { [dates.string(from: self)] }
}

extension Array: ParameterValue where Element: ParameterValue {
    /// The text forms of every element, in order: a query repeats its key for each one.
    public func parameterValues(dates: DateCoding) -> [String] {
        flatMap { $0.parameterValues(dates: dates) }
    }
}

/// Text pairs from generated parameter lists: `nil` values are left out, arrays repeat their key,
/// ``StyledValue``s write their style.
func parameterPairs(_ pairs: KeyValuePairs<String, (any ParameterValue)?>, dates: DateCoding) -> [(name: String, value: String)] {
    var result: [(name: String, value: String)] = []
    result.reserveCapacity(pairs.count)
    for (name, value) in pairs {
        guard let value else { continue }
        result += value.parameterPairs(named: name, dates: dates)
    }
    return result
}
