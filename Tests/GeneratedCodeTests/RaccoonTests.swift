import CrudeRuntime
import FixtureRaccoon
import Foundation
import TestHTTPServer
import Testing

/// Raccoon's sample API from Fixtures/raccoon/spec.yaml: an API key on every request, trailing-slash
/// detail routes, a Django REST Framework paginated list, a login returning token + user, and Raccoon's
/// client hooks (`prepare`, `process`, a custom serializer) as middlewares.
@Suite struct RaccoonTests {
    static func client(_ server: TestServer, middlewares: [any ClientMiddleware] = []) -> APIClient {
        APIClient(configuration: SampleAPI.configuration(baseURL: server.origin), middlewares: middlewares)
    }

    @Test func detailUsesATrailingSlashAndTheAPIKeyArrives() async throws {
        let server = try await TestServer { request in
            request.path == "/users/1/" ? .json(#"{"id": 1, "name": "manue"}"#) : .json("{}", status: 404)
        }
        defer { Task { await server.stop() } }
        let user = try await User.read(id: 1, on: Self.client(server))
        #expect(user.name == "manue")
        #expect(server.received.last?.headers["apikey"] == "MY API KEY")
    }

    /// A relative `next` link keeps the base URL's path; a page can be built without a server.
    @Test func relativeNextLinksKeepTheBasePath() async throws {
        let server = try await TestServer { request in
            switch (request.path, request.query) {
            case ("/v3/users", ""): .json(#"{"count": 2, "next": "users?page=2", "results": [{"id": 1, "name": "a"}]}"#)
            case ("/v3/users", "page=2"): .json(#"{"count": 2, "next": null, "results": [{"id": 2, "name": "b"}]}"#)
            default: .json("{}", status: 404)
            }
        }
        defer { Task { await server.stop() } }
        let client = APIClient(configuration: SampleAPI.configuration(baseURL: server.origin.appendingPathComponent("v3")))
        var names: [String] = []
        for try await page in User.pages(on: client) {
            names += page.items.map(\.name)
        }
        #expect(names == ["a", "b"])
        #expect(server.received.map(\.path) == ["/v3/users", "/v3/users"])
        let fake = Page(items: [User(id: 1, name: "a")], count: 1)
        #expect(fake.next == nil && fake.items.count == 1)
    }

    @Test func paginatedListsCanBeWalkedPageByPage() async throws {
        let server = try await TestServer { request in
            switch request.query {
            case "":
                return .json(#"{"count": 3, "next": "/users?page=2", "previous": null, "results": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]}"#)
            case "page=2":
                return .json(#"{"count": 3, "next": null, "previous": "/users", "results": [{"id": 3, "name": "c"}]}"#)
            default:
                return .json("{}", status: 404)
            }
        }
        defer { Task { await server.stop() } }
        let client = Self.client(server)
        let first = try await User.list(on: client)
        #expect(first.items.map(\.name) == ["a", "b"])
        #expect(first.count == 3)
        #expect(first.next?.absoluteURL?.absoluteString == "\(server.origin.absoluteString)/users?page=2")

        var names: [String] = []
        for try await page in User.pages(on: client) {
            names += page.items.map(\.name)
        }
        #expect(names == ["a", "b", "c"])
        #expect(server.received.map(\.query) == ["", "", "page=2"])
        #expect(server.received.allSatisfy { $0.headers["apikey"] == "MY API KEY" })
    }

    @Test func loginReturnsATokenAndAUser() async throws {
        let server = try await TestServer { request in
            request.method == "POST" && request.path == "/login/"
                ? .json(#"{"token": "authtoken", "user": {"id": 1, "name": "manue"}}"#)
                : .json("{}", status: 404)
        }
        defer { Task { await server.stop() } }
        var configuration = SampleAPI.configuration(baseURL: server.origin)
        configuration.operationHeaders[SampleAPI.Operations.login] = ["X-Login": "yes"]
        let response = try await SampleAPI.login(username: "username", password: "password", on: APIClient(configuration: configuration))
        #expect(server.received.last?.headers["x-login"] == "yes", "operation headers of API-wide actions are keyed by the API's name")
        #expect(response.token == "authtoken")
        #expect(response.user.name == "manue")
        #expect(String(decoding: server.received.last?.body ?? Data(), as: UTF8.self) == #"{"password":"password","username":"username"}"#)
    }

    @Test func prepareProcessAndCustomSerializerHooks() async throws {
        // The server wraps its JSON in XML, as in Raccoon's custom serializer example.
        let server = try await TestServer { _ in
            TestServer.Reply(status: 200, headers: ["Content-Type": "text/xml"], body: Data(#"<json>{"id": 1, "name": "manue"}</json>"#.utf8))
        }
        defer { Task { await server.stop() } }
        let seen = Mutex<[String]>([])
        let client = Self.client(
            server,
            middlewares: [
                BeforeRequest { request in
                    request.head.headerFields[.init("X-Prepared")!] = "yes"
                },
                AfterResponse { request, response in
                    seen.withLock { $0.append("\(request.operation) \(response.head.status.code)") }
                },
                ResponseBodyTransform { _, body in
                    let text = String(decoding: body, as: UTF8.self)
                    return Data(text.replacingOccurrences(of: "<json>", with: "").replacingOccurrences(of: "</json>", with: "").utf8)
                },
            ])
        let user = try await User.read(id: 1, on: client)
        #expect(user.name == "manue")
        #expect(server.received.last?.headers["x-prepared"] == "yes")
        #expect(seen.withLock { $0 } == ["read 200"])
    }
}
