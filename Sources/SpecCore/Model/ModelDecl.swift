import SpecDiagnostics

/// A model as declared under `models:`.
public struct ModelDecl: Sendable {
    /// The name as written (before the generic parameter list).
    public var name: String
    /// Generic parameter names, for `Page<Item>`.
    public var genericParameters: [String]
    /// Where the model's key is written.
    public var location: SourceLocation
    /// The doc comment text.
    public var description: String?
    /// Whether the model is deprecated.
    public var deprecated: Bool
    /// What kind of model it is.
    public var kind: Kind
    /// The spec file that declares it.
    public var file: String
    /// For an object used as an error body: the wire name of the `String` field that holds the
    /// server's message for people (`errorMessage:`), which the error's description shows.
    public var errorMessage: String?
    /// Where `errorMessage` is written.
    public var errorMessageLocation: SourceLocation?
    /// For an object: the type of the members beyond its fields, which it keeps
    /// (`additionalProperties:`); nil drops them.
    public var additionalProperties: TypeExpr?
    /// For an object: whether it has no members beyond its fields (`additionalProperties: false`),
    /// so a strict client rejects one that has more.
    public var closed = false

    /// Creates the value from all its parts.
    public init(
        name: String,
        genericParameters: [String],
        location: SourceLocation,
        description: String? = nil,
        deprecated: Bool,
        kind: Kind,
        file: String
    ) {
        self.name = name
        self.genericParameters = genericParameters
        self.location = location
        self.description = description
        self.deprecated = deprecated
        self.kind = kind
        self.file = file
    }

    /// The kinds of models.
    public enum Kind: Sendable {
        /// An object, with its fields in declaration order.
        case object([FieldDecl])
        /// A string enum.
        case enumeration(EnumDecl)
        /// A tagged union.
        case union(UnionDecl)
        /// Another name for a type expression.
        case alias(TypeExpr)
    }
}

/// A field of an object model, or of an inline body, or a parameter.
public struct FieldDecl: Sendable {
    /// The wire name (JSON key, query name, header name).
    public var wireName: String
    /// Where the key is written.
    public var location: SourceLocation
    /// The field's type.
    public var type: TypeExpr
    /// The client's default: the initializer's or factory argument's default, sent unless the
    /// caller passes another value, and what a missing key decodes as.
    public var defaultValue: LocatedDefault?
    /// The value the server uses when a request leaves the member out (`serverDefault:`, an
    /// OpenAPI `default` on a member a request need not send): said in the doc comment, never
    /// sent; a response without the key decodes as it. Only on an optional member.
    public var serverDefault: LocatedDefault?
    /// Whether the key is always there though its value may be `null` (`requiredKey:`, OpenAPI's
    /// required and nullable): a union variant whose value lacks the key is not that variant. Only
    /// on an optional member.
    public var keyRequired = false
    /// Where `requiredKey` is written, for the error when the member is not optional.
    public var keyRequiredLocation: SourceLocation?
    /// The doc comment text.
    public var description: String?
    /// An explicit Swift name (`swiftName:`).
    public var swiftName: String?
    /// Whether the field is deprecated.
    public var deprecated: Bool
    /// How a query parameter or form field is written when it is more than one text value; nil
    /// for the default (arrays repeat their name, objects use brackets).
    public var style: ParameterStyle?
    /// The content type a multipart part of this field is sent with, in place of the one its
    /// value gives (`image/png` for a `File`, `text/csv` for a `String`); OpenAPI's `encoding.contentType`.
    public var contentType: String?
    /// Where `contentType` is written, for the error when the field is not a multipart part.
    public var contentTypeLocation: SourceLocation?
    /// The headers a multipart part of this field is sent with (OpenAPI's `encoding.headers`),
    /// each a factory argument of its own.
    public var partHeaders: [FieldDecl] = []
    /// Where the part headers are written, for the error when the field is not a multipart part.
    public var partHeadersLocation: SourceLocation?

    /// Creates the value from all its parts.
    public init(
        wireName: String,
        location: SourceLocation,
        type: TypeExpr,
        defaultValue: LocatedDefault? = nil,
        description: String? = nil,
        swiftName: String? = nil,
        deprecated: Bool,
        style: ParameterStyle? = nil
    ) {
        self.style = style
        self.wireName = wireName
        self.location = location
        self.type = type
        self.defaultValue = defaultValue
        self.description = description
        self.swiftName = swiftName
        self.deprecated = deprecated
    }
}

/// A string enum.
public struct EnumDecl: Sendable {
    /// One case: its Swift name when chosen explicitly, its wire value, where it is written.
    public struct Case: Sendable {
        /// The case name when written (`enum: { active: ACTIVE }`); nil to derive it from the wire value.
        public var swiftName: String?
        /// The value on the wire.
        public var wireValue: String
        /// Where the case is written.
        public var location: SourceLocation

        /// Creates the value from all its parts.
        public init(
            swiftName: String? = nil,
            wireValue: String,
            location: SourceLocation
        ) {
            self.swiftName = swiftName
            self.wireValue = wireValue
            self.location = location
        }
    }

    /// The cases in declaration order.
    public var cases: [Case]
    /// Frozen enums have no `.unknown` case; an unknown value fails decoding.
    public var frozen: Bool

    /// Creates the value from all its parts.
    public init(
        cases: [Case],
        frozen: Bool
    ) {
        self.cases = cases
        self.frozen = frozen
    }
}

/// A union: a JSON property holds the tag that selects the variant (tagged), or, without a
/// discriminator, the first variant that decodes wins (untagged, tried in declaration order).
public struct UnionDecl: Sendable {
    /// One variant: its tag value (its case name when untagged) and the type it holds.
    public struct Variant: Sendable {
        /// The tag value that selects this variant; an untagged union's case name.
        public var tag: String
        /// The model the variant holds.
        public var type: TypeExpr
        /// Where the variant is written.
        public var location: SourceLocation

        /// Creates the value from all its parts.
        public init(
            tag: String,
            type: TypeExpr,
            location: SourceLocation
        ) {
            self.tag = tag
            self.type = type
            self.location = location
        }
    }

    /// The variants in declaration order.
    public var variants: [Variant]
    /// The JSON property that holds the tag; nil for an untagged union.
    public var discriminator: String?
    /// Where the discriminator is written (or the model, when missing).
    public var discriminatorLocation: SourceLocation
    /// Whether a value holds every variant it matches (`anyOf`: a struct with an optional property
    /// per variant) rather than one (`oneOf`: an enum). Only for untagged unions.
    public var matchesEvery = false
    /// Whether the union is of server-sent events told apart by their `event` name (`events:`):
    /// each variant's key is an event name, its type what the event's data holds. Only the element
    /// of an `EventStream`.
    public var byEventName = false
    /// The tag of the variant a tag the union does not list (or no tag) decodes as; nil makes
    /// such a value a decoding error.
    public var defaultTag: String?
    /// Where the default is written.
    public var defaultLocation: SourceLocation?

    /// Creates the value from all its parts.
    public init(
        variants: [Variant],
        discriminator: String? = nil,
        discriminatorLocation: SourceLocation
    ) {
        self.variants = variants
        self.discriminator = discriminator
        self.discriminatorLocation = discriminatorLocation
    }
}
