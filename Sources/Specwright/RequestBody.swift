import Foundation

/// The body of a request, as the spec describes it; encoded when the request is built,
/// with the endpoint's date coding.
public struct RequestBody: Sendable {
    /// The kinds of body, by media type.
    public enum Kind: Hashable, Sendable {
        /// `application/json`.
        case json
        /// `application/x-www-form-urlencoded`.
        case form
        /// `multipart/form-data`.
        case multipart
        /// Raw bytes with their own media type.
        case binary
    }

    private enum Content: Sendable {
        case json(any Encodable & Sendable)
        case jsonFields([(name: String, value: any Encodable & Sendable)])
        case formFields(KeyValuePairs<String, (any ParameterValue)?>)
        case formModel(any Encodable & Sendable)
        case multipart(MultipartForm)
        case binary(Data, contentType: String)
        case upload(UploadSource, length: Int64?, contentType: String, progress: ProgressHandler?)
    }

    private let content: Content
    /// The media type sent in place of the content's own, if any.
    private var mediaType: String?

    private init(_ content: Content) {
        self.content = content
    }

    /// The same body sent as `contentType` (`application/merge-patch+json`, `image/png`,
    /// `text/csv`), where the spec declares a media type other than the encoding's own. A
    /// multipart body keeps its boundary: `multipart/mixed; boundary=...`.
    public func withContentType(_ contentType: String) -> RequestBody {
        var body = self
        body.mediaType = contentType
        return body
    }

    /// Nil when every field is nil (an optional body whose caller gave none of it: no body is
    /// sent, and no `Content-Type`); the body itself otherwise.
    public var omittedWhenEmpty: RequestBody? {
        switch content {
        case .jsonFields(let fields): fields.isEmpty ? nil : self
        case .formFields(let fields): fields.allSatisfy { $0.value == nil } ? nil : self
        case .multipart(let form): form.parts.isEmpty ? nil : self
        case .json, .formModel, .binary, .upload: self
        }
    }

    /// The kind of body.
    public var kind: Kind {
        switch content {
        case .json, .jsonFields: .json
        case .formFields, .formModel: .form
        case .multipart: .multipart
        case .binary, .upload: .binary
        }
    }

    /// A JSON body holding one encoded value (a model, an array, a scalar).
    public static func json(_ value: some Encodable & Sendable) -> RequestBody {
        RequestBody(.json(value))
    }

    /// A JSON object with these members in this order; `nil` values are left out.
    public static func json(fields: KeyValuePairs<String, (any Encodable & Sendable)?>) -> RequestBody {
        RequestBody(.jsonFields(fields.compactMap { name, value in value.map { (name: name, value: $0) } }))
    }

    /// A form body with these fields in this order; `nil` values are left out and arrays repeat their key.
    public static func form(fields: KeyValuePairs<String, (any ParameterValue)?>) -> RequestBody {
        RequestBody(.formFields(fields))
    }

    /// A form body from a flat model: each property a field, arrays repeating their key, `nil` left out.
    public static func form(_ value: some Encodable & Sendable) -> RequestBody {
        RequestBody(.formModel(value))
    }

    /// A `multipart/form-data` body with these fields in this order; `nil` values are left out.
    public static func multipart(fields: KeyValuePairs<String, (any MultipartValue)?>) -> RequestBody {
        RequestBody(.multipart(MultipartForm(fields.compactMap { name, value in value.map { MultipartForm.Part(name: name, value: $0) } })))
    }

    /// A `multipart/form-data` body of these parts, in their order.
    public static func multipart(_ form: MultipartForm) -> RequestBody {
        RequestBody(.multipart(form))
    }

    /// The parts of a multipart body; nil for any other.
    var multipartForm: MultipartForm? {
        if case .multipart(let form) = content { form } else { nil }
    }

    /// The same body (its media type kept) with `form` as its parts.
    func replacingMultipart(_ form: MultipartForm) -> RequestBody {
        var body = RequestBody(.multipart(form))
        body.mediaType = mediaType
        return body
    }

