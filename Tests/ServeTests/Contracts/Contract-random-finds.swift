// swift-format-ignore-file
// Written from Fixtures/random-finds/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureRandomFinds

/// The generated client of Fixtures/random-finds against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct RandomFindsRecordedContractTests {

    @Test(arguments: ContractTarget.all) func entryContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "random-finds", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureRandomFinds.`default`.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureRandomFinds.Entry.list(update: "YQ==", on: client)
        var expected = contract.count("Entry")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureRandomFinds.Entry.read(update: "YQ==", id: firstID, on: client) == first)
        var changed = first
        changed.JSONKey_ = "changed"
        #expect(try await changed.update(update: "YQ==", on: client).JSONKey_ == "changed")
        #expect(await contract.stores("Entry", "JSONKey", "changed"))
        #expect(await contract.records("Entry").count == expected)
        #expect(try await FixtureRandomFinds.Entry.update(update: "YQ==", id: firstID, FixtureRandomFinds.Entry.Patch(JSONKey_: .set("patched")), on: client).JSONKey_ == "patched")
        #expect(await contract.stores("Entry", "JSONKey", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(update: "YQ==", on: client)
        #expect(created.JSONKey_ == fresh.JSONKey_)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Entry").count == expected)
        try await FixtureRandomFinds.Entry.delete(update: "YQ==", id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Entry").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureRandomFinds.Entry.read(update: "YQ==", id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func kindContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "random-finds", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureRandomFinds.`default`.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureRandomFinds.Kind.list(on: client)
        var expected = contract.count("Kind")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = "id1"
        #expect(try await FixtureRandomFinds.Kind.read(id: firstID, on: client) == first)
        let changed = first
        #expect(try await changed.update(on: client) == changed)
        #expect(await contract.records("Kind").count == expected)
        // No partial update: no writable string field to set, or its arguments have no samples.
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Kind").count == expected)
        try await FixtureRandomFinds.Kind.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Kind").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureRandomFinds.Kind.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func actorContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "random-finds", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureRandomFinds.`default`.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureRandomFinds.Actor.list(on: client)
        var expected = contract.count("Actor")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = "id1"
        #expect(try await FixtureRandomFinds.Actor.read(Self: firstID, on: client) == first)
        var changed = first
        changed.name = "changed"
        #expect(try await changed.update(on: client).name == "changed")
        #expect(await contract.stores("Actor", "name", "changed"))
        #expect(await contract.records("Actor").count == expected)
        #expect(try await FixtureRandomFinds.Actor.update(Self: firstID, FixtureRandomFinds.Actor.Patch(name: .set("patched")), on: client).name == "patched")
        #expect(await contract.stores("Actor", "name", "patched"))
        var fresh = first
        fresh.`Self` = nil
        let created = try await fresh.create(on: client)
        #expect(created.name == fresh.name)
        #expect(created.`Self` != nil)
        expected += 1
        #expect(await contract.records("Actor").count == expected)
        try await FixtureRandomFinds.Actor.delete(Self: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Actor").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureRandomFinds.Actor.read(Self: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func indexContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "random-finds", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureRandomFinds.`default`.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureRandomFinds.Index.list(createOperation: 1, on: client)
        var expected = contract.count("Index")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        // No read: its route names no id, so no server can tell which value it means.
        var changed = first
        changed.`Self` = "changed"
        #expect(try await changed.update(on: client).`Self` == "changed")
        #expect(await contract.stores("Index", "Self", "changed"))
        #expect(await contract.records("Index").count == expected)
        let firstID = 1
        #expect(try await FixtureRandomFinds.Index.update(createOperation: 1, id: firstID, FixtureRandomFinds.Index.Patch(Self: .set("patched")), on: client).`Self` == "patched")
        #expect(await contract.stores("Index", "Self", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.`Self` == fresh.`Self`)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Index").count == expected)
        try await FixtureRandomFinds.Index.delete(createOperation: 1, id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Index").count == expected)
    }
}
#endif
