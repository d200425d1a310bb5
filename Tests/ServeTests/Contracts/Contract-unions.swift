// swift-format-ignore-file
// Written from Fixtures/unions/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureUnions

/// The generated client of Fixtures/unions against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct UnionsRecordedContractTests {

    @Test(arguments: ContractTarget.all) func userContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "unions", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureUnions.Unions.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureUnions.User.list(on: client)
        var expected = contract.count("User")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureUnions.User.read(id: firstID, on: client) == first)
        var changed = first
        changed.name = "changed"
        #expect(try await changed.update(on: client).name == "changed")
        #expect(await contract.stores("User", "name", "changed"))
        #expect(await contract.records("User").count == expected)
        // No partial update: the spec has none.
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.name == fresh.name)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("User").count == expected)
        try await FixtureUnions.User.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("User").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureUnions.User.read(id: firstID, on: client) }
    }
}
#endif
