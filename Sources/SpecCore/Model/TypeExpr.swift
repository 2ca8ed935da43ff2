import SpecDiagnostics

/// A type expression as written in a spec: `Int`, `[Post]`, `[String: Int]`, `User?`, `Page<Post>`.
public indirect enum TypeExpr: Sendable, Hashable, CustomStringConvertible {
    /// A built-in type, a model or a generic parameter, with generic arguments when applied.
    case named(String, arguments: [TypeExpr], at: SourceLocation)
    /// `[Element]`
    case array(TypeExpr)
    /// `[String: Value]`
    case dictionary(TypeExpr)
    /// `Wrapped?`
    case optional(TypeExpr)

    /// Where the expression (its innermost name) is written.
    public var location: SourceLocation {
        switch self {
        case .named(_, _, let location): location
        case .array(let element), .dictionary(let element), .optional(let element): element.location
        }
    }

    /// The expression without an outer `?`.
    public var nonOptional: TypeExpr {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// Whether the outermost type is optional.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The expression as a spec writes it.
    public var description: String {
        switch self {
        case .named(let name, let arguments, _):
            arguments.isEmpty ? name : "\(name)<\(arguments.map(\.description).joined(separator: ", "))>"
        case .array(let element): "[\(element)]"
        case .dictionary(let value): "[String: \(value)]"
        case .optional(let wrapped): "\(wrapped)?"
        }
    }
}

/// A default value as written after `=` or under `default:`.
public enum DefaultValue: Sendable, Hashable {
    /// An integer or decimal number, as written.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// A quoted string.
    case string(String)
    /// An unquoted word: an enum case's wire value.
    case word(String)
    /// `[]`
    case emptyArray
    /// `{}`
    case emptyObject
}

/// A default value and where it is written.
public struct LocatedDefault: Sendable, Hashable {
    /// The value.
    public var value: DefaultValue
    /// Where it is written.
    public var location: SourceLocation

    /// Creates the value from all its parts.
    public init(
        value: DefaultValue,
        location: SourceLocation
    ) {
        self.value = value
        self.location = location
    }
}

/// The built-in types of format v1.
public enum BuiltinType: String, Sendable, CaseIterable {
    /// Strings and numbers; each raw value is the name a spec writes.
    case string = "String", int = "Int", int32 = "Int32", int64 = "Int64", double = "Double", float = "Float"
    /// Booleans, timestamps, plain days (`2026-11-30`), UUIDs, URLs and base64 bytes.
    case bool = "Bool", date = "Date", calendarDate = "CalendarDate", uuid = "UUID", url = "URL", data = "Data"
    /// Decimals (Foundation's, sent as a JSON number), decimals kept as their digits and scale
    /// (`ExactDecimal`, sent as a JSON string: Pydantic's `Decimal`), any JSON value (`JSONValue`
    /// in Swift) and a multipart or binary body's file.
    case decimal = "Decimal", exactDecimal = "ExactDecimal", json = "JSON", file = "File"
    /// `Nullable<T>`: a value or an explicit `null`; as `Nullable<T>?`, absent, `null` or a value
    /// (a PATCH field that can be cleared). `Clearable<T>`: a value, or `""` that clears it
    /// (Stripe's "post an empty value to unset"). The built-in types with a generic argument.
    case nullable = "Nullable", clearable = "Clearable"

    /// The Swift type the generated code uses.
    public var swiftName: String {
        switch self {
        case .json: "JSONValue"
        default: rawValue
        }
    }

    /// Whether a value of this type can be sent as a query, header, path or form value.
    public var isParameterValue: Bool {
        switch self {
        case .json, .data, .file, .nullable, .clearable: false
        default: true
        }
    }
}
