// swift-format-ignore-file
// Written from Fixtures/naming/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureNaming

/// The generated client of Fixtures/naming against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct NamingRecordedContractTests {

    @Test(arguments: ContractTarget.all) func classContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "naming", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureNaming.Naming.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureNaming.`class`.list(on: client)
        var expected = contract.count("class")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = Foundation.UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
        #expect(try await FixtureNaming.`class`.read(id: firstID, on: client) == first)
        var changed = first
        changed.`default` = "changed"
        #expect(try await changed.update(on: client).`default` == "changed")
        #expect(await contract.stores("class", "default", "changed"))
        #expect(await contract.records("class").count == expected)
        #expect(try await FixtureNaming.`class`.update(id: firstID, FixtureNaming.`class`.Patch(default: .set("patched")), on: client).`default` == "patched")
        #expect(await contract.stores("class", "default", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.`default` == fresh.`default`)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("class").count == expected)
        try await FixtureNaming.`class`.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("class").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureNaming.`class`.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func emptyContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "naming", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureNaming.Naming.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureNaming.Empty.list(on: client)
        let expected = contract.count("Empty")
        #expect(listed.count == expected)
        // No read: the spec lists none.
        // No update: the spec lists none.
        // No partial update: the spec has none.
        // No create: the spec lists none.
        // No delete: the spec lists none.
    }

    @Test(arguments: ContractTarget.all) func defaultContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "naming", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureNaming.Naming.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureNaming.`default`.list(on: client)
        var expected = contract.count("default")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureNaming.`default`.read(id: firstID, on: client) == first)
        let changed = first
        #expect(try await changed.update(on: client) == changed)
        #expect(await contract.records("default").count == expected)
        // No partial update: no writable string field to set, or its arguments have no samples.
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("default").count == expected)
        try await FixtureNaming.`default`.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("default").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureNaming.`default`.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func selfContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "naming", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureNaming.Naming.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureNaming.`self`.list(on: client)
        let expected = contract.count("self")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureNaming.`self`.read(id: firstID, on: client) == first)
        // No update: the spec lists none.
        // No partial update: the spec has none.
        // No create: the spec lists none.
        // No delete: the spec lists none.
    }

    @Test(arguments: ContractTarget.all) func typeContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "naming", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureNaming.Naming.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureNaming.`Type`.list(on: client)
        var expected = contract.count("Type")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = "id1"
        #expect(try await FixtureNaming.`Type`.read(id: firstID, on: client) == first)
        var changed = first
        changed.`Type` = "changed"
        #expect(try await changed.update(on: client).`Type` == "changed")
        #expect(await contract.stores("Type", "type", "changed"))
        #expect(await contract.records("Type").count == expected)
        #expect(try await FixtureNaming.`Type`.update(id: firstID, FixtureNaming.`Type`.Patch(Type: .set("patched")), on: client).`Type` == "patched")
        #expect(await contract.stores("Type", "type", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.`Type` == fresh.`Type`)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Type").count == expected)
        try await FixtureNaming.`Type`.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Type").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureNaming.`Type`.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func protocolContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "naming", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        // No list: the spec lists none.
        // No read: the spec lists none.
        let expected = contract.count("protocol")
        #expect(await contract.records("protocol").count == expected)
        // Nothing read, so nothing to update, create or delete from.
    }

    @Test(arguments: ContractTarget.all) func initContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "naming", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureNaming.Naming.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureNaming.`init`.list(on: client)
        var expected = contract.count("init")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureNaming.`init`.read(id: firstID, on: client) == first)
        let changed = first
        #expect(try await changed.update(on: client) == changed)
        #expect(await contract.records("init").count == expected)
        // No partial update: no writable string field to set, or its arguments have no samples.
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("init").count == expected)
        try await FixtureNaming.`init`.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("init").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureNaming.`init`.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func descriptionContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "naming", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureNaming.Naming.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureNaming.description.list(on: client)
        var expected = contract.count("description")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureNaming.description.read(id: firstID, on: client) == first)
        var changed = first
        changed.description = "changed"
        #expect(try await changed.update(on: client).description == "changed")
        #expect(await contract.stores("description", "description", "changed"))
        #expect(await contract.records("description").count == expected)
        #expect(try await FixtureNaming.description.update(id: firstID, FixtureNaming.description.Patch(description: .set("patched")), on: client).description == "patched")
        #expect(await contract.stores("description", "description", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.description == fresh.description)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("description").count == expected)
        try await FixtureNaming.description.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("description").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureNaming.description.read(id: firstID, on: client) }
    }
}
#endif
