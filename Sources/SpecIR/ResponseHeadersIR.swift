/// The headers an endpoint's responses declare, as a struct read from a `Response`:
/// `Petstore.ListPetsHeaders(response).xNext`.
public struct ResponseHeadersIR: Sendable {
    /// The struct's name, `<Endpoint>Headers`.
    public var name: String
    /// Doc comment text.
    public var doc: [String]
    /// Deprecated with its endpoint.
    public var deprecated: Bool
    /// One property per header, in declaration order.
    public var fields: [ResponseHeaderIR]
    /// The namespace, whose `api.dates` reads dates.
    public var namespace: String
}

/// One declared response header.
public struct ResponseHeaderIR: Sendable {
    /// The property name, unescaped.
    public var name: String
    /// The header name.
    public var wireName: String
    /// The type it is read as, without the optional every property has.
    public var type: TypeRef
    /// Doc comment text: the header's description.
    public var doc: [String]
    /// Whether the header's text is JSON of the type.
    public var json: Bool = false
}
