// swift-format-ignore-file
// Written from Fixtures/fastapi-vendor-styles/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureFastAPIVendorStyles

/// The generated client of Fixtures/fastapi-vendor-styles against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct FastapiVendorStylesRecordedContractTests {

    @Test(arguments: ContractTarget.all) func serverContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "fastapi-vendor-styles", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureFastAPIVendorStyles.VendorStyles.configuration(baseURL: contract.baseURL))
        var listed: [FixtureFastAPIVendorStyles.Server] = []
        for try await item in FixtureFastAPIVendorStyles.Server.pages(on: client).items { listed.append(item) }
        var expected = contract.count("Server")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureFastAPIVendorStyles.Server.read(id: firstID, on: client) == first)
        var changed = first
        changed.name = "changed"
        #expect(try await changed.update(on: client).name == "changed")
        #expect(await contract.stores("Server", "name", "changed"))
        #expect(await contract.records("Server").count == expected)
        // No partial update: the spec has none.
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.name == fresh.name)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Server").count == expected)
        try await FixtureFastAPIVendorStyles.Server.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Server").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureFastAPIVendorStyles.Server.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func dropletContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "fastapi-vendor-styles", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureFastAPIVendorStyles.VendorStyles.configuration(baseURL: contract.baseURL))
        var listed: [FixtureFastAPIVendorStyles.Droplet] = []
        for try await item in FixtureFastAPIVendorStyles.Droplet.pages(on: client).items { listed.append(item) }
        var expected = contract.count("Droplet")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureFastAPIVendorStyles.Droplet.read(id: firstID, on: client) == first)
        // No update: the spec lists none.
        // No partial update: the spec has none.
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.name == fresh.name)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Droplet").count == expected)
        try await FixtureFastAPIVendorStyles.Droplet.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Droplet").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureFastAPIVendorStyles.Droplet.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func addonContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "fastapi-vendor-styles", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureFastAPIVendorStyles.VendorStyles.configuration(baseURL: contract.baseURL))
        var listed: [FixtureFastAPIVendorStyles.Addon] = []
        for try await item in FixtureFastAPIVendorStyles.Addon.pages(on: client).items { listed.append(item) }
        var expected = contract.count("Addon")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureFastAPIVendorStyles.Addon.read(id: firstID, on: client) == first)
        var changed = first
        changed.type = "changed"
        #expect(try await changed.update(on: client).type == "changed")
        #expect(await contract.stores("Addon", "type", "changed"))
        #expect(await contract.records("Addon").count == expected)
        // No partial update: the spec has none.
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.type == fresh.type)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Addon").count == expected)
        try await FixtureFastAPIVendorStyles.Addon.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Addon").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureFastAPIVendorStyles.Addon.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func taskModelContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "fastapi-vendor-styles", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureFastAPIVendorStyles.VendorStyles.configuration(baseURL: contract.baseURL))
        var listed: [FixtureFastAPIVendorStyles.TaskModel] = []
        for try await item in FixtureFastAPIVendorStyles.TaskModel.pages(on: client).items { listed.append(item) }
        var expected = contract.count("TaskModel")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = "id1"
        #expect(try await FixtureFastAPIVendorStyles.TaskModel.read(gid: firstID, on: client) == first)
        var changed = first
        changed.name = "changed"
        #expect(try await changed.update(on: client).name == "changed")
        #expect(await contract.stores("TaskModel", "name", "changed"))
        #expect(await contract.records("TaskModel").count == expected)
        // No partial update: the spec has none.
        var fresh = first
        fresh.gid = nil
        let created = try await fresh.create(on: client)
        #expect(created.name == fresh.name)
        #expect(created.gid != nil)
        expected += 1
        #expect(await contract.records("TaskModel").count == expected)
        // No delete: the spec lists none.
    }

    @Test(arguments: ContractTarget.all) func eventContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "fastapi-vendor-styles", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureFastAPIVendorStyles.VendorStyles.configuration(baseURL: contract.baseURL))
        var listed: [FixtureFastAPIVendorStyles.Event] = []
        for try await item in FixtureFastAPIVendorStyles.Event.pages(on: client).items { listed.append(item) }
        var expected = contract.count("Event")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureFastAPIVendorStyles.Event.read(id: firstID, on: client) == first)
        // No update: the spec lists none.
        // No partial update: the spec has none.
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.kind == fresh.kind)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Event").count == expected)
        // No delete: the spec lists none.
    }
}
#endif
