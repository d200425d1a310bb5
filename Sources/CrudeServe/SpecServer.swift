#if CrudeServe
import CrudeGenEngine
import CrudeRuntime
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// A spec served as a working HTTP API: every resource's operations on the routes, verbs and JSON shapes
/// the spec gives, over data kept in memory, in a SQLite file or in a PostgreSQL database (docs/serve.md).
///
/// An app's tests start one in-process on a free port and point the generated client at it:
///
/// ```swift
/// let server = try SpecServer(specAt: "Household.crude.yaml", seed: Seed(["Person": [["name": "Ada"]]]))
/// let baseURL = try await server.start()
/// defer { Task { await server.stop() } }
/// let client = APIClient(configuration: ClientConfiguration(baseURL: baseURL))
/// ```
///
/// `crudegen serve` runs the same server from the command line.
public actor SpecServer {
    /// How the server behaves beyond the spec: the rehearsal of slow and failing networks, logging and the
    /// largest body taken.
    public struct Options: Sendable {
        /// Waited before each answer, to rehearse a slow network.
        public var delay: Duration
        /// The share of requests (0 to 1) answered 503 instead, to rehearse a failing server.
        public var failureRate: Double
        /// Where each request is logged as one line (`GET /v1/people → 200 (0.4 ms)`), if anywhere.
        public var log: (@Sendable (String) -> Void)?
        /// The least level of the requests logged: an answer below 400 is `info`, a 4xx `warning` and a
        /// 5xx `error`, so `.warning` logs only the requests that failed and `.critical` none.
        public var logLevel: Logger.Level
        /// The largest request body read, in bytes; a larger one is answered 413.
        public var maximumBodySize: Int

        /// The defaults: no delay, no failures, no log (every request when there is one), bodies up to 4 MiB.
        public init(
            delay: Duration = .zero, failureRate: Double = 0, log: (@Sendable (String) -> Void)? = nil, logLevel: Logger.Level = .info,
            maximumBodySize: Int = 4 << 20
        ) {
            self.delay = delay
            self.failureRate = failureRate
            self.log = log
            self.logLevel = logLevel
            self.maximumBodySize = maximumBodySize
        }
    }

    /// The server's state and answers.
    let engine: ServeEngine
    /// The behaviour beyond the spec.
    let options: Options
    /// The service group and the task running it, while the server runs in-process.
    private var running: (group: ServiceGroup, task: Task<Void, any Error>)?
    /// The URL the spec's routes are under while the server runs.
    public private(set) var baseURL: URL?

    /// A server of the spec at `path`, starting with `seed`. A spec the generator rejects throws its
    /// diagnostics (`DiagnosticsError`, each naming file, line and column); seed data that does not fit
    /// the spec throws a ``SeedError``.
    ///
    /// With `database`, the path of a SQLite file, every change is written there too: a server started on
    /// a file that holds values serves them instead of `seed`, which ``reset(to:)`` brings back. A
    /// `postgres://user@host:port/database` URL keeps the values in that database only, which several
    /// servers can share (with the `CrudePostgreSQL` trait); an empty one is filled from `seed` on ``start(host:port:)``.
    public init(specAt path: String, seed: Seed = Seed(), database: String? = nil, options: Options = Options()) throws {
        try self.init(api: ServedAPI.load(specAt: path), handler: DefaultOperationHandler(), seed: seed, database: database, options: options)
    }

    /// A server of a spec held in memory; `file` names it in diagnostics.
    public init(spec data: Data, file: String, seed: Seed = Seed(), database: String? = nil, options: Options = Options()) throws {
        try self.init(api: ServedAPI.load(spec: data, file: file), handler: DefaultOperationHandler(), seed: seed, database: database, options: options)
    }

    /// A server of the spec `text` whose operations `handler` answers: a generated service's
    /// (`crudegen --server`), whose methods answer as this server does unless a service implements them.
    public init(
        spec text: String, file: String, handler: some OperationHandler, seed: Seed = Seed(), database: String? = nil, options: Options = Options()
    ) throws {
        try self.init(api: ServedAPI.load(spec: Data(text.utf8), file: file), handler: handler, seed: seed, database: database, options: options)
    }

    /// A server of the resolved spec `api` whose operations `handler` answers.
    private init(api: ServedAPI, handler: any OperationHandler, seed: Seed, database: String?, options: Options) throws {
        engine = try ServeEngine(api: api, seed: seed, store: Self.store(at: database), handler: handler)
        self.options = options
    }

    /// The store `database` names: a PostgreSQL URL's database, a SQLite file's path, or memory without one.
    private static func store(at database: String?) throws -> any ServeStore {
        guard let database, database.hasPrefix("postgres://") || database.hasPrefix("postgresql://") else {
            return try TableStore(file: database.map(SQLiteFile.init(path:)))
        }
        #if CrudePostgreSQL
        guard let url = URL(string: database) else { throw StoreFailure("\(database) is no URL: write postgres://user@host:port/database.") }
        return try PostgresStore(url: url)
        #else
        throw StoreFailure("This build has no PostgreSQL store: build crudegen with `--traits CrudePostgreSQL` to serve from \(database).")
        #endif
    }

    /// Starts serving on `host` and `port` (0: a free port) and returns the base URL the spec's routes are
    /// under (`http://127.0.0.1:51234/v1/`) once the server accepts connections.
    @discardableResult
    public func start(host: String = "127.0.0.1", port: Int = 0) async throws -> URL {
        if let baseURL { return baseURL }
        let (group, task, url) = try await launch(host: host, port: port, signals: [])
        running = (group, task)
        baseURL = url
        return url
    }

    /// Stops serving, letting requests in progress finish.
    public func stop() async {
        guard let running else { return }
        self.running = nil
        baseURL = nil
        await running.group.triggerGracefulShutdown()
        _ = try? await running.task.value
    }

    /// Serves on `host` and `port` until SIGINT or SIGTERM, then shuts down gracefully; `started` gets the
    /// base URL once the server accepts connections (`crudegen serve`).
    public func run(host: String, port: Int, started: @escaping @Sendable (URL) -> Void) async throws {
        let (_, task, url) = try await launch(host: host, port: port, signals: [.sigterm, .sigint])
        started(url)
        try await task.value
    }

    /// Runs the store's service (a database's connection pool), if any, and the HTTP server on `host` and
    /// `port` in one service group, which `signals` shut down gracefully; returns once the server accepts
    /// connections and the store holds the seed (or values of its own).
    private func launch(
        host: String, port: Int, signals: [UnixSignal]
    ) async throws -> (group: ServiceGroup, task: Task<Void, any Error>, url: URL) {
        let (ports, continuation) = AsyncStream<Int?>.makeStream()
        let app = application(host: host, port: port) { continuation.yield($0) }
        // The store's service first: a group stops its services in reverse order, so the store outlives the
        // requests in progress.
        let services: [any Service] = [engine.storeService].compactMap(\.self) + [app]
        let group = ServiceGroup(configuration: .init(services: services, gracefulShutdownSignals: signals, logger: Self.quietLogger))
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next() ?? nil else {
            // The group ended before the server ran: its error says why (a port in use, a bad host).
            try await task.value
            throw CancellationError()
        }
        do {
            try await engine.prepare()
        } catch {
            await group.triggerGracefulShutdown()
            _ = try? await task.value
            throw error
        }
        let url = URL(string: "http://\(host.contains(":") ? "[\(host)]" : host):\(bound)\(engine.api.basePath)")!
        return (group, task, url)
    }

    /// Serves the spec's routes on `router`, an application's own, beside its other routes: a request whose
    /// path has the shape of a spec route's (`people/{id}` has `people/count` too) is answered as
    /// ``start(host:port:)``'s server answers it, with the options' CORS, log, delay and failures; any other
    /// goes on to the router's routes.
    ///
    /// ```swift
    /// let router = Router()
    /// router.get("health") { _, _ in "ok" }
    /// server.register(on: router)
    /// let app = Application(router: router, services: server.services)
    /// try await app.runService()
    /// ```
    ///
    /// Run ``services`` in the application's service group: a database's connection pool is one. The store is
    /// filled with the seed on the first request; while it cannot be reached, requests are answered 503.
    /// Routes added to `router` before this call and sharing a spec route's path and verb answer in its place.
    public nonisolated func register<Context: RequestContext>(on router: Router<Context>) {
        router.add(middleware: SpecMiddleware(responder: SpecResponder(engine: engine, options: options)))
    }

    /// What an application serving the spec through ``register(on:)`` runs beside its server: the store's
    /// connection pool, if it has one.
    public nonisolated var services: [any Service] {
        [engine.storeService].compactMap(\.self)
    }

    /// Replaces the data with `seed`, or with the data the server started with when `nil`.
    public func reset(to seed: Seed? = nil) async throws {
        try await engine.reset(to: seed)
    }

    /// The stored values of the resource the spec names `resource`, in order of creation, as the wire writes
    /// them (write-only fields included); empty for a resource without values.
    public func records(of resource: String) async throws -> [JSONValue] {
        try await engine.records(of: resource).map(\.jsonValue)
    }

    /// The Hummingbird application on `host` and `port`, reporting the port it bound (`nil` if none) to `bound`.
    private func application(host: String, port: Int, bound: @escaping @Sendable (Int?) -> Void) -> some ApplicationProtocol {
        Application(
            responder: SpecResponder(engine: engine, options: options),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "crudegen"),
            onServerRunning: { channel in bound(channel.localAddress?.port) },
            logger: Self.quietLogger
        )
    }

    /// The level a request is logged at, by its answer's status: `info` below 400, `warning` for a 4xx,
    /// `error` for a 5xx.
    static func logLevel(ofStatus status: Int) -> Logger.Level {
        status < 400 ? .info : status < 500 ? .warning : .error
    }

    /// Hummingbird's own log, errors only: the request log is ours.
    private static let quietLogger: Logger = {
        var logger = Logger(label: "crudegen.serve")
        logger.logLevel = .error
        return logger
    }()
}

