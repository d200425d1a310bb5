// swift-format-ignore-file
// Written from Fixtures/iservice/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureIService

/// The generated client of Fixtures/iservice against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct IserviceRecordedContractTests {

    @Test(arguments: ContractTarget.all) func userContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "iservice", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureIService.Placeholder.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureIService.User.list(on: client)
        var expected = contract.count("User")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = "id1"
        #expect(try await FixtureIService.User.read(id: firstID, on: client) == first)
        var changed = first
        changed.name = "changed"
        try await changed.update(on: client)
        #expect(await contract.stores("User", "name", "changed"))
        #expect(await contract.records("User").count == expected)
        try await FixtureIService.User.update(id: firstID, FixtureIService.User.Patch(name: .set("patched")), on: client)
        #expect(await contract.stores("User", "name", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.name == fresh.name)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("User").count == expected)
        try await FixtureIService.User.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("User").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureIService.User.read(id: firstID, on: client) }
    }
}
#endif
