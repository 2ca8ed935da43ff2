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

    /// The diagnostic and its notes, one line each. Messages quote the user's text, so line breaks,
    /// other control characters and invisible format characters (bidi overrides) in a file name or
    /// message are shown escaped: a diagnostic is always exactly one line and shows what is there.
    public var description: String {
        ([self] + notes).map { diagnostic in
            let location = "\(Self.printable(diagnostic.location.file)):\(diagnostic.location.line):\(diagnostic.location.column)"
            return "\(location): \(diagnostic.severity.rawValue): \(Self.printable(diagnostic.message))"
        }.joined(separator: "\n")
    }

    /// `text` with control, format and line- or paragraph-separator characters written as Swift escapes.
    static func printable(_ text: String) -> String {
        // Printable ASCII, the common case, needs no look at Unicode's tables.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        guard text.unicodeScalars.contains(where: isUnprintable) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isUnprintable(scalar): result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
