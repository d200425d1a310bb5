#if CrudeServe
import CrudeRuntime
import CrudeServe
import FixtureDRF
import Foundation
import Testing

/// Django REST Framework's conventions served from Fixtures/drf/spec.yaml: trailing slashes, updates by PUT,
/// and its three paginators (absolute `next` links with a count, limit and offset, `next` links without one).
@Suite struct DRFContractTests {
    @Test func pageItemsGoThroughEveryOperationAndEveryPage() async throws {
        let server = try SpecServer(specAt: ServeSupport.fixture("drf"))
        let client = APIClient(configuration: DRF.configuration(baseURL: try await server.start()))
        defer { Task { await server.stop() } }

        var created: [PageItem] = []
        for index in 1...12 {
            created.append(try await PageItem(group: "g", title: "t\(index)").create(on: client))
        }
        #expect(created.map(\.id) == Array(1...12))
        #expect(try await server.records(of: "PageItem").count == 12)

        var first = created[0]
        first.title = "first"
        #expect(try await first.update(on: client).title == "first")
        #expect(try await server.records(of: "PageItem").first?["title"] == .string("first"))
        #expect(try await PageItem.read(id: 1, on: client).title == "first")

        // Ten a page by default: two pages, the total on the first.
        let page = try await PageItem.list(on: client)
        #expect(page.items.count == 10 && page.count == 12 && page.next != nil)
        var titles: [String] = []
        for try await item in PageItem.pages(on: client).items { titles.append(item.title) }
        #expect(titles == ["first"] + (2...12).map { "t\($0)" })

        try await PageItem.delete(id: 1, on: client)
        #expect(try await server.records(of: "PageItem").count == 11)
        #expect(try await PageItem.list(on: client).count == 11)
    }

    @Test func offsetAndCursorPagesWalkToTheEnd() async throws {
        let letters = ["a", "b", "c", "d", "e"]
        let values = letters.map { JSONValue.object(["group": .string("g"), "title": .string($0)]) }
        let server = try SpecServer(specAt: ServeSupport.fixture("drf"), seed: Seed(["LimitItem": values, "CursorItem": values]))
        let client = APIClient(configuration: DRF.configuration(baseURL: try await server.start()))
        defer { Task { await server.stop() } }
        var limited: [String] = []
        for try await item in LimitItem.pages(on: client).items { limited.append(item.title) }
        #expect(limited == letters)
        let cursorPage = try await CursorItem.list(query: [URLQueryItem(name: "page_size", value: "2")], on: client)
        #expect(cursorPage.items.map(\.title) == ["a", "b"] && cursorPage.count == nil)
        var cursored: [String] = []
        for try await item in CursorItem.pages(query: [URLQueryItem(name: "page_size", value: "2")], on: client).items { cursored.append(item.title) }
        #expect(cursored == letters)
    }
}
#endif
