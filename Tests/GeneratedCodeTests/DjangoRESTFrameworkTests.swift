import CrudeRuntime
import FixtureDRF
import Foundation
import TestTags
import Testing

/// Generated code against a real Django REST Framework server (Tests/DRFServer): items created through
/// `create`, then walked through each of DRF's three paginators. Every test works in a group of its own.
@Suite(.tags(.integration), .skippedWhenQuick) struct DjangoRESTFrameworkTests {
    static let titles = ["a", "b", "c", "d", "e"]

    static func client(_ transport: TestTransport) async throws -> APIClient {
        APIClient(configuration: DRF.configuration(baseURL: try await PythonTestServer.drf.origin().appendingPathComponent("api")), transport: transport.make())
    }

    static func group() -> [URLQueryItem] {
        [URLQueryItem(name: "group", value: UUID().uuidString)]
    }

    @Test(arguments: TestTransport.allCases) func pageNumberPagination(_ transport: TestTransport) async throws {
        let client = try await Self.client(transport)
        let group = Self.group()
        for title in Self.titles {
            let created = try await PageItem(group: group[0].value!, title: title).create(on: client)
            #expect(created.id != nil && created.title == title)
        }
        let first = try await PageItem.list(query: group, on: client)
        #expect(first.count == 5 && first.items.map(\.title) == ["a", "b"])
        var pages = 0
        var titles: [String] = []
        for try await page in PageItem.pages(query: group, on: client) {
            pages += 1
            titles += page.items.map(\.title)
        }
        #expect(titles == Self.titles && pages == 3)
    }

    @Test(arguments: TestTransport.allCases) func limitOffsetPagination(_ transport: TestTransport) async throws {
        let client = try await Self.client(transport)
        let group = Self.group()
        for title in Self.titles { _ = try await LimitItem(group: group[0].value!, title: title).create(on: client) }
        var titles: [String] = []
        for try await item in LimitItem.pages(query: group, on: client).items { titles.append(item.title) }
        #expect(titles == Self.titles)
        let first = try await LimitItem.list(query: group, on: client)
        #expect(first.count == 5 && first.items.count == 2)
        #expect(first.next?.query.contains(URLQueryItem(name: "offset", value: "2")) == true)
    }

    @Test(arguments: TestTransport.allCases) func cursorPagination(_ transport: TestTransport) async throws {
        let client = try await Self.client(transport)
        let group = Self.group()
        for title in Self.titles { _ = try await CursorItem(group: group[0].value!, title: title).create(on: client) }
        var pages = 0
        var titles: [String] = []
        for try await page in CursorItem.pages(query: group, on: client) {
            pages += 1
            titles += page.items.map(\.title)
            #expect(page.count == nil, "CursorPagination sends no count")
        }
        #expect(titles == Self.titles && pages == 3)
    }
}
