#if CrudeServe
import CrudeGenCore
import CrudeRuntime
import CrudeServe
import Foundation
import Testing

/// What the server refuses to start with: a spec the generator rejects, and seed data that does not fit
/// the spec, each named with where it is and what to fix.
@Suite struct ServerInputTests {
    @Test func aSpecTheGeneratorRejectsIsRejectedWithItsDiagnostics() throws {
        let spec = Data("api: { name: Shop }\nmodels:\n  Item:\n    fields: { price: Doubel }\n".utf8)
        let error = #expect(throws: DiagnosticsError.self) { try SpecServer(spec: spec, file: "shop.yaml") }
        #expect(error?.diagnostics.first?.description.hasPrefix("shop.yaml:4:") == true, "\(String(describing: error))")
    }

    @Test func seedDataThatDoesNotFitIsRejectedWithItsPath() throws {
        let seed = Seed(["Person": [.object(["first_name": .string("Ada"), "birthday": .string("yesterday")])]])
        let error = #expect(throws: SeedError.self) { try SpecServer(specAt: ServeSupport.fixture("readme"), seed: seed) }
        #expect(error?.description.hasPrefix("seed: Person[0].birthday: Date has wrong format") == true, "\(String(describing: error))")
        let unknown = #expect(throws: SeedError.self) { try SpecServer(specAt: ServeSupport.fixture("readme"), seed: Seed(["People": []])) }
        #expect(unknown?.description.contains("its resources are Person") == true, "\(String(describing: unknown))")
    }

    /// A seed file's `actions` object holds the actions' answers: an action returning nothing is answered
    /// 204, one of another API is refused with the actions there are.
    @Test func actionsAnswerFromTheSeedFile() async throws {
        let spec = Data(
            """
            api: { name: Shop }
            resources:
              actions: { path: actions, fields: { note: String } }
            actions:
              ping: { path: ping, method: POST, returns: none }
              status: { path: status, returns: { open: Bool } }
            """.utf8)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-seed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("seed.json")
        // A resource named `actions` keeps its array; the object beside it is read as the answers.
        try Data(#"{"actions": [{"note": "a value"}]}"#.utf8).write(to: file)
        #expect(try Seed(contentsOf: file.path).records["actions"]?.count == 1)
        try Data(#"{"actions": {"ping": null, "status": {"open": true}}}"#.utf8).write(to: file)
        let server = try SpecServer(spec: spec, file: "shop.yaml", seed: Seed(contentsOf: file.path))
        let base = try await server.start()
        defer { Task { await server.stop() } }

        #expect(try await ServeSupport.send("POST", base.appendingPathComponent("ping")).status == 204)
        let status = try await ServeSupport.send("GET", base.appendingPathComponent("status"))
        #expect(status.status == 200)
        #expect(try ServeSupport.json(status.body) == .object(["open": .bool(true)]))

        let unknown = #expect(throws: SeedError.self) { try SpecServer(spec: spec, file: "shop.yaml", seed: Seed(actions: ["login": .null])) }
        #expect(unknown?.description == "seed: actions.login: Shop has no action login; its actions are ping, status.", "\(String(describing: unknown))")
    }

    /// A seeded id must be of the id's type and name one value only; values without an id get the next ones.
    @Test func seededIdsAreCheckedAndTheOthersAssigned() async throws {
        func person(_ id: JSONValue?) -> JSONValue {
            var fields: [String: JSONValue] = ["first_name": .string("Ada"), "birthday": .string("1815-12-10T00:00:00Z")]
            fields["id_Number"] = id
            return .object(fields)
        }
        let wrongType = #expect(throws: SeedError.self) {
            try SpecServer(specAt: ServeSupport.fixture("readme"), seed: Seed(["Person": [person(.string("one"))]]))
        }
        #expect(wrongType?.description.hasPrefix("seed: Person[0].id_Number: ") == true, "\(String(describing: wrongType))")
        let twice = #expect(throws: SeedError.self) {
            try SpecServer(specAt: ServeSupport.fixture("readme"), seed: Seed(["Person": [person(.number(3)), person(.number(3))]]))
        }
        #expect(twice?.description == "seed: Person[1]: a second Person with id 3", "\(String(describing: twice))")

        let server = try SpecServer(specAt: ServeSupport.fixture("readme"), seed: Seed(["Person": [person(.number(7)), person(nil)]]))
        let people = try await server.records(of: "Person")
        #expect(people.map { $0["id_Number"] } == [.number(7), .number(8)])
    }
}
#endif
