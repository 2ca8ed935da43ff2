import Foundation

/// Writes `application/x-www-form-urlencoded` bodies with strict percent-encoding
/// (a space is `%20`, `+` is `%2B`), from field lists or from flat models.
enum FormEncoding {
    /// The body for ordered name/value pairs.
    static func encode(_ pairs: [(name: String, value: String)]) -> Data {
        Data(PercentEncoding.query(pairs).utf8)
    }

    /// The pairs of a flat model: each property a field, arrays repeating their key, `nil` left out.
    ///
    /// Throws `EncodingError.invalidValue` for nested objects, which form bodies cannot express.
    static func pairs(of value: some Encodable, dates: DateCoding) throws -> [(name: String, value: String)] {
        let storage = FormStorage(dates: dates)
        try value.encode(to: FormFieldEncoder(storage: storage, codingPath: [], field: nil))
        return storage.pairs
    }
}

/// The pairs collected while a model encodes itself.
private final class FormStorage {
    let dates: DateCoding
    var pairs: [(name: String, value: String)] = []
    /// How deep values are nested; a guard against types that encode themselves as themselves.
    var depth = 0

    init(dates: DateCoding) {
        self.dates = dates
    }
}

/// An encoder for the model itself (no field yet) or for the value of one field.
private struct FormFieldEncoder: Encoder {
    let storage: FormStorage
    let codingPath: [any CodingKey]
    /// The field this encoder writes to; `nil` at the top level.
    let field: String?
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FormKeyedContainer<Key>(storage: storage, codingPath: codingPath, nestedIn: field))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        FormUnkeyedContainer(storage: storage, codingPath: codingPath, field: field)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        FormSingleValueContainer(storage: storage, codingPath: codingPath, field: field)
    }
}

/// Writes one text value (or the values of a ``ParameterValue``) for a field, or fails when there is no field.
private func appendFormValue(_ value: some Encodable, field: String?, storage: FormStorage, codingPath: [any CodingKey]) throws {
    if let parameter = value as? any ParameterValue {
        guard let field else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "A form body must be an object with fields."))
        }
        for text in parameter.parameterValues(dates: storage.dates) {
            storage.pairs.append((name: field, value: text))
        }
    } else {
        guard storage.depth < 32 else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "A form field value is nested too deeply."))
        }
        storage.depth += 1
        defer { storage.depth -= 1 }
        try value.encode(to: FormFieldEncoder(storage: storage, codingPath: codingPath, field: field))
    }
}

private struct FormKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: FormStorage
    let codingPath: [any CodingKey]
    /// The field this object would be nested in; form bodies only allow the top-level object.
    let nestedIn: String?

    private func checkTopLevel(_ key: Key, value: Any) throws {
        guard nestedIn == nil else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath + [key], debugDescription: "A form body holds flat fields only, not nested objects."))
        }
    }

    mutating func encodeNil(forKey key: Key) throws {}

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try checkTopLevel(key, value: value)
        try appendFormValue(value, field: key.stringValue, storage: storage, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(FormKeyedContainer<NestedKey>(storage: storage, codingPath: codingPath + [key], nestedIn: key.stringValue))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        FormUnkeyedContainer(storage: storage, codingPath: codingPath + [key], field: key.stringValue)
    }

    mutating func superEncoder() -> any Encoder {
        FormFieldEncoder(storage: storage, codingPath: codingPath, field: nil)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        FormFieldEncoder(storage: storage, codingPath: codingPath + [key], field: key.stringValue)
    }
}

/// The elements of an array field: each one repeats the field's key.
private struct FormUnkeyedContainer: UnkeyedEncodingContainer {
    let storage: FormStorage
    let codingPath: [any CodingKey]
    let field: String?
    private(set) var count = 0

    init(storage: FormStorage, codingPath: [any CodingKey], field: String?) {
        self.storage = storage
        self.codingPath = codingPath
        self.field = field
    }

    private var elementPath: [any CodingKey] {
        codingPath + [AnyCodingKey(intValue: count) ?? AnyCodingKey(String(count))]
    }

    mutating func encodeNil() throws {
        count += 1
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = elementPath
        count += 1
        guard field != nil, !(value is any Collection) || value is String || value is Substring else {
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "A form field holds text values or a flat array of them."))
        }
        try appendFormValue(value, field: field, storage: storage, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = elementPath
        count += 1
        return KeyedEncodingContainer(FormKeyedContainer<NestedKey>(storage: storage, codingPath: path, nestedIn: field ?? ""))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = elementPath
        count += 1
        return FormUnkeyedContainer(storage: storage, codingPath: path, field: nil)
    }

    mutating func superEncoder() -> any Encoder {
        FormFieldEncoder(storage: storage, codingPath: codingPath, field: nil)
    }
}

/// One value for a field: text, a number, a Boolean, or a ``ParameterValue``.
private struct FormSingleValueContainer: SingleValueEncodingContainer {
    let storage: FormStorage
    let codingPath: [any CodingKey]
    let field: String?

    mutating func encodeNil() throws {}

    mutating func encode<T: Encodable>(_ value: T) throws {
        try appendFormValue(value, field: field, storage: storage, codingPath: codingPath)
    }
}
