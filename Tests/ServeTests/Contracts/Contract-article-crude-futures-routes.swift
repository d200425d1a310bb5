// swift-format-ignore-file
// Written from Fixtures/article-crude-futures-routes/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureArticleCRUDEFuturesRoutes

/// The generated client of Fixtures/article-crude-futures-routes against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct ArticleCrudeFuturesRoutesRecordedContractTests {

    @Test(arguments: ContractTarget.all) func personContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "article-crude-futures-routes", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureArticleCRUDEFuturesRoutes.Household.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureArticleCRUDEFuturesRoutes.Person.list(householdID: 1, on: client)
        var expected = contract.count("Person")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureArticleCRUDEFuturesRoutes.Person.read(id: firstID, on: client) == first)
        var changed = first
        changed.firstName = "changed"
        #expect(try await changed.update(on: client).firstName == "changed")
        #expect(await contract.stores("Person", "first_name", "changed"))
        #expect(await contract.records("Person").count == expected)
        // No partial update: the spec has none.
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.firstName == fresh.firstName)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Person").count == expected)
        try await FixtureArticleCRUDEFuturesRoutes.Person.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Person").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureArticleCRUDEFuturesRoutes.Person.read(id: firstID, on: client) }
    }
}
#endif
