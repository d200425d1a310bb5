import CrudeRuntime
import FixtureIService
import Foundation
import TestHTTPServer
import Testing

/// iService's users from Fixtures/iservice/spec.yaml: realm-wide headers, a header for one CRUD method,
/// the CRUD → HTTP map overridden in the spec and per client, and several configurations side by side.
@Suite struct IServiceTests {
    static let userJSON = #"{"id": "1", "userId": 1, "name": "Leanne", "email": "l@example.com"}"#

    @Test func verbMapAndHeadersFollowTheSpecAndTheClient() async throws {
        let server = try await TestServer { request in
            request.method == "DELETE" || request.method == "PATCH" ? .empty() : .json(Self.userJSON)
        }
        defer { Task { await server.stop() } }
        let client = APIClient(configuration: Placeholder.configuration(baseURL: server.origin))

        let created = try await User(userId: 1, name: "Leanne").create(on: client)
        #expect(server.received.last?.method == "PUT", "the spec maps create to PUT")
        #expect(server.received.last?.headers["authorization"] == "Token sagsrbiusd90322sdf4f3gd4")

        try await created.update(on: client)
        #expect(server.received.last?.method == "PATCH")
        #expect(server.received.last?.path == "/users/1")

        _ = try await User.read(id: "1", on: client)
        #expect(server.received.last?.headers["accept-language"] == "en")

        // Another realm: same API, other headers and verbs, side by side with the first.
        var other = Placeholder.configuration(baseURL: server.origin)
        other.headers["Authorization"] = "Token other"
        other.methods["update"] = .put
        other.operationHeaders[User.Operations.read] = ["Accept-Language": "de"]
        other.resourceHeaders["User"] = ["X-Realm": "second"]
        let second = APIClient(configuration: other)
        try await created.update(on: second)
        #expect(server.received.last?.method == "PUT")
        #expect(server.received.last?.headers["authorization"] == "Token other")
        #expect(server.received.last?.headers["x-realm"] == "second")
        _ = try await User.read(id: "1", on: second)
        #expect(server.received.last?.headers["accept-language"] == "de")
        _ = try await User.read(id: "1", on: client)
        #expect(server.received.last?.headers["authorization"] == "Token sagsrbiusd90322sdf4f3gd4")
    }

    @Test func hostileIdsCannotChangeThePath() async throws {
        let server = try await TestServer { _ in .json(Self.userJSON) }
        defer { Task { await server.stop() } }
        let client = APIClient(configuration: Placeholder.configuration(baseURL: server.origin.appendingPathComponent("v1")))
        for id in ["../admin", "a/b?c#d", "..", "%2e%2e", " spaced out ", "ü"] {
            _ = try await User.read(id: id, on: client)
        }
        #expect(
            server.received.map(\.path) == [
                "/v1/users/..%2Fadmin", "/v1/users/a%2Fb%3Fc%23d", "/v1/users/%2E%2E", "/v1/users/%252e%252e",
                "/v1/users/%20spaced%20out%20", "/v1/users/%C3%BC",
            ])
        #expect(server.received.allSatisfy { $0.query.isEmpty })
    }
}
