// swift-format-ignore-file
// Written from Fixtures/litestar-imported/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureLitestarImported

/// The generated client of Fixtures/litestar-imported against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct LitestarImportedRecordedContractTests {

    @Test(arguments: ContractTarget.all) func authorContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "litestar-imported", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureLitestarImported.Litestar.configuration(baseURL: contract.baseURL))
        var listed: [FixtureLitestarImported.Author] = []
        for try await item in FixtureLitestarImported.Author.pages(on: client).items { listed.append(item) }
        var expected = contract.count("Author")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureLitestarImported.Author.read(id: firstID, on: client) == first)
        var changed = first
        changed.name = "changed"
        #expect(try await changed.update(on: client).name == "changed")
        #expect(await contract.stores("Author", "name", "changed"))
        #expect(await contract.records("Author").count == expected)
        #expect(try await FixtureLitestarImported.Author.update(id: firstID, FixtureLitestarImported.Author.Patch(name: .set("patched")), on: client).name == "patched")
        #expect(await contract.stores("Author", "name", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.name == fresh.name)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Author").count == expected)
        try await FixtureLitestarImported.Author.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Author").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureLitestarImported.Author.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func bookContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "litestar-imported", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureLitestarImported.Litestar.configuration(baseURL: contract.baseURL))
        var listed: [FixtureLitestarImported.Book] = []
        for try await item in FixtureLitestarImported.Book.pages(authorId: 1, on: client).items { listed.append(item) }
        var expected = contract.count("Book")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureLitestarImported.Book.read(authorId: 1, id: firstID, on: client) == first)
        var changed = first
        changed.title = "changed"
        #expect(try await changed.update(on: client).title == "changed")
        #expect(await contract.stores("Book", "title", "changed"))
        #expect(await contract.records("Book").count == expected)
        #expect(try await FixtureLitestarImported.Book.update(authorId: 1, id: firstID, FixtureLitestarImported.Book.Patch(title: .set("patched")), on: client).title == "patched")
        #expect(await contract.stores("Book", "title", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.title == fresh.title)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Book").count == expected)
        try await FixtureLitestarImported.Book.delete(authorId: 1, id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Book").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureLitestarImported.Book.read(authorId: 1, id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func userContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "litestar-imported", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureLitestarImported.Litestar.configuration(baseURL: contract.baseURL))
        var listed: [FixtureLitestarImported.User] = []
        for try await item in FixtureLitestarImported.User.pages(on: client).items { listed.append(item) }
        var expected = contract.count("User")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureLitestarImported.User.read(id: firstID, on: client) == first)
        // No update: the spec lists none.
        // No partial update: the spec has none.
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
