import Dispatch
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
        for slot in results.values() { // concurrentPerform has filled every slot when it returns
            switch slot {
            case .success(let file)?: files.append(file)
            case .failure(let error)?: return .failure(error)
            case nil: continue
            }
        }
        return .success(files)
    }
}

/// One result slot per job. Each job writes only its own slot, and `concurrentPerform` returns
/// after every job has finished, so the slots need no lock.
private final class ResultSlots: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result<OutputFile, TemplateError>?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ result: Result<OutputFile, TemplateError>) {
        slots[index] = result
    }

    func values() -> [Result<OutputFile, TemplateError>?] {
        Array(slots)
    }
}
