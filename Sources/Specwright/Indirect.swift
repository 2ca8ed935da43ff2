/// Stores a model's field out of line, so a model can contain itself (`parent: Comment?`):
/// a struct that held itself directly would have infinite size. Generated code applies it as
/// `@Indirect` to the fields that close such a cycle and, with lean conformances, to every field
/// holding a model or a union, so a struct copies one pointer rather than the model's whole layout.
/// Reading and writing the field is unchanged, and it codes as the value itself (a missing key is
/// nil for an optional).
@propertyWrapper
public struct Indirect<Value: Sendable>: Sendable {
    /// The out-of-line value; replaced, never mutated, so copies stay independent.
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    /// Stores `wrappedValue` out of line.
    public init(wrappedValue: Value) { box = Box(wrappedValue) }

    /// The value.
    public var wrappedValue: Value {
        get { box.value }
        set { box = Box(newValue) }
    }
}

extension Indirect: Equatable where Value: Equatable {
    /// Compares the values.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension Indirect: Hashable where Value: Hashable {
    /// Hashes the value.
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension Indirect: Decodable where Value: Decodable {
    /// Decodes the value itself.
    public init(from decoder: any Decoder) throws { self.init(wrappedValue: try Value(from: decoder)) }
}

extension Indirect: Encodable where Value: Encodable {
    /// Encodes the value itself.
    public func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}

extension KeyedDecodingContainer {
    /// An optional indirect field: a missing key or null is nil, as for a plain optional field.
    public func decode<Wrapped: Decodable & Sendable>(_ type: Indirect<Wrapped?>.Type, forKey key: Key) throws -> Indirect<Wrapped?> {
        Indirect(wrappedValue: try decodeIfPresent(Wrapped.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// An optional indirect field: nil leaves the key out, as for a plain optional field.
    public mutating func encode<Wrapped: Encodable & Sendable>(_ value: Indirect<Wrapped?>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}
