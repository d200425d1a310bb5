#if CrudeServe
import CrudeRuntime
import CrudeServe
import FixtureDRFImported
import Foundation
import Testing

/// A whole-value update sends only what the client can have: `crudegen serve` of the DRF server's
/// imported spec (Fixtures/drf-imported), whose users have a write-only password.
@Suite struct WriteOnlyUpdateTests {
    /// A user read back has no password (it is write-only), so its whole-value update (`PUT`) leaves the
    /// key out under either `nils`, and the stored password stays.
    @Test func aWholeUpdateOfAUserReadBackKeepsItsPassword() async throws {
        let server = try SpecServer(specAt: ServeSupport.fixture("drf-imported"))
        let client = APIClient(configuration: DRFItems.configuration(baseURL: try await server.start()))
        defer { Task { await server.stop() } }

        let created = try await User(username: "ada", email: "old@example.org", password: "kept secret").create(on: client)
        var read = try await User.read(id: try #require(created.id), on: client)
        #expect(read.password == nil)
        read.email = "new@example.org"
        #expect(try await read.update(on: client).email == "new@example.org")
        read.email = "newer@example.org"
        #expect(try await read.update(nils: .omit, on: client).email == "newer@example.org")
        let stored = try await server.records(of: "User")
        #expect(stored.count == 1 && stored.first?["password"] == .string("kept secret") && stored.first?["email"] == .string("newer@example.org"))
    }
}
#endif
