import Foundation

/// Decodes a model from the parts of a multipart body, each member from the parts of its name:
/// `String` from the text, `Data` and ``File`` from the bytes, an array from each part of the
/// name in order, anything else from JSON (a part of JSON, or text read as a JSON string:
/// enums, dates, UUIDs; or as JSON: numbers, `true`). JSON is read with the endpoint's decoder.
struct MultipartDecoder: Decoder {
    let parts: [ReceivedPart]
    let json: JSONDecoder
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { json.userInfo }

    /// The model of type `type` the parts make.
    static func decode<Value: Decodable>(_ type: Value.Type, from parts: [ReceivedPart], json: JSONDecoder) throws -> Value {
        try Value(from: MultipartDecoder(parts: parts, json: json))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Members(parts: parts, json: json, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "A multipart body is read by the names of its parts."))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "A multipart body is read by the names of its parts."))
    }

    /// The members of the body: the parts by name.
    private struct Members<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let parts: [ReceivedPart]
        let json: JSONDecoder
        let codingPath: [any CodingKey]

        var allKeys: [Key] {
            var names: [String] = []
            for part in parts { if let name = part.name, !names.contains(name) { names.append(name) } }
            return names.compactMap(Key.init(stringValue:))
        }

        func contains(_ key: Key) -> Bool {
            parts.contains { $0.name == key.stringValue }
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            let named = parts.filter { $0.name == key.stringValue }
            return named.isEmpty || (named.count == 1 && PartValue.isJSON(named[0]) && named[0].text.trimmingCharacters(in: .whitespacesAndNewlines) == "null")
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let named = parts.filter { $0.name == key.stringValue }
            let path = codingPath + [key]
            if let repeated = type as? any RepeatedParts.Type {
                guard let value = try repeated.init(parts: named, json: json, codingPath: path) as? T else {
                    throw DecodingError.typeMismatch(type, .init(codingPath: path, debugDescription: "The parts do not make a \(type)."))
                }
                return value
            }
            guard let part = named.first else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "The body has no part \"\(key.stringValue)\"."))
            }
            return try PartValue.decode(type, from: part, json: json, codingPath: path)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            throw DecodingError.typeMismatch(type, .init(codingPath: codingPath + [key], debugDescription: "A part is read as a whole value."))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath + [key], debugDescription: "A part is read as a whole value."))
        }

        func superDecoder() throws -> any Decoder { MultipartDecoder(parts: parts, json: json, codingPath: codingPath) }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            MultipartDecoder(parts: parts.filter { $0.name == key.stringValue }, json: json, codingPath: codingPath + [key])
        }
    }
}

/// A member that several parts of one name make: an array, each element one part.
protocol RepeatedParts {
    init(parts: [ReceivedPart], json: JSONDecoder, codingPath: [any CodingKey]) throws
}

extension Array: RepeatedParts where Element: Decodable {
    init(parts: [ReceivedPart], json: JSONDecoder, codingPath: [any CodingKey]) throws {
        self = try parts.enumerated().map { index, part in
            try PartValue.decode(Element.self, from: part, json: json, codingPath: codingPath + [AnyCodingKey(intValue: index) ?? AnyCodingKey(String(index))])
        }
    }
}

/// One part as a value.
enum PartValue {
    /// Whether the part says it is JSON.
    static func isJSON(_ part: ReceivedPart) -> Bool {
        part.contentType.map(MediaTypes.isJSON) ?? false
    }

    static func decode<T: Decodable>(_ type: T.Type, from part: ReceivedPart, json: JSONDecoder, codingPath: [any CodingKey]) throws -> T {
        if let text = part.text as? T, !isJSON(part) { return text }
        if let data = part.data as? T { return data }
        if let file = File(data: part.data, filename: part.filename, contentType: part.contentType ?? "application/octet-stream") as? T { return file }
        do {
            if isJSON(part) { return try StreamElements.json(type, from: part.data, decoder: json) }
            // Text: a JSON string of it (an enum's value, a date, a UUID), else the text as JSON (a number, `true`).
            let quoted = try JSONEncoder().encode(part.text)
            if let value = try? StreamElements.json(type, from: quoted, decoder: json) { return value }
            return try StreamElements.json(type, from: part.data, decoder: json)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Part \"\(part.name ?? "")\" is not a \(type): \(error)", underlyingError: error))
        }
    }
}
