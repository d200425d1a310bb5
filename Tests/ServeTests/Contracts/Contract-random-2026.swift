// Written from Fixtures/random-2026/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

@testable import FixtureRandom2026

/// The generated client of Fixtures/random-2026 against `crudegen serve` of the same spec, one test per resource.
@Suite struct Random2026RecordedContractTests {

    @Test func bodyContract() async throws {
        let contract = try await ContractServer.start(fixture: "random-2026")
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureRandom2026.description.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureRandom2026.Body.list(on: client)
        var expected = contract.count("Body")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureRandom2026.Body.read(hashValue_: 1.5, id: firstID, on: client) == first)
        // No update: the spec lists none.
        // No partial update: the spec has none.
        // No create: the spec lists none.
        try await FixtureRandom2026.Body.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Body").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureRandom2026.Body.read(hashValue_: 1.5, id: firstID, on: client) }
    }
}
#endif
