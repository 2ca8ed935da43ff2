import Foundation

/// A `Decimal` member is read from a JSON number or from its text (`19.99` or `"19.99"`): APIs
/// that must keep every digit send decimals as strings (Pydantic's `Decimal`, money amounts).
extension KeyedDecodingContainer {
    /// The decimal under `key`, from a number or a string of one.
    public func decode(_ type: Decimal.Type, forKey key: Key) throws -> Decimal {
        if let text = try? decode(String.self, forKey: key) {
            guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), Self.isWhole(text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\"\(text)\" is not a decimal number.")
            }
            return value
        }
        return try strictly(Decimal.self, forKey: key)
    }

    /// The decimal under `key`, or nil when it is absent or `null`.
    public func decodeIfPresent(_ type: Decimal.Type, forKey key: Key) throws -> Decimal? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode(Decimal.self, forKey: key)
    }

    /// The decimals under `key`, each from a number or a string of one.
    public func decode(_ type: [Decimal].Type, forKey key: Key) throws -> [Decimal] {
        try decode([DecimalText].self, forKey: key).map(\.value)
    }

    /// The decimals under `key`, or nil when it is absent or `null`.
    public func decodeIfPresent(_ type: [Decimal].Type, forKey key: Key) throws -> [Decimal]? {
        try decodeIfPresent([DecimalText].self, forKey: key)?.map(\.value)
    }

    /// The map of decimals under `key`, each from a number or a string of one.
    public func decode(_ type: [String: Decimal].Type, forKey key: Key) throws -> [String: Decimal] {
        try decode([String: DecimalText].self, forKey: key).mapValues(\.value)
    }

    /// The map of decimals under `key`, or nil when it is absent or `null`.
    public func decodeIfPresent(_ type: [String: Decimal].Type, forKey key: Key) throws -> [String: Decimal]? {
        try decodeIfPresent([String: DecimalText].self, forKey: key)?.mapValues(\.value)
    }

    /// The standard decoding of `type` (a generic call reaches the container's own method).
    private func strictly<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decode(type, forKey: key)
    }

    /// Whether all of `text` is one decimal number, `-12.50` or `1.5e3` (`Decimal(string:)` stops
    /// at the first character it cannot read, so it would take `"1.5abc"` for 1.5).
    fileprivate static func isWhole(_ text: String) -> Bool {
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

/// One decimal of an array or a map, read from a number or a string of one.
struct DecimalText: Decodable {
    let value: Decimal

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
                  KeyedDecodingContainer<AnyCodingKey>.isWhole(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a decimal number.")
            }
            self.value = value
        } else {
            self.value = try container.decode(Decimal.self)
        }
    }
}

extension DecimalText {
    /// A whole JSON body of type `Decimal`, `[Decimal]` or `[String: Decimal]`, each decimal from a
    /// number or a string of one; nil for any other type.
    static func decode<Value>(_ type: Value.Type, from data: Data, decoder: JSONDecoder) throws -> Value? {
        if type == Decimal.self { return try decoder.decode(DecimalText.self, from: data).value as? Value }
        if type == [Decimal].self { return try decoder.decode([DecimalText].self, from: data).map(\.value) as? Value }
        if type == [String: Decimal].self { return try decoder.decode([String: DecimalText].self, from: data).mapValues(\.value) as? Value }
        return nil
    }

    /// A union variant of type `Decimal`, from a number or a string of one; nil for any other type.
    static func decode<Value>(_ type: Value.Type, in decoder: any Decoder) throws -> Value? {
        guard type == Decimal.self else { return nil }
        return try DecimalText(from: decoder).value as? Value
    }
}
