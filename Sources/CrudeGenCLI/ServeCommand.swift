import ArgumentParser
import CrudeGenCore
import Foundation

#if CrudeServe
import CrudeServe
import Logging
#endif

/// `crudegen serve spec.yaml`: the spec as a working HTTP API, for an app whose server is not written yet,
/// is down, or cannot be reset between UI tests (docs/serve.md).
///
/// The command exists in every build so that its help and its error are found where users look; the server
/// itself is compiled only under the package's `CrudeServe` trait, which keeps Hummingbird out of every
/// other build.
struct ServeCommand: AsyncParsableCommand {
    /// The command's name and help.
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a spec as a working HTTP API with data in memory.",
        discussion: """
            Every resource's operations answer on the routes, verbs and JSON shapes the spec gives: base \
            path, envelope, namespaces, keys, date formats, ids, read-only fields, pagination and ETags. Bad \
            requests get 400 with field messages, 404, 405, 409, 413 or 415. The start line and each request \
            (`GET /api/people/1 → 200 (0.4 ms)`) are written on standard error, the requests down to \
            --log-level; SIGINT or SIGTERM stops the server once requests in progress are answered.

            Built only with the CrudeServe trait:
              swift run --traits CrudeServe crudegen serve Household.crude.yaml --data seed.json

            The seed file holds each resource's values by its spec name, and what actions answer: \
            {"Person": [{"id": 1, …}], "actions": {"login": {"token": "…"}}}; an action without an answer \
            gets 501. With --database, the data is kept in a SQLite file between runs; a file with data is served instead \
            of the seed. With --database postgres://user@host:port/db (the CrudePostgreSQL trait), it is kept in that \
            PostgreSQL database, which several servers can share.
            """
    )

    @Argument(help: ArgumentHelp("The spec to serve.", valueName: "spec"))
    var spec: String

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    @Option(help: "The address to listen on; 0.0.0.0 for every interface.")
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("A JSON file of the values to start with, by resource name, and the actions' answers.", valueName: "file"))
    var data: String?

    @Option(
        help: ArgumentHelp(
            "A SQLite file keeping the data between runs (created, or its data served), or a postgres:// URL of a database to keep it in.",
            valueName: "file-or-url"))
    var database: String?

    @Option(help: ArgumentHelp("Wait this many milliseconds before each answer, to rehearse a slow network.", valueName: "ms"))
    var delay = 0

    @Option(name: .customLong("fail-rate"), help: ArgumentHelp("Answer this share of requests (0 to 1) with 503, to rehearse failures.", valueName: "rate"))
    var failRate = 0.0

    /// Which requests are logged.
    enum LogLevel: String, CaseIterable, ExpressibleByArgument {
        /// Every request.
        case info
        /// Requests answered with a 4xx or 5xx status.
        case warning
        /// Requests answered with a 5xx status.
        case error
        /// No request: only the start line.
        case none
    }

    @Option(
        name: .customLong("log-level"),
        help: ArgumentHelp(
            "Which requests to log: info (every one), warning (answered 4xx or 5xx), error (5xx) or none; the start line is always written.",
            valueName: "level"))
    var logLevel = LogLevel.info

    /// Rejects values out of range before anything is read.
    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard delay >= 0 else { throw ValidationError("--delay must be 0 or more milliseconds.") }
        guard (0...1).contains(failRate) else { throw ValidationError("--fail-rate must be between 0 and 1, such as 0.1 for one request in ten.") }
    }

    #if CrudeServe
    /// Loads the spec and seed and serves until a signal stops the server.
    func run() async throws {
        let server: SpecServer
        do {
            let seed = try data.map(Seed.init(contentsOf:)) ?? Seed()
            let log: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
            let options = SpecServer.Options(
                delay: .milliseconds(delay), failureRate: failRate, log: logLevel == .none ? nil : log, logLevel: Self.level[logLevel] ?? .info)
            server = try SpecServer(specAt: spec, seed: seed, database: database, options: options)
        } catch let error as DiagnosticsError {
            DiagnosticFormatter.writeToStandardError(error.diagnostics)
            throw ExitCode.failure
        } catch let error as SeedError {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        let spec = spec
        try await server.run(host: host, port: port) { url in
            FileHandle.standardError.write(Data("Serving \(spec) at \(url) (Ctrl-C stops)\n".utf8))
        }
    }

    /// The server's level for each choice (`none` logs nothing and has none).
    private static let level: [LogLevel: Logger.Level] = [.info: .info, .warning: .warning, .error: .error]
    #else
    /// Explains how to get a crudegen that serves: this one was built without the server.
    func run() async throws {
        let message =
            "error: this crudegen was built without the server; build it with the CrudeServe trait: "
            + "swift run --traits CrudeServe crudegen serve \(spec)\n"
        FileHandle.standardError.write(Data(message.utf8))
        throw ExitCode.failure
    }
    #endif
}
