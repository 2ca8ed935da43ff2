import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Timing and peak-memory measurements for the benchmark.
enum Measure {
    /// The fastest of `runs` runs of `body`, in seconds (after one warm-up run).
    static func fastest(runs: Int, _ body: () -> Void) -> Double {
        body()
        var best = Double.infinity
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    /// The middle value (the mean of the two middle ones for an even count); 0 for none.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The result of running a command: wall time, peak resident memory of it and its children, exit status.
    struct Run {
        var seconds: Double
        var peakBytes: Int
        /// The exit status, or 128 + the signal number when a signal ended the command.
        var status: Int32
    }

    /// Where a command's standard output and standard error go.
    enum Output {
        /// This process's own.
        case inherit
        /// Nowhere.
        case discard
        /// Both into the file at this path (created or truncated).
        case file(String)
    }

    /// Runs a command and measures it. It is started by a small Python launcher, which reports the
    /// peak memory of the largest process of the command tree (`ru_maxrss` of its waited-for
    /// children): spawned straight from this process, the command's peak would count this
    /// process's own memory, which `posix_spawn` (vfork) lends the child until it execs.
    static func command(_ path: String, _ arguments: [String], output: Output = .discard) -> Run {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("specwright-measure-\(getpid()).txt").path
        let launcher = """
            import resource, subprocess, sys, time
            out = {"inherit": None, "discard": subprocess.DEVNULL}.get(sys.argv[2]) or open(sys.argv[2], "wb")
            start = time.monotonic()
            try:
                code = subprocess.call(sys.argv[3:], stdout=out, stderr=subprocess.STDOUT if out else None)
            except OSError:
                code = -1
            elapsed = time.monotonic() - start
            with open(sys.argv[1], "w") as report:
                report.write("%d %f %d" % (code, elapsed, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
            """
        let mode: String
        switch output {
        case .inherit: mode = "inherit"
        case .discard: mode = "discard"
        case .file(let log): mode = log
        }
        var pid = pid_t()
        let argv = (["python3", "-c", launcher, report, mode, path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawnp(&pid, "python3", nil, nil, argv, environ) == 0 else { return Run(seconds: 0, peakBytes: 0, status: -1) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        defer { unlink(report) }
        let fields = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: " ")
        guard fields.count == 3, let code = Int32(fields[0]), let seconds = Double(fields[1]), let kilobytes = Int(fields[2]) else {
            return Run(seconds: 0, peakBytes: 0, status: -1)
        }
        // subprocess gives -N for a command ended by signal N.
        return Run(seconds: seconds, peakBytes: kilobytes * 1024, status: code < 0 && code != -1 ? 128 - code : code)
    }

    /// `45 µs`, `12.3 ms`, `1.52 s`
    static func time(_ seconds: Double) -> String {
        switch seconds {
        case ..<0.001: String(format: "%.0f µs", seconds * 1e6)
        case ..<1: String(format: "%.1f ms", seconds * 1000)
        default: String(format: "%.2f s", seconds)
        }
    }

    /// `12.3 MB`
    static func size(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }

    /// The number of lines of `text`, as `wc -l` counts them (newline characters).
    static func lines(_ text: String) -> Int {
        text.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }
}
