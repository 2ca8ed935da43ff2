import Foundation
import Testing

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

    /// Runs `specwright generate <path> --output <scratch>` from a small Python launcher that reports
    /// the child's wall time and peak memory. (Spawned straight from the test process, the child's
    /// peak would include the test process's memory, which it shares until it execs.)
    static func generate(_ path: String, in cli: CLI) throws -> Measured {
        let errors = cli.folder.appendingPathComponent("stderr.txt").path
        let launcher = """
            import resource, subprocess, sys, time
            with open(sys.argv[1], "wb") as err:
                start = time.monotonic()
                code = subprocess.call(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=err)
                elapsed = time.monotonic() - start
            print(code, elapsed, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        let report = try cli.launch(URL(fileURLWithPath: "/usr/bin/env"), [
            "python3", "-c", launcher, errors, CLI.executable.path, "generate", path, "--output", cli.folder.appendingPathComponent("Out").path,
        ]).stdout
        let fields = report.split(separator: " ").map { String($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(fields.count == 3, "launcher printed '\(report)'")
        let stderr = String(decoding: FileManager.default.contents(atPath: errors) ?? Data(), as: UTF8.self)
        return Measured(seconds: Double(fields[1]) ?? .infinity, peakMegabytes: (Int(fields[2]) ?? .max) / 1024,
                        status: Int32(fields[0]) ?? -1, stderr: stderr)
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
