/// How far a download or an upload has come: the bytes so far, and the total when known (the
/// response's `Content-Length`, the file's size, the length an upload was given).
public struct TransferProgress: Sendable, Hashable {
    /// The bytes transferred so far (for a resumed download, those already on disk included).
    public var bytes: Int64
    /// The bytes there are in all; nil when the server or the caller did not say.
    public var expected: Int64?
    /// For a download: the file's validator as the server gave it (its `ETag`, else its
    /// `Last-Modified`), which a later run sends as `If-Range` to resume the same file only (see
    /// ``APIClient/download(_:to:resume:progress:)``); nil for uploads and when the server gave none.
    public var validator: String?

    /// A progress with its parts.
    public init(bytes: Int64, expected: Int64?, validator: String? = nil) {
        self.bytes = bytes
        self.expected = expected
        self.validator = validator
    }

    /// The part done, 0 to 1; nil when the total is not known.
    public var fraction: Double? {
        guard let expected, expected > 0 else { return nil }
        return min(1, Double(bytes) / Double(expected))
    }
}

/// Where progress goes: a closure called as bytes move, from the thread that moves them; keep it short.
public typealias ProgressHandler = @Sendable (TransferProgress) -> Void
