/// Collects the diagnostics of one run, so every error is reported, not just the first.
public struct DiagnosticBag: Sendable {
    /// Everything reported so far, in report order.
    public private(set) var all: [Diagnostic] = []

    /// An empty bag.
    public init() {}

    /// Whether any error was reported.
    public var hasErrors: Bool { all.contains { $0.severity == .error } }

    /// Adds a diagnostic.
    public mutating func report(_ diagnostic: Diagnostic) {
        all.append(diagnostic)
    }

    /// Adds an error at `location`.
    public mutating func error(_ message: String, at location: SourceLocation, notes: [Diagnostic] = []) {
        all.append(.error(message, at: location, notes: notes))
    }

    /// Adds a warning at `location`.
    public mutating func warning(_ message: String, at location: SourceLocation) {
        all.append(Diagnostic(.warning, at: location, message))
    }

    /// Adds every diagnostic of another bag.
    public mutating func append(contentsOf other: DiagnosticBag) {
        all.append(contentsOf: other.all)
    }

    /// The diagnostics sorted by file, line and column (stable for equal places), as printed.
    public var sorted: [Diagnostic] {
        all.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
    }
}
