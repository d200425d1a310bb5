// swift-format-ignore-file
// Written from Fixtures/drf-crude-futures/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureDRFCRUDEFutures

/// The generated client of Fixtures/drf-crude-futures against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct DrfCrudeFuturesRecordedContractTests {

    @Test(arguments: ContractTarget.all) func personContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "drf-crude-futures", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureDRFCRUDEFutures.CRUDEServer.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureDRFCRUDEFutures.Person.list(householdID: 1, on: client)
        var expected = contract.count("Person")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureDRFCRUDEFutures.Person.read(id: firstID, on: client) == first)
        var changed = first
        changed.firstName = "changed"
        #expect(try await changed.update(on: client).firstName == "changed")
        #expect(await contract.stores("Person", "first_name", "changed"))
        #expect(await contract.records("Person").count == expected)
        #expect(try await FixtureDRFCRUDEFutures.Person.update(id: firstID, FixtureDRFCRUDEFutures.Person.Patch(firstName: .set("patched")), on: client).firstName == "patched")
        #expect(await contract.stores("Person", "first_name", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.firstName == fresh.firstName)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Person").count == expected)
        try await FixtureDRFCRUDEFutures.Person.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Person").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureDRFCRUDEFutures.Person.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func householdContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "drf-crude-futures", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureDRFCRUDEFutures.CRUDEServer.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureDRFCRUDEFutures.Household.list(on: client)
        var expected = contract.count("Household")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureDRFCRUDEFutures.Household.read(id: firstID, on: client) == first)
        var changed = first
        changed.name = "changed"
        #expect(try await changed.update(on: client).name == "changed")
        #expect(await contract.stores("Household", "name", "changed"))
        #expect(await contract.records("Household").count == expected)
        // No partial update: the spec has none.
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.name == fresh.name)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Household").count == expected)
        try await FixtureDRFCRUDEFutures.Household.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Household").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureDRFCRUDEFutures.Household.read(id: firstID, on: client) }
    }
}
#endif
