import Foundation

/// A value that can be a field of a `multipart/form-data` body: a ``File``, `Data`, any ``ParameterValue``, or an array of them.
public protocol MultipartValue: Sendable {
    /// The parts this value contributes under its field name: one per element for arrays.
    ///
    /// - Parameter dates: how the endpoint writes dates, for `Date` values.
    func multipartParts(dates: DateCoding) -> [MultipartPart]
}

/// One part of a multipart body, before the field name is attached.
public struct MultipartPart: Hashable, Sendable {
    /// The part's bytes.
    public var data: Data
    /// The file name, for file parts.
    public var filename: String?
    /// The part's media type; `nil` for plain text fields, which are sent without a `Content-Type`.
    public var contentType: String?
    /// Further headers of the part, in order (OpenAPI's `encoding.headers`).
    public var headers: [PartHeader] = []

    /// A part with bytes, an optional file name and an optional media type.
    public init(data: Data, filename: String? = nil, contentType: String? = nil) {
        self.data = data
        self.filename = filename
        self.contentType = contentType
    }

    /// A plain text field.
    public init(text: String) {
        self.init(data: Data(text.utf8))
    }
}

/// One header of a multipart part beside `Content-Disposition` and `Content-Type`.
public struct PartHeader: Hashable, Sendable {
    /// The header's name.
    public var name: String
    /// Its value.
    public var value: String

    /// A header `name: value`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension File: MultipartValue {
    /// One file part with the file's name and media type.
    public func multipartParts(dates: DateCoding) -> [MultipartPart] {
        [MultipartPart(data: data, filename: filename, contentType: contentType)]
    }
}

extension Data: MultipartValue {
    /// One binary part (`application/octet-stream`, no file name).
    public func multipartParts(dates: DateCoding) -> [MultipartPart] {
        [MultipartPart(data: self, contentType: "application/octet-stream")]
    }
}

extension Array: MultipartValue where Element: MultipartValue {
    /// The parts of every element, in order, all under the same field name.
    public func multipartParts(dates: DateCoding) -> [MultipartPart] {
        flatMap { $0.multipartParts(dates: dates) }
    }
}

/// Writes `multipart/form-data` bodies (RFC 7578).
enum MultipartEncoding {
    /// The body bytes and the boundary that separates its parts.
    ///
    /// The boundary holds a random UUID and is regenerated in the unlikely case any part contains it.
    static func encode(_ fields: [(name: String, part: MultipartPart)]) -> (data: Data, boundary: String) {
        var boundary = newBoundary()
        while fields.contains(where: { $0.part.data.range(of: Data(boundary.utf8)) != nil }) {
            boundary = newBoundary()
        }
        let heads = fields.map { head(of: $0, boundary: boundary) }
        let closing = "--\(boundary)--\r\n"
        // One buffer of the final size: the parts are copied once, with no regrowth on the way.
        var body = Data()
        body.reserveCapacity(zip(heads, fields).reduce(closing.utf8.count) { $0 + $1.0.utf8.count + $1.1.part.data.count + 2 })
        for (head, field) in zip(heads, fields) {
            body.append(contentsOf: head.utf8)
            body.append(field.part.data)
            body.append(contentsOf: [0x0D, 0x0A])
        }
        body.append(contentsOf: closing.utf8)
        return (body, boundary)
    }

    /// The boundary line and headers before a part's bytes.
    private static func head(of field: (name: String, part: MultipartPart), boundary: String) -> String {
        var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(quoted(field.name))\""
        if let filename = field.part.filename {
            head += "; filename=\"\(quoted(filename))\""
        }
        head += "\r\n"
        if let contentType = field.part.contentType {
            head += "Content-Type: \(headerSafe(contentType))\r\n"
        }
        for header in field.part.headers {
            head += "\(headerSafe(header.name)): \(headerSafe(header.value))\r\n"
        }
        return head + "\r\n"
    }

    private static func newBoundary() -> String {
        "specwright-" + UUID().uuidString.lowercased()
    }

    /// Escapes a name for a quoted `Content-Disposition` parameter as browsers do (`"` and line breaks percent-encoded).
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Removes line breaks, which would end the header.
    private static func headerSafe(_ text: String) -> String {
        text.replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: "")
    }
}

/// A multipart field sent as one `application/json` part, written with the endpoint's JSON
/// encoder: what generated code passes for an object, map, union or `JSON` value in a multipart
/// body, as OpenAPI's default content type for such a part says (`JSONPart(metadata)`).
public struct JSONPart: MultipartValue {
    /// The value.
    public let value: any Encodable & Sendable

    /// A part for `value`; nil when `value` is nil, so an optional argument leaves the field out.
    public init?(_ value: (any Encodable & Sendable)?) {
        guard let value else { return nil }
        self.value = value
    }

    /// The JSON part, written with `dates`; none when the value cannot be encoded (the body's
    /// encoding reports that error instead, through ``part(encoder:)``).
    public func multipartParts(dates: DateCoding) -> [MultipartPart] {
        (try? part(encoder: dates.jsonEncoder)).map { [$0] } ?? []
    }

    /// The JSON part, written with `encoder`; throws the encoder's error.
    func part(encoder: JSONEncoder) throws -> MultipartPart {
        MultipartPart(data: try encoder.encode(value), contentType: "application/json")
    }
}

/// A multipart field sent with the content type and headers the spec gives its part (OpenAPI's
/// `encoding.contentType`: `image/png`, `text/csv`, in place of the one its value would give;
/// `encoding.headers`): what generated code passes as `TypedPart(avatar, contentType: "image/png")`
/// or `TypedPart(log, headers: ["x-log-type": logType])`.
public struct TypedPart: MultipartValue {
    /// The value.
    public let value: any MultipartValue
    /// The content type of each of its parts; nil for the one its value gives.
    public let contentType: String?
    /// The headers of each of its parts, those given a value, in order.
    public let headers: [(name: String, value: any ParameterValue)]

    /// `value` sent as `contentType` with `headers` (a nil header is not sent); nil when `value`
    /// is nil, so an optional argument leaves the field out.
    public init?(_ value: (any MultipartValue)?, contentType: String? = nil, headers: KeyValuePairs<String, (any ParameterValue)?> = [:]) {
        guard let value else { return nil }
        self.value = value
        self.contentType = contentType
        self.headers = headers.compactMap { name, value in value.map { (name: name, value: $0) } }
    }

    /// The value's parts, each with the content type and headers.
    public func multipartParts(dates: DateCoding) -> [MultipartPart] {
        value.multipartParts(dates: dates).map(typed(dates: dates))
    }

    /// The parts with JSON written by `encoder` (a ``JSONPart`` inside), each with the content type and headers.
    func parts(encoder: JSONEncoder, dates: DateCoding) throws -> [MultipartPart] {
        guard let json = value as? JSONPart else { return multipartParts(dates: dates) }
        return [typed(dates: dates)(try json.part(encoder: encoder))]
    }

    /// A part with this field's content type and headers (each value's texts joined by commas, as
    /// a header parameter's are).
    private func typed(dates: DateCoding) -> (MultipartPart) -> MultipartPart {
        let lines = headers.map { PartHeader(name: $0.name, value: $0.value.parameterValues(dates: dates).joined(separator: ",")) }
        return { part in
            var part = part
            if let contentType { part.contentType = contentType }
            part.headers = lines
            return part
        }
    }
}
