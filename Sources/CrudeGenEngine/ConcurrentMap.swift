import Dispatch

extension RandomAccessCollection where Self: Sendable, Element: Sendable, Index == Int {
    /// `map(transform)` spread over the cores: the renderer plans and renders each of the code model's
    /// types independently, and that is most of generation's work; the code model resolves and builds each
    /// resource independently. Small collections are mapped in place.
    func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        guard count >= 32 else { return map(transform) }
        let results = ResultSlots<Result>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results.store(transform(self[startIndex + index]), at: index)
        }
        return results.values
    }
}

/// Slots that concurrent workers fill, each index exactly once. The storage is a raw allocation, not an
/// array, so that writes from several threads involve no copy-on-write or exclusivity bookkeeping.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    /// The slots.
    private let base: UnsafeMutablePointer<Value?>
    /// How many there are.
    private let count: Int

    /// `count` empty slots.
    init(count: Int) {
        self.count = count
        base = .allocate(capacity: count)
        base.initialize(repeating: nil, count: count)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Each index is written by one worker only.
    func store(_ value: Value, at index: Int) {
        base[index] = value
    }

    /// The values, once every slot is filled.
    var values: [Value] { (0..<count).map { base[$0]! } }
}
