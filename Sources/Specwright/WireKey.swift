/// The key of a generated model's property on the wire: one key type every generated model codes
/// through, written as a string literal (`forKey: "created_at"`).
///
/// A `CodingKeys` enum per model costs the compiler some thirty functions each (its `CodingKey`,
/// `Hashable` and `RawRepresentable` witnesses); one shared key type costs them once, which made
/// large generated clients compile markedly faster (Docs/Benchmarks.md).
public struct WireKey: CodingKey, ExpressibleByStringLiteral, Hashable, Sendable {
    /// The key as it is on the wire.
    public let stringValue: String

    /// The key `stringValue`.
    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// The key written as a literal.
    public init(stringLiteral value: String) {
        stringValue = value
    }

    /// Wire keys are never integers.
    public var intValue: Int? { nil }

    /// Wire keys are never integers.
    public init?(intValue: Int) {
        nil
    }
}

extension KeyedDecodingContainer where Key == WireKey {
    /// Every member whose key is not in `known`, decoded as `Value`: the members a model keeps
    /// beyond its fields (`additionalProperties`).
    public func decodeRest<Value: Decodable>(_ type: Value.Type, besides known: Set<String>) throws -> [String: Value] {
        var rest: [String: Value] = [:]
        for key in allKeys where !known.contains(key.stringValue) {
            rest[key.stringValue] = try decode(Value.self, forKey: key)
        }
        return rest
    }
}

extension KeyedEncodingContainer where Key == WireKey {
    /// Writes `members` beside the model's fields, in key order.
    public mutating func encodeRest<Value: Encodable>(_ members: [String: Value]) throws {
        for key in members.keys.sorted() {
            if let value = members[key] { try encode(value, forKey: WireKey(stringValue: key)) }
        }
    }
}
