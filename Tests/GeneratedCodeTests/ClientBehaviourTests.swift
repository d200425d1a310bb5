import CrudeLogging
import CrudeRuntime
import FixtureCRUDEFutures
import Foundation
import HTTPTypes
import Logging
import TestHTTPServer
import Testing

/// How generated operations fail and recover: status errors, invalid JSON, decoding paths, 401 refresh,
/// retries, cancellation, timeouts, logging, raw requests and the in-memory transport.
@Suite struct ClientBehaviourTests {
    static let personJSON = CRUDEFuturesTests.personJSON

    static func client(
        _ transport: TestTransport, _ server: TestServer, _ configure: (inout ClientConfiguration) -> Void = { _ in }, middlewares: [any ClientMiddleware] = []
    ) -> APIClient {
        var configuration = Household.configuration(baseURL: server.origin)
        configure(&configuration)
        return APIClient(configuration: configuration, transport: transport.make(), middlewares: middlewares)
    }

    /// A middleware's own error is `.middleware`, an `APIError` it throws stays itself, and a transport's
    /// error passing through a middleware is still the transport's.
    @Test(arguments: TestTransport.allCases) func middlewareErrorsAreReportedAsThemselves(_ transport: TestTransport) async throws {
        struct NotValid: Error {}
        let server = try await TestServer { _ in .json(#"{"data": {"person": \#(Self.personJSON)}}"#) }
        defer { Task { await server.stop() } }
        let own = await Self.failure {
            _ = try await Person.read(id: 7, on: Self.client(transport, server, middlewares: [BeforeRequest { _ in throw NotValid() }]))
        }
        guard case let .middleware(error)? = own else {
            Issue.record("expected .middleware, got \(String(describing: own))")
            return
        }
        #expect(error is NotValid)
        let api = await Self.failure {
            _ = try await Person.read(id: 7, on: Self.client(transport, server, middlewares: [BeforeRequest { _ in throw APIError.missingValue("token") }]))
        }
        guard case .missingValue("token")? = api else {
            Issue.record("expected the middleware's APIError, got \(String(describing: api))")
            return
        }
        #expect(server.received.isEmpty, "nothing was sent")
    }

    /// Raw requests take headers of their own, and `operationHeaders[.raw(.get)]` reaches them.
    @Test(arguments: TestTransport.allCases) func rawRequestsTakeHeaders(_ transport: TestTransport) async throws {
        let server = try await TestServer { _ in .json(#"{"ok": true}"#) }
        defer { Task { await server.stop() } }
        let client = Self.client(transport, server) { $0.operationHeaders[.raw(.get)] = ["X-Raw": "1"] }
        _ = try await client.request(.get, "stats", headers: ["X-Trace": "abc"])
        #expect(server.received.last?.headers["x-trace"] == "abc")
        #expect(server.received.last?.headers["x-raw"] == "1")
    }

    /// A generated identifier keys one operation's headers, which no other operation gets; the deprecated
    /// string keys (`"Person.read"`) still name the same operations.
    @Test(arguments: TestTransport.allCases) func operationIdentifiersKeyHeadersAndStringKeysStillWork(_ transport: TestTransport) async throws {
        let server = try await TestServer { _ in .json(#"{"data": {"person": \#(Self.personJSON)}}"#) }
        defer { Task { await server.stop() } }
        let typed = Self.client(transport, server) { $0.operationHeaders[Person.Operations.read] = ["X-Read": "typed"] }
        _ = try await Person.read(id: 7, on: typed)
        #expect(server.received.last?.headers["x-read"] == "typed")
        _ = try await Person.delete(id: 7, on: typed)
        #expect(server.received.last?.headers["x-read"] == nil)

        let strings = Self.client(transport, server) { configuration in
            Self.setDeprecated(&configuration.operationHeaders, "Person.read", ["X-Read": "string"])
            Self.setDeprecated(&configuration.operationHeaders, "raw.GET", ["X-Raw": "string"])
        }
        _ = try await Person.read(id: 7, on: strings)
        #expect(server.received.last?.headers["x-read"] == "string")
        _ = try await strings.request(.get, "stats")
        #expect(server.received.last?.headers["x-raw"] == "string")
        #expect(Person.Operations.read == OperationID(resource: "Person", operation: "read") && Person.Operations.read.description == "Person.read")
    }

    /// Sets a setting through the deprecated string subscript, reached through ``StringKeyedSettings`` so
    /// that this target, built without warnings, still tests it.
    static func setDeprecated<Settings: StringKeyedSettings>(_ settings: inout Settings, _ key: String, _ value: Settings.Value) {
        settings[key] = value
    }

    /// The `APIError` an operation throws.
    static func failure(_ operation: () async throws -> Void) async -> APIError? {
        do {
            try await operation()
            return nil
        } catch let error as APIError {
            return error
        } catch {
            Issue.record("generated operations throw only APIError, not \(error)")
            return nil
        }
    }

    @Test(arguments: TestTransport.allCases) func serverErrorsCarryStatusAndBody(_ transport: TestTransport) async throws {
        let server = try await TestServer { _ in .json(#"{"message": "boom"}"#, status: 500) }
        defer { Task { await server.stop() } }
        let error = await Self.failure { _ = try await Person.read(id: 1, on: Self.client(transport, server)) }
        guard case let .status(status, body)? = error else {
            Issue.record("expected a status error, got \(String(describing: error))")
            return
        }
        #expect(status.code == 500)
        #expect(String(decoding: body, as: UTF8.self) == #"{"message": "boom"}"#)
    }

    @Test(arguments: TestTransport.allCases) func invalidJSONAndWrongShapesNameTheJSONPath(_ transport: TestTransport) async throws {
        let server = try await TestServer { request in
            request.path == "/people/1" ? .json("this is not json") : .json(#"{"data": {"person": {"id_Number": 1, "first_name": 42}}}"#)
        }
        defer { Task { await server.stop() } }
        let client = Self.client(transport, server)
        let invalid = await Self.failure { _ = try await Person.read(id: 1, on: client) }
        guard case let .decoding(path, _, body)? = invalid else {
            Issue.record("expected a decoding error, got \(String(describing: invalid))")
            return
        }
        #expect(path == "")
        #expect(String(decoding: body, as: UTF8.self) == "this is not json")

        let mismatch = await Self.failure { _ = try await Person.read(id: 2, on: client) }
        guard case let .decoding(mismatchPath, description, _)? = mismatch else {
            Issue.record("expected a decoding error, got \(String(describing: mismatch))")
            return
        }
        #expect(mismatchPath == "data.person.first_name")
        #expect(description.contains("String"))
    }

    /// A value the model cannot hold is named by its JSON path and quoted as the body wrote it: a number
    /// too large for an `Int` (which Foundation on Linux calls invalid JSON, at the root), a fraction in an
    /// `Int`, a number beyond `Double`, a number where a string belongs, a date that is not one.
    @Test(arguments: TestTransport.allCases) func valuesThatDoNotFitAreNamedByPathAndValue(_ transport: TestTransport) async throws {
        func person(id: String = "7", firstName: String = #""Ada""#, birthday: String = #""1815-12-10T00:00:00Z""#, completion: String = "75") -> String {
            #"{"id_Number": \#(id), "first_name": \#(firstName), "last_name": "L", "birthday": \#(birthday), "completion": \#(completion), "tags": []}"#
        }
        let bodies = [
            "/people/1": #"{"data": {"person": \#(person(id: "99999999999999999999"))}}"#,
            "/people/2": #"{"data": {"person": \#(person(id: "1.5"))}}"#,
            "/people/3": #"{"data": {"person": \#(person(completion: "1e400"))}}"#,
            "/people/4": #"{"data": {"person": \#(person(firstName: "42"))}}"#,
            "/people/5": #"{"data": {"person": \#(person(birthday: #""yesterday""#))}}"#,
            "/households/1/people": #"{"data": {"people": [\#(person()), \#(person(id: "1e+20"))]}}"#,
        ]
        let server = try await TestServer { request in .json(bodies[request.path] ?? "{}") }
        defer { Task { await server.stop() } }
        let client = Self.client(transport, server)
        var failures: [String] = []
        for id in 1...5 {
            failures.append(String(describing: await Self.failure { _ = try await Person.read(id: id, on: client) }))
        }
        failures.append(String(describing: await Self.failure { _ = try await Person.list(householdID: 1, on: client) }))
        #expect(
            failures == [
                "Optional(cannot decode response at `data.person.id_Number`: 99999999999999999999 does not fit in Int)",
                "Optional(cannot decode response at `data.person.id_Number`: 1.5 does not fit in Int)",
                "Optional(cannot decode response at `data.person.completion`: 1e400 does not fit in Double)",
                "Optional(cannot decode response at `data.person.first_name`: expected String, found 42)",
                "Optional(cannot decode response at `data.person.birthday`: ISO8601DateTransform rejected the value: `yesterday` is not an ISO 8601 date-time)",
                "Optional(cannot decode response at `data.people[1].id_Number`: 1e+20 does not fit in Int)",
            ])
    }

    @Test(arguments: TestTransport.allCases) func unauthorizedRefreshesCredentialsAndReplaysOnce(_ transport: TestTransport) async throws {
        let server = try await TestServer { request in
            request.headers["authorization"] == "Bearer fresh"
                ? .json(#"{"data": {"person": \#(Self.personJSON)}}"#)
                : .json(#"{"error": "expired"}"#, status: 401)
        }
        defer { Task { await server.stop() } }
        actor TokenStore: Authenticator {
            var token = "stale"
            var refreshes = 0
            func authorize(_ request: inout HTTPRequest) async throws {
                request.headerFields[.authorization] = "Bearer \(token)"
            }
            func refresh() async throws {
                refreshes += 1
                token = "fresh"
            }
        }
        let store = TokenStore()
        let person = try await Person.read(id: 7, on: Self.client(transport, server) { $0.authenticator = store })
        #expect(person.id == 7)
        #expect(await store.refreshes == 1)
        #expect(server.received.map { $0.headers["authorization"] } == ["Bearer stale", "Bearer fresh"])

        let plain = await Self.failure { _ = try await Person.read(id: 7, on: Self.client(transport, server)) }
        guard case .unauthorized? = plain else {
            Issue.record("expected unauthorized, got \(String(describing: plain))")
            return
        }
    }

    @Test(arguments: TestTransport.allCases) func idempotentRequestsAreRetriedHonouringRetryAfter(_ transport: TestTransport) async throws {
        let attempts = Mutex(0)
        let server = try await TestServer { _ in
            let attempt = attempts.withLock { count -> Int in
                count += 1
                return count
            }
            return attempt < 3 ? .json("{}", status: 503, headers: ["Retry-After": "0"]) : .json(#"{"data": {"person": \#(Self.personJSON)}}"#)
        }
        defer { Task { await server.stop() } }
        let client = Self.client(transport, server) { $0.retry = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10)) }
        #expect(try await Person.read(id: 7, on: client).id == 7)
        #expect(server.received.count == 3)

        attempts.withLock { $0 = 0 }
        let error = await Self.failure { _ = try await Person(firstName: "a", lastName: "b", birthday: Date(), completion: 0, tags: []).create(on: client) }
        #expect(error?.status?.code == 503, "POST is not idempotent, so it is not retried")
        #expect(server.received.count == 4)
    }

    /// The server never answers, so only the cancel can end the request within the test's time limit:
    /// no clock is read, and a busy machine cannot make the request finish first.
    @Test(.timeLimit(.minutes(2)), arguments: TestTransport.allCases)
    func cancellingTheTaskCancelsTheRequest(_ transport: TestTransport) async throws {
        let requested = Signal()
        let server = try await TestServer { _ in
            requested.fire()
            return .hang
        }
        defer { Task { await server.stop() } }
        let client = Self.client(transport, server)
        let task = Task { try await Person.read(id: 7, on: client) }
        await requested.wait()
        task.cancel()
        let result = await task.result
        guard case let .failure(error) = result, case .cancelled? = error as? APIError else {
            Issue.record("expected cancellation, got \(result)")
            return
        }
    }

    /// The server never answers: only the client's 400 ms timeout can end the request within the
    /// test's time limit.
    @Test(.timeLimit(.minutes(2)), arguments: TestTransport.allCases)
    func slowResponsesTimeOut(_ transport: TestTransport) async throws {
        let server = try await TestServer { _ in
            return .hang
        }
        defer { Task { await server.stop() } }
        let error = await Self.failure { _ = try await Person.read(id: 7, on: Self.client(transport, server) { $0.timeout = .milliseconds(400) }) }
        guard case .timedOut? = error else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: TestTransport.allCases) func missingIdsAreReportedBeforeSending(_ transport: TestTransport) async throws {
        let server = try await TestServer { _ in .json("{}") }
        defer { Task { await server.stop() } }
        let error = await Self.failure {
            try await Person(firstName: "a", lastName: "b", birthday: Date(), completion: 0, tags: []).delete(on: Self.client(transport, server))
        }
        guard case .missingValue("id")? = error else {
            Issue.record("expected a missing id, got \(String(describing: error))")
            return
        }
        #expect(server.received.isEmpty)
    }

    @Test(arguments: TestTransport.allCases) func rawRequestsCoverWhatTheSpecDoesNot(_ transport: TestTransport) async throws {
        let server = try await TestServer { request in
            switch request.path {
            case "/stats": .json(#"{"data": {"count": 2}}"#)
            case "/people/search": .json(#"{"data": [\#(Self.personJSON)]}"#)
            case "/ping": .empty()
            default: .json(#"{"data": \#(Self.personJSON)}"#)
            }
        }
        defer { Task { await server.stop() } }
        let client = Self.client(transport, server)
        #expect(try await client.request(.get, "stats")["data"]?["count"] == .number(2))
        #expect(try await client.requestObject(Person.self, .get, "people/7").firstName == "Ada")
        #expect(try await client.requestObjectsArray(Person.self, .get, "people/search", query: [URLQueryItem(name: "q", value: "a&b")]).count == 1)
        #expect(server.received.last?.query == "q=a%26b")
        try await client.requestForSuccess(.post, "ping", body: ["hello": "world"])
        #expect(String(decoding: server.received.last?.body ?? Data(), as: UTF8.self) == #"{"data":{"hello":"world"}}"#)
    }

    @Test(arguments: TestTransport.allCases) func loggingNeverPrintsCredentials(_ transport: TestTransport) async throws {
        let server = try await TestServer { _ in .json(#"{"data": {"person": \#(Self.personJSON)}}"#) }
        defer { Task { await server.stop() } }
        let lines = Mutex<[String]>([])
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        let client = Self.client(
            transport,
            server,
            {
                $0.headers["Authorization"] = "Bearer secret-token"
                $0.headers["X-Api-Key"] = "key-123"
            }, middlewares: [RequestLogger(logger: logger)])
        _ = try await Person.read(id: 7, on: client)
        let text = lines.withLock { $0.joined(separator: "\n") }
        #expect(text.contains("GET http://127.0.0.1"))
        #expect(text.contains("← 200"))
        #expect(text.contains("authorization: <redacted>"))
        #expect(!text.contains("secret-token"))
        #expect(!text.contains("key-123"))
    }

    @Test func inMemoryTransportRunsGeneratedCodeWithoutANetwork() async throws {
        let transport = InMemoryTransport(json: #"{"data": {"person": \#(Self.personJSON)}}"#)
        let client = APIClient(configuration: Household.configuration(), transport: transport)
        let person = try await Person.read(id: 7, on: client)
        #expect(person.firstName == "Ada")
        #expect(transport.requests.last?.head.path == "/api/people/7")
        #expect(transport.requests.last?.head.authority == "mysite.com")
    }
}

/// Collects log lines with their metadata.
struct CapturingLogHandler: LogHandler {
    let lines: Mutex<[String]>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let details = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        lines.withLock { $0.append("\(event.message) \(details)") }
    }
}

/// The deprecated string subscript of `OperationSettings`, as a requirement: calls through it do not warn.
protocol StringKeyedSettings {
    /// The type of one operation's setting.
    associatedtype Value
    /// The setting of the operation written `"<resource>.<operation>"`.
    subscript(key: String) -> Value? { get set }
}

extension OperationSettings: StringKeyedSettings {}
