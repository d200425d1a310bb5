// swift-format-ignore-file
// Written from Fixtures/drf/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureDRF

/// The generated client of Fixtures/drf against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct DrfRecordedContractTests {

    @Test(arguments: ContractTarget.all) func pageItemContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "drf", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureDRF.DRF.configuration(baseURL: contract.baseURL))
        var listed: [FixtureDRF.PageItem] = []
        for try await item in FixtureDRF.PageItem.pages(on: client).items { listed.append(item) }
        var expected = contract.count("PageItem")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureDRF.PageItem.read(id: firstID, on: client) == first)
        var changed = first
        changed.group = "changed"
        #expect(try await changed.update(on: client).group == "changed")
        #expect(await contract.stores("PageItem", "group", "changed"))
        #expect(await contract.records("PageItem").count == expected)
        // No partial update: the spec has none.
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.group == fresh.group)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("PageItem").count == expected)
        try await FixtureDRF.PageItem.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("PageItem").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureDRF.PageItem.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func limitItemContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "drf", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureDRF.DRF.configuration(baseURL: contract.baseURL))
        var listed: [FixtureDRF.LimitItem] = []
        for try await item in FixtureDRF.LimitItem.pages(on: client).items { listed.append(item) }
        var expected = contract.count("LimitItem")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureDRF.LimitItem.read(id: firstID, on: client) == first)
        var changed = first
        changed.group = "changed"
        #expect(try await changed.update(on: client).group == "changed")
        #expect(await contract.stores("LimitItem", "group", "changed"))
        #expect(await contract.records("LimitItem").count == expected)
        // No partial update: the spec has none.
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.group == fresh.group)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("LimitItem").count == expected)
        try await FixtureDRF.LimitItem.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("LimitItem").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureDRF.LimitItem.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func cursorItemContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "drf", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureDRF.DRF.configuration(baseURL: contract.baseURL))
        var listed: [FixtureDRF.CursorItem] = []
        for try await item in FixtureDRF.CursorItem.pages(on: client).items { listed.append(item) }
        var expected = contract.count("CursorItem")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureDRF.CursorItem.read(id: firstID, on: client) == first)
        var changed = first
        changed.group = "changed"
        #expect(try await changed.update(on: client).group == "changed")
        #expect(await contract.stores("CursorItem", "group", "changed"))
        #expect(await contract.records("CursorItem").count == expected)
        // No partial update: the spec has none.
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.group == fresh.group)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("CursorItem").count == expected)
        try await FixtureDRF.CursorItem.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("CursorItem").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureDRF.CursorItem.read(id: firstID, on: client) }
    }
}
#endif