    /// Text sent as its UTF-8 bytes, `text/plain` unless `contentType` says otherwise (`text/csv`).
    public static func text(_ text: String, contentType: String = "text/plain") -> RequestBody {
        RequestBody(.binary(Data(text.utf8), contentType: contentType))
    }

    /// Raw bytes sent as they are.
    public static func binary(_ data: Data, contentType: String = "application/octet-stream") -> RequestBody {
        RequestBody(.binary(data, contentType: contentType))
    }

    /// A file's bytes sent as they are, with the file's media type.
    public static func binary(_ file: File) -> RequestBody {
        RequestBody(.binary(file.data, contentType: file.contentType))
    }

    /// A file's bytes, read as they are sent (never loaded whole), as `contentType`, with their
    /// `Content-Length`; sent again from the start when the request is (a retry, a `307`).
    /// `progress` hears of each piece sent. On Linux ``URLSessionTransport`` reads the file
    /// through a body stream, in URLSession's 64 KiB reads, and sends it with
    /// `Expect: 100-continue` (a server that ignores it costs a second's wait), so a kept-alive
    /// connection the server had closed is found before the body goes out.
    public static func file(_ url: URL, contentType: String = "application/octet-stream", progress: ProgressHandler? = nil) -> RequestBody {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value
        return RequestBody(.upload(.file(url), length: size, contentType: contentType, progress: progress))
    }

    /// The pieces of `bytes`, as `contentType`, sent as they are produced (a recording, a
    /// generated export): chunked (`Transfer-Encoding: chunked`, no `Content-Length`), never held
    /// in memory, the sequence read only as fast as the connection takes the pieces.
    ///
    /// On Apple platforms ``URLSessionTransport`` sends it through a streamed upload task. On
    /// Linux URLSession cannot send a body as it is produced without holding up every request of
    /// the process (Docs/Benchmarks.md), so the pieces are written to a temporary file as they
    /// come and sent from it, with their `Content-Length` and `Expect: 100-continue`, once the
    /// sequence ends. It is sent once: a second send (a retry, a `307`) or
    /// URLSession asking for the body anew fails the request with ``SequenceResendError``, and an
    /// error of the sequence fails it with that error (the server never sees a complete body).
    /// Cancelling the request stops reading the sequence. `progress` hears of the bytes sent. For a
    /// body that can be sent again, or a server that needs a `Content-Length`, use
    /// ``spooledStream(_:contentType:progress:)``.
    public static func stream<Pieces: AsyncSequence & Sendable>(
        _ bytes: Pieces, contentType: String = "application/octet-stream", progress: ProgressHandler? = nil
    ) -> RequestBody where Pieces.Element == Data {
        RequestBody(.upload(.live(LivePieces(bytes)), length: nil, contentType: contentType, progress: progress))
    }

    /// The pieces of `bytes`, as `contentType`, written to a temporary file (deleted when done)
    /// as they come, when the request is made, then sent from it with their `Content-Length`, so
    /// the request can be sent again (a retry, a `307`). Nothing is sent before the sequence ends.
    public static func spooledStream<Pieces: AsyncSequence & Sendable>(
        _ bytes: Pieces, contentType: String = "application/octet-stream", progress: ProgressHandler? = nil
    ) -> RequestBody where Pieces.Element == Data {
        RequestBody(.upload(.spooled(PieceSpool(bytes)), length: nil, contentType: contentType, progress: progress))
    }

