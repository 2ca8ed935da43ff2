import Dispatch
import Foundation
import SpecRender

/// Runs independent jobs (one per generated file) on all cores; results keep the jobs' order,
/// so output never depends on scheduling.
enum Parallel {
    /// The jobs' results in order, or the first error in job order.
    static func map(_ jobs: [@Sendable () -> Result<OutputFile, TemplateError>]) -> Result<[OutputFile], TemplateError> {
        let results = ResultSlots(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            results.set(index, jobs[index]())
        }
        var files: [OutputFile] = []
        for slot in results.values.compactMap({ $0 }) { // concurrentPerform fills every slot
            switch slot {
            case .success(let file): files.append(file)
            case .failure(let error): return .failure(error)
            }
        }
        return .success(files)
    }
}

/// One result slot per job, written from the jobs' threads under a lock.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<OutputFile, TemplateError>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<OutputFile, TemplateError>) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    var values: [Result<OutputFile, TemplateError>?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
