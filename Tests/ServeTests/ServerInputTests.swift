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
        let people = await server.records(of: "Person")
        #expect(people.map { $0["id_Number"] } == [.number(7), .number(8)])
    }
}
#endif
