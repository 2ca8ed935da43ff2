import SpecCore

/// The generated models file of one spec: what each model is, with its Swift names resolved.
public struct ModelsFileIR: Sendable {
    /// The spec file's name, for the header.
    public var source: String
    /// The access level of every generated declaration.
    public var access: AccessLevel
    /// The models in declaration order.
    public var models: [ModelIR]
}

/// What every generated declaration has: a name, documentation, deprecation.
public struct DeclarationIR: Sendable {
    /// The Swift type name, unescaped.
    public var name: String
    /// Doc comment text, one line each (empty for a blank line).
    public var doc: [String]
    /// Whether the declaration is marked deprecated.
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
    /// Generic parameter names; each is `Codable & Sendable`.
    public var genericParameters: [String]
    /// The protocols the struct conforms to, in order.
    public var conformances: [Conformance]
    /// Whether a generic struct is `Equatable` and `Hashable` when its arguments are.
    public var conditionalHashable: Bool
    /// Stored properties in declaration order.
    public var fields: [FieldIR]
    /// Whether the struct decodes (has `init(from:)`).
    public var decodes: Bool
    /// Whether the struct encodes (has `encode(to:)`).
    public var encodes: Bool
    /// Whether the properties are constants: a model only responses use (with lean conformances) is a value one reads.
    public var immutable: Bool
    /// Whether the model has no members beyond its fields: decoding rejects others when the
    /// client validates strictly.
    public var closed = false
    /// Whether the model is a final class rather than a struct: an immutable model that is not
    /// generic, whose only copy is then one reference (see ``ModelLowering``).
    public var reference = false
}

/// A stored property.
public struct FieldIR: Sendable {
    /// The property name, unescaped.
    public var name: String
    /// The key on the wire.
    public var wireName: String
    /// The property's type.
    public var type: TypeRef
    /// The spec's default: used when the key is missing, and as the initializer's default.
    public var defaultValue: ValueIR?
    /// The server's default (a member requests leave out unless the caller sets it): what a
    /// missing key decodes as, but not the initializer's default.
    public var serverDefault: ValueIR?
    /// Whether the type is optional, through aliases too.
    public var optional: Bool
    /// Whether the key may be missing (the type is optional, or there is a default).
    public var mayBeAbsent: Bool
    /// Whether the key is required though its value may be null: a union trying its variants
    /// strictly does not take a value without it.
    public var keyRequired = false
    /// The type decoded when the key is present: the type without its optional, through aliases.
    public var decodeType: TypeRef
    /// Doc comment text (a deprecated field says so here: the attribute would make the generated init warn).
    public var doc: [String]
    /// Whether the field is stored indirectly (`@Indirect`), since its model contains itself through it.
    public var indirect = false
    /// Whether the property holds the members beyond the fields (`[String: decodeType]`, keyed
    /// by their names on the wire) rather than one member.
    public var rest = false
    /// Whether the value is made of decimals (`Decimal`, `[Decimal?]`...), read from numbers or
    /// their text (`container.decodeDecimals`).
    public var decimals = false

    /// The initializer's default: the spec's, else `nil` for an optional.
    public var initializerDefault: ValueIR? {
        defaultValue ?? (optional ? .null : nil)
    }

    /// What a missing key decodes as: the spec's default, else the server's.
    public var decodingDefault: ValueIR? {
        defaultValue ?? serverDefault
    }
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
    /// The case name, unescaped.
    public var name: String
    /// The value on the wire.
    public var wireValue: String
}

/// A tagged or untagged union.
public struct UnionIR: Sendable {
    /// The union's name, documentation and deprecation.
    public var declaration: DeclarationIR
    /// The discriminator property's wire name; nil for an untagged union.
    public var discriminator: String?
    /// The protocols the union conforms to, in order.
    public var conformances: [Conformance]
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
    /// The position in `cases` of the variant an unknown or missing tag decodes as, if any.
    public var defaultCase: Int?
    /// A tagged union's arms of the `switch` on the tag, in the order the tags are first met.
    public var branches: [UnionBranchIR] = []
    /// Whether a value holds every variant it matches (`anyOf`): a struct with an optional
    /// property per case, rather than an enum.
    public var matchesEvery = false
    /// Whether that struct's properties are `let`: with lean conformances, when it only decodes.
    public var immutable = false
    /// Whether the union is of server-sent events, chosen by their `event` name: it reads an event
    /// (`init(event:decoder:)`), each case's tag the event name, and has a case `unknown` for the
    /// events the spec does not list.
    public var byEventName = false
}

/// One arm of a tagged union's `switch` on its tag: the tag values and the variants they select.
public struct UnionBranchIR: Sendable {
    /// The tag values, in order.
    public var tags: [String]
    /// Positions in the union's cases, tried in order until one decodes.
    public var cases: [Int]
}

/// One union variant, or one case of an endpoint's error enum.
public struct UnionCaseIR: Sendable {
    /// The case name, unescaped.
    public var name: String
    /// The tag on the wire (the discriminator's value) the union writes for the case.
    public var tag: String
    /// Whether the union writes the tag; false when the case's value writes its own.
    public var writesTag = true
    /// For an `anyOf` struct: whether the case's values are JSON objects, which several
    /// properties set at once merge into.
    public var keyed = false
    /// For a union of events: whether the event's data is the value as text (`String`), not JSON.
    public var textData = false
    /// The payload type.
    public var type: TypeRef
    /// For an untagged enum union that is never decoded, the Swift case of the payload when that is
    /// an enum of one value (Stripe's `trial_end: "now"`): the case then has no payload (`.now`, not
    /// `.now(.now)`), and the payload type only writes the value.
    public var constant: String?
    /// Whether the case is `indirect`, since the union contains itself through it.
    public var indirect = false
    /// The case's place among the union's cases, from 0.
    public var position = 0
}

/// A typealias.
public struct AliasIR: Sendable {
    /// The alias's name, documentation and deprecation.
    public var declaration: DeclarationIR
    /// Generic parameter names.
    public var genericParameters: [String]
    /// The aliased type.
    public var target: TypeRef
}

extension TypeRef {
    /// Whether the type is an optional.
    public var isOptional: Bool {
        if case .optional = self { true } else { false }
    }
}