    /// The body ready to be read: a spooled sequence written to its file, with its length; a file
    /// to upload that cannot be read is the error, with its path.
    func prepared() async throws -> RequestBody {
        if case .upload(.file(let url), _, _, _) = content, !FileManager.default.isReadableFile(atPath: url.path) {
            // Said now, with the path, rather than as a read failing somewhere in URLSession.
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw CocoaError(exists ? .fileReadNoPermission : .fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: url.path,
                                                             NSLocalizedDescriptionKey: "The file to upload, \(url.path), cannot be read."])
        }
        guard case .upload(.spooled(let spool), _, let contentType, let progress) = content else { return self }
        let (_, length) = try await spool.spooled()
        var body = RequestBody(.upload(.spooled(spool), length: length, contentType: contentType, progress: progress))
        body.mediaType = mediaType
        return body
    }

    /// The stream URLSession reads the body from, with its length and media type, for an upload
    /// (a file, a sequence); nil for a body of bytes in memory.
    func uploadStream() -> (stream: UploadStream, length: Int64?, contentType: String)? {
        guard case .upload(let source, let length, let contentType, let progress) = content else { return nil }
        return (UploadStream(source: source, length: length, progress: progress), length, mediaType ?? contentType)
    }

    /// The media type of the bytes the body sends, for a new body of the same bytes.
    var bytesContentType: String? {
        switch content {
        case .binary(_, let contentType), .upload(_, _, let contentType, _): mediaType ?? contentType
        default: mediaType
        }
    }

    /// The bytes and the `Content-Type` header of the body; an upload (a file, a sequence) has no
    /// bytes here, they are read as the request is sent.
    ///
    /// Throws the encoder's error when a value cannot be encoded.
    public func encoded(dates: DateCoding) throws -> (data: Data, contentType: String) {
        try encoded(dates: dates, encoder: dates.jsonEncoder)
    }

    /// The bytes and the `Content-Type` header, JSON written with `encoder`.
    func encoded(dates: DateCoding, encoder: JSONEncoder) throws -> (data: Data, contentType: String) {
        let (data, contentType) = try encodedContent(dates: dates, encoder: encoder)
        guard let mediaType else { return (data, contentType) }
        // A multipart body's boundary goes with the declared media type.
        let boundary = contentType.range(of: "; boundary=").map { String(contentType[$0.lowerBound...]) } ?? ""
        return (data, mediaType + (kind == .multipart ? boundary : ""))
    }

    private func encodedContent(dates: DateCoding, encoder: JSONEncoder) throws -> (data: Data, contentType: String) {
        switch content {
        case .json(let value):
            return (try encoder.encode(value), "application/json")
        case .jsonFields(let fields):
            return (try Self.jsonObject(fields, encoder: encoder), "application/json")
        case .formFields(let fields):
            return (FormEncoding.encode(parameterPairs(fields, dates: dates)), "application/x-www-form-urlencoded")
        case .formModel(let value):
            return (FormEncoding.encode(try FormEncoding.pairs(of: value, dates: dates)), "application/x-www-form-urlencoded")
        case .multipart(let form):
            var parts: [(name: String, part: MultipartPart)] = []
            for field in form.parts {
                let made: [MultipartPart]
                if let json = field.value as? JSONPart {
                    made = [try json.part(encoder: encoder)]
                } else if let typed = field.value as? TypedPart {
                    made = try typed.parts(encoder: encoder, dates: dates)
                } else {
                    made = field.value.multipartParts(dates: dates)
                }
                parts += made.map { part in
                    var part = part
                    if let filename = field.filename { part.filename = filename }
                    return (name: field.name, part: part)
                }
            }
            // A part header that would break its line (CR, LF) is an error, as a request header's is.
            for (name, part) in parts {
                for header in part.headers where !HeaderValidation.isValid(name: header.name, value: header.value) {
                    throw EncodingError.invalidValue(header.value, EncodingError.Context(
                        codingPath: [], debugDescription: "Header '\(header.name)' of part '\(name)' is not a valid header line."))
                }
            }
            let (data, boundary) = MultipartEncoding.encode(parts)
            return (data, "multipart/form-data; boundary=\(boundary)")
        case .binary(let data, let contentType):
            return (data, contentType)
        case .upload(_, _, let contentType, _):
            return (Data(), contentType)
        }
    }

    /// Writes the members one by one so the object keeps the order the spec gave.
    private static func jsonObject(_ fields: [(name: String, value: any Encodable & Sendable)], encoder: JSONEncoder) throws -> Data {
        var data = Data("{".utf8)
        for (index, field) in fields.enumerated() {
            if index > 0 {
                data.append(UInt8(ascii: ","))
            }
            data.append(try encoder.encode(field.name))
            data.append(UInt8(ascii: ":"))
            data.append(try encoder.encode(field.value))
        }
        data.append(UInt8(ascii: "}"))
        return data
    }
}
