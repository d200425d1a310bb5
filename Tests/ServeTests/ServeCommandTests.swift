#if CrudeServe
import CrudeRuntime
import CrudeServe
import Foundation
import ProcessRunner
import Testing

/// `crudegen serve` as a user runs it: a process that prints where it serves, logs each request on standard
/// error, and stops gracefully on SIGINT; and `--database`, whose data outlives the server.
@Suite struct ServeCommandTests {
    /// The `crudegen` executable `swift build` put beside the test bundle.
    static let executable: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = folder.appendingPathComponent("crudegen")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return ServeSupport.root.appendingPathComponent(".build/debug/crudegen")
    }()

    /// Runs `crudegen` with `arguments` and waits for its start line: the process, the base URL the line
    /// names, and the iterator of the lines it writes on standard error after it.
    static func serve(_ arguments: [String]) async throws -> (Process, URL, AsyncStream<String>.Iterator) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        let (lines, continuation) = AsyncStream<String>.makeStream()
        errors.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                continuation.finish()
                handle.readabilityHandler = nil
            } else {
                for line in String(decoding: data, as: UTF8.self).split(separator: "\n") { continuation.yield(String(line)) }
            }
        }
        try Subprocess.launch(process)
        var iterator = lines.makeAsyncIterator()
        let started = try #require(await iterator.next())
        let base = try #require(started.split(separator: " ").first { $0.hasPrefix("http://") }.flatMap { URL(string: String($0)) }, "\(started)")
        return (process, base, iterator)
    }

    @Test func theCommandServesLogsAndStopsOnSIGINT() async throws {
        let seed = ServeSupport.root.appendingPathComponent("Examples/Household/seed.json").path
        let spec = ServeSupport.root.appendingPathComponent("Examples/Household/Sources/HouseholdModels/Household.crude.yaml").path
        let (process, base, log) = try await Self.serve(["serve", spec, "--port", "0", "--data", seed])
        var lines = log
        #expect(base.absoluteString.hasSuffix("/api/"))

        let answer = try await ServeSupport.send("GET", base.appendingPathComponent("people/1"))
        #expect(answer.status == 200)
        #expect(try ServeSupport.json(answer.body)["data"]?["person"]?["first_name"] == .string("Ada"))
        let logged = try #require(await lines.next())
        #expect(logged.hasPrefix("GET /api/people/1 → 200"), "\(logged)")

        // SIGINT to the server's process alone, as Ctrl-C would send it.
        let pid = process.processIdentifier
        try #require(pid > 0)
        kill(pid, SIGINT)
        // Waited for on a thread of its own: the suite shares the cooperative threads.
        let status = try await Subprocess.offCooperativePool { [process] in
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(status == 0)
    }

    /// `--log-level warning` logs the requests that failed and no other; the start line is still written.
    @Test func theLogLevelLeavesOutTheRequestsBelowIt() async throws {
        let (process, base, log) = try await Self.serve(["serve", ServeSupport.fixture("readme"), "--port", "0", "--log-level", "warning"])
        defer { process.terminate() }
        var lines = log
        #expect(try await ServeSupport.send("GET", base.appendingPathComponent("people")).status == 200)
        #expect(try await ServeSupport.send("GET", base.appendingPathComponent("people/99")).status == 404)
        // The first line after the start line is the failed request's: the listing was not logged.
        let logged = try #require(await lines.next())
        #expect(logged.hasPrefix("GET /api/people/99 → 404"), "\(logged)")
    }

    @Test(arguments: TestStore.persistent) func aDatabaseKeepsTheDataBetweenServers(store: TestStore) async throws {
        let file = try await store.database()
        defer { store.remove(file) }
        let body = Data(#"{"data": {"person": {"first_name": "Ada", "birthday": "1815-12-10T00:00:00Z"}}}"#.utf8)
        let seed = Seed(["Person": [.object(["first_name": .string("Seeded"), "birthday": .string("1906-12-09T00:00:00Z")])]])

        let first = try SpecServer(specAt: ServeSupport.fixture("readme"), seed: seed, database: file)
        let base = try await first.start()
        #expect(try await ServeSupport.send("POST", base.appendingPathComponent("people"), body: body).status == 201)
        #expect(try await ServeSupport.send("DELETE", base.appendingPathComponent("people/1")).status == 204)
        await first.stop()

        // The second server serves the file's data, not its seed, and counts ids on from the first's.
        let second = try SpecServer(specAt: ServeSupport.fixture("readme"), seed: seed, database: file)
        let again = try await second.start()
        defer { Task { await second.stop() } }
        #expect(try await second.records(of: "Person").map { $0["first_name"] } == [.string("Ada")])
        #expect(try await ServeSupport.send("POST", again.appendingPathComponent("people"), body: body).status == 201)
        #expect(try await second.records(of: "Person").map { $0["id_Number"] } == [.number(2), .number(3)])
        try await second.reset()
        #expect(try await second.records(of: "Person").map { $0["first_name"] } == [.string("Seeded")])
    }
}
#endif
