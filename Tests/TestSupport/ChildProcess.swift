import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Programs the tests start (`specwright`, `swiftc`, a compiled driver, a script), run to their end
/// off Swift concurrency's threads.
///
/// `posix_spawn` and `waitpid` rather than Foundation's `Process`: the child starts with no signal
/// blocked (the test runner's threads block SIGTERM and SIGINT, and a child inherits the mask),
/// its end by a signal is reported as such, and the wait never depends on a run loop.
public enum ChildProcess {
    /// How a program ended and what it wrote.
    public struct Result: Sendable {
        /// The exit status, or 128 + the signal's number when a signal ended it.
        public var status: Int32
        /// The signal that ended it, if one did.
        public var signal: Int32?
        /// Everything it wrote to standard output (and standard error, when they were merged).
        public var stdout: Data
        /// Everything it wrote to standard error (empty when merged into `stdout`).
        public var stderr: Data

        /// Standard output as text.
        public var output: String { String(decoding: stdout, as: UTF8.self) }
        /// Standard error as text.
        public var errors: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// A program that could not be started.
    public struct SpawnError: Error, CustomStringConvertible {
        /// The program and its arguments.
        public var arguments: [String]
        /// `posix_spawn`'s error number.
        public var code: Int32
        /// `cannot start <program>: <reason>`.
        public var description: String { "cannot start \(arguments.first ?? ""): \(String(cString: strerror(code)))" }
    }

    /// Runs `arguments` (the program is looked up on `PATH` when it has no slash) in `directory`,
    /// with `environment` added to this process's, and returns when it has ended. The wait happens
    /// on a thread of its own, so a long compile never holds one of the test runner's threads;
    /// a `.heavy` one (a compile) waits for a free core first.
    public static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], mergingErrors: Bool = false,
        weight: OffPool.Weight = .light
    ) async throws -> Result {
        try await OffPool.run(weight) { try runBlocking(arguments, in: directory, environment: environment, mergingErrors: mergingErrors) }
    }

    /// `run`, on the calling thread: for code that is on a thread of its own already.
    public static func runBlocking(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], mergingErrors: Bool = false
    ) throws -> Result {
        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        guard closingOnExec(pipe: &outPipe) else { throw SpawnError(arguments: arguments, code: errno) }
        guard mergingErrors || closingOnExec(pipe: &errPipe) else {
            close(outPipe[0]); close(outPipe[1])
            throw SpawnError(arguments: arguments, code: errno)
        }
        let errWrite = mergingErrors ? outPipe[1] : errPipe[1]
        let pid: pid_t
        do {
            pid = try spawn(arguments, in: directory, environment: environment, stdout: outPipe[1], stderr: errWrite)
        } catch {
            close(outPipe[0]); close(outPipe[1])
            if !mergingErrors { close(errPipe[0]); close(errPipe[1]) }
            throw error
        }
        close(outPipe[1])
        if !mergingErrors { close(errPipe[1]) }
        let (stdout, stderr) = readToEnd(outPipe[0], mergingErrors ? nil : errPipe[0])
        close(outPipe[0])
        if !mergingErrors { close(errPipe[0]) }
        let (status, signal) = wait(pid)
        return Result(status: status, signal: signal, stdout: stdout, stderr: stderr)
    }

    /// A pipe whose ends close when a process of the tests execs: a child started at the same
    /// moment on another thread (httpbin's daemon, which lives to the end of the run) must not
    /// inherit this child's write end, or this read would never see its end. `posix_spawn`'s
    /// `dup2` gives the child its own copies without the flag. (`pipe2` is not in Swift's Glibc
    /// module, so `pipe` and `fcntl` run under the lock that `spawn` takes too.)
    private static func closingOnExec(pipe fds: inout [Int32]) -> Bool {
        spawnLock.lock()
        defer { spawnLock.unlock() }
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Held while a pipe is made and while a child is spawned, so no spawn sees a pipe before its
    /// ends are marked close-on-exec.
    private static let spawnLock = NSLock()

    /// Starts `arguments` with every signal at its default action and none blocked, its standard
    /// input from /dev/null and its output to the given descriptors (/dev/null when nil). Returns
    /// the child's pid, for `wait` or `kill`.
    public static func spawn(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], stdout: Int32? = nil, stderr: Int32? = nil
    ) throws -> pid_t {
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
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (target, source) in [(Int32(1), stdout), (Int32(2), stderr)] {
            if let source {
                posix_spawn_file_actions_adddup2(&actions, source, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            }
        }
        // posix_spawn has no portable way to set the child's folder: a shell changes to it and execs.
        let arguments = directory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0.path] + arguments } ?? arguments
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let program = arguments.first ?? ""
        spawnLock.lock()
        defer { spawnLock.unlock() }
        let result = program.contains("/")
            ? posix_spawn(&pid, program, &actions, &attributes, argv, envp)
            : posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        guard result == 0 else { throw SpawnError(arguments: arguments, code: result) }
        return pid
    }

    /// Waits for `pid` to end: its exit status (128 + the signal when a signal ended it) and the signal.
    public static func wait(_ pid: pid_t) -> (status: Int32, signal: Int32?) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7F
        if signal != 0 { return (128 + signal, signal) }   // WIFSIGNALED, WTERMSIG
        return ((status >> 8) & 0xFF, nil)                   // WEXITSTATUS
    }

    /// Reads both descriptors until each reaches its end (both at once, so a child that fills one
    /// pipe while the other is read never blocks).
    private static func readToEnd(_ first: Int32, _ second: Int32?) -> (Data, Data) {
        var buffers = [Data(), Data()]
        var fds = [pollfd(fd: first, events: Int16(POLLIN), revents: 0)]
        if let second { fds.append(pollfd(fd: second, events: Int16(POLLIN), revents: 0)) }
        var open = fds.count
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while open > 0 {
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    buffers[index].append(contentsOf: chunk[0..<count])
                } else if count == 0 || errno != EINTR {
                    fds[index].fd = -1   // poll ignores negative descriptors
                    open -= 1
                }
            }
        }
        return (buffers[0], buffers[1])
    }
}
