// swift-format-ignore-file
// Written from Fixtures/drf-imported/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureDRFImported

/// The generated client of Fixtures/drf-imported against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct DrfImportedRecordedContractTests {

    @Test(arguments: ContractTarget.all) func authorContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "drf-imported", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureDRFImported.DRFItems.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureDRFImported.Author.list(on: client)
        var expected = contract.count("Author")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureDRFImported.Author.read(id: firstID, on: client) == first)
        var changed = first
        changed.name = "changed"
        #expect(try await changed.update(on: client).name == "changed")
        #expect(await contract.stores("Author", "name", "changed"))
        #expect(await contract.records("Author").count == expected)
        #expect(try await FixtureDRFImported.Author.update(id: firstID, FixtureDRFImported.Author.Patch(name: .set("patched")), on: client).name == "patched")
        #expect(await contract.stores("Author", "name", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.name == fresh.name)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Author").count == expected)
        try await FixtureDRFImported.Author.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Author").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureDRFImported.Author.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func bookContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "drf-imported", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureDRFImported.DRFItems.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureDRFImported.Book.list(authorPk: 1, on: client)
        var expected = contract.count("Book")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureDRFImported.Book.read(authorPk: 1, id: firstID, on: client) == first)
        var changed = first
        changed.title = "changed"
        #expect(try await changed.update(authorPk: 1, on: client).title == "changed")
        #expect(await contract.stores("Book", "title", "changed"))
        #expect(await contract.records("Book").count == expected)
        #expect(try await FixtureDRFImported.Book.update(authorPk: 1, id: firstID, FixtureDRFImported.Book.Patch(title: .set("patched")), on: client).title == "patched")
        #expect(await contract.stores("Book", "title", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(authorPk: 1, on: client)
        #expect(created.title == fresh.title)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Book").count == expected)
        try await FixtureDRFImported.Book.delete(authorPk: 1, id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Book").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureDRFImported.Book.read(authorPk: 1, id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func cursorItemContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "drf-imported", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureDRFImported.DRFItems.configuration(baseURL: contract.baseURL))
        var listed: [FixtureDRFImported.CursorItem] = []
        for try await item in FixtureDRFImported.CursorItem.pages(on: client).items { listed.append(item) }
        var expected = contract.count("CursorItem")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureDRFImported.CursorItem.read(id: firstID, on: client) == first)
        var changed = first
        changed.group = "changed"
        #expect(try await changed.update(on: client).group == "changed")
        #expect(await contract.stores("CursorItem", "group", "changed"))
        #expect(await contract.records("CursorItem").count == expected)
        #expect(try await FixtureDRFImported.CursorItem.update(id: firstID, FixtureDRFImported.CursorItem.Patch(group: .set("patched")), on: client).group == "patched")
        #expect(await contract.stores("CursorItem", "group", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.group == fresh.group)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("CursorItem").count == expected)
        try await FixtureDRFImported.CursorItem.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("CursorItem").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureDRFImported.CursorItem.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func limitItemContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "drf-imported", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureDRFImported.DRFItems.configuration(baseURL: contract.baseURL))
        var listed: [FixtureDRFImported.LimitItem] = []
        for try await item in FixtureDRFImported.LimitItem.pages(on: client).items { listed.append(item) }
        var expected = contract.count("LimitItem")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureDRFImported.LimitItem.read(id: firstID, on: client) == first)
        var changed = first
        changed.group = "changed"
        #expect(try await changed.update(on: client).group == "changed")
        #expect(await contract.stores("LimitItem", "group", "changed"))
        #expect(await contract.records("LimitItem").count == expected)
        #expect(try await FixtureDRFImported.LimitItem.update(id: firstID, FixtureDRFImported.LimitItem.Patch(group: .set("patched")), on: client).group == "patched")
        #expect(await contract.stores("LimitItem", "group", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.group == fresh.group)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("LimitItem").count == expected)
        try await FixtureDRFImported.LimitItem.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("LimitItem").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureDRFImported.LimitItem.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func pageItemContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "drf-imported", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureDRFImported.DRFItems.configuration(baseURL: contract.baseURL))
        var listed: [FixtureDRFImported.PageItem] = []
        for try await item in FixtureDRFImported.PageItem.pages(on: client).items { listed.append(item) }
        var expected = contract.count("PageItem")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureDRFImported.PageItem.read(id: firstID, on: client) == first)
        var changed = first
        changed.group = "changed"
        #expect(try await changed.update(on: client).group == "changed")
        #expect(await contract.stores("PageItem", "group", "changed"))
        #expect(await contract.records("PageItem").count == expected)
        #expect(try await FixtureDRFImported.PageItem.update(id: firstID, FixtureDRFImported.PageItem.Patch(group: .set("patched")), on: client).group == "patched")
        #expect(await contract.stores("PageItem", "group", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.group == fresh.group)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("PageItem").count == expected)
        try await FixtureDRFImported.PageItem.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("PageItem").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureDRFImported.PageItem.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func tagContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "drf-imported", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureDRFImported.DRFItems.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureDRFImported.Tag.list(on: client)
        var expected = contract.count("Tag")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = "id1"
        #expect(try await FixtureDRFImported.Tag.read(slug: firstID, on: client) == first)
        var changed = first
        changed.label = "changed"
        #expect(try await changed.update(on: client).label == "changed")
        #expect(await contract.stores("Tag", "label", "changed"))
        #expect(await contract.records("Tag").count == expected)
        #expect(try await FixtureDRFImported.Tag.update(slug: firstID, FixtureDRFImported.Tag.Patch(label: .set("patched")), on: client).label == "patched")
        #expect(await contract.stores("Tag", "label", "patched"))
        var fresh = first
        fresh.slug = nil
        let created = try await fresh.create(on: client)
        #expect(created.label == fresh.label)
        #expect(created.slug != nil)
        expected += 1
        #expect(await contract.records("Tag").count == expected)
        try await FixtureDRFImported.Tag.delete(slug: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Tag").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureDRFImported.Tag.read(slug: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func userContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "drf-imported", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureDRFImported.DRFItems.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureDRFImported.User.list(on: client)
        var expected = contract.count("User")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureDRFImported.User.read(id: firstID, on: client) == first)
        var changed = first
        changed.password = "YQ=="
        changed.username = "changed"
        #expect(try await changed.update(on: client).username == "changed")
        #expect(await contract.stores("User", "username", "changed"))
        #expect(await contract.records("User").count == expected)
        #expect(try await FixtureDRFImported.User.update(id: firstID, FixtureDRFImported.User.Patch(username: .set("patched")), on: client).username == "patched")
        #expect(await contract.stores("User", "username", "patched"))
        var fresh = first
        fresh.password = "YQ=="
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.username == fresh.username)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("User").count == expected)
        try await FixtureDRFImported.User.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("User").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureDRFImported.User.read(id: firstID, on: client) }
    }
}
#endif
