import Foundation

/// Programs the tests run to their end, and other blocking work, kept off Swift's cooperative threads.
///
/// The whole suite shares one cooperative pool with a thread per core. A test that waits for a program on one
/// of those threads (a nested `swift build` takes minutes) leaves the tests beside it, and the servers they talk
/// to, without threads: on a loaded two-core machine their clients timed out. So every wait here happens on a
/// thread of its own, and the awaiting task is suspended, not blocking.
public enum Subprocess {
    /// A program that ran to its end.
    public struct Finished: Sendable {
        /// The exit status.
        public var status: Int32
        /// What it wrote to standard output (and standard error too, when they were merged).
        public var standardOutput: Data
        /// What it wrote to standard error; empty when it was merged into standard output.
        public var standardError: Data

        /// Whether it exited with status 0.
        public var succeeded: Bool { status == 0 }
        /// Standard output as UTF-8 text.
        public var output: String { String(decoding: standardOutput, as: UTF8.self) }
        /// Standard error as UTF-8 text.
        public var errors: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// Runs `executable` with `arguments` to its end and collects what it prints.
    ///
    /// - Parameters:
    ///   - directory: the working directory; the test process's when `nil`.
    ///   - environment: the whole environment; the test process's when `nil`.
    ///   - mergingStandardError: whether standard error goes into ``Finished/standardOutput``, interleaved as
    ///     a terminal would show it.
    ///   - oneAtATime: whether it waits for the other programs run `oneAtATime` to end first: compilers, two of
    ///     which take both of CI's cores.
    public static func run(
        _ executable: URL,
        _ arguments: [String],
        in directory: URL? = nil,
        environment: [String: String]? = nil,
        mergingStandardError: Bool = false,
        oneAtATime: Bool = false
    ) async throws -> Finished {
        let work = { @Sendable in
            try runBlocking(executable, arguments, in: directory, environment: environment, mergingStandardError: mergingStandardError)
        }
        guard oneAtATime else { return try await offCooperativePool(work) }
        return try await withCheckedThrowingContinuation { continuation in
            oneAtATimeQueue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// The queue of the programs run `oneAtATime`.
    private static let oneAtATimeQueue = DispatchQueue(label: "crudegen.tests.one-at-a-time")

    /// ``run(_:_:in:environment:mergingStandardError:)`` on the calling thread, which it blocks until the program
    /// ends: call it only from a thread or serial queue of your own, never from a task.
    public static func runBlocking(
        _ executable: URL,
        _ arguments: [String],
        in directory: URL? = nil,
        environment: [String: String]? = nil,
        mergingStandardError: Bool = false
    ) throws -> Finished {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = mergingStandardError ? output : Pipe()
        process.standardOutput = output
        process.standardError = errors
        try launch(process)
        // Both pipes are read at once, so that a program filling one of them cannot stall on it.
        let errorText = mergingStandardError ? nil : Reading(errors.fileHandleForReading)
        let standardOutput = readToEnd(output.fileHandleForReading)
        process.waitUntilExit()
        return Finished(status: process.terminationStatus, standardOutput: standardOutput, standardError: errorText?.finish() ?? Data())
    }

    /// The id of a process that has ended and been reaped, so that no process has it (until the system reuses
    /// it): what a file named after a killed writer's process carries.
    public static func endedProcessID() async throws -> Int32 {
        try await offCooperativePool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exit 0"]
            try launch(process)
            process.waitUntilExit()
            return process.processIdentifier
        }
    }

    /// Starts `process`, one launch at a time in the test process: Foundation's `Process.run()` on Linux
    /// crashed copying its arguments when several threads launched programs at once (seen with the
    /// compilers, `psql` and `crudegen serve` of three suites starting together). Waiting stays concurrent.
    public static func launch(_ process: Process) throws {
        try launchLock.withLock { try process.run() }
    }

    /// The lock of ``launch(_:)``.
    private static let launchLock = NSLock()

    /// Runs `body` with no program starting meanwhile: for a test that opens hundreds of descriptors at once.
    /// Foundation's `Process.run()` on Linux crashed in `memcpy` (a bad pointer at a page's end) while the
    /// test process held about 1,000 sockets of 500 connections opened and closed beside it, in CI and
    /// locally (1 of 5 runs of the serve tests); the crashing launches were psql's and crudegen's.
    public static func withLaunchesHeld<T>(_ body: () throws -> T) rethrows -> T {
        try launchLock.withLock(body)
    }

    /// Everything `handle` yields up to its end. A read interrupted by a signal (a child's `SIGCHLD`) is
    /// tried again: `readDataToEndOfFile()` stopped the test process with a `try!` on `EINTR`.
    public static func readToEnd(_ handle: FileHandle) -> Data {
        var data = Data()
        while true {
            do {
                guard let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty else { return data }
                data.append(chunk)
            } catch let error as NSError where Self.isInterruption(error) {
                continue
            } catch {
                return data
            }
        }
    }

    /// Whether `error` is a read interrupted by a signal (`EINTR`), in any of the wrappings Foundation gives it.
    private static func isInterruption(_ error: NSError) -> Bool {
        if error.domain == NSPOSIXErrorDomain && error.code == Int(EINTR) { return true }
        return (error.userInfo[NSUnderlyingErrorKey] as? NSError).map(isInterruption) ?? false
    }

    /// Runs the blocking `work` on a thread of its own and returns its result, suspending the caller meanwhile.
    public static func offCooperativePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    /// A handle read to its end on a thread of its own.
    private final class Reading: @unchecked Sendable {
        /// What the handle yielded; written once by the reading thread before `done` is signalled.
        private var data = Data()
        /// Signalled when the handle reached its end.
        private let done = DispatchSemaphore(value: 0)

        /// Starts reading `handle` to its end.
        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = Subprocess.readToEnd(handle)
                done.signal()
            }
        }

        /// Waits for the end and returns what was read.
        func finish() -> Data {
            done.wait()
            return data
        }
    }
}
