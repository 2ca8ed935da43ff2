import SpecDiagnostics

/// Thrown by a file reader when a file is over `YAMLLimits.maxFileSize`, so a huge file (or a device
/// that never ends) is refused before it is read into memory. The loader reports it like the parser does.
public struct FileTooLarge: Error, Sendable {
    /// The file's size in bytes; nil when it is not known (a pipe or device that kept going past the limit).
    public var size: Int?

    /// A file of `size` bytes (nil: unknown) that is over the limit.
    public init(size: Int?) {
        self.size = size
    }

    /// The diagnostic for this file at `file`, with the `limit` it is over.
    public func diagnostic(file: String, limit: Int) -> Diagnostic {
        let message = size.map { "file too large (\($0) bytes; the limit is \(limit) bytes)" }
            ?? "file too large (it goes on past the limit of \(limit) bytes)"
        return .error(message, at: SourceLocation(file: file, line: 1, column: 1))
    }
}
