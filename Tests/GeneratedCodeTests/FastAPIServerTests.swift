import CrudeRuntime
import Foundation
import Testing

/// The FastAPI + SQLModel server of `Tests/FastAPIServer/app.py`, started through ``PythonTestServer``:
/// it serves, and the `X-Group` header keeps each test's rows apart as it does on the DRF server.
@Suite struct FastAPIServerTests {
    /// A client of the running server whose requests carry the group `group`.
    static func client(group: String) async throws -> APIClient {
        APIClient(configuration: ClientConfiguration(baseURL: try await PythonTestServer.fastAPI.origin(), headers: ["X-Group": group]))
    }

    /// A hero created in one group is listed there and not in another.
    @Test func aHeroIsListedInItsGroupAlone() async throws {
        let client = try await Self.client(group: UUID().uuidString)
        let created = try await client.request(.post, "heroes/", body: ["name": "Deadpond", "secret_name": "Dive Wilson"])
        #expect(try await client.request(.get, "heroes/") == .array([created]))
        #expect(try await Self.client(group: UUID().uuidString).request(.get, "heroes/") == .array([]))
    }
}
