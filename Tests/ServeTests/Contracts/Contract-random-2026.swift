// swift-format-ignore-file
// Written from Fixtures/random-2026/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

@testable import FixtureRandom2026

/// The generated client of Fixtures/random-2026 against `crudegen serve` of the same spec, one test per resource, server and store.
@Suite struct Random2026RecordedContractTests {

    @Test(arguments: ContractTarget.served) func bodyContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "random-2026", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureRandom2026.description.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureRandom2026.Body.list(on: client)
        var expected = contract.count("Body")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        // No read: the spec lists none.
        let changed = first
        #expect(try await changed.update(on: client) == changed)
        #expect(await contract.records("Body").count == expected)
        // No partial update: the spec has none.
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Body").count == expected)
        // No delete: the spec lists none.
    }
}
#endif
