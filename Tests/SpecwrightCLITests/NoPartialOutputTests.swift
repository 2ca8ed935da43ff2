import Foundation
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
    static func runLimited(_ cli: CLI, kilobytes: Int, _ arguments: String) throws -> CLI.Run {
        try cli.launch(URL(fileURLWithPath: "/bin/bash"), ["-c", "ulimit -f \(kilobytes); exec '\(CLI.executable.path)' \(arguments)"])
    }

    /// The valid spec with `count` more endpoints, so its endpoints file is large.
    static func largeSpec(endpoints count: Int) -> String {
        CLI.validSpec.replacingOccurrences(of: "    text: String", with: "    text: String\n    author: String?")
            + (0..<count).map { "\n  tip\($0):\n    request: GET /tips/\($0)\n    response: Tip" }.joined() + "\n"
    }

    @Test func aWriteThatFailsHalfwayChangesNothing() throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        #expect(try cli.run("generate", "Tips.yaml", "--output", "Out").status == 0)
        try cli.write("Out/Notes.txt", "a file of the user's\n")
        let before = try #require(Self.snapshot(cli, "Out"))
        #expect(before.keys.sorted() == ["Notes.txt", "TipsEndpoints.swift", "TipsModels.swift"])

        // Both files change; the models file fits under 8 KB, the endpoints file does not.
        try cli.write("Tips.yaml", Self.largeSpec(endpoints: 300))
        let run = try Self.runLimited(cli, kilobytes: 8, "generate Tips.yaml --output Out")
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("error: cannot write to 'Out': cannot write 'Out/TipsEndpoints.swift': "))
        #expect(run.stderr.hasSuffix("; nothing was written\n"))
        #expect(Self.snapshot(cli, "Out") == before)

        // Without the limit the same run writes both.
        let unlimited = try cli.run("generate", "Tips.yaml", "--output", "Out")
        #expect(unlimited.stdout == "wrote Out/TipsModels.swift\nwrote Out/TipsEndpoints.swift\n")
        #expect(Self.snapshot(cli, "Out")?.keys.sorted() == before.keys.sorted())
    }

    @Test func aFolderTheFailedRunWouldHaveCreatedIsNotLeftBehind() throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", Self.largeSpec(endpoints: 300))
        let run = try Self.runLimited(cli, kilobytes: 8, "generate Tips.yaml --output New/Folder")
        #expect(run.status == 1)
        #expect(Self.snapshot(cli, "New/Folder") == nil)
    }

    @Test func aTemplateErrorChangesNothing() throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        #expect(try cli.run("generate", "Tips.yaml", "--output", "Out").status == 0)
        let before = try #require(Self.snapshot(cli, "Out"))
        try cli.write("Tips.yaml", Self.largeSpec(endpoints: 2))
        try cli.write("Custom/Endpoint.swifttemplate", "{{#endpoints}}\n")
        let run = try cli.run("generate", "Tips.yaml", "--output", "Out", "--templates", "Custom")
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("Custom/Endpoint.swifttemplate:1:1: error: "))
        #expect(Self.snapshot(cli, "Out") == before)
    }

    /// A run stopped by SIGINT, SIGTERM or SIGHUP at any moment leaves the folder as it was or as the
    /// run would have left it: never some files old and some new, never a temporary file or backup.
    /// Each run switches between two specs whose 65 files (32 shards) all differ, and is signalled
    /// after a delay spread over the length of a whole run, so that some signals land while it
    /// generates and some while it writes. (Without the signals held during the commit, this finds
    /// mixed folders and temporary files left behind.)
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalAtAnyMomentLeavesTheOldFilesOrTheNewOnes(_ signal: Int32) throws {
        let cli = try CLI()
        let specs = [Self.largeSpec(endpoints: 1_500), Self.largeSpec(endpoints: 1_501).replacingOccurrences(of: "text: String", with: "body: String")]
        var states: [[String: String]] = []
        var wholeRun = 0.0
        for (index, spec) in specs.enumerated() {
            try cli.write("Tips\(index).yaml", spec)
            let start = Date()
            #expect(try cli.run("generate", "Tips\(index).yaml", "--output", "State\(index)", "--file-prefix", "Tips", "--shards", "32").status == 0)
            wholeRun = max(wholeRun, Date().timeIntervalSince(start))
            states.append(try #require(Self.snapshot(cli, "State\(index)")))
        }
        // 65 files (32 shards), and each one differs between the two: its header names its spec.
        #expect(states[0].count == 65 && states[1].keys.sorted() == states[0].keys.sorted())
        #expect(states[0].allSatisfy { states[1][$0.key] != $0.value })
        #expect(try cli.run("generate", "Tips0.yaml", "--output", "Out", "--file-prefix", "Tips", "--shards", "32").status == 0)

        var current = 0, interrupted = 0
        let runs = 24
        for step in 0..<runs {
            let target = 1 - current
            let folder = cli.folder.path
            let pid = try Self.spawn([CLI.executable.path, "generate", "\(folder)/Tips\(target).yaml", "--output", "\(folder)/Out", "--file-prefix", "Tips", "--shards", "32"])
            // From a fifth of a run to past its end: the files are written in its last milliseconds.
            Thread.sleep(forTimeInterval: wholeRun * (0.2 + Double(step) / Double(runs)))
            kill(pid, signal)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            let after = try #require(Self.snapshot(cli, "Out"))
            if after == states[target] {
                current = target
            } else {
                #expect(after == states[current], "signal \(signal) after \(step)/\(runs) of a run: the folder is neither the old files nor the new ones: \(after.keys.sorted())")
            }
            // Killed by the signal: not a normal exit (WIFEXITED), and the signal's number (WTERMSIG).
            if status & 0x7F == signal { interrupted += 1 }
        }
        #expect(interrupted > 0, "no run was interrupted: the delays are too long for this machine")
    }

    /// Starts `arguments` with every signal at its default action and none blocked (the test
    /// runner's threads block SIGTERM and SIGINT, and a spawned child inherits the mask), stdout
    /// and stderr to /dev/null. Returns the child's pid, for `waitpid`: Foundation's `Process` did
    /// not report these children as ended by a signal.
    static func spawn(_ arguments: [String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
        return pid
    }
}
