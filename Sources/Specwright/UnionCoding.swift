import Foundation

/// Helpers for tagged unions (`oneOf` with a discriminator) that generated enums call from `Codable`.
///
/// The tag lives in the same JSON object as the fields of the case's value.
public enum UnionCoding: Sendable {
    /// Reads the tag string stored under `key`.
    public static func tag(in decoder: any Decoder, key: String) throws -> String {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        return try container.decode(String.self, forKey: AnyCodingKey(key))
    }

    /// The tag string under `key`, or nil when the object has none: for a union with a default variant.
    public static func tagIfPresent(in decoder: any Decoder, key: String) throws -> String? {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        return try container.decodeIfPresent(String.self, forKey: AnyCodingKey(key))
    }

    /// Writes the value's fields and then the tag under `key`, into the same object.
    public static func encode(_ value: some Encodable, tag: String, key: String, to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(tag, forKey: AnyCodingKey(key))
    }

    /// The error for a tag no case of the union knows, pointing at the tag in the coding path.
    public static func unknownTag(_ tag: String, key: String, in decoder: any Decoder) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath + [AnyCodingKey(key)],
            debugDescription: "Unknown \(key) \"\(tag)\"."
        ))
    }
}

extension UnionCoding {
    /// Whether the variants being tried take only the values their open enums list.
    @TaskLocal static var decodingStrictly = false

    /// Decodes an untagged union (or the variants one tag selects): the first variant, in
    /// declaration order, that the value decodes as with every string enum holding a value it
    /// lists; else the first it decodes as at all (an open enum keeping a value it does not know).
    /// So of two variants told apart by an enum (OpenAI's messages by `role`), the one whose
    /// enum lists the value wins. When none decodes, the error lists why each variant failed.
    public static func first<Union>(in decoder: any Decoder, _ variants: [(any Decoder) throws -> Union]) throws -> Union {
        if variants.count > 1 {
            let strict = $decodingStrictly.withValue(true) { variants.lazy.compactMap { try? $0(decoder) }.first }
            if let strict { return strict }
        }
        var failures: [String] = []
        for variant in variants {
            do { return try variant(decoder) } catch { failures.append("\(error)") }
        }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "The value matches no variant of \(Union.self): \(failures.joined(separator: "; "))"
        ))
    }
}

extension UnionCoding {
    /// Decodes one variant of an untagged union as a single value, so the decoder's strategies
    /// apply to it: a `Date` variant follows the API's date coding (`Date(from:)` would read a
    /// number of seconds since 2001, whatever the API says).
    public static func value<Value: Decodable>(_ type: Value.Type, in decoder: any Decoder) throws -> Value {
        if let decimal = try Decimals.decode(type, in: decoder) { return decimal }
        return try decoder.singleValueContainer().decode(type)
    }

    /// Encodes one variant of an untagged union as a single value, with the encoder's strategies.
    public static func encode(_ value: some Encodable, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension KeyedDecodingContainer {
    /// A member its model requires but allows to be `null`: nil when it is `null`, or missing; but
    /// while a union tries its variants strictly a missing key fails, so a value that lacks it is
    /// not taken for that variant.
    public func decodeRequiredNullable<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        try requirePresentWhenStrict(key)
        return try decodeIfPresent(type, forKey: key)
    }

    /// ``decodeRequiredNullable(_:forKey:)`` for a value made of decimals.
    public func decodeDecimalsRequiredNullable<Value: DecimalValues>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        try requirePresentWhenStrict(key)
        return try decodeDecimalsIfPresent(type, forKey: key)
    }

    private func requirePresentWhenStrict(_ key: Key) throws {
        guard !contains(key) else { return }
        UnionCoding.misses?.record(decisive: true)
        guard UnionCoding.decodingStrictly else { return }
        throw DecodingError.keyNotFound(key, DecodingError.Context(
            codingPath: codingPath, debugDescription: "The key \"\(key.stringValue)\" is required, though its value may be null."))
    }
}

extension UnionCoding {
    /// The variants of an `anyOf` union that the value is, each decoded (nil where it is not), in
    /// the order of `variants`. Each variant is read once, counting where the value departs from
    /// it: a one-value enum holding another value, or a required key missing (the value is not
    /// that variant), and an open enum holding a value it does not list (a value the document did
    /// not know of yet). The variants kept are those that decode with the fewest of the first, then
    /// of the second: Stripe's `deleted_external_account` of a bank account holds the bank account
    /// alone, not also a card whose `object` would be `.unknown("bank_account")`, even when the
    /// bank account holds a value its own enums do not list. Throws when it decodes as none, with
    /// why each variant failed.
    public static func matches<Union>(_ variants: [any Decodable.Type], in decoder: any Decoder, union: Union.Type) throws -> [Any?] {
        let outer = misses
        var failures: [String] = []
        let tried: [(value: Any?, misses: MatchMisses)] = variants.map { variant in
            let counted = MatchMisses()
            do {
                return (try $misses.withValue(counted) { try value(variant, in: decoder) }, counted)
            } catch {
                failures.append("\(error)")
                return (nil, counted)
            }
        }
        let decoded = tried.filter { $0.value != nil }
        guard let best = decoded.map(\.misses.score).min(by: <) else { throw noMatch(union, in: decoder, failures: failures) }
        // The departures of the variants kept are those of the value that holds them.
        outer?.add(best)
        return tried.map { $0.value != nil && $0.misses.score == best ? $0.value : nil }
    }

    /// Where an `anyOf` variant being read departs from the value, counted by ``matches(_:in:union:)``.
    @TaskLocal static var misses: MatchMisses?

    /// The error for a value that matches no variant of an `anyOf` union, with why each failed.
    static func noMatch<Union>(_ union: Union.Type, in decoder: any Decoder, failures: [String]) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "The value matches no variant of \(Union.self): \(failures.joined(separator: "; "))"
        ))
    }

    /// The error for an `anyOf` value that holds no variant: there is nothing to send.
    public static func noVariant<Union>(_ union: Union, in encoder: any Encoder) -> EncodingError {
        EncodingError.invalidValue(union, EncodingError.Context(
            codingPath: encoder.codingPath,
            debugDescription: "A \(Union.self) holds no variant: set at least one."
        ))
    }
}

/// How far a value departs from a variant being read: values that say it is not that variant (a
/// one-value enum holding another value, a required key missing), and values the variant does
/// not know (an open enum's unknown value).
final class MatchMisses: @unchecked Sendable {
    private let lock = NSLock()
    private var counts = (decisive: 0, unknown: 0)

    /// The counts, fewest first when compared.
    var score: Score { lock.withLock { Score(decisive: counts.decisive, unknown: counts.unknown) } }

    /// A departure: `decisive` when it says the value is not the variant.
    func record(decisive: Bool) {
        lock.withLock { if decisive { counts.decisive += 1 } else { counts.unknown += 1 } }
    }

    func add(_ score: Score) {
        lock.withLock {
            counts.decisive += score.decisive
            counts.unknown += score.unknown
        }
    }

    /// The two counts, ordered by the decisive ones first.
    struct Score: Comparable {
        var decisive: Int
        var unknown: Int

        static func < (lhs: Score, rhs: Score) -> Bool {
            (lhs.decisive, lhs.unknown) < (rhs.decisive, rhs.unknown)
        }
    }
}
