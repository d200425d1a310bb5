import CrudeRuntime
import CrudeServe
import Foundation
import HouseholdModels
import HouseholdService
import Testing

/// The registry over the example's seed (Ada Lovelace and Grace Hopper), through the app's own client: the two
/// operations it implements answer with its logic, the others as `crudegen serve` does.
@Suite struct RegistryTests {
    /// A server of the registry on a free port, "today" 2026-11-30, and a client of it.
    static func start() async throws -> (server: SpecServer, client: APIClient) {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Household/seed.json")
        let today = try Date("2026-11-30T00:00:00Z", strategy: .iso8601)
        let server = try Registry(today: { today }).server(seed: Seed(contentsOf: seed.standardizedFileURL.path))
        let client = APIClient(configuration: Household.configuration(baseURL: try await server.start()))
        return (server, client)
    }

    static func date(_ text: String) throws -> Date {
        try Date(text, strategy: .iso8601)
    }

    // MARK: the registry's own operations

    @Test func aBirthdayInTheFutureIsRefused() async throws {
        let (server, client) = try await Self.start()
        defer { Task { await server.stop() } }
        let unborn = Person(firstName: "Zed", lastName: "Later", birthday: try Self.date("2030-01-01T00:00:00Z"), completion: 0, tags: [])
        await #expect {
            try await unborn.create(on: client)
        } throws: { error in
            guard case let .status(status, body) = error as? APIError else { return false }
            return status.code == 422 && String(decoding: body, as: UTF8.self).contains("Zed cannot be born after today.")
        }
        #expect(try await server.records(of: "Person").count == 2)
    }

    @Test func tagsAreKeptLowercasedOnceEachAndSorted() async throws {
        let (server, client) = try await Self.start()
        defer { Task { await server.stop() } }
        let katherine = Person(
            firstName: "Katherine", lastName: "Johnson", birthday: try Self.date("1918-08-26T00:00:00Z"), completion: 0.9,
            tags: ["NASA", "orbits", "nasa", "Math"])
        let created = try await katherine.create(on: client)
        #expect(created.id == 3 && created.tags == ["math", "nasa", "orbits"])
        // Stored so: a default read answers the same.
        #expect(try await Person.read(id: 3, on: client).tags == ["math", "nasa", "orbits"])
    }

    @Test func aSearchAndColorsListOnlyThePeopleMatchingThem() async throws {
        let (server, client) = try await Self.start()
        defer { Task { await server.stop() } }
        #expect(try await Person.list(householdID: 1, search: "LOVE", on: client).map(\.lastName) == ["Lovelace"])
        #expect(try await Person.list(householdID: 1, search: "a", on: client).map(\.firstName) == ["Ada", "Grace"])
        #expect(try await Person.list(householdID: 1, search: "Turing", on: client).isEmpty)
        // Colors, an array of enum values in one comma-separated item, arrive typed too.
        #expect(try await Person.list(householdID: 1, colors: [.blue, .red], on: client).map(\.firstName) == ["Ada"])
        #expect(try await Person.list(householdID: 1, search: "a", colors: [.darkRed], on: client).isEmpty)
        // Without either, the default list: everyone.
        #expect(try await Person.list(householdID: 1, on: client).map(\.firstName) == ["Ada", "Grace"])
    }

    // MARK: the defaults

    @Test func readsUpdatesAndDeletesAnswerAsCrudegenServe() async throws {
        let (server, client) = try await Self.start()
        defer { Task { await server.stop() } }
        var grace = try await Person.read(id: 2, on: client)
        #expect(grace.lastName == "Hopper" && grace.tags == ["navy", "cobol"] && grace.completion == 0.8)

        grace.favoriteColor = .darkRed
        let updated = try await grace.update(on: client)
        #expect(updated.favoriteColor == .darkRed && updated.lastName == "Hopper")
        #expect(try await server.records(of: "Person").last?["favorite_color"] == .string("dark_red"))

        try await grace.delete(on: client)
        await #expect {
            try await Person.read(id: 2, on: client)
        } throws: { error in
            guard case let .status(status, _) = error as? APIError else { return false }
            return status.code == 404
        }

        // The other resource has every default operation.
        let household = try await HouseholdRecord.read(id: 1, on: client)
        #expect(household.name == "Engines" && household.people.isEmpty)
    }
}
