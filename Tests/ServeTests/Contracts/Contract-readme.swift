// swift-format-ignore-file
// Written from Fixtures/readme/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureReadme

/// The generated client of Fixtures/readme against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct ReadmeRecordedContractTests {

    @Test(arguments: ContractTarget.all) func personContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "readme", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureReadme.Household.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureReadme.Person.list(on: client)
        var expected = contract.count("Person")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureReadme.Person.read(id: firstID, on: client) == first)
        var changed = first
        changed.firstName = "changed"
        #expect(try await changed.update(on: client).firstName == "changed")
        #expect(await contract.stores("Person", "first_name", "changed"))
        #expect(await contract.records("Person").count == expected)
        #expect(try await FixtureReadme.Person.update(id: firstID, FixtureReadme.Person.Patch(firstName: .set("patched")), on: client).firstName == "patched")
        #expect(await contract.stores("Person", "first_name", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.firstName == fresh.firstName)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Person").count == expected)
        try await FixtureReadme.Person.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Person").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureReadme.Person.read(id: firstID, on: client) }
    }
}
#endif
