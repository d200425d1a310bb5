#if CrudeServe
import CrudeRuntime
import CrudeServe
import FixturePaging
import Foundation
import Testing

/// Every pagination style of Fixtures/paging/spec.yaml served: the generated client walks every page of
/// seven seeded values, in order, reading the total where the spec says the server sends it.
@Suite struct PagingContractTests {
    /// Seven values of each resource, named `a` to `g` in the field each resource has.
    static let seed: Seed = {
        let letters = ["a", "b", "c", "d", "e", "f", "g"]
        func values(_ key: String) -> [JSONValue] { letters.map { .object([key: .string($0)]) } }
        return Seed(["User": values("name"), "Entry": values("title"), "Event": values("kind"), "Issue": values("title"), "Post": values("title")])
    }()

    static let all = ["a", "b", "c", "d", "e", "f", "g"]

    /// Every item of every page, and the pages' count of the first page.
    static func walk<Item>(_ pages: PageSequence<Item>, _ name: (Item) -> String) async throws -> (names: [String], pages: Int, count: Int?) {
        var names: [String] = []
        var count: Int?
        var pageCount = 0
        for try await page in pages {
            if pageCount == 0 { count = page.count }
            pageCount += 1
            names += page.items.map(name)
        }
        return (names, pageCount, count)
    }

    @Test func everyStyleWalksEveryPage() async throws {
        let server = try SpecServer(specAt: ServeSupport.fixture("paging"), seed: Self.seed)
        let client = APIClient(configuration: Paging.configuration(baseURL: try await server.start()))
        defer { Task { await server.stop() } }

        // Page numbers in the body (`next`), the total under `total`; the default page size of 10.
        let users = try await Self.walk(User.pages(on: client), \.name)
        #expect(users.names == Self.all && users.count == 7 && users.pages == 1)
        // Offsets of two, the total under `count`.
        let entries = try await Self.walk(Entry.pages(on: client), \.title)
        #expect(entries.names == Self.all && entries.count == 7 && entries.pages == 4)
        // Opaque cursors under `data.next_cursor`, sent back as `after`.
        let events = try await Self.walk(Event.pages(query: [URLQueryItem(name: "page_size", value: "3")], on: client), \.kind)
        #expect(events.names == Self.all && events.pages == 3)
        // Link headers over a bare array, pages of two under a route parameter.
        let issues = try await Self.walk(Issue.pages(owner: "swiftlang", on: client), \.title)
        #expect(issues.names == Self.all && issues.pages == 4)
        // Page numbers in `_page`, a bare array, the total in X-Total-Count.
        let posts = try await Self.walk(Post.pages(on: client), \.title)
        #expect(posts.names == Self.all && posts.count == 7 && posts.pages == 4)
    }

    /// An action has no data to answer from: 501 with a message saying so.
    @Test func actionsAreNotImplemented() async throws {
        let server = try SpecServer(specAt: ServeSupport.fixture("paging"))
        let client = APIClient(configuration: Paging.configuration(baseURL: try await server.start()))
        defer { Task { await server.stop() } }
        let error = await #expect(throws: APIError.self) { try await Paging.search(q: "crash", on: client) }
        guard case let .status(status, body)? = error else {
            Issue.record("expected a status error, got \(String(describing: error))")
            return
        }
        #expect(status.code == 501)
        #expect(String(decoding: body, as: UTF8.self).contains("search"))
    }
}
#endif
