/// One message for the user, compiler style: `file:line:col: error: message`.
public struct Diagnostic: Sendable, Hashable, Error, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    /// Error, warning or note.
    public var severity: Severity
    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong, one line, with a suggestion where one helps.
    public var message: String
    /// Related places, for example the first occurrence of a duplicate.
    public var notes: [Diagnostic]

    /// Creates a diagnostic.
    public init(_ severity: Severity, at location: SourceLocation, _ message: String, notes: [Diagnostic] = []) {
        self.severity = severity
        self.location = location
        self.message = message
        self.notes = notes
    }

    /// An error at `location`.
    public static func error(_ message: String, at location: SourceLocation, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(.error, at: location, message, notes: notes)
    }

    /// A note at `location`, attached to another diagnostic.
    public static func note(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.note, at: location, message)
    }

    /// The diagnostic and its notes, one line each.
    public var description: String {
        ([self] + notes).map { "\($0.location): \($0.severity.rawValue): \($0.message)" }.joined(separator: "\n")
    }
}
