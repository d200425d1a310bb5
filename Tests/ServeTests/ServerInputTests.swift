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
}
#endif
