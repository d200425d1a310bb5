// swift-format-ignore-file
// Written from Fixtures/corners/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureCorners

/// The generated client of Fixtures/corners against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct CornersRecordedContractTests {

    @Test(arguments: ContractTarget.all) func patchContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "corners", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureCorners.Corners.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureCorners.Revision.list(on: client)
        var expected = contract.count("Patch")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureCorners.Revision.read(id: firstID, on: client) == first)
        var changed = first
        changed.summary = "changed"
        #expect(try await changed.update(on: client).summary == "changed")
        #expect(await contract.stores("Patch", "summary", "changed"))
        #expect(await contract.records("Patch").count == expected)
        #expect(try await FixtureCorners.Revision.update(id: firstID, FixtureCorners.Revision.Patch(summary: .set("patched")), on: client).summary == "patched")
        #expect(await contract.stores("Patch", "summary", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.summary == fresh.summary)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Patch").count == expected)
        try await FixtureCorners.Revision.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Patch").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureCorners.Revision.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func deviceContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "corners", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureCorners.Corners.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureCorners.Device.list(on: client)
        var expected = contract.count("Device")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = "id1"
        #expect(try await FixtureCorners.Device.read(deviceID: firstID, on: client) == first)
        var changed = first
        changed.label = "changed"
        #expect(try await changed.update(on: client).label == "changed")
        #expect(await contract.stores("Device", "label", "changed"))
        #expect(await contract.records("Device").count == expected)
        #expect(try await FixtureCorners.Device.update(deviceID: firstID, FixtureCorners.Device.Patch(label: .set("patched")), on: client).label == "patched")
        #expect(await contract.stores("Device", "label", "patched"))
        var fresh = first
        fresh.deviceID = nil
        let created = try await fresh.create(on: client)
        #expect(created.label == fresh.label)
        #expect(created.deviceID != nil)
        expected += 1
        #expect(await contract.records("Device").count == expected)
        try await FixtureCorners.Device.delete(deviceID: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Device").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureCorners.Device.read(deviceID: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func invoiceContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "corners", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureCorners.Corners.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureCorners.Invoice.list(client: 1, on: client)
        var expected = contract.count("Invoice")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureCorners.Invoice.read(client: 1, id: firstID, on: client) == first)
        // No update: the spec lists none.
        // No partial update: the spec has none.
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(client: 1, on: client)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Invoice").count == expected)
        // No delete: the spec lists none.
    }

    @Test(arguments: ContractTarget.all) func memberContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "corners", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureCorners.Corners.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureCorners.Member.list(on: client)
        var expected = contract.count("Member")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureCorners.Member.read(id: firstID, on: client) == first)
        var changed = first
        changed.name = "changed"
        #expect(try await changed.update(on: client).name == "changed")
        #expect(await contract.stores("Member", "name", "changed"))
        #expect(await contract.records("Member").count == expected)
        #expect(try await FixtureCorners.Member.update(id: firstID, FixtureCorners.Member.Patch(name: .set("patched")), on: client).name == "patched")
        #expect(await contract.stores("Member", "name", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.name == fresh.name)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Member").count == expected)
        try await FixtureCorners.Member.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Member").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureCorners.Member.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func clipContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "corners", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureCorners.Corners.configuration(baseURL: contract.baseURL))
        // No list: the spec lists none.
        let firstID = 1
        let first = try await FixtureCorners.Clip.read(folder: 1, id: firstID, on: client)
        #expect(first.id == firstID)
        // No update: the spec lists none.
        // No partial update: the spec has none.
        var fresh = first
        fresh.secret = "YQ=="
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.title == fresh.title)
        #expect(created.id != nil)
        var expected = contract.count("Clip")
        expected += 1
        #expect(await contract.records("Clip").count == expected)
        // No delete: the spec lists none.
    }

    @Test(arguments: ContractTarget.all) func accountContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "corners", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureCorners.Corners.configuration(baseURL: contract.baseURL))
        // No list: the spec lists none.
        let firstID = 1
        let first = try await FixtureCorners.Account.read(userID: firstID, on: client)
        #expect(first.userID == firstID)
        // No update: the spec lists none.
        // No partial update: the spec has none.
        // No create: the spec lists none.
        // No delete: it is deprecated, and calling it would warn.
    }
}
#endif
