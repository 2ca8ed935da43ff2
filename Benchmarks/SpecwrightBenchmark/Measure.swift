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

    /// The result of running a command: wall time, peak resident memory of it and its children, exit status.
    struct Run {
        var seconds: Double
        var peakBytes: Int
        var status: Int32
    }

    /// Runs a command with `posix_spawn` and `wait4`, so the peak memory is that of this one command tree.
    static func command(_ path: String, _ arguments: [String], quiet: Bool = true) -> Run {
        var pid = pid_t()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if quiet {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawnp(&pid, path, &actions, nil, argv, environ) == 0 else { return Run(seconds: 0, peakBytes: 0, status: -1) }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Run(seconds: seconds, peakBytes: Int(usage.ru_maxrss) * 1024, status: (status >> 8) & 0xFF)
    }

    /// `12.3 ms`, `1.52 s`
    static func time(_ seconds: Double) -> String {
        seconds < 1 ? String(format: "%.1f ms", seconds * 1000) : String(format: "%.2f s", seconds)
    }

    /// `12.3 MB`
    static func size(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
