import Foundation

extension ByteStream {
    /// The bytes of the file at `url`, read in pieces as the stream is read (never loaded whole);
    /// sent as a request body, the file is uploaded as it is, with its length.
    public init(contentsOf url: URL) {
        self.init(source: FileSource(url))
    }
}

extension RequestBody {
    /// `bytes` sent as the body, as `contentType`: bytes in memory (`ByteStream(data)`) as they are,
    /// with their length; a file (`ByteStream(contentsOf:)`) read as it is sent, with its length;
    /// any other stream (an `AsyncSequence` of pieces, `ByteStream(recording)`) as it is produced.
    /// What generated factories call for a body the document declares as a byte stream
    /// (`application/octet-stream`).
    public static func binary(_ bytes: ByteStream, contentType: String = "application/octet-stream") -> RequestBody {
        if let data = (bytes.handle.source as? ChunkSource)?.whole { return .binary(data, contentType: contentType) }
        if let file = (bytes.handle.source as? FileSource)?.url { return .file(file, contentType: contentType) }
        return .stream(bytes, contentType: contentType)
    }
}

/// A stream of a file's bytes, read 256 KiB at a time. One reader at a time.
final class FileSource: ByteSource, @unchecked Sendable {
    let url: URL
    private let lock = NSLock()
    private var handle: FileHandle?
    private var cancelled = false
    private var ended = false

    init(_ url: URL) {
        self.url = url
    }

    func next() async throws -> Data? {
        try lock.withLock {
            if cancelled { throw CancellationError() }
            if ended { return nil }
            if handle == nil { handle = try FileHandle(forReadingFrom: url) }
            guard let piece = try handle?.read(upToCount: 256 << 10), !piece.isEmpty else {
                ended = true
                try? handle?.close()
                handle = nil
                return nil
            }
            return piece
        }
    }

    func cancel() {
        lock.withLock {
            cancelled = true
            try? handle?.close()
            handle = nil
        }
    }

    deinit {
        try? handle?.close()
    }
}
