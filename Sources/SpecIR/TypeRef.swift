import SpecCore

/// A Swift type as the IR refers to it: which type, not how it is spelled.
public indirect enum TypeRef: Sendable, Hashable {
    /// A named type: a model, a runtime or Foundation type, a generic parameter; `scope` holds the
    /// enclosing types it is named through from outside (`["Chirp"]` for `Chirp.RegisterError`).
    case named(String, scope: [String], arguments: [TypeRef])
    /// An array of the element type.
    case array(TypeRef)
    /// A dictionary from `String` keys to the value type.
    case dictionary(TypeRef)
    /// An optional of the wrapped type.
    case optional(TypeRef)

    /// A named type without scope or generic arguments.
    public static func named(_ name: String) -> TypeRef {
        .named(name, scope: [], arguments: [])
    }

    /// The type without an outer optional.
    public var nonOptional: TypeRef {
        if case .optional(let wrapped) = self { wrapped } else { self }
    }
}

/// A value written in the spec, such as a default, by what it is.
public enum ValueIR: Sendable, Hashable {
    /// A number as written; `decimal` when its type is `Decimal` (so it must not round through `Double`).
    case number(String, decimal: Bool)
    /// `true` or `false`.
    case bool(Bool)
    /// A string.
    case string(String)
    /// An enum case, by its Swift name; `type` is given where the bare member would be ambiguous
    /// (`Mode? = .none` would mean nil).
    case enumCase(String, type: TypeRef?)
    /// An empty array.
    case emptyArray
    /// An empty dictionary.
    case emptyDictionary
    /// No value: `nil` for an optional.
    case null
}

/// A protocol a generated type conforms to.
public enum Conformance: String, Sendable, CaseIterable {
    /// The raw value is the protocol's Swift name.
    case codable = "Codable", decodable = "Decodable", encodable = "Encodable", hashable = "Hashable", sendable = "Sendable"
    /// The element of an event stream chosen by the event's name (unions of events).
    case serverSentEventDecodable = "ServerSentEventDecodable"
    /// A model generated as a final class prints its fields, as a struct does.
    case describedByFields = "DescribedByFields"
}
