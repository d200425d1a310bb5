/// Something that happens once, which a test or a server handler awaits instead of waiting for a while.
public final class Signal: Sendable {
    /// Finished when the signal fires; awaiting it ends then.
    private let stream: AsyncStream<Never>
    /// Finishes ``stream``.
    private let continuation: AsyncStream<Never>.Continuation

    /// A signal that has not fired.
    public init() {
        (stream, continuation) = AsyncStream.makeStream()
    }

    /// Marks the event as happened, waking every waiter; firing again does nothing.
    public func fire() {
        continuation.finish()
    }

    /// Returns once the signal has fired (at once if it has).
    public func wait() async {
        for await _ in stream {}
    }
}
