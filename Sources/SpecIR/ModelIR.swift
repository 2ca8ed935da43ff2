/// The generated models file of one spec: everything resolved, named and escaped for the templates.
public struct ModelsFileIR: Sendable {
    /// The spec file's name, for the header.
    public var source: String
    /// The access modifier with its trailing space (`public `), or empty for internal.
    public var access: String
    /// The models in declaration order.
    public var models: [ModelIR]
}

/// Doc comment lines, each ready to follow `///` (empty, or starting with a space).
public typealias DocLines = [String]

/// What every generated declaration has: a name, documentation, deprecation, access.
public struct DeclarationIR: Sendable {
    /// The Swift type name.
    public var name: String
    /// Doc comment lines.
    public var doc: DocLines
    /// Whether to emit `@available(*, deprecated)`.
    public var deprecated: Bool
}

/// One model.
public enum ModelIR: Sendable {
    /// An object model, generated as a struct.
    case structure(StructIR)
    /// A string enum.
    case enumeration(EnumIR)
    /// A tagged union, generated as an enum with a case per variant.
    case union(UnionIR)
    /// An alias, generated as a typealias.
    case alias(AliasIR)
}

/// A struct model.
public struct StructIR: Sendable {
    /// The struct's name, documentation and deprecation.
    public var declaration: DeclarationIR
    /// `<Item: Codable & Sendable>` or empty.
    public var genericClause: String
    /// Generic parameter names, for the conditional Hashable conformance.
    public var genericParameters: [String]
    /// Stored properties in declaration order.
    /// The protocols after the colon: `Codable, Hashable, Sendable`, or `Decodable, Sendable` when lean.
    public var conformances: String
    /// Whether a generic struct is `Equatable` and `Hashable` when its arguments are.
    public var conditionalHashable: Bool
    public var fields: [FieldIR]
    /// CodingKeys cases; empty when the synthesized keys already match the wire.
    public var codingKeys: [CodingKeyIR]
    /// Whether `init(from:)` is written out (a field has a default for a missing key).
    public var customDecoder: Bool
    /// Whether the memberwise init lists its parameters one per line.
    public var wrapInit: Bool
}

/// A stored property.
public struct FieldIR: Sendable {
    /// The property name as declared (keywords in backticks).
    public var name: String
    /// The property name after a dot (`.default` needs no backticks).
    public var member: String
    /// The Swift type.
    public var type: String
    /// The type without an outer `?`, for `decodeIfPresent`.
    public var decodeType: String
    /// `decode` or `decodeIfPresent`.
    public var decodeMethod: String
    /// ` ?? 0` for a defaulted field, else empty.
    public var fallback: String
    /// ` = 0`, ` = nil` or empty: the memberwise init's default.
    public var initDefault: String
    /// Doc comment lines (a deprecated field says so here: `@available` would make the generated init warn).
    public var doc: DocLines
    /// Whether the field is stored indirectly (`@Indirect`), since its model contains itself through it.
    public var indirect = false
}

/// A CodingKeys case.
public struct CodingKeyIR: Sendable {
    /// The case name (the property name).
    public var name: String
    /// ` = "wire_name"` when the wire name differs, else empty.
    public var rawValue: String
}

/// A string enum.
public struct EnumIR: Sendable {
    /// The enum's name, documentation and deprecation.
    public var declaration: DeclarationIR
    /// Frozen enums have no `.unknown` case.
    public var frozen: Bool
    /// The cases in declaration order.
    public var cases: [EnumCaseIR]
}

/// One enum case.
public struct EnumCaseIR: Sendable {
    /// The case name as declared.
    public var name: String
    /// The case name after a dot.
    public var member: String
    /// The wire value as a Swift string literal.
    public var literal: String
    /// ` = "WIRE"` when the raw value differs from the case name (frozen enums), else empty.
    public var rawValue: String
}

/// A tagged or untagged union.
public struct UnionIR: Sendable {
    /// The union's name, documentation and deprecation.
    public var declaration: DeclarationIR
    /// The discriminator property as a string literal; nil for an untagged union.
    public var discriminator: String?
    /// The protocols after the colon.
    public var conformances: String
    /// Whether the union decodes (has `init(from:)`).
    public var decodes: Bool
    /// Whether the union encodes (has `encode(to:)`).
    public var encodes: Bool
    /// Whether every case is stored out of line (`indirect enum`): with lean conformances, so a
    /// struct holding a union of large models copies a pointer (the compiler otherwise emits copy
    /// code for the largest payload's whole layout, which takes minutes on large APIs).
    public var indirect: Bool
    /// The variants in declaration order.
    public var cases: [UnionCaseIR]
}

/// One union variant.
public struct UnionCaseIR: Sendable {
    /// The case name as declared (keywords in backticks).
    public var name: String
    /// The case name after a dot.
    public var member: String
    /// The tag as a string literal.
    public var tag: String
    /// The payload type.
    public var type: String
    /// Whether the case is `indirect`, since the union contains itself through it.
    public var indirect = false
}

/// A typealias.
public struct AliasIR: Sendable {
    /// The alias's name, documentation and deprecation.
    public var declaration: DeclarationIR
    /// `<T>` or empty.
    public var genericClause: String
    /// The aliased Swift type.
    public var target: String
}
