// swift-format-ignore-file
// Written from Fixtures/random-2027/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

@testable import FixtureRandom2027

/// The generated client of Fixtures/random-2027 against `crudegen serve` of the same spec, one test per resource, server and store.
@Suite struct Random2027RecordedContractTests {

    @Test(arguments: ContractTarget.served) func classContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "random-2027", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureRandom2027.SampleAPI.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureRandom2027.`class`.list(on: client)
        var expected = contract.count("class")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureRandom2027.`class`.read(id: firstID, on: client) == first)
        let changed = first
        #expect(try await changed.update(on: client) == changed)
        #expect(await contract.records("class").count == expected)
        // No partial update: the spec has none.
        var fresh = first
        fresh.id = nil
        try await fresh.create(on: client)
        expected += 1
        #expect(await contract.records("class").count == expected)
        try await FixtureRandom2027.`class`.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("class").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureRandom2027.`class`.read(id: firstID, on: client) }
    }
}
#endif