/// Hands each request to the engine, after CORS, the rehearsed delay and failures, and logs it.
struct SpecResponder: HTTPResponder {
    /// Hummingbird's plain request context: the engine needs nothing more.
    typealias Context = BasicRequestContext

    /// The server's state and answers.
    let engine: ServeEngine
    /// The delay, failure rate, log and body limit.
    let options: SpecServer.Options

    func respond(to request: Request, context: Context) async throws -> Response {
        await response(to: request)
    }

    /// The engine's answer, with CORS headers, logged.
    func response(to request: Request) async -> Response {
        let started = ContinuousClock.now
        let response = await answer(request)
        var headers = HTTPFields(response.headers)
        headers.append(contentsOf: Self.cors(request))
        if let log = options.log, SpecServer.logLevel(ofStatus: response.status) >= options.logLevel {
            let elapsed = ContinuousClock.now - started
            let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            log("\(request.method.rawValue) \(request.uri.string) → \(response.status) (\(String(format: "%.1f", milliseconds)) ms)")
        }
        return Response(status: HTTPResponse.Status(code: response.status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: response.body)))
    }

    /// Preflights, rehearsed delays and failures, the body read up to the limit, the store prepared, then the
    /// engine's answer.
    private func answer(_ request: Request) async -> ServedResponse {
        if Self.isPreflight(request) {
            return ServedResponse(status: 204)
        }
        if options.delay > .zero {
            try? await Task.sleep(for: options.delay)
        }
        if options.failureRate > 0, Double.random(in: 0..<1) < options.failureRate {
            return .detail(503, "Failure rehearsed by the server's failure rate (--fail-rate).")
        }
        var body = ByteBuffer()
        var size = 0
        do {
            // A body over the limit is read to its end (up to 16 times the limit) and dropped, so that the
            // client, still sending, receives the 413 instead of a reset connection.
            for try await chunk in request.body {
                size += chunk.readableBytes
                if size <= options.maximumBodySize {
                    body.writeImmutableBuffer(chunk)
                } else if size > options.maximumBodySize * 16 {
                    break
                }
            }
        } catch {
            return .detail(400, "The body could not be read: \(error)")
        }
        guard size <= options.maximumBodySize else {
            return .detail(413, "The body is larger than the \(options.maximumBodySize) bytes this server reads.")
        }
        do {
            // At once after the first time; before it, a request waits for the seed.
            try await engine.prepare()
        } catch {
            return .detail(503, "The store could not be reached: \(error)")
        }
        let raw = request.uri.string
        let question = raw.firstIndex(of: "?")
        let path = Self.path(of: request)
        let query: [(name: String, value: String)] = (question.map { raw[raw.index(after: $0)...] } ?? "").split(separator: "&").map { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ text: Substring?) -> String {
                let text = String(text ?? "").replacingOccurrences(of: "+", with: " ")
                return text.removingPercentEncoding ?? text
            }
            return (decoded(pair.first), decoded(pair.count > 1 ? pair[1] : nil))
        }
        let host = request.head.authority ?? "127.0.0.1"
        return await engine.respond(
            to: ServedRequest(
                method: request.method.rawValue,
                path: path,
                query: query,
                contentType: request.headers[.contentType],
                ifNoneMatch: request.headers[.ifNoneMatch],
                origin: "http://\(host)",
                body: Data(buffer: body)
            ))
    }

    /// The path of `request`'s target, as sent (percent escapes kept).
    static func path(of request: Request) -> String {
        let target = request.uri.string
        return String(target[..<(target.firstIndex(of: "?") ?? target.endIndex)])
    }

    /// Whether `request` is a CORS preflight: an `OPTIONS` request that names the method it asks about. Any
    /// other `OPTIONS` request goes to the spec's routes, where an action may answer it.
    private static func isPreflight(_ request: Request) -> Bool {
        request.method == .options && request.headers[.accessControlRequestMethod] != nil
    }

    /// CORS for web front-ends: any origin, the methods and headers a preflight asks for, and the
    /// response headers clients read exposed.
    private static func cors(_ request: Request) -> [HTTPField] {
        var fields = [
            HTTPField(name: .accessControlAllowOrigin, value: "*"),
            HTTPField(name: .accessControlExposeHeaders, value: "ETag, Link, X-Total-Count, Location"),
        ]
        if isPreflight(request) {
            let methods = request.headers[.accessControlRequestMethod] ?? "GET, POST, PUT, PATCH, DELETE"
            fields.append(HTTPField(name: .accessControlAllowMethods, value: methods))
            if let headers = request.headers[.accessControlRequestHeaders] {
                fields.append(HTTPField(name: .accessControlAllowHeaders, value: headers))
            }
            fields.append(HTTPField(name: .accessControlMaxAge, value: "600"))
        }
        return fields
    }
}

/// The spec's routes in front of an application's own (``SpecServer/register(on:)``).
struct SpecMiddleware<Context: RequestContext>: RouterMiddleware {
    /// What answers the spec's routes.
    let responder: SpecResponder

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard responder.engine.hasRoute(forPath: SpecResponder.path(of: request)) else {
            return try await next(request, context)
        }
        return await responder.response(to: request)
    }
}

extension HTTPFields {
    /// Fields from the engine's name-value pairs; a name HTTP does not allow is left out.
    init(_ pairs: [(name: String, value: String)]) {
        self.init()
        for (name, value) in pairs {
            guard let name = HTTPField.Name(name) else { continue }
            append(HTTPField(name: name, value: value))
        }
    }
}
#endif
