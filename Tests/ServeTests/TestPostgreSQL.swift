#if CrudeServe
import Foundation
import ProcessRunner
import Testing

/// Where a test's server keeps its values: in memory, in a SQLite file, and, in a build with the PostgreSQL
/// store on a machine with PostgreSQL, in a PostgreSQL database of the test's own.
enum TestStore: String, Sendable, CustomTestStringConvertible {
    case memory
    case sqliteFile
    case postgreSQL

    /// The stores the contract tests run over: memory, and PostgreSQL where this build and machine have it.
    static let all: [TestStore] = [.memory] + postgreSQLIfAvailable

    /// Every store that keeps values when its server stops.
    static let persistent: [TestStore] = [.sqliteFile] + postgreSQLIfAvailable

    /// PostgreSQL, in a build with its store on a machine with PostgreSQL.
    private static let postgreSQLIfAvailable: [TestStore] = {
        #if CrudePostgreSQL
        return TestPostgreSQL.isAvailable ? [.postgreSQL] : []
        #else
        return []
        #endif
    }()

    var testDescription: String { rawValue }

    /// The `database` argument of a server over this store: a new database for PostgreSQL, a new file in a
    /// temporary folder of its own for SQLite, none for memory.
    func database() async throws -> String? {
        switch self {
        case .memory: return nil
        case .sqliteFile:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-serve-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder.appendingPathComponent("data.sqlite").path
        case .postgreSQL: return try await TestPostgreSQL.shared.newDatabase()
        }
    }

    /// Removes what ``database()`` made on disk, if anything (a PostgreSQL database goes with its server).
    func remove(_ database: String?) {
        guard self == .sqliteFile, let database else { return }
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: database).deletingLastPathComponent())
    }
}

/// A PostgreSQL server for the test run, started once by `Scripts/postgres.sh run` in a temporary folder and
/// stopped by the script when the test process ends (the script's standard input, held here, closes).
/// Each test gets a database of its own, so tests run side by side.
actor TestPostgreSQL {
    /// The server of this test run.
    static let shared = TestPostgreSQL()

    /// Whether this machine can start one (`Scripts/postgres.sh check`); without PostgreSQL, the tests over
    /// it are left out.
    static let isAvailable: Bool = {
        let script = ServeSupport.root.appendingPathComponent("Scripts/postgres.sh")
        return (try? Subprocess.runBlocking(URL(fileURLWithPath: "/bin/bash"), [script.path, "check"]))?.succeeded == true
    }()

    /// The server's URL (of its database `crudegen`) and the pipe to the script's standard input.
    private var started: Task<(url: URL, lifeline: Pipe), any Error>?
    /// How many databases were made.
    private var databases = 0

    /// The URL of a new, empty database.
    func newDatabase() async throws -> String {
        if started == nil { started = Task { try await Subprocess.offCooperativePool(Self.launch) } }
        let server = try await started!.value
        databases += 1
        let name = "test_\(databases)"
        let created = try await Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), ["psql", server.url.absoluteString, "-qc", "CREATE DATABASE \(name)"])
        guard created.succeeded else { throw TestPostgreSQLError("CREATE DATABASE failed: \(created.errors)") }
        return server.url.deletingLastPathComponent().appendingPathComponent(name).absoluteString
    }

    /// Runs the script and reads its `url=` line.
    private static func launch() throws -> (url: URL, lifeline: Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [ServeSupport.root.appendingPathComponent("Scripts/postgres.sh").path, "run"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try Subprocess.launch(process)
        var text = ""
        while !text.contains("\ndir=") || !text.hasSuffix("\n") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw TestPostgreSQLError("Scripts/postgres.sh ended before its server ran: \(text)") }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("url=") }), let url = URL(string: String(line.dropFirst(4))) else {
            throw TestPostgreSQLError("Scripts/postgres.sh said `\(text)` instead of `url=…`")
        }
        return (url, input)
    }
}

/// Why the test run's PostgreSQL server could not be used.
struct TestPostgreSQLError: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String

    init(_ description: String) { self.description = description }
}
#endif
