import Foundation

/// Pauses, resumes and cancels the requests of a client it controls, as CRUDE-Futures' `pauseRequest()`,
/// `resumeRequest()` and `cancelRequest()`, on Linux and Apple platforms alike.
///
/// ```swift
/// let control = RequestControl()
/// async let person = Person.read(id: 7, on: client.controlled(by: control))
/// control.pause()     // not sent, or its answer held, until resumed
/// control.resume()
/// ```
///
/// A paused request waits before it is sent; one already sent finishes its exchange, but its result is
/// held until the control resumes. Time spent paused is not part of a request's timeout, which covers the
/// exchange itself. Cancelling ends every request of the control, waiting or in flight, with
/// ``APIError/cancelled``, and every later one at once.
public final class RequestControl: Sendable {
    private struct State {
        var isPaused = false
        var isCancelled = false
        var waiting: [UUID: CheckedContinuation<Void, any Error>] = [:]
        var inFlight: [UUID: @Sendable () -> Void] = [:]
    }

    private let state = Locked(State())

    public init() {}

    /// Whether requests are held.
    public var isPaused: Bool { state.withLock { $0.isPaused } }

    /// Holds requests that have not been sent and the results of those in flight.
    public func pause() {
        state.withLock { $0.isPaused = true }
    }

    /// Lets held requests and results go on.
    public func resume() {
        let released = state.withLock { state in
            state.isPaused = false
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for continuation in released { continuation.resume() }
    }

    /// Ends every request of this control with ``APIError/cancelled``, now and from now on.
    public func cancel() {
        let (released, running) = state.withLock { state in
            state.isCancelled = true
            defer {
                state.waiting = [:]
                state.inFlight = [:]
            }
            return (Array(state.waiting.values), Array(state.inFlight.values))
        }
        for continuation in released { continuation.resume(throwing: APIError.cancelled) }
        for cancel in running { cancel() }
    }

    /// Waits while paused; throws ``APIError/cancelled`` once cancelled.
    func gate() async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if state.isCancelled || Task.isCancelled { return .failure(APIError.cancelled) }
                    guard state.isPaused else { return .success(()) }
                    state.waiting[id] = continuation
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            state.withLock { $0.waiting.removeValue(forKey: id) }?.resume(throwing: APIError.cancelled)
        }
    }

    /// Runs `operation` so that ``cancel()`` cancels it, holding its result while paused.
    func run<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        try await gate()
        let task = Task { try await operation() }
        let id = UUID()
        let cancelled = state.withLock { state in
            if state.isCancelled { return true }
            state.inFlight[id] = { task.cancel() }
            return false
        }
        if cancelled { task.cancel() }
        defer { state.withLock { _ = $0.inFlight.removeValue(forKey: id) } }
        let value = try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
        try await gate()
        return value
    }
}

/// A value behind a lock (the standard library's `Mutex` needs macOS 15).
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
