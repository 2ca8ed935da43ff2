/// A typed context object: it answers the keys it knows, and nil for others.
///
/// A name no object on the context stack knows is an "unknown variable" error, never empty text.
public protocol TemplateObject: Sendable {
    /// The value for `key`, or nil if this object has no such key.
    func value(forKey key: String) -> TemplateValue?
}

/// A ready-made object for simple cases and tests: lookup from a dictionary (never iterated to output).
public struct DictionaryObject: TemplateObject {
    /// The values by key.
    public var values: [String: TemplateValue]

    /// An object answering the keys of `values`.
    public init(_ values: [String: TemplateValue]) {
        self.values = values
    }

    /// The dictionary's value for `key`.
    public func value(forKey key: String) -> TemplateValue? {
        values[key]
    }
}
