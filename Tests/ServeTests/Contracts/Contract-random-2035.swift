// swift-format-ignore-file
// Written from Fixtures/random-2035/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureRandom2035

/// The generated client of Fixtures/random-2035 against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct Random2035RecordedContractTests {

    @Test(arguments: ContractTarget.all) func optionalContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "random-2035", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureRandom2035.SampleAPI.configuration(baseURL: contract.baseURL))
        // No list: the spec lists none.
        let firstID = "id1"
        let first = try await FixtureRandom2035.ResourceOptional.read(id: firstID, on: client)
        #expect(first.id == firstID)
        let changed = first
        #expect(try await changed.update(on: client) == changed)
        var expected = contract.count("Optional")
        #expect(await contract.records("Optional").count == expected)
        // No partial update: no writable string field to set, or its arguments have no samples.
        // No create: the spec lists none.
        try await FixtureRandom2035.ResourceOptional.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Optional").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureRandom2035.ResourceOptional.read(id: firstID, on: client) }
    }
}
#endif
