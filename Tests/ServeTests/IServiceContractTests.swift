#if CrudeServe
import CrudeRuntime
import CrudeServe
import FixtureIService
import Foundation
import Testing

/// iService's spec served: string ids, create by PUT, update by PATCH answered with nothing, and reads the
/// client's cache revalidates with the server's ETag.
@Suite struct IServiceContractTests {
    @Test func usersGoThroughEveryOperation() async throws {
        let server = try SpecServer(specAt: ServeSupport.fixture("iservice"))
        let client = APIClient(configuration: Placeholder.configuration(baseURL: try await server.start()))
        defer { Task { await server.stop() } }

        let created = try await User(userId: 7, name: "Leanne", email: nil).create(on: client)
        // A string id the client did not choose: the server's next number, as text.
        #expect(created.id == "1" && created.userId == 7)
        let chosen = try await User(id: "bret", userId: 8, name: "Bret", email: "bret@example.com").create(on: client)
        #expect(chosen.id == "bret")
        #expect(try await server.records(of: "User").map { $0["id"] } == [.string("1"), .string("bret")])

        try await User.update(id: "bret", User.Patch(email: .set("b@example.com")), on: client)
        #expect(try await server.records(of: "User").last?["email"] == .string("b@example.com"))
        #expect(try await server.records(of: "User").last?["name"] == .string("Bret"))

        // Read twice: the second is revalidated (304) and answered from the cache with the same value.
        #expect(try await User.read(id: "bret", on: client).email == "b@example.com")
        #expect(try await User.read(id: "bret", on: client).email == "b@example.com")
        #expect(try await User.list(on: client).map(\.id) == ["1", "bret"])

        try await User.delete(id: "1", on: client)
        #expect(try await server.records(of: "User").map { $0["id"] } == [.string("bret")])
        await #expect(throws: APIError.self) { try await User.read(id: "1", on: client) }
    }
}
#endif
