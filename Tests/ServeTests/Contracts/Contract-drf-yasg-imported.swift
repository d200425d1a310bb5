// swift-format-ignore-file
// Written from Fixtures/drf-yasg-imported/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureDRFYasgImported

/// The generated client of Fixtures/drf-yasg-imported against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct DrfYasgImportedRecordedContractTests {

    @Test(arguments: ContractTarget.all) func authorContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "drf-yasg-imported", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureDRFYasgImported.DRFYasgItems.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureDRFYasgImported.Author.list(on: client)
        var expected = contract.count("Author")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureDRFYasgImported.Author.read(id: firstID, on: client) == first)
        var changed = first
        changed.name = "changed"
        #expect(try await changed.update(on: client).name == "changed")
        #expect(await contract.stores("Author", "name", "changed"))
        #expect(await contract.records("Author").count == expected)
        #expect(try await FixtureDRFYasgImported.Author.update(id: firstID, FixtureDRFYasgImported.Author.Patch(name: .set("patched")), on: client).name == "patched")
        #expect(await contract.stores("Author", "name", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.name == fresh.name)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Author").count == expected)
        try await FixtureDRFYasgImported.Author.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Author").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureDRFYasgImported.Author.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func bookContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "drf-yasg-imported", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureDRFYasgImported.DRFYasgItems.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureDRFYasgImported.Book.list(authorPk: "YQ==", on: client)
        var expected = contract.count("Book")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureDRFYasgImported.Book.read(authorPk: "YQ==", id: firstID, on: client) == first)
        var changed = first
        changed.title = "changed"
        #expect(try await changed.update(authorPk: "YQ==", on: client).title == "changed")
        #expect(await contract.stores("Book", "title", "changed"))
        #expect(await contract.records("Book").count == expected)
        #expect(try await FixtureDRFYasgImported.Book.update(authorPk: "YQ==", id: firstID, FixtureDRFYasgImported.Book.Patch(title: .set("patched")), on: client).title == "patched")
        #expect(await contract.stores("Book", "title", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(authorPk: "YQ==", on: client)
        #expect(created.title == fresh.title)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Book").count == expected)
        try await FixtureDRFYasgImported.Book.delete(authorPk: "YQ==", id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Book").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureDRFYasgImported.Book.read(authorPk: "YQ==", id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func cursorItemContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "drf-yasg-imported", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureDRFYasgImported.DRFYasgItems.configuration(baseURL: contract.baseURL))
        var listed: [FixtureDRFYasgImported.CursorItem] = []
        for try await item in FixtureDRFYasgImported.CursorItem.pages(on: client).items { listed.append(item) }
        var expected = contract.count("CursorItem")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureDRFYasgImported.CursorItem.read(id: firstID, on: client) == first)
        var changed = first
        changed.group = "changed"
        #expect(try await changed.update(on: client).group == "changed")
        #expect(await contract.stores("CursorItem", "group", "changed"))
        #expect(await contract.records("CursorItem").count == expected)
        #expect(try await FixtureDRFYasgImported.CursorItem.update(id: firstID, FixtureDRFYasgImported.CursorItem.Patch(group: .set("patched")), on: client).group == "patched")
        #expect(await contract.stores("CursorItem", "group", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.group == fresh.group)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("CursorItem").count == expected)
        try await FixtureDRFYasgImported.CursorItem.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("CursorItem").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureDRFYasgImported.CursorItem.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func limitItemContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "drf-yasg-imported", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureDRFYasgImported.DRFYasgItems.configuration(baseURL: contract.baseURL))
        var listed: [FixtureDRFYasgImported.LimitItem] = []
        for try await item in FixtureDRFYasgImported.LimitItem.pages(on: client).items { listed.append(item) }
        var expected = contract.count("LimitItem")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureDRFYasgImported.LimitItem.read(id: firstID, on: client) == first)
        var changed = first
        changed.group = "changed"
        #expect(try await changed.update(on: client).group == "changed")
        #expect(await contract.stores("LimitItem", "group", "changed"))
        #expect(await contract.records("LimitItem").count == expected)
        #expect(try await FixtureDRFYasgImported.LimitItem.update(id: firstID, FixtureDRFYasgImported.LimitItem.Patch(group: .set("patched")), on: client).group == "patched")
        #expect(await contract.stores("LimitItem", "group", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.group == fresh.group)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("LimitItem").count == expected)
        try await FixtureDRFYasgImported.LimitItem.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("LimitItem").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureDRFYasgImported.LimitItem.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func pageItemContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "drf-yasg-imported", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureDRFYasgImported.DRFYasgItems.configuration(baseURL: contract.baseURL))
        var listed: [FixtureDRFYasgImported.PageItem] = []
        for try await item in FixtureDRFYasgImported.PageItem.pages(on: client).items { listed.append(item) }
        var expected = contract.count("PageItem")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureDRFYasgImported.PageItem.read(id: firstID, on: client) == first)
        var changed = first
        changed.group = "changed"
        #expect(try await changed.update(on: client).group == "changed")
        #expect(await contract.stores("PageItem", "group", "changed"))
        #expect(await contract.records("PageItem").count == expected)
        #expect(try await FixtureDRFYasgImported.PageItem.update(id: firstID, FixtureDRFYasgImported.PageItem.Patch(group: .set("patched")), on: client).group == "patched")
        #expect(await contract.stores("PageItem", "group", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.group == fresh.group)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("PageItem").count == expected)
        try await FixtureDRFYasgImported.PageItem.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("PageItem").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureDRFYasgImported.PageItem.read(id: firstID, on: client) }
    }

    @Test(arguments: ContractTarget.all) func tagContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "drf-yasg-imported", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureDRFYasgImported.DRFYasgItems.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureDRFYasgImported.Tag.list(on: client)
        var expected = contract.count("Tag")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = "id1"
        #expect(try await FixtureDRFYasgImported.Tag.read(slug: firstID, on: client) == first)
        var changed = first
        changed.label = "changed"
        #expect(try await changed.update(on: client).label == "changed")
        #expect(await contract.stores("Tag", "label", "changed"))
        #expect(await contract.records("Tag").count == expected)
        #expect(try await FixtureDRFYasgImported.Tag.update(slug: firstID, FixtureDRFYasgImported.Tag.Patch(label: .set("patched")), on: client).label == "patched")
        #expect(await contract.stores("Tag", "label", "patched"))
        var fresh = first
        fresh.slug = nil
        let created = try await fresh.create(on: client)
        #expect(created.label == fresh.label)
        #expect(created.slug != nil)
        expected += 1
        #expect(await contract.records("Tag").count == expected)
        try await FixtureDRFYasgImported.Tag.delete(slug: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Tag").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureDRFYasgImported.Tag.read(slug: firstID, on: client) }
    }
}
#endif
