/// A value a request sets, or clears by sending an empty string: Stripe's `anyOf: [X, {enum: [""]}]`
/// ("post an empty value to unset it"). `.set(value)` sends the value, `.clear` sends `""`, and
/// literals set: `email: "ada@example.com"`, `metadata: ["order_id": "6735"]`, `metadata: .clear`.
public enum Clearable<Wrapped: Sendable>: Sendable {
    /// The value to set.
    case set(Wrapped)
    /// Clears the value: sent as an empty string.
    case clear

    /// The value, or nil for `.clear`.
    public var value: Wrapped? {
        if case .set(let wrapped) = self { wrapped } else { nil }
    }
}

extension Clearable: Equatable where Wrapped: Equatable {}
extension Clearable: Hashable where Wrapped: Hashable {}

extension Clearable: Encodable where Wrapped: Encodable {
    /// The value, or `""`, as a single value with the encoder's strategies.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .set(let wrapped): try container.encode(wrapped)
        case .clear: try container.encode("")
        }
    }
}

extension Clearable: Decodable where Wrapped: Decodable {
    /// `.clear` for an empty string, else the value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self), text.isEmpty {
            self = .clear
        } else {
            self = .set(try UnionCoding.value(Wrapped.self, in: decoder))
        }
    }
}

extension Clearable: ExpressibleByUnicodeScalarLiteral where Wrapped: ExpressibleByStringLiteral {
    /// A value set from a literal.
    public init(unicodeScalarLiteral value: Wrapped.StringLiteralType) {
        self = .set(Wrapped(stringLiteral: value))
    }
}

extension Clearable: ExpressibleByExtendedGraphemeClusterLiteral where Wrapped: ExpressibleByStringLiteral {
    /// A value set from a literal.
    public init(extendedGraphemeClusterLiteral value: Wrapped.StringLiteralType) {
        self = .set(Wrapped(stringLiteral: value))
    }
}

extension Clearable: ExpressibleByStringLiteral where Wrapped: ExpressibleByStringLiteral {
    /// A value set from a string literal: `email: "ada@example.com"`.
    public init(stringLiteral value: Wrapped.StringLiteralType) {
        self = .set(Wrapped(stringLiteral: value))
    }
}

extension Clearable: ExpressibleByIntegerLiteral where Wrapped: ExpressibleByIntegerLiteral {
    /// A value set from an integer literal: `trialEnd: 1_700_000_000`.
    public init(integerLiteral value: Wrapped.IntegerLiteralType) {
        self = .set(Wrapped(integerLiteral: value))
    }
}

extension Clearable: ExpressibleByFloatLiteral where Wrapped: ExpressibleByFloatLiteral {
    /// A value set from a floating-point literal.
    public init(floatLiteral value: Wrapped.FloatLiteralType) {
        self = .set(Wrapped(floatLiteral: value))
    }
}

extension Clearable: ExpressibleByBooleanLiteral where Wrapped: ExpressibleByBooleanLiteral {
    /// A value set from `true` or `false`.
    public init(booleanLiteral value: Wrapped.BooleanLiteralType) {
        self = .set(Wrapped(booleanLiteral: value))
    }
}

extension Clearable: ExpressibleByArrayLiteral where Wrapped: RangeReplaceableCollection {
    /// A list set from an array literal: `customFields: [field]`.
    public init(arrayLiteral elements: Wrapped.Element...) {
        self = .set(Wrapped(elements))
    }
}

/// A dictionary a `Clearable` can be set to from a dictionary literal.
public protocol ClearableDictionary {
    /// The keys.
    associatedtype Key: Hashable
    /// The values.
    associatedtype Value
    /// The dictionary of these pairs, the last of a repeated key winning.
    init(pairs: [(Key, Value)])
}

extension Dictionary: ClearableDictionary {
    /// The dictionary of these pairs, the last of a repeated key winning.
    public init(pairs: [(Key, Value)]) {
        self.init(pairs, uniquingKeysWith: { _, last in last })
    }
}

extension Clearable: ExpressibleByDictionaryLiteral where Wrapped: ClearableDictionary {
    /// A map set from a dictionary literal: `metadata: ["order_id": "6735"]`.
    public init(dictionaryLiteral elements: (Wrapped.Key, Wrapped.Value)...) {
        self = .set(Wrapped(pairs: elements))
    }
}
