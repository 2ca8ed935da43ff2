import Foundation
import SpecCompiler
import Testing

/// Golden-file helpers: compare generated text with checked-in files, or re-record them.
///
/// Re-record with `SPECWRIGHT_RECORD=1 swift test`, then review the change with `git diff` like code.
enum Golden {
    /// The folder of this test target.
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The package root.
    static let packageRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    /// Whether this run re-records goldens instead of comparing.
    static let recording = ProcessInfo.processInfo.environment["SPECWRIGHT_RECORD"] == "1"

    /// Compares `actual` with the file at `url` (or writes it when recording), reporting a readable diff.
    static func check(_ actual: String, against url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
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
    static func diff(expected: String, actual: String) -> String {
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

    /// Reads files relative to `folder`, for the compiler's `read`.
    static func reader(in folder: URL) -> (String) throws -> [UInt8] {
        { path in
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else {
                throw MissingFile()
            }
            return [UInt8](data)
        }
    }

    /// A file that is not there, described as the CLI describes it.
    struct MissingFile: Error, CustomStringConvertible {
        var description: String { "no such file" }
    }

    /// The default templates.
    static let templates = SpecCompiler.templates().templates

    /// Runs slow blocking work (a compile, a long computation) on a thread of its own, not on one of
    /// Swift concurrency's few threads, which every other test needs to keep its time limits.
    static func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }
}
