import Foundation
import Testing

/// The team's shared data, which a clone of the repository does not hold: the OpenAPI corpus
/// (`openapi/`, `openapi-apisguru/`) and the YAML test suite (`yaml-test-suite/`).
///
/// Found in the folder `SPECWRIGHT_SHARED` names, else in a folder named `shared` next to the
/// package. Where it is absent, the tests that need it are skipped with one line saying so; where
/// `SPECWRIGHT_SHARED` is set (as CI sets it), a missing folder fails those tests instead.
public enum SharedData {
    /// The package root (this file is `Tests/TestSupport/SharedData.swift`).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `SPECWRIGHT_SHARED`, when set.
    static let configured: URL? = ProcessInfo.processInfo.environment["SPECWRIGHT_SHARED"]
        .flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL }

    /// The shared folder: `SPECWRIGHT_SHARED`, else `shared` next to the package.
    public static let root: URL = configured ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared").standardizedFileURL

    /// The shared folder `name` (`openapi`, `yaml-test-suite`, ...), or nil when it is not there.
    public static func folder(_ name: String) -> URL? {
        let url = root.appendingPathComponent(name)
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue ? url : nil
    }

    /// Whether the tests that need `name` run: it is there, or `SPECWRIGHT_SHARED` was set, so
    /// that its absence is a failure rather than a skip.
    public static func runs(_ name: String) -> Bool {
        folder(name) != nil || configured != nil
    }

    /// The one line a skipped test prints: what it needed and how to provide it.
    public static func skipNote(_ name: String, _ what: String) -> Comment {
        Comment(rawValue: "\(what): the shared folder '\(name)' is not at \(root.appendingPathComponent(name).path); "
            + "set SPECWRIGHT_SHARED=<folder> or put a folder named 'shared' next to the package to run them")
    }

    /// The folder `name`, or a failure that says where it was looked for.
    public static func require(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try #require(folder(name), "the shared folder '\(name)' is missing at \(root.appendingPathComponent(name).path) (SPECWRIGHT_SHARED=\(configured?.path ?? "unset"))",
                     sourceLocation: sourceLocation)
    }

    /// The trait that runs a test only where `name` is there (or required), skipping it with one
    /// line otherwise.
    public static func needs(_ name: String, _ what: String) -> ConditionTrait {
        .enabled(if: runs(name), skipNote(name, what))
    }
}
