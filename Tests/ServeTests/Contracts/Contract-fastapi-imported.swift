// swift-format-ignore-file
// Written from Fixtures/fastapi-imported/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureFastAPIImported

/// The generated client of Fixtures/fastapi-imported against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct FastapiImportedRecordedContractTests {

    @Test(arguments: ContractTarget.all) func heroContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "fastapi-imported", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureFastAPIImported.Heroes.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureFastAPIImported.Hero.list(on: client)
        var expected = contract.count("Hero")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureFastAPIImported.Hero.read(id: firstID, on: client) == first)
        var changed = first
        changed.name = "changed"
        #expect(try await changed.update(on: client).name == "changed")
        #expect(await contract.stores("Hero", "name", "changed"))
        #expect(await contract.records("Hero").count == expected)
        #expect(try await FixtureFastAPIImported.Hero.update(id: firstID, FixtureFastAPIImported.Hero.Patch(name: .set("patched")), on: client).name == "patched")
        #expect(await contract.stores("Hero", "name", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.name == fresh.name)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Hero").count == expected)
        try await FixtureFastAPIImported.Hero.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Hero").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureFastAPIImported.Hero.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func teamContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "fastapi-imported", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureFastAPIImported.Heroes.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureFastAPIImported.Team.list(on: client)
        var expected = contract.count("Team")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureFastAPIImported.Team.read(id: firstID, on: client) == first)
        var changed = first
        changed.name = "changed"
        #expect(try await changed.update(on: client).name == "changed")
        #expect(await contract.stores("Team", "name", "changed"))
        #expect(await contract.records("Team").count == expected)
        #expect(try await FixtureFastAPIImported.Team.update(id: firstID, FixtureFastAPIImported.Team.Patch(name: .set("patched")), on: client).name == "patched")
        #expect(await contract.stores("Team", "name", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.name == fresh.name)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Team").count == expected)
        try await FixtureFastAPIImported.Team.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Team").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureFastAPIImported.Team.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func userContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "fastapi-imported", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureFastAPIImported.Heroes.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureFastAPIImported.User.list(on: client)
        var expected = contract.count("User")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureFastAPIImported.User.read(id: firstID, on: client) == first)
        var changed = first
        changed.password = "YQ=="
        changed.username = "changed"
        #expect(try await changed.update(on: client).username == "changed")
        #expect(await contract.stores("User", "username", "changed"))
        #expect(await contract.records("User").count == expected)
        #expect(try await FixtureFastAPIImported.User.update(id: firstID, FixtureFastAPIImported.User.Patch(username: .set("patched")), on: client).username == "patched")
        #expect(await contract.stores("User", "username", "patched"))
        var fresh = first
        fresh.password = "YQ=="
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.username == fresh.username)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("User").count == expected)
        // No delete: the spec lists none.
    }
}
#endif
