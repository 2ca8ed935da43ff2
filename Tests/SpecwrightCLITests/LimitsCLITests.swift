import Foundation
import TestSupport
import Testing

/// The limits, end to end: the built `specwright` refuses each hostile file with one clear error,
/// quickly, and without its memory growing with what the file would expand to.
///
/// "Quickly" is the child's CPU time, which other work on the machine does not stretch, against a
/// bound ten times the slowest refusal measured (the 50 MB scalar, 0.4 s); Docs/Benchmarks.md has
/// the figures. Each run prints its wall and CPU time and its peak memory.
@Suite("Hostile files through the CLI")
struct LimitsCLITests {
    /// Wall and CPU time, peak resident memory, exit status and stderr of one `specwright` run.
    struct Measured {
        var seconds: Double
        var cpuSeconds: Double
        var peakMegabytes: Int
        var status: Int32
        var stderr: String
    }

    /// The CPU time a refusal may take: ten times the slowest measured.
    static let cpuBound = 5.0

    /// Runs `specwright generate <path> --output <scratch>` from a small Python launcher that reports
    /// the child's wall time, CPU time and peak memory. (Spawned straight from the test process, the child's
    /// peak would include the test process's memory, which it shares until it execs.)
    static func generate(_ path: String, in cli: CLI) async throws -> Measured {
        let errors = cli.folder.appendingPathComponent("stderr.txt").path
        let launcher = """
            import resource, subprocess, sys, time
            with open(sys.argv[1], "wb") as err:
                start = time.monotonic()
                code = subprocess.call(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=err)
                elapsed = time.monotonic() - start
            usage = resource.getrusage(resource.RUSAGE_CHILDREN)
            print(code, elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)
            """
        let report = try await cli.launch(URL(fileURLWithPath: "/usr/bin/env"), [
            "python3", "-c", launcher, errors, CLI.executable.path, "generate", path, "--output", cli.folder.appendingPathComponent("Out").path,
        ]).stdout
        let fields = report.split(separator: " ").map { String($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(fields.count == 4, "launcher printed '\(report)'")
        let stderr = String(decoding: FileManager.default.contents(atPath: errors) ?? Data(), as: UTF8.self)
        let measured = Measured(seconds: Double(fields[1]) ?? .infinity, cpuSeconds: Double(fields[2]) ?? .infinity,
                                peakMegabytes: (Int(fields[3]) ?? .max) / 1024, status: Int32(fields[0]) ?? -1, stderr: stderr)
        print("refused \(URL(fileURLWithPath: path).lastPathComponent): \(String(format: "%.3f", measured.seconds)) s wall, "
            + "\(String(format: "%.3f", measured.cpuSeconds)) s CPU, peak \(measured.peakMegabytes) MB")
        return measured
    }

    /// Checks that a run was quick in CPU time, whatever else the machine was doing.
    private func expectQuick(_ run: Measured, _ file: String) {
        #expect(run.cpuSeconds < Self.cpuBound, "\(file): \(run.cpuSeconds) s of CPU time")
    }

    /// Checks that `file` is refused with exactly `message`, quickly, within `megabytes`.
    private func expectRefused(_ file: String, in cli: CLI, _ message: String, within megabytes: Int) async throws {
        let run = try await Self.generate(cli.folder.appendingPathComponent(file).path, in: cli)
        #expect(run.status == 1)
        #expect(run.stderr == "\(cli.folder.appendingPathComponent(file).path)\(message)\n")
        expectQuick(run, file)
        #expect(run.peakMegabytes < megabytes, "\(file): peak \(run.peakMegabytes) MB")
        #expect(!FileManager.default.fileExists(atPath: cli.folder.appendingPathComponent("Out").path), "a refused spec writes nothing")
    }

    @Test func billionLaughsOfOneMegabyte() async throws {
        let cli = try CLI()
        var text = "name: Laughs\nl0: &l0 [" + Array(repeating: "lol", count: 100).joined(separator: ", ") + "]\n"
        text += "l1: &l1 [" + Array(repeating: "*l0", count: 100).joined(separator: ", ") + "]\n"
        text += "l2: &l2 [" + Array(repeating: "*l1", count: 100).joined(separator: ", ") + "]\n"
        text += "l3: [" + Array(repeating: "*l2", count: 200_000).joined(separator: ", ") + "]\n"
        #expect(text.utf8.count > 1_000_000)
        try cli.write("laughs.yaml", text)
        try await expectRefused("laughs.yaml", in: cli, ":4:500: error: too many alias expansions (more than 1000000 nodes); the document may be a 'billion laughs' attack", within: 64)
    }

    @Test func nestingOneHundredThousandDeep() async throws {
        let cli = try CLI()
        try cli.write("flow.yaml", "name: Deep\nmodels: " + String(repeating: "[", count: 100_000) + "\n")
        try await expectRefused("flow.yaml", in: cli, ":2:264: error: nesting too deep (more than 256 levels)", within: 64)
        try cli.write("map.yaml", "name: Deep\nmodels: " + String(repeating: "{a: ", count: 100_000) + "\n")
        try await expectRefused("map.yaml", in: cli, ":2:1029: error: nesting too deep (more than 256 levels)", within: 64)
    }

    @Test func scalarOfFiftyMegabytes() async throws {
        let cli = try CLI()
        try cli.write("scalar.yaml", "name: Big\ndescription: " + String(repeating: "a", count: 50_000_000) + "\n")
        // The file itself and libyaml's copy of the scalar: bounded by the file, not by what it means.
        try await expectRefused("scalar.yaml", in: cli, ":2:14: error: scalar too long (more than 1048576 bytes)", within: 200)
    }

    @Test func fileOverTheSizeLimitIsNotRead() async throws {
        let cli = try CLI()
        let path = cli.folder.appendingPathComponent("huge.yaml").path
        try #require(FileManager.default.createFile(atPath: path, contents: nil))
        try #require(truncate(path, 1 << 30) == 0)  // 1 GiB, sparse
        try await expectRefused("huge.yaml", in: cli, ":1:1: error: file too large (1073741824 bytes; the limit is 67108864 bytes)", within: 64)
    }

    @Test func deviceThatNeverEndsIsReadOnlyToTheLimit() async throws {
        let cli = try CLI()
        let run = try await Self.generate("/dev/zero", in: cli)
        #expect(run.status == 1)
        #expect(run.stderr == "/dev/zero:1:1: error: file too large (it goes on past the limit of 67108864 bytes)\n")
        expectQuick(run, "/dev/zero")
        #expect(run.peakMegabytes < 160)
    }
}
