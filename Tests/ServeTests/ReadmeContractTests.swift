#if CrudeServe
import CrudeRuntime
import CrudeServe
import FixtureReadme
import Foundation
import Testing

/// README's spec served and used by its generated client: envelope `data`, namespaces `person`/`people`,
/// snake_case keys with an explicit id key, an enum, an ISO 8601 date and updates by PATCH. The stored state
/// is checked after each step.
@Suite struct ReadmeContractTests {
    @Test func theGeneratedClientCreatesReadsUpdatesListsAndDeletes() async throws {
        let server = try SpecServer(specAt: ServeSupport.fixture("readme"))
        let client = APIClient(configuration: Household.configuration(baseURL: try await server.start()))
        defer { Task { await server.stop() } }
        let birthday = Date(timeIntervalSince1970: 1_000_000_000)

        let ada = try await Person(firstName: "Ada", favoriteColor: .blue, birthday: birthday).create(on: client)
        #expect(ada.id == 1 && ada.firstName == "Ada" && ada.favoriteColor == .blue && ada.birthday == birthday)
        #expect(
            try await server.records(of: "Person") == [
                .object(["id_Number": .number(1), "first_name": .string("Ada"), "favorite_color": .string("blue"), "birthday": .string("2001-09-09T01:46:40Z")])
            ])

        let grace = try await Person(firstName: "Grace", favoriteColor: nil, birthday: birthday).create(on: client)
        #expect(grace.id == 2)
        #expect(try await Person.read(id: 1, on: client).firstName == "Ada")

        var renamed = ada
        renamed.firstName = "Augusta Ada"
        #expect(try await renamed.update(on: client).firstName == "Augusta Ada")
        #expect(try await server.records(of: "Person").first?["first_name"] == .string("Augusta Ada"))

        let patched = try await Person.update(id: 2, Person.Patch(favoriteColor: .set(.green)), on: client)
        #expect(patched.firstName == "Grace" && patched.favoriteColor == .green)
        #expect(try await server.records(of: "Person").last?["favorite_color"] == .string("green"))
        #expect(try await server.records(of: "Person").last?["first_name"] == .string("Grace"))

        #expect(try await Person.list(on: client).map(\.firstName) == ["Augusta Ada", "Grace"])

        try await Person.delete(id: 1, on: client)
        #expect(try await server.records(of: "Person").map { $0["first_name"] } == [.string("Grace")])
        await #expect(throws: APIError.self) { try await Person.read(id: 1, on: client) }
    }

    /// A body the spec rejects is answered with field messages the client reads as `APIError.validation`.
    @Test func invalidBodiesComeBackAsValidationErrors() async throws {
        let server = try SpecServer(specAt: ServeSupport.fixture("readme"))
        let base = try await server.start()
        defer { Task { await server.stop() } }
        let body = Data(#"{"data": {"person": {"first_name": 3, "favorite_color": "mauve"}}}"#.utf8)
        let (status, _, data) = try await ServeSupport.send("POST", base.appendingPathComponent("people"), body: body)
        #expect(status == 400)
        let client = APIClient(configuration: Household.configuration(baseURL: base))
        let invalid = JSONValue.object(["person": .object(["first_name": .number(3), "favorite_color": .string("mauve")])])
        let error = await #expect(throws: APIError.self) { try await client.requestForSuccess(.post, "people", body: invalid) }
        guard case let .validation(_, errors, _)? = error else {
            Issue.record("expected a validation error, got \(String(describing: error))")
            return
        }
        #expect(errors["first_name"] == ["Not a valid string (received 3)."])
        #expect(errors["birthday"] == ["This field is required."])
        #expect(errors["favorite_color"]?.first?.contains("not a valid choice") == true)
        #expect(try ServeSupport.json(data)["errors"] != nil)
        #expect(try await server.records(of: "Person").isEmpty)
    }

    /// Seeded values are served, a reset brings them back, and a GET answered before is 304 with its ETag.
    @Test func seedsResetsAndETags() async throws {
        let seed = Seed(["Person": [.object(["first_name": .string("Ada"), "birthday": .string("1815-12-10T00:00:00Z")])]])
        let server = try SpecServer(specAt: ServeSupport.fixture("readme"), seed: seed)
        let base = try await server.start()
        defer { Task { await server.stop() } }
        let client = APIClient(configuration: Household.configuration(baseURL: base))
        try await Person.delete(id: 1, on: client)
        #expect(try await server.records(of: "Person").isEmpty)
        try await server.reset()
        #expect(try await Person.read(id: 1, on: client).firstName == "Ada")

        let url = base.appendingPathComponent("people/1")
        let first = try await ServeSupport.send("GET", url)
        let tag = try #require(first.headers["Etag"] as? String ?? first.headers["ETag"] as? String)
        let second = try await ServeSupport.send("GET", url, headers: ["If-None-Match": tag])
        #expect(second.status == 304 && second.body.isEmpty)
    }
}
#endif
