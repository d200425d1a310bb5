import CrudeRuntime
import FixtureDRFRaccoon
import Foundation
import TestHTTPServer
import TestTags
import Testing

/// Every flow of Raccoon's README (seed 003) through code generated from
/// Fixtures/drf-raccoon/spec.yaml, against the real Django REST Framework server
/// (Tests/DRFServer/seeds/raccoon.py).
///
/// | seed line | flow | test |
/// |---|---|---|
/// | 26–35, 180–186 | `client.enqueue(UserEndpoint.detail(id: 1))` → a `User` | ``listAndDetail(_:)`` |
/// | 57–60, 83–104 | a client with a base URL; endpoints that build requests | every test (`configuration(baseURL:)`) |
/// | 74, 172–178 | `GET users/` → `Many<User>`, paged as DRF's PageNumberPagination | ``listAndDetail(_:)`` |
/// | 75 | `GET users/<id>/` | ``listAndDetail(_:)`` |
/// | 77, 127 | an API key header with every request | ``theAPIKeyGoesWithEveryRequest(_:)`` |
/// | 145–162 | `UserEndpoint.list` / `.detail(id:)` | ``listAndDetail(_:)`` |
/// | 188–207 | `cancellableEnqueue` and `cancel()` | ``cancellingARunningRequest(_:)`` |
/// | 215–273 | `POST login/` → `LoginResponse` wrapping a token and a user | ``loginReturnsATokenAndAUser(_:)`` |
/// | 277–283 | a custom `jsonSerializer` for a response that is not JSON | ``aCustomSerializerReadsJSONInsideXML(_:)`` |
/// | 287–297 | `prepare`: `validate()` and `log()` every request | ``prepareValidatesAndLogs(_:)`` |
/// | 301–323 | `process`: act after every successful request | ``processRunsAfterEverySuccess(_:)`` |
/// | 157 | the README's list path `users`, without DRF's trailing slash: a 301 (the specs here keep the slash) | ``aMissingTrailingSlashIsARedirect(_:)`` |
/// | issue 11 | a paged list as an operation value: its URL, first page and pages | ``aPagedListIsAnOperation(_:)`` |
/// | issue 11 | operation headers for API-wide actions (`SampleServer.login`) and raw requests (`raw.GET`) | ``operationHeaderKeys(_:)`` |
@Suite(.tags(.integration), .skippedWhenQuick) struct DRFRaccoonTests {
    /// A client of the group on the seed's endpoints, from the spec's configuration as `change` adjusts it.
    static func client(
        _ transport: TestTransport, _ group: DRFSeedGroup, _ change: (inout ClientConfiguration) -> Void = { _ in }, middlewares: [any ClientMiddleware] = []
    )
        -> APIClient
    {
        var configuration = group.configure(SampleServer.configuration(), seed: "raccoon")
        change(&configuration)
        return APIClient(configuration: configuration, transport: transport.make(), middlewares: middlewares)
    }

    /// Signs in `names` in order, which creates their users.
    static func signIn(_ names: [String], on client: APIClient) async throws -> [User] {
        var users: [User] = []
        for name in names { users.append(try await SampleServer.login(username: name, password: "password", on: client).user) }
        return users
    }

    @Test(arguments: TestTransport.allCases) func listAndDetail(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        let users = try await Self.signIn(["manue", "ada", "grace"], on: client)
        let first = try await User.list(on: client)
        #expect(first.count == 3 && first.items.map(\.name) == ["manue", "ada"] && first.next != nil)
        var names: [String] = []
        for try await user in User.pages(on: client).items { names.append(user.name) }
        #expect(names == ["manue", "ada", "grace"])
        #expect(try await User.read(id: users[2].id, on: client) == users[2])
        #expect(
            try await group.requests().suffix(3).map(\.path) == ["/api/raccoon/users/", "/api/raccoon/users/?page=2", "/api/raccoon/users/\(users[2].id)/"])
    }

    @Test(arguments: TestTransport.allCases) func aPagedListIsAnOperation(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        _ = try await Self.signIn(["manue", "ada", "grace"], on: client)
        let list = User.listOperation(query: [URLQueryItem(name: "ordering", value: "id")])
        #expect(try list.url(on: client).absoluteString == "\(group.api.absoluteString)/raccoon/users/?ordering=id")
        let first = try await list.response(on: client)
        #expect(first.value.items.map(\.name) == ["manue", "ada"] && first.value.count == 3)
        #expect(first.response.status == .ok)
        var pages = 0
        for try await page in list.pages(on: client) { pages += page.items.isEmpty ? 0 : 1 }
        #expect(pages == 2)
    }

    @Test(arguments: TestTransport.allCases) func theAPIKeyGoesWithEveryRequest(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        _ = try await Self.signIn(["manue"], on: Self.client(transport, group))
        _ = try await User.list(on: Self.client(transport, group))
        #expect(try await group.requests().allSatisfy { $0.headers["apikey"] == "MY API KEY" })
        let keyless = Self.client(transport, group) { $0.headers["APIKEY"] = nil }
        let error = await #expect(throws: APIError.self) { try await User.list(on: keyless) }
        guard case .unauthorized? = error else {
            Issue.record("expected .unauthorized, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: TestTransport.allCases) func loginReturnsATokenAndAUser(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        let response = try await SampleServer.login(username: "manue", password: "password", on: client)
        #expect(response.token == "authtoken-\(response.user.id)" && response.user.name == "manue")
        let error = await #expect(throws: APIError.self) { try await SampleServer.login(username: "manue", password: "wrong", on: client) }
        guard case let .validation(status, errors, _)? = error else {
            Issue.record("expected .validation, got \(String(describing: error))")
            return
        }
        #expect(status == .badRequest && errors == ["non_field_errors": ["Unable to log in with provided credentials."]])
    }

    /// The server answers after an hour, so only the cancel can end the request within the test's time limit:
    /// no clock is read, and a busy machine cannot make the request finish first. The limit counts the first
    /// test's wait for the Python environment to install (three minutes on a loaded CI machine), so it is
    /// wide: it is there to end a hang, not to time the cancel.
    @Test(.timeLimit(.minutes(15)), arguments: TestTransport.allCases)
    func cancellingARunningRequest(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let slow = Self.client(transport, group) { $0.headers["X-Delay"] = "3600" }
        let cancellable = Task { try await User.list(on: slow) }
        try await DRFCRUDEFuturesTests.eventually { try await !group.requests().isEmpty }
        cancellable.cancel()
        let error = await #expect(throws: APIError.self) { try await cancellable.value }
        guard case .cancelled? = error else {
            Issue.record("expected .cancelled, got \(String(describing: error))")
            return
        }
    }

    /// Takes the JSON out of the legacy endpoint's `<response><json>…</json></response>`.
    static let jsonInsideXML = ResponseBodyTransform { request, body in
        guard request.operation == "legacyUser", let text = String(data: body, encoding: .utf8),
            let start = text.range(of: "<json>"), let end = text.range(of: "</json>")
        else { return body }
        return Data(text[start.upperBound..<end.lowerBound].utf8)
    }

    @Test(arguments: TestTransport.allCases) func aCustomSerializerReadsJSONInsideXML(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let manue = try await Self.signIn(["manue"], on: Self.client(transport, group))[0]
        #expect(try await SampleServer.legacyUser(id: manue.id, on: Self.client(transport, group, middlewares: [Self.jsonInsideXML])) == manue)
        await #expect(throws: APIError.self, "without the serializer the XML is no JSON") {
            try await SampleServer.legacyUser(id: manue.id, on: Self.client(transport, group))
        }
    }

    /// What `validate()` rejects: a response that is not JSON.
    struct NotJSON: Error {}

    @Test(arguments: TestTransport.allCases) func prepareValidatesAndLogs(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let manue = try await Self.signIn(["manue"], on: Self.client(transport, group))[0]
        let log = Mutex<[String]>([])
        let prepared = Self.client(
            transport,
            group,
            middlewares: [
                AfterResponse { _, response in
                    guard response.head.headerFields[.contentType]?.hasPrefix("application/json") == true else { throw NotJSON() }
                },
                AfterResponse { request, response in
                    log.withLock { $0.append("\(request.head.method) \(request.head.path ?? "") → \(response.head.status.code)") }
                },
            ])
        #expect(try await User.read(id: manue.id, on: prepared) == manue)
        let error = await #expect(throws: APIError.self) { try await SampleServer.legacyUser(id: manue.id, on: prepared) }
        guard case let .middleware(failure)? = error else {
            Issue.record("expected .middleware, got \(String(describing: error))")
            return
        }
        #expect(failure is NotJSON, "the middleware's own error, not a transport failure")
        #expect(log.withLock { $0 } == ["GET /api/raccoon/users/\(manue.id)/ → 200", "GET /api/raccoon/legacy/users/\(manue.id)/ → 200"])
    }

    @Test(arguments: TestTransport.allCases) func processRunsAfterEverySuccess(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let saves = Mutex(0)
        let client = Self.client(
            transport,
            group,
            middlewares: [
                AfterResponse { _, response in
                    if response.head.status.kind == .successful { saves.withLock { $0 += 1 } }
                }
            ])
        _ = try await Self.signIn(["manue", "ada"], on: client)
        _ = try await User.list(on: client)
        _ = try? await User.read(id: 999_999, on: client)
        #expect(saves.withLock { $0 } == 3, "two logins and a list succeeded; the missing user did not")
    }

    @Test(arguments: TestTransport.allCases) func aMissingTrailingSlashIsARedirect(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        _ = try await Self.signIn(["manue"], on: client)
        if transport.isFoundationNetworking {
            // FoundationNetworking resolves the relative `Location: /api/raccoon/users/` through `URL.path`, which
            // drops the trailing slash, and asks for `users` again until it gives up.
            let error = await #expect(throws: APIError.self) { try await client.request(.get, "users") }
            guard case .transport? = error else {
                Issue.record("expected .transport, got \(String(describing: error))")
                return
            }
            #expect(try await group.requests().dropFirst().allSatisfy { $0.path == "/api/raccoon/users" && $0.status == 301 })
            return
        }
        let page = try await client.request(.get, "users")
        #expect(page["count"] == .number(1), "a GET follows DRF's 301 to `users/`")
        let error = await #expect(throws: APIError.self) {
            try await client.request(.post, "login", body: ["username": "manue", "password": "password"])
        }
        #expect(error?.status == .methodNotAllowed, "a POST that follows the 301 arrives as a GET, which login does not take")
    }

    @Test(arguments: TestTransport.allCases) func operationHeaderKeys(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group) {
            $0.operationHeaders[SampleServer.Operations.login] = ["X-Client": "raccoon-login"]
            $0.operationHeaders[.raw(.get)] = ["X-Client": "raccoon-raw"]
        }
        _ = try await Self.signIn(["manue"], on: client)
        let page = try await client.request(.get, "users/")
        #expect(page["count"] == .number(1))
        _ = try await User.list(on: client)
        #expect(try await group.requests().map { $0.headers["x-client"] } == ["raccoon-login", "raccoon-raw", nil])
    }
}
