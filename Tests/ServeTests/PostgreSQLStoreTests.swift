#if CrudePostgreSQL
import CrudeRuntime
import CrudeServe
import Foundation
import Testing

/// `crudegen serve` over PostgreSQL: several servers on one database, and a database that cannot be reached.
@Suite struct PostgreSQLStoreTests {
    /// Two servers started at once on one new database seed it once, see each other's changes and never
    /// give one id twice.
    @Test(.enabled(if: TestStore.all.contains(.postgreSQL), "PostgreSQL is not installed"))
    func twoServersShareOneDatabase() async throws {
        let database = try #require(try await TestStore.postgreSQL.database())
        let seed = Seed(["Person": [.object(["first_name": .string("Seeded"), "birthday": .string("1906-12-09T00:00:00Z")])]])
        let servers = try [0, 1].map { _ in try SpecServer(specAt: ServeSupport.fixture("readme"), seed: seed, database: database) }
        async let firstStarted = servers[0].start()
        async let secondStarted = servers[1].start()
        let bases = try await [firstStarted, secondStarted]
        defer { Task { for server in servers { await server.stop() } } }
        #expect(try await servers[1].records(of: "Person").map { $0["first_name"] } == [.string("Seeded")])

        let ids = try await withThrowingTaskGroup(of: (number: Int, id: Int?).self) { group in
            for number in 0..<40 {
                group.addTask {
                    let body = Data(#"{"data": {"person": {"first_name": "P\#(number)", "birthday": "1815-12-10T00:00:00Z"}}}"#.utf8)
                    let (status, _, data) = try await ServeSupport.send("POST", bases[number % 2].appendingPathComponent("people"), body: body)
                    #expect(status == 201)
                    guard case let .number(id)? = try ServeSupport.json(data)["data"]?["person"]?["id_Number"] else { return (number, nil) }
                    return (number, Int(id))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let given = ids.compactMap(\.id)
        #expect(given.count == 40 && Set(given).count == 40, "\(ids)")
        for server in servers {
            #expect(try await server.records(of: "Person").count == 41)
        }
        // A value one server created reads back from the other.
        let createdBySecond = try #require(ids.first { $0.number % 2 == 1 }?.id)
        #expect(try await ServeSupport.send("GET", bases[0].appendingPathComponent("people/\(createdBySecond)")).status == 200)
    }

    /// A database that cannot be reached fails the start with an error naming it; nothing is served.
    @Test func anUnreachableDatabaseIsNamedInTheError() async throws {
        let server = try SpecServer(specAt: ServeSupport.fixture("readme"), database: "postgres://postgres@127.0.0.1:1/nowhere")
        let error = await #expect(throws: (any Error).self) { try await server.start() }
        #expect("\(error.map { "\($0)" } ?? "")".contains("PostgreSQL at 127.0.0.1:1/nowhere"), "\(String(describing: error))")
    }
}
#endif
