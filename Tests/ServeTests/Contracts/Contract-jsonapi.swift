// swift-format-ignore-file
// Written from Fixtures/jsonapi/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureJSONAPI

/// The generated client of Fixtures/jsonapi against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct JsonapiRecordedContractTests {

    @Test(arguments: ContractTarget.all) func personContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "jsonapi", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureJSONAPI.Library.configuration(baseURL: contract.baseURL))
        var listed: [FixtureJSONAPI.Person] = []
        for try await item in FixtureJSONAPI.Person.pages(on: client).items { listed.append(item) }
        var expected = contract.count("Person")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = "id1"
        #expect(try await FixtureJSONAPI.Person.read(id: firstID, on: client) == first)
        var changed = first
        changed.name = "changed"
        #expect(try await changed.update(on: client).name == "changed")
        #expect(await contract.stores("Person", "name", "changed"))
        #expect(await contract.records("Person").count == expected)
        #expect(try await FixtureJSONAPI.Person.update(id: firstID, FixtureJSONAPI.Person.Patch(name: .set("patched")), on: client).name == "patched")
        #expect(await contract.stores("Person", "name", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.name == fresh.name)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Person").count == expected)
        try await FixtureJSONAPI.Person.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Person").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureJSONAPI.Person.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func articleContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "jsonapi", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureJSONAPI.Library.configuration(baseURL: contract.baseURL))
        var listed: [FixtureJSONAPI.Article] = []
        for try await item in FixtureJSONAPI.Article.pages(on: client).items { listed.append(item) }
        var expected = contract.count("Article")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = "id1"
        #expect(try await FixtureJSONAPI.Article.read(id: firstID, on: client) == first)
        var changed = first
        changed.title = "changed"
        #expect(try await changed.update(on: client).title == "changed")
        #expect(await contract.stores("Article", "title", "changed"))
        #expect(await contract.records("Article").count == expected)
        #expect(try await FixtureJSONAPI.Article.update(id: firstID, FixtureJSONAPI.Article.Patch(title: .set("patched")), on: client).title == "patched")
        #expect(await contract.stores("Article", "title", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.title == fresh.title)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Article").count == expected)
        try await FixtureJSONAPI.Article.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Article").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureJSONAPI.Article.read(id: firstID, on: client) }
    }
}
#endif
