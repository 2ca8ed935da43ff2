import Foundation

/// A file to upload: a multipart part, or a whole binary request body.
public struct File: Hashable, Sendable, Codable {
    /// The file's bytes.
    public var data: Data
    /// The file name sent in the part's `Content-Disposition`, if any.
    public var filename: String?
    /// The media type of the bytes, such as `image/png`.
    public var contentType: String

    /// A file with its bytes, optional name and media type.
    public init(data: Data, filename: String? = nil, contentType: String = "application/octet-stream") {
        self.data = data
        self.filename = filename
        self.contentType = contentType
    }
}
