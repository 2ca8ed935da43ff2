import SpecDiagnostics

/// A template parse or render error, located at the offending tag: `file:line:col: error: message`.
public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The located message.
    public var diagnostic: Diagnostic

    /// Wraps a diagnostic.
    public init(_ diagnostic: Diagnostic) {
        self.diagnostic = diagnostic
    }

    /// An error with `message` at `location`.
    init(_ message: String, at location: SourceLocation) {
        diagnostic = .error(message, at: location)
    }

    /// `file:line:col: error: message`.
    public var description: String { diagnostic.description }
}
