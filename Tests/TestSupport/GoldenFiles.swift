import Foundation
import Testing

/// Golden files, shared by the test targets: compare generated text with a checked-in file, or
/// re-record it (`SPECWRIGHT_RECORD=1 swift test`, then review the change with `git diff`).
public enum GoldenFiles {
    /// Whether this run re-records goldens instead of comparing.
    public static let recording = ProcessInfo.processInfo.environment["SPECWRIGHT_RECORD"] == "1"

    /// A file the compiler asked for that is not there.
    public struct MissingFile: Error, CustomStringConvertible {
        /// The path asked for.
        public var path: String
        /// Creates the error.
        public init(path: String = "") { self.path = path }
        /// `no such file`, with the path when there is one (a diagnostic names the path already).
        public var description: String { path.isEmpty ? "no such file" : "no such file '\(path)'" }
    }

    /// Compares `actual` with the file at `url` (or writes it when recording), reporting a readable diff.
    public static func check(_ actual: String, against url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if recording {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url, options: .atomic)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing golden \(url.path); record it with SPECWRIGHT_RECORD=1", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != actual {
            Issue.record("\(url.lastPathComponent) differs from the golden:\n\(diff(expected: expected, actual: actual))",
                         sourceLocation: sourceLocation)
        }
    }

    /// The first differing lines with a little context, `-` expected, `+` actual.
    public static func diff(expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var first = 0
        while first < min(old.count, new.count), old[first] == new[first] { first += 1 }
        var lastOld = old.count - 1, lastNew = new.count - 1
        while lastOld >= first, lastNew >= first, old[lastOld] == new[lastNew] { lastOld -= 1; lastNew -= 1 }
        var lines = ["@@ line \(first + 1) @@"]
        for index in max(0, first - 2)..<first { lines.append("  " + old[index]) }
        if lastOld >= first { for index in first...lastOld { lines.append("- " + old[index]) } }
        if lastNew >= first { for index in first...lastNew { lines.append("+ " + new[index]) } }
        return lines.prefix(60).joined(separator: "\n")
    }

    /// Reads files for the compiler's `read`: a relative path from `folder` (`../x` too, as the
    /// CLI would), an absolute path as it is.
    public static func reader(in folder: URL) -> @Sendable (String) throws -> [UInt8] {
        { path in
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: url.path) else { throw MissingFile() }
            return [UInt8](data)
        }
    }
}
