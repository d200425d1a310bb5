// swift-format-ignore-file
// Written from Fixtures/crude-futures/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureCRUDEFutures

/// The generated client of Fixtures/crude-futures against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct CrudeFuturesRecordedContractTests {

    @Test(arguments: ContractTarget.all) func personContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "crude-futures", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureCRUDEFutures.Household.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureCRUDEFutures.Person.list(householdID: 1, on: client)
        var expected = contract.count("Person")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureCRUDEFutures.Person.read(id: firstID, on: client) == first)
        var changed = first
        changed.firstName = "changed"
        #expect(try await changed.update(on: client).firstName == "changed")
        #expect(await contract.stores("Person", "first_name", "changed"))
        #expect(await contract.records("Person").count == expected)
        #expect(try await FixtureCRUDEFutures.Person.update(id: firstID, FixtureCRUDEFutures.Person.Patch(firstName: .set("patched")), on: client).firstName == "patched")
        #expect(await contract.stores("Person", "first_name", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.firstName == fresh.firstName)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Person").count == expected)
        try await FixtureCRUDEFutures.Person.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Person").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureCRUDEFutures.Person.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func householdRecordContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "crude-futures", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureCRUDEFutures.Household.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureCRUDEFutures.HouseholdRecord.list(on: client)
        var expected = contract.count("HouseholdRecord")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureCRUDEFutures.HouseholdRecord.read(id: firstID, on: client) == first)
        var changed = first
        changed.name = "changed"
        #expect(try await changed.update(on: client).name == "changed")
        #expect(await contract.stores("HouseholdRecord", "name", "changed"))
        #expect(await contract.records("HouseholdRecord").count == expected)
        #expect(try await FixtureCRUDEFutures.HouseholdRecord.update(id: firstID, FixtureCRUDEFutures.HouseholdRecord.Patch(name: .set("patched")), on: client).name == "patched")
        #expect(await contract.stores("HouseholdRecord", "name", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.name == fresh.name)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("HouseholdRecord").count == expected)
        try await FixtureCRUDEFutures.HouseholdRecord.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("HouseholdRecord").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureCRUDEFutures.HouseholdRecord.read(id: firstID, on: client) }
    }
}
#endif
