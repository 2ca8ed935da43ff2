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
