/// What generated models call to read and write their members, keyed by the member's name on the
/// wire as a literal (`try container.decode("created_at", as: Date.self)`).
///
/// The key arrives as a `StaticString`, a constant the call site passes as it is: a `WireKey` built
/// from a literal at every call site, and an explicit `forKey:` per member, made each model's
/// coding code about twice the size for the compiler (Docs/Benchmarks.md). Each call does what
/// the container's method of the same name does.
extension KeyedDecodingContainer where Key == WireKey {
    /// The member `key`, which must be present.
    public func decode<Value: Decodable>(_ key: StaticString, as type: Value.Type) throws -> Value {
        try decode(type, forKey: WireKey(key))
    }

    /// The member `key`, or nil when it is absent or `null`.
    public func decodeIfPresent<Value: Decodable>(_ key: StaticString, as type: Value.Type) throws -> Value? {
        try decodeIfPresent(type, forKey: WireKey(key))
    }

    /// A member the model requires but allows to be `null` (see
    /// ``Swift/KeyedDecodingContainer/decodeRequiredNullable(_:forKey:)``).
    public func decodeRequiredNullable<Value: Decodable>(_ key: StaticString, as type: Value.Type) throws -> Value? {
        try decodeRequiredNullable(type, forKey: WireKey(key))
    }

    /// The member `key`, made of decimals read from numbers or their text.
    public func decodeDecimals<Value: DecimalValues>(_ key: StaticString, as type: Value.Type) throws -> Value {
        try decodeDecimals(type, forKey: WireKey(key))
    }

    /// The member `key`, made of decimals, or nil when it is absent or `null`.
    public func decodeDecimalsIfPresent<Value: DecimalValues>(_ key: StaticString, as type: Value.Type) throws -> Value? {
        try decodeDecimalsIfPresent(type, forKey: WireKey(key))
    }

    /// A required member made of decimals that may be `null`.
    public func decodeDecimalsRequiredNullable<Value: DecimalValues>(_ key: StaticString, as type: Value.Type) throws -> Value? {
        try decodeDecimalsRequiredNullable(type, forKey: WireKey(key))
    }
}

extension KeyedEncodingContainer where Key == WireKey {
    /// Writes each member in order, under its key: a member whose value is nil (an optional
    /// property not set) is left out, as `encodeIfPresent` leaves it out. One table per model
    /// instead of a call per member keeps generated code small; each value is written as its own
    /// type, so the encoder's strategies (dates, decimals) apply as they would to a direct call.
    public mutating func encode(members: KeyValuePairs<StaticString, (any Encodable)?>) throws {
        for (key, value) in members {
            guard let value else { continue }
            try encodeMember(value, forKey: WireKey(key))
        }
    }

    /// Writes `value` as its concrete type (the existential opened).
    private mutating func encodeMember<Value: Encodable>(_ value: Value, forKey key: WireKey) throws {
        try encode(value, forKey: key)
    }
}

extension WireKey {
    /// The key written as a literal where a member is read or written.
    init(_ key: StaticString) {
        self.init(stringValue: key.description)
    }
}
