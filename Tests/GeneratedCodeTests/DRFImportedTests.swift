import CrudeRuntime
import FixtureDRFImported
import Foundation
import TestTags
import Testing

/// The code generated from the schema drf-spectacular writes for the Django REST Framework server
/// (`Fixtures/drf-imported`, imported by `crudegen import`; `ImportTests` keeps it current), run
/// against that server: a CRUD round trip behind each of DRF's three paginators, each in a group of its own.
@Suite(.tags(.integration), .skippedWhenQuick) struct DRFImportedTests {
    static let titles = ["a", "b", "c", "d", "e"]

    static func client(_ transport: TestTransport) async throws -> APIClient {
        APIClient(configuration: DRFItems.configuration(baseURL: try await PythonTestServer.drf.origin()), transport: transport.make())
    }

    static func group() -> String {
        UUID().uuidString
    }

    /// PageNumberPagination: create, read, update, partial update, every page, delete.
    @Test(arguments: TestTransport.allCases) func pageNumberResourceRoundTrip(_ transport: TestTransport) async throws {
        let client = try await Self.client(transport)
        let group = Self.group()
        var created: [PageItem] = []
        for title in Self.titles { created.append(try await PageItem(group: group, title: title).create(on: client)) }
        let id = try #require(created[0].id)
        #expect(try await PageItem.read(id: id, on: client) == created[0])
        var changed = created[0]
        changed.title = "A"
        #expect(try await changed.update(on: client).title == "A")
        var patch = PageItem.Patch()
        patch.title = .set("á")
        let patched = try await PageItem.update(id: id, patch, on: client)
        #expect(patched.title == "á" && patched.group == group)
        let query = [URLQueryItem(name: "group", value: group)]
        let first = try await PageItem.list(query: query, on: client)
        #expect(first.count == 5 && first.items.map(\.title) == ["á", "b"])
        var titles: [String] = []
        for try await page in PageItem.pages(query: query, on: client) { titles += page.items.map(\.title) }
        #expect(titles == ["á", "b", "c", "d", "e"])
        try await PageItem.delete(id: id, on: client)
        await #expect(throws: APIError.self) { try await PageItem.read(id: id, on: client) }
        #expect(try await PageItem.list(query: query, on: client).count == 4)
    }

    /// LimitOffsetPagination, imported as `style: offset`: the offset advances by the items received.
    @Test(arguments: TestTransport.allCases) func limitOffsetResourceRoundTrip(_ transport: TestTransport) async throws {
        let client = try await Self.client(transport)
        let group = Self.group()
        var created: [LimitItem] = []
        for title in Self.titles { created.append(try await LimitItem(group: group, title: title).create(on: client)) }
        let id = try #require(created[4].id)
        var patch = LimitItem.Patch()
        patch.title = .set("E")
        #expect(try await LimitItem.update(id: id, patch, on: client).title == "E")
        var changed = try await LimitItem.read(id: id, on: client)
        changed.group = group
        changed.title = "É"
        #expect(try await changed.update(on: client).title == "É")
        let query = [URLQueryItem(name: "group", value: group)]
        var pages = 0
        var titles: [String] = []
        for try await page in LimitItem.pages(query: query, on: client) {
            pages += 1
            titles += page.items.map(\.title)
        }
        #expect(titles == ["a", "b", "c", "d", "É"] && pages == 3, "DRF's default limit of 2")
        try await created[0].delete(on: client)
        #expect(try await LimitItem.list(query: query, on: client).count == 4)
    }

    /// CursorPagination, imported as a next URL without a count: the cursor travels inside `next`.
    @Test(arguments: TestTransport.allCases) func cursorResourceRoundTrip(_ transport: TestTransport) async throws {
        let client = try await Self.client(transport)
        let group = Self.group()
        var created: [CursorItem] = []
        for title in Self.titles { created.append(try await CursorItem(group: group, title: title).create(on: client)) }
        var changed = created[2]
        changed.title = "C"
        _ = try await changed.update(on: client)
        var patch = CursorItem.Patch()
        patch.group = .set(group)
        _ = try await CursorItem.update(id: try #require(created[3].id), patch, on: client)
        let query = [URLQueryItem(name: "group", value: group)]
        var titles: [String] = []
        for try await page in CursorItem.pages(query: query, on: client) {
            #expect(page.count == nil, "CursorPagination sends no count")
            titles += page.items.map(\.title)
        }
        #expect(titles == ["a", "b", "C", "d", "e"])
        for item in created { try await item.delete(on: client) }
        #expect(try await CursorItem.list(query: query, on: client).items.isEmpty)
    }
}
