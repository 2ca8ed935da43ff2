/// A string enum from the spec, written on the wire as its raw value.
///
/// Open enums add `case unknown(String)` and a non-failable `init(rawValue:)`, so unknown values
/// decode into `.unknown` and encode back unchanged. Frozen enums use a `String` raw type, so an
/// unknown value is a decoding error. `Codable` comes from the standard library's
/// `RawRepresentable` defaults; parameters use the raw value.
public protocol StringEnum: RawRepresentable, Codable, Hashable, Sendable, ParameterValue, ResponseHeaderValue where RawValue == String {}

extension StringEnum {
    /// The raw value.
    public func parameterValues(dates: DateCoding) -> [String] { [rawValue] }
}
