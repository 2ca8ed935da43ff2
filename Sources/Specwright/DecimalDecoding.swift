import Foundation

/// A type made of decimals that generated code reads from JSON numbers or from their text
/// (`19.99` or `"19.99"`): `Decimal`, and optionals, arrays and string-keyed maps of such types.
/// APIs that must keep every digit send decimals as strings (Pydantic's `Decimal`, money amounts).
public protocol DecimalValues: Decodable {
    /// Reads the value, each decimal from a number or a string of one.
    init(decimalsFrom decoder: any Decoder) throws
}

extension Decimal: DecimalValues {
    /// A decimal from a number, or from a string that is all one decimal number (`"-12.50"`, `"1.5e3"`).
    public init(decimalsFrom decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let text = try? container.decode(String.self) else {
            self = try container.decode(Decimal.self)
            return
        }
        guard DecimalText.isWhole(text), let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a decimal number.")
        }
        self = value
    }
}

extension Optional: DecimalValues where Wrapped: DecimalValues {
    /// Nil for `null`, else the wrapped value.
    public init(decimalsFrom decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decodeNil() ? nil : try Wrapped(decimalsFrom: decoder)
    }
}

extension Array: DecimalValues where Element: DecimalValues {
    /// Each element in order.
    public init(decimalsFrom decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        while !container.isAtEnd {
            elements.append(try container.decode(DecimalText<Element>.self).value)
        }
        self = elements
    }
}

extension Dictionary: DecimalValues where Key == String, Value: DecimalValues {
    /// Each member by its name.
    public init(decimalsFrom decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        var members: [String: Value] = [:]
        for key in container.allKeys {
            members[key.stringValue] = try container.decode(DecimalText<Value>.self, forKey: key).value
        }
        self = members
    }
}

/// What generated models call for a member that holds decimals (a name of its own, so the
/// standard `decode` of every other member, and of an app's own types, is untouched).
extension KeyedDecodingContainer {
    /// The value under `key`, each decimal from a number or a string of one.
    public func decodeDecimals<Value: DecimalValues>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try decode(DecimalText<Value>.self, forKey: key).value
    }

    /// The value under `key`, or nil when it is absent or `null`.
    public func decodeDecimalsIfPresent<Value: DecimalValues>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeDecimals(type, forKey: key)
    }
}

/// A value of decimals as a `Decodable` of its own, for containers and whole bodies.
struct DecimalText<Value: DecimalValues>: Decodable {
    let value: Value

    init(from decoder: any Decoder) throws {
        value = try Value(decimalsFrom: decoder)
    }
}

extension DecimalText where Value == Decimal {
    /// Whether all of `text` is one decimal number, `-12.50` or `1.5e3` (`Decimal(string:)` stops
    /// at the first character it cannot read, so it would take `"1.5abc"` for 1.5).
    static func isWhole(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        func digits() -> Int {
            let count = scalars.prefix { ("0"..."9").contains($0) }.count
            scalars = scalars.dropFirst(count)
            return count
        }
        if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
        var count = digits()
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            count += digits()
        }
        guard count > 0 else { return false }
        if scalars.first == "e" || scalars.first == "E" {
            scalars = scalars.dropFirst()
            if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return scalars.isEmpty
    }
}

/// Whole bodies and union variants of decimals, for generic code that has only a type.
enum Decimals {
    /// A whole JSON body of a type made of decimals, each from a number or a string of one; nil
    /// for any other type.
    static func decode<Value>(_ type: Value.Type, from data: Data, decoder: JSONDecoder) throws -> Value? {
        guard let decimals = type as? any DecimalValues.Type else { return nil }
        return try body(decimals, from: data, decoder: decoder) as? Value
    }

    /// A union variant of a type made of decimals; nil for any other type.
    static func decode<Value>(_ type: Value.Type, in decoder: any Decoder) throws -> Value? {
        guard let decimals = type as? any DecimalValues.Type else { return nil }
        return try decimals.init(decimalsFrom: decoder) as? Value
    }

    private static func body<Value: DecimalValues>(_ type: Value.Type, from data: Data, decoder: JSONDecoder) throws -> Value {
        try decoder.decode(DecimalText<Value>.self, from: data).value
    }
}
