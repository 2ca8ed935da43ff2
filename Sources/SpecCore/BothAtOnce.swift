import Dispatch

/// Two independent pieces of work on two cores, for the stages of a run that split in two.
enum BothAtOnce {
    /// `first()` and `second()`, run at the same time; returns when both have.
    static func run<A: Sendable, B: Sendable>(_ first: @Sendable () -> A, _ second: @Sendable () -> B) -> (A, B) {
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                let slots = Slots<A, B>()
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 { slots.first = first() } else { slots.second = second() }
                }
                // concurrentPerform returns after both iterations have finished, so both slots are set.
                guard let a = slots.first, let b = slots.second else { return (first(), second()) }
                return (a, b)
            }
        }
    }

    /// A value that one of the two pieces of work uses alone while the other does not touch it
    /// (a reader with its own diagnostics): safe to hand over although its type is not `Sendable`.
    struct Handed<Value>: @unchecked Sendable {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    /// The two results. Each iteration writes only its own slot, and they are read after
    /// `concurrentPerform` has returned, so no lock is needed.
    private final class Slots<A, B>: @unchecked Sendable {
        var first: A?
        var second: B?
    }
}
