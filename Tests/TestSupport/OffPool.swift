import Foundation

/// Work that blocks (a compile, a child process, a long computation) on a thread of its own.
///
/// Swift concurrency runs every test on a pool of as many threads as the machine has cores: two on
/// a CI machine. A test that blocks one of them for seconds halves the progress of every other
/// test, and one that blocks both stops them all. Blocking work goes here instead. Heavy work
/// runs at most one job per core at a time: the others wait without holding a thread, so a dozen
/// compiles started together do not leave the rest of the suite a sliver of the machine.
public enum OffPool {
    /// How much of the machine a job takes.
    public enum Weight: Sendable {
        /// Brief blocking work (starting a server, a short run of `specwright`): runs at once.
        case light
        /// Seconds of CPU (a compile, generating a large document): one per core at a time.
        case heavy
    }

    /// Runs `body` on a new thread (for heavy work, once a slot is free) and returns its result.
    public static func run<Value: Sendable>(_ weight: Weight = .light, _ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        if weight == .heavy { await slots.acquire() }
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, any Error>, Never>) in
            Thread.detachNewThread { continuation.resume(returning: Result { try body() }) }
        }
        if weight == .heavy { await slots.release() }
        return try result.get()
    }

    private static let slots = Slots(ProcessInfo.processInfo.activeProcessorCount)
}

/// A counting semaphore for async code: callers wait in order for a free slot.
private actor Slots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) { free = max(1, count) }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
