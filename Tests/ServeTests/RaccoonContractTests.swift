#if CrudeServe
import CrudeRuntime
import CrudeServe
import FixtureRaccoon
import Foundation
import Testing

/// Raccoon's sample API served: a read-only user list paged as Django REST Framework pages, a member route
/// with a trailing slash, and a login action, which the server does not run.
@Suite struct RaccoonContractTests {
    @Test func usersAreReadAndListedThroughEveryPageAndLoginIsNotImplemented() async throws {
        let users = (1...13).map { JSONValue.object(["name": .string("user\($0)")]) }
        let server = try SpecServer(specAt: ServeSupport.fixture("raccoon"), seed: Seed(["User": users]))
        let client = APIClient(configuration: SampleAPI.configuration(baseURL: try await server.start()))
        defer { Task { await server.stop() } }

        #expect(try await User.read(id: 13, on: client).name == "user13")
        let first = try await User.list(on: client)
        #expect(first.items.count == 10 && first.count == 13)
        var names: [String] = []
        for try await user in User.pages(on: client).items { names.append(user.name) }
        #expect(names == (1...13).map { "user\($0)" })
        #expect(try await server.records(of: "User").count == 13)

        let error = await #expect(throws: APIError.self) { try await SampleAPI.login(username: "ada", password: "secret", on: client) }
        #expect(error?.status?.code == 501)
    }
}
#endif
