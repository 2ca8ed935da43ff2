/// A value that may be sent or received as an explicit JSON `null`, as opposed to being left
/// out: the member of a PATCH body that clears a field. As `Nullable<Date>?`, `nil` leaves the
/// member out, `.null` sends `"due": null`, and `.value(date)` sends the date.
public enum Nullable<Wrapped: Sendable>: Sendable {
    /// An explicit `null`.
    case null
    /// A value.
    case value(Wrapped)

    /// The value, or nil for `.null`.
    public var value: Wrapped? {
        if case .value(let wrapped) = self { wrapped } else { nil }
    }
}

extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

extension Nullable: Encodable where Wrapped: Encodable {
    /// `null`, or the value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .value(let wrapped): try container.encode(wrapped)
        }
    }
}

extension Nullable: Decodable where Wrapped: Decodable {
    /// `.null` for a JSON `null`, else the value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }
}

extension KeyedDecodingContainer {
    /// The member under `key`: nil when it is absent, `.null` when it is `null`, else its value.
    /// (The general `decodeIfPresent` reads a `null` as absent.)
    public func decodeIfPresent<Wrapped: Decodable>(_ type: Nullable<Wrapped>.Type, forKey key: Key) throws -> Nullable<Wrapped>? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decode(Wrapped.self, forKey: key))
    }
}

extension Nullable: ExpressibleByUnicodeScalarLiteral where Wrapped: ExpressibleByStringLiteral {
    /// A value from a literal.
    public init(unicodeScalarLiteral value: Wrapped.StringLiteralType) {
        self = .value(Wrapped(stringLiteral: value))
    }
}

extension Nullable: ExpressibleByExtendedGraphemeClusterLiteral where Wrapped: ExpressibleByStringLiteral {
    /// A value from a literal.
    public init(extendedGraphemeClusterLiteral value: Wrapped.StringLiteralType) {
        self = .value(Wrapped(stringLiteral: value))
    }
}

extension Nullable: ExpressibleByStringLiteral where Wrapped: ExpressibleByStringLiteral {
    /// A value from a string literal: `title: "Ship it"` for a `Nullable<String>?`.
    public init(stringLiteral value: Wrapped.StringLiteralType) {
        self = .value(Wrapped(stringLiteral: value))
    }
}

extension Nullable: ExpressibleByIntegerLiteral where Wrapped: ExpressibleByIntegerLiteral {
    /// A value from an integer literal.
    public init(integerLiteral value: Wrapped.IntegerLiteralType) {
        self = .value(Wrapped(integerLiteral: value))
    }
}

extension Nullable: ExpressibleByFloatLiteral where Wrapped: ExpressibleByFloatLiteral {
    /// A value from a floating-point literal.
    public init(floatLiteral value: Wrapped.FloatLiteralType) {
        self = .value(Wrapped(floatLiteral: value))
    }
}

extension Nullable: ExpressibleByBooleanLiteral where Wrapped: ExpressibleByBooleanLiteral {
    /// A value from `true` or `false`.
    public init(booleanLiteral value: Wrapped.BooleanLiteralType) {
        self = .value(Wrapped(booleanLiteral: value))
    }
}
