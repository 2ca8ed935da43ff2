import Foundation
import TestSupport
import Testing

/// A failing `generate` leaves the output folder exactly as it was: every file, byte for byte, and no
/// temporary file or backup left behind.
@Suite struct NoPartialOutputTests {
    /// Every entry of `folder` (hidden ones included) with its contents; nil for a missing folder.
    static func snapshot(_ cli: CLI, _ folder: String) -> [String: String]? {
        let path = cli.folder.appendingPathComponent(folder).path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return nil }
        var entries: [String: String] = [:]
        for name in names { entries[name] = cli.read("\(folder)/\(name)") ?? "<not a file>" }
        return entries
    }

    /// Runs `specwright` under bash with a file-size limit of `kilobytes`, so a larger write fails.
    static func runLimited(_ cli: CLI, kilobytes: Int, _ arguments: String) async throws -> CLI.Run {
        try await cli.launch(URL(fileURLWithPath: "/bin/bash"), ["-c", "ulimit -f \(kilobytes); exec '\(CLI.executable.path)' \(arguments)"])
    }

    /// The valid spec with `count` more endpoints, so its endpoints file is large.
    static func largeSpec(endpoints count: Int) -> String {
        CLI.validSpec.replacingOccurrences(of: "    text: String", with: "    text: String\n    author: String?")
            + (0..<count).map { "\n  tip\($0):\n    request: GET /tips/\($0)\n    response: Tip" }.joined() + "\n"
    }

    @Test func aWriteThatFailsHalfwayChangesNothing() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        #expect(try await cli.run("generate", "Tips.yaml", "--output", "Out").status == 0)
        try cli.write("Out/Notes.txt", "a file of the user's\n")
        let before = try #require(Self.snapshot(cli, "Out"))
        #expect(before.keys.sorted() == ["Notes.txt", "TipsEndpoints.swift", "TipsModels.swift"])

        // Both files change; the models file fits under 8 KB, the endpoints file does not.
        try cli.write("Tips.yaml", Self.largeSpec(endpoints: 300))
        // One file each (300 endpoints would be split by default).
        let run = try await Self.runLimited(cli, kilobytes: 8, "generate Tips.yaml --output Out --shards 1")
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("error: cannot write to 'Out': cannot write 'Out/TipsEndpoints.swift': "))
        #expect(run.stderr.hasSuffix("; nothing was written\n"))
        #expect(Self.snapshot(cli, "Out") == before)

        // Without the limit the same run writes both.
        let unlimited = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--shards", "1")
        #expect(unlimited.stdout == "wrote Out/TipsModels.swift\nwrote Out/TipsEndpoints.swift\n")
        #expect(Self.snapshot(cli, "Out")?.keys.sorted() == before.keys.sorted())
    }

    @Test func aFolderTheFailedRunWouldHaveCreatedIsNotLeftBehind() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", Self.largeSpec(endpoints: 300))
        let run = try await Self.runLimited(cli, kilobytes: 8, "generate Tips.yaml --output New/Folder")
        #expect(run.status == 1)
        #expect(Self.snapshot(cli, "New/Folder") == nil)
    }

    @Test func aTemplateErrorChangesNothing() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        #expect(try await cli.run("generate", "Tips.yaml", "--output", "Out").status == 0)
        let before = try #require(Self.snapshot(cli, "Out"))
        try cli.write("Tips.yaml", Self.largeSpec(endpoints: 2))
        try cli.write("Custom/Endpoint.swifttemplate", "{{#endpoints}}\n")
        let run = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--templates", "Custom")
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("Custom/Endpoint.swifttemplate:1:1: error: "))
        #expect(Self.snapshot(cli, "Out") == before)
    }

    /// A run stopped by SIGINT, SIGTERM or SIGHUP at any moment leaves the folder as it was or as the
    /// run would have left it: never some files old and some new, never a temporary file or backup.
    /// Each run switches between two specs whose 33 files (32 shards) all differ, and is signalled
    /// after a delay spread over the length of a whole run, so that some signals land while it
    /// generates and some while it writes. (Without the signals held during the commit, this finds
    /// mixed folders and temporary files left behind.)
    ///
    /// The runs take seconds, so they happen on a thread of their own: blocking one of Swift
    /// concurrency's threads (two on a 2-core machine) would stall every async test meanwhile.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalAtAnyMomentLeavesTheOldFilesOrTheNewOnes(_ signal: Int32) async throws {
        let report = try await OffPool.run { try Self.signalRuns(signal) }
        #expect(report.setupStatuses == [0, 0, 0])
        // 33 files (32 shards), and each one differs between the two: its header names its spec.
        #expect(report.states[0].count == 33 && report.states[1].keys.sorted() == report.states[0].keys.sorted())
        #expect(report.states[0].allSatisfy { report.states[1][$0.key] != $0.value })
        #expect(report.mixed.isEmpty, "signal \(signal): the folder was neither the old files nor the new ones:\n\(report.mixed.joined(separator: "\n"))")
        #expect(report.interrupted > 0, "no run was interrupted: the delays are too long for this machine")
    }

    /// What the signalled runs left behind.
    struct SignalReport: Sendable {
        /// The exit statuses of the three runs that make the two states and the starting folder.
        var setupStatuses: [Int32] = []
        /// The folder each of the two specs generates.
        var states: [[String: String]] = []
        /// Each run after which the folder was neither state: when, and what it held.
        var mixed: [String] = []
        /// How many runs the signal ended.
        var interrupted = 0
    }

    /// A folder that should exist does not.
    struct MissingFolder: Error {
        var path: String
    }

    private static func signalRuns(_ signal: Int32) throws -> SignalReport {
        let cli = try CLI()
        var report = SignalReport()
        let specs = [Self.largeSpec(endpoints: 1_500), Self.largeSpec(endpoints: 1_501).replacingOccurrences(of: "text: String", with: "body: String")]
        func snapshot(_ folder: String) throws -> [String: String] {
            guard let entries = Self.snapshot(cli, folder) else { throw MissingFolder(path: folder) }
            return entries
        }
        var wholeRun = 0.0
        for (index, spec) in specs.enumerated() {
            try cli.write("Tips\(index).yaml", spec)
            let start = Date()
            report.setupStatuses.append(try cli.runBlocking("generate", "Tips\(index).yaml", "--output", "State\(index)", "--file-prefix", "Tips", "--shards", "32").status)
            wholeRun = max(wholeRun, Date().timeIntervalSince(start))
            report.states.append(try snapshot("State\(index)"))
        }
        report.setupStatuses.append(try cli.runBlocking("generate", "Tips0.yaml", "--output", "Out", "--file-prefix", "Tips", "--shards", "32").status)

        var current = 0
        let runs = 24
        for step in 0..<runs {
            let target = 1 - current
            let folder = cli.folder.path
            let pid = try ChildProcess.spawn([CLI.executable.path, "generate", "\(folder)/Tips\(target).yaml", "--output", "\(folder)/Out", "--file-prefix", "Tips", "--shards", "32"])
            // From a fifth of a run to past its end: the files are written in its last milliseconds.
            Thread.sleep(forTimeInterval: wholeRun * (0.2 + Double(step) / Double(runs)))
            kill(pid, signal)
            let ended = ChildProcess.wait(pid)
            let after = try snapshot("Out")
            if after == report.states[target] {
                current = target
            } else if after != report.states[current] {
                report.mixed.append("after \(step)/\(runs) of a run: \(after.keys.sorted())")
            }
            // Killed by the signal: not a normal exit (WIFEXITED), and the signal's number (WTERMSIG).
            if ended.signal == signal { report.interrupted += 1 }
        }
        return report
    }
}
