import Foundation

/// A thread of its own that runs the test servers' tasks.
///
/// The tests run hundreds at a time on Swift's cooperative pool, which has one thread per core. A server
/// answering from that pool waits behind every test that keeps a thread busy, and on a loaded two-core machine
/// the clients' timeouts fired before the servers ran at all. A task that prefers this executor (and every
/// child task and default actor it runs, such as FlyingFox's connection handlers) runs here instead.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
final class ServerThread: TaskExecutor, @unchecked Sendable {
    /// The one thread all test servers share: their work is small, and one thread keeps the count fixed.
    static let shared = ServerThread()

    /// Guards `jobs` and wakes the thread when one arrives.
    private let condition = NSCondition()
    /// Jobs enqueued and not yet run, oldest first.
    private var jobs: [UnownedJob] = []

    private init() {
        let thread = Thread { [unowned self] in runJobs() }
        thread.name = "crudegen.test-servers"
        thread.start()
    }

    /// Queues `job` to run on the server thread.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs jobs as they arrive, for the life of the process.
    private func runJobs() {
        let executor = asUnownedTaskExecutor()
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            condition.unlock()
            for job in batch { job.runSynchronously(on: executor) }
        }
    }
}

extension Task where Failure == any Error {
    /// A task that runs on ``ServerThread`` where the platform has task executors, on the cooperative pool
    /// elsewhere.
    static func onServerThread(_ operation: sending @escaping @isolated(any) () async throws -> Success) -> Task {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
            Task(executorPreference: ServerThread.shared, operation: operation)
        } else {
            Task(operation: operation)
        }
    }
}
