import Foundation

/// Writes `application/x-www-form-urlencoded` bodies with strict percent-encoding
/// (a space is `%20`, `+` is `%2B`, brackets are `%5B` and `%5D`), from field lists or from models.
enum FormEncoding {
    /// The body for ordered name/value pairs.
    static func encode(_ pairs: [(name: String, value: String)]) -> Data {
        Data(PercentEncoding.query(pairs).utf8)
    }

    /// The pairs of a model: each property a field, arrays of text values repeating their key,
    /// nested objects and arrays of them in the bracket convention (`address[city]=Paris`,
    /// `items[0][price]=p1`), `nil` left out.
    ///
    /// Throws `EncodingError.invalidValue` for a value that is not an object, or one nested more than 32 deep.
    static func pairs(of value: some Encodable, dates: DateCoding) throws -> [(name: String, value: String)] {
        let tree = try ValueTree.of(value, dates: dates)
        guard case .object = tree else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "A form body must be an object with fields."))
        }
        return StyledValue.pairs(tree, named: "", style: .form)
    }
}
