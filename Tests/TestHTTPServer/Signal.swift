import Foundation

/// Something that happens once, which a test awaits, or a server's handler blocks on, instead of waiting for a
/// while.
public final class Signal: @unchecked Sendable {
    /// Guards the state below and wakes the threads blocked in ``block()``.
    private let condition = NSCondition()
    /// Whether ``fire()`` was called.
    private var fired = false
    /// Tasks awaiting ``wait()``.
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A signal that has not fired.
    public init() {}

    /// Marks the event as happened, waking every waiter; firing again does nothing.
    public func fire() {
        condition.lock()
        fired = true
        let waiters = self.waiters
        self.waiters = []
        condition.broadcast()
        condition.unlock()
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the signal has fired (at once if it has).
    public func wait() async {
        await withCheckedContinuation { continuation in
            condition.lock()
            if fired {
                condition.unlock()
                continuation.resume()
            } else {
                waiters.append(continuation)
                condition.unlock()
            }
        }
    }

    /// Blocks the calling thread until the signal has fired: for a ``TestServer`` handler, which runs on a
    /// connection's own thread; never call it from a task.
    public func block() {
        condition.lock()
        while !fired { condition.wait() }
        condition.unlock()
    }
}
