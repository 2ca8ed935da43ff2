/// A stack that collects the children of the open collections, each collection's children on top
/// of its parent's, and moves a finished collection's children out into an exactly-sized array.
///
/// This avoids growing one array per collection (several allocations and copies each) and moves
/// elements instead of copying them, which keeps reference counting off the hot path.
final class NodeStack<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// How many elements are on the stack.
    private(set) var count = 0

    /// An empty stack.
    init() {
        capacity = 1024
        base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Pushes `element`.
    @inline(__always)
    func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Calls `body` with the element at `index` (which must be below `count`), without copying it.
    @inline(__always)
    func with<Result>(_ index: Int, _ body: (borrowing Element) -> Result) -> Result {
        body(base[index])
    }

    /// Moves the elements from `start` to the top into a new array, leaving `start` elements.
    func popArray(from start: Int) -> [Element] {
        let first = min(max(start, 0), count)
        let moved = count - first
        guard moved > 0 else { return [] }
        let source = base + first
        let result = [Element](unsafeUninitializedCapacity: moved) { buffer, initialized in
            guard let destination = buffer.baseAddress else {
                initialized = 0
                source.deinitialize(count: moved)
                return
            }
            destination.moveInitialize(from: source, count: moved)
            initialized = moved
        }
        count = first
        return result
    }

    private func grow() {
        let larger = capacity * 2
        let storage = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        storage.moveInitialize(from: base, count: count)
        base.deallocate()
        base = storage
        capacity = larger
    }
}
