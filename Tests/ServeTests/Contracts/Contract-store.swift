// swift-format-ignore-file
// Written from Fixtures/store/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureStore

/// The generated client of Fixtures/store against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct StoreRecordedContractTests {

    @Test(arguments: ContractTarget.all) func userContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "store", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureStore.SampleAPI.configuration(baseURL: contract.baseURL))
        var listed: [FixtureStore.User] = []
        for try await item in FixtureStore.User.pages(on: client).items { listed.append(item) }
        var expected = contract.count("User")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureStore.User.read(id: firstID, on: client) == first)
        var changed = first
        changed.name = "changed"
        #expect(try await changed.update(on: client).name == "changed")
        #expect(await contract.stores("User", "name", "changed"))
        #expect(await contract.records("User").count == expected)
        // No partial update: the spec has none.
        // No create: the spec lists none.
        try await FixtureStore.User.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("User").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureStore.User.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func teamContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "store", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureStore.SampleAPI.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureStore.Team.list(orgId: 1, on: client)
        let expected = contract.count("Team")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureStore.Team.read(orgId: 1, id: firstID, on: client) == first)
        // No update: the spec lists none.
        // No partial update: the spec has none.
        // No create: the spec lists none.
        // No delete: the spec lists none.
    }

    @Test(arguments: ContractTarget.all) func announcementContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "store", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureStore.SampleAPI.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureStore.Announcement.list(on: client)
        let expected = contract.count("Announcement")
        #expect(listed.count == expected)
        // No read: the spec lists none.
        // No update: the spec lists none.
        // No partial update: the spec has none.
        // No create: the spec lists none.
        // No delete: the spec lists none.
    }
}
#endif
