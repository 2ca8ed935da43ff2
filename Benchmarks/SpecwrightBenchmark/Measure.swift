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

    /// Runs a command with `posix_spawn` and `wait4`, so the peak memory is that of this one command
    /// tree (the largest single process in it: `ru_maxrss` of waited-for descendants is their maximum).
    static func command(_ path: String, _ arguments: [String], output: Output = .discard) -> Run {
        var pid = pid_t()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch output {
        case .inherit:
            break
        case .discard:
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        case .file(let log):
            posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawnp(&pid, path, &actions, nil, argv, environ) == 0 else { return Run(seconds: 0, peakBytes: 0, status: -1) }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let signal = status & 0x7F
        return Run(seconds: seconds, peakBytes: Int(usage.ru_maxrss) * 1024, status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal)
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
