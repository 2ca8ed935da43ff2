import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The limits of issue 5, end to end: the built `specwright` refuses each hostile file with one clear
/// error, fast, and without its memory growing with what the file would expand to.
@Suite("Hostile files through the CLI")
struct LimitsCLITests {
    /// Wall time, peak resident memory, exit status and stderr of one `specwright` run.
    struct Measured {
        var seconds: Double
        var peakMegabytes: Int
        var status: Int32
        var stderr: String
    }

    /// Runs `specwright generate <path> --output <scratch>` with `posix_spawn` and `wait4`, so the peak
    /// memory is that of this one process.
    static func generate(_ path: String, in cli: CLI) throws -> Measured {
        let errors = cli.folder.appendingPathComponent("stderr.txt").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let arguments = [CLI.executable.path, "generate", path, "--output", cli.folder.appendingPathComponent("Out").path]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let start = ContinuousClock.now
        try #require(posix_spawn(&pid, CLI.executable.path, &actions, nil, argv, environ) == 0)
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let stderr = String(decoding: FileManager.default.contents(atPath: errors) ?? Data(), as: UTF8.self)
        return Measured(seconds: seconds, peakMegabytes: Int(usage.ru_maxrss) / 1024, status: (status >> 8) & 0xFF, stderr: stderr)
    }

    /// Checks that `file` is refused with exactly `message`, in under a second, within `megabytes`.
    private func expectRefused(_ file: String, in cli: CLI, _ message: String, within megabytes: Int) throws {
        let run = try Self.generate(cli.folder.appendingPathComponent(file).path, in: cli)
        #expect(run.status == 1)
        #expect(run.stderr == "\(cli.folder.appendingPathComponent(file).path)\(message)\n")
        #expect(run.seconds < 1, "\(file): \(run.seconds) s")
        #expect(run.peakMegabytes < megabytes, "\(file): peak \(run.peakMegabytes) MB")
        #expect(!FileManager.default.fileExists(atPath: cli.folder.appendingPathComponent("Out").path), "a refused spec writes nothing")
    }

    @Test func billionLaughsOfOneMegabyte() throws {
        let cli = try CLI()
        var text = "name: Laughs\nl0: &l0 [" + Array(repeating: "lol", count: 100).joined(separator: ", ") + "]\n"
        text += "l1: &l1 [" + Array(repeating: "*l0", count: 100).joined(separator: ", ") + "]\n"
        text += "l2: &l2 [" + Array(repeating: "*l1", count: 100).joined(separator: ", ") + "]\n"
        text += "l3: [" + Array(repeating: "*l2", count: 200_000).joined(separator: ", ") + "]\n"
        #expect(text.utf8.count > 1_000_000)
        try cli.write("laughs.yaml", text)
        try expectRefused("laughs.yaml", in: cli, ":4:500: error: too many alias expansions (more than 1000000 nodes); the document may be a 'billion laughs' attack", within: 64)
    }

    @Test func nestingOneHundredThousandDeep() throws {
        let cli = try CLI()
        try cli.write("flow.yaml", "name: Deep\nmodels: " + String(repeating: "[", count: 100_000) + "\n")
        try expectRefused("flow.yaml", in: cli, ":2:264: error: nesting too deep (more than 256 levels)", within: 64)
        try cli.write("map.yaml", "name: Deep\nmodels: " + String(repeating: "{a: ", count: 100_000) + "\n")
        try expectRefused("map.yaml", in: cli, ":2:1029: error: nesting too deep (more than 256 levels)", within: 64)
    }

    @Test func scalarOfFiftyMegabytes() throws {
        let cli = try CLI()
        try cli.write("scalar.yaml", "name: Big\ndescription: " + String(repeating: "a", count: 50_000_000) + "\n")
        // The file itself and libyaml's copy of the scalar: bounded by the file, not by what it means.
        try expectRefused("scalar.yaml", in: cli, ":2:14: error: scalar too long (more than 1048576 bytes)", within: 200)
    }

    @Test func fileOverTheSizeLimitIsNotRead() throws {
        let cli = try CLI()
        let path = cli.folder.appendingPathComponent("huge.yaml").path
        try #require(FileManager.default.createFile(atPath: path, contents: nil))
        try #require(truncate(path, 1 << 30) == 0)  // 1 GiB, sparse
        try expectRefused("huge.yaml", in: cli, ":1:1: error: file too large (1073741824 bytes; the limit is 67108864 bytes)", within: 64)
    }

    @Test func deviceThatNeverEndsIsReadOnlyToTheLimit() throws {
        let cli = try CLI()
        let run = try Self.generate("/dev/zero", in: cli)
        #expect(run.status == 1)
        #expect(run.stderr == "/dev/zero:1:1: error: file too large (it goes on past the limit of 67108864 bytes)\n")
        #expect(run.seconds < 1)
        #expect(run.peakMegabytes < 160)
    }
}
