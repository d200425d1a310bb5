// swift-format-ignore-file
// Written from Fixtures/shadowing/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureShadowing

/// The generated client of Fixtures/shadowing against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct ShadowingRecordedContractTests {

    @Test(arguments: ContractTarget.all) func reportContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "shadowing", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureShadowing.Shadows.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureShadowing.Report.list(on: client)
        var expected = contract.count("Report")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = Foundation.UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
        #expect(try await FixtureShadowing.Report.read(id: firstID, on: client) == first)
        let changed = first
        #expect(try await changed.update(on: client) == changed)
        #expect(await contract.records("Report").count == expected)
        // No partial update: no writable string field to set, or its arguments have no samples.
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Report").count == expected)
        try await FixtureShadowing.Report.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Report").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureShadowing.Report.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func emptyContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "shadowing", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        // No list: the spec lists none.
        // No read: the spec lists none.
        let expected = contract.count("Empty")
        #expect(await contract.records("Empty").count == expected)
        // Nothing read, so nothing to update, create or delete from.
    }
}
#endif
