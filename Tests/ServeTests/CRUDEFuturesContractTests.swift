#if CrudeServe
import CrudeRuntime
import CrudeServe
import FixtureCRUDEFutures
import Foundation
import Testing

/// CRUDE-Futures' spec served: a route override for update, a list under `households/{householdID}`, a delete
/// answered with nothing, a percentage, and a resource whose read-only `createdAt` the server sets.
@Suite struct CRUDEFuturesContractTests {
    @Test func personsGoThroughEveryOperation() async throws {
        // People are listed under `households/{householdID}`, the route of a household, which must exist.
        let home = JSONValue.object(["id": .number(7), "name": .string("Home"), "people": .array([]), "created_at": .string("2026-01-01T00:00:00Z")])
        let server = try SpecServer(specAt: ServeSupport.fixture("crude-futures"), seed: Seed(["HouseholdRecord": [home]]))
        let client = APIClient(configuration: Household.configuration(baseURL: try await server.start()))
        defer { Task { await server.stop() } }
        let birthday = Date(timeIntervalSince1970: 0)

        let ada = try await Person(firstName: "Ada", lastName: "Lovelace", birthday: birthday, completion: 0.5, tags: ["math"]).create(on: client)
        #expect(ada.id == 1 && ada.completion == 0.5)
        // The percentage is on the wire as 50, as the client writes it.
        #expect(try await server.records(of: "Person").first?["completion"] == .number(50))

        var renamed = ada
        renamed.lastName = "King"
        #expect(try await renamed.update(on: client).lastName == "King")
        let patched = try await Person.update(id: 1, Person.Patch(favoriteColor: .set(.darkRed)), on: client)
        #expect(patched.favoriteColor == .darkRed && patched.lastName == "King")
        #expect(try await server.records(of: "Person").first?["favorite_color"] == .string("dark_red"))

        #expect(try await Person.read(id: 1, on: client).lastName == "King")
        #expect(try await Person.list(householdID: 7, on: client).map(\.firstName) == ["Ada"])

        try await Person.delete(id: 1, on: client)
        #expect(try await server.records(of: "Person").isEmpty)
        #expect(try await Person.list(householdID: 7, on: client).isEmpty)
        await #expect(throws: APIError.self) { try await Person.list(householdID: 8, on: client) }
    }

    @Test func theServerSetsReadOnlyFields() async throws {
        let server = try SpecServer(specAt: ServeSupport.fixture("crude-futures"))
        let client = APIClient(configuration: Household.configuration(baseURL: try await server.start()))
        defer { Task { await server.stop() } }
        let created = try await HouseholdRecord(name: "Engines", people: [], createdAt: Date(timeIntervalSince1970: 0)).create(on: client)
        // Sent by the client as a read-only field would never be, and set by the server instead.
        let createdAt = try #require(created.createdAt)
        #expect(createdAt.timeIntervalSince1970 > 1_000_000_000)
        #expect(try await HouseholdRecord.list(on: client).map(\.name) == ["Engines"])
        let renamed = try await HouseholdRecord.update(id: 1, HouseholdRecord.Patch(name: .set("Looms")), on: client)
        #expect(renamed.name == "Looms" && renamed.createdAt == createdAt)
        try await HouseholdRecord.delete(id: 1, on: client)
        #expect(try await server.records(of: "HouseholdRecord").isEmpty)
    }
}
#endif
