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

    /// The file at `url`, memory-mapped: its bytes are paged in from disk as they are sent, so a
    /// large upload does not first become a copy in memory. The file name defaults to the URL's last
    /// component. Do not change the file while the request is being sent.
    public init(contentsOf url: URL, filename: String? = nil, contentType: String = "application/octet-stream") throws {
        self.init(data: try Data(contentsOf: url, options: .alwaysMapped), filename: filename ?? url.lastPathComponent, contentType: contentType)
    }
}
