/// A string enum from the spec, written on the wire as its raw value.
///
/// Open enums add `case unknown(String)` and a non-failable `init(rawValue:)`, so unknown values
/// decode into `.unknown` and encode back unchanged. Frozen enums use a `String` raw type, so an
/// unknown value is a decoding error. `Codable` comes from the standard library's
/// `RawRepresentable` defaults; parameters use the raw value.
public protocol StringEnum: RawRepresentable, Codable, Hashable, Sendable, ParameterValue, ResponseHeaderValue where RawValue == String {
    /// Whether the enum lists one value (Stripe's `object: card`): another value says a union's
    /// variant is not the one the value is, where an unknown value of a longer list is a value
    /// added since.
    static var isConstant: Bool { get }
}

extension StringEnum {
    /// An enum of several values, unless it says otherwise.
    public static var isConstant: Bool { false }
}

extension StringEnum {
    /// The raw value.
    public func parameterValues(dates: DateCoding) -> [String] { [rawValue] }
}

extension StringEnum {
    /// Reads the raw value. A frozen enum rejects a value it does not list; an open one keeps it
    /// as `.unknown`, except while a union tries its variants strictly (see ``UnionCoding``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        guard let value = Self(rawValue: raw), !(UnionCoding.decodingStrictly && Self.isUnknown(value)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(raw)\" is not a value of \(Self.self).")
        }
        if let misses = UnionCoding.misses, Self.isUnknown(value) { misses.record(decisive: Self.isConstant) }
        self = value
    }

    /// Whether `value` is an open enum's `.unknown` case (the only case with a payload).
    private static func isUnknown(_ value: Self) -> Bool {
        Mirror(reflecting: value).children.first?.label == "unknown"
    }
}

extension StringEnum {
    /// Each of `values` by its raw value, for a generated open enum's `init(rawValue:)` (a table
    /// it builds once): a lookup, where a `switch` over every listed value made each enum's
    /// initializer about fifty lines of machine code per value to compile (a tenth of Stripe's
    /// client, with its hundreds of time zones and merchant categories). The first of two values
    /// with one raw value wins.
    public static func rawValueTable(_ values: [Self]) -> [String: Self] {
        var table: [String: Self] = [:]
        table.reserveCapacity(values.count)
        for value in values where table[value.rawValue] == nil {
            table[value.rawValue] = value
        }
        return table
    }
}
