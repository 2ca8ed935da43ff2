import Foundation

/// The parts of a `multipart/form-data` request body, in the order they are sent: what a
/// generated factory makes from its arguments, and what ``Endpoint/multipart(_:)`` lets a caller
/// change before sending: a part's file name, parts in another order, parts the spec does not
/// declare.
///
/// ```swift
/// let upload = Petstore.multipartUploadTyped(log: text, metadata: meta, keyword: ["fun", "joy"])
///     .multipart { form in
///         form.setFilename("process.log", forPartsNamed: "log")
///         form.append("on", named: "trace")           // a part the document does not declare
///         form.move(partsNamed: "keyword", before: "log")
///     }
/// ```
public struct MultipartForm: Sendable {
    /// One field of the form: its name, its value (one part, or one per element of an array),
    /// and the file name its parts are sent with in place of the value's own.
    public struct Part: Sendable {
        /// The field name (`Content-Disposition: form-data; name="..."`).
        public var name: String
        /// The value: a ``File``, `Data`, text, a ``JSONPart``, a ``TypedPart``, an array of them.
        public var value: any MultipartValue
        /// The `filename` each of its parts is sent with, in place of the value's (a ``File``'s);
        /// nil keeps the value's.
        public var filename: String?

        /// A field with its name, value and file name.
        public init(name: String, value: any MultipartValue, filename: String? = nil) {
            self.name = name
            self.value = value
            self.filename = filename
        }
    }

    /// The fields in the order they are sent.
    public var parts: [Part]

    /// A form of these fields.
    public init(_ parts: [Part] = []) {
        self.parts = parts
    }

    /// Adds a field at the end: `value`'s parts under `name`.
    public mutating func append(_ value: some MultipartValue, named name: String, filename: String? = nil) {
        parts.append(Part(name: name, value: value, filename: filename))
    }

    /// Sends the parts of every field named `name` with `filename` (nil: the value's own).
    public mutating func setFilename(_ filename: String?, forPartsNamed name: String) {
        for index in parts.indices where parts[index].name == name { parts[index].filename = filename }
    }

    /// Moves the fields named `name` to just before the first field named `other` (to the end
    /// when there is none), keeping their order.
    public mutating func move(partsNamed name: String, before other: String) {
        let moving = parts.filter { $0.name == name }
        parts.removeAll { $0.name == name }
        let index = parts.firstIndex { $0.name == other } ?? parts.endIndex
        parts.insert(contentsOf: moving, at: index)
    }

    /// Removes the fields named `name`.
    public mutating func removeParts(named name: String) {
        parts.removeAll { $0.name == name }
    }
}

extension Endpoint {
    /// The same request, its multipart answer read as its parts, each with its name, file name,
    /// headers (a part's `X-Log-Type`) and bytes, rather than decoded into the response model.
    public func receivingParts() -> Endpoint<[ReceivedPart], Failure> {
        reading(.parts)
    }

    /// The same endpoint with its multipart body changed by `edit` (see ``MultipartForm``); an
    /// endpoint whose body is not multipart is returned as it is.
    public func multipart(_ edit: (inout MultipartForm) -> Void) -> Endpoint {
        guard var form = body?.multipartForm else { return self }
        edit(&form)
        var endpoint = self
        endpoint.body = body?.replacingMultipart(form)
        return endpoint
    }
}
