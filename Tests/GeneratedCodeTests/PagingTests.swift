import CrudeRuntime
import FixturePaging
import Foundation
import TestHTTPServer
import Testing

/// Every pagination scheme of Fixtures/paging/spec.yaml against a real HTTP server: each walk fetches
/// every page once, in order, and stops at the last.
@Suite struct PagingTests {
    static func client(_ server: TestServer) -> APIClient {
        APIClient(configuration: Paging.configuration(baseURL: server.origin.appendingPathComponent("v3")))
    }

    static func names<Item>(_ pages: PageSequence<Item>, _ name: (Item) -> String) async throws -> [String] {
        var names: [String] = []
        for try await page in pages { names += page.items.map(name) }
        return names
    }

    @Test func pageNumbersFromTheBody() async throws {
        let server = try await TestServer { request in
            switch request.query {
            case "": .json(#"{"total": 3, "current": 1, "previous": null, "next": 2, "users": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]}"#)
            case "page=2": .json(#"{"total": 3, "current": 2, "previous": 1, "next": null, "users": [{"id": 3, "name": "c"}]}"#)
            default: .json("{}", status: 404)
            }
        }
        defer { Task { await server.stop() } }
        let first = try await User.list(on: Self.client(server))
        #expect(first.items.map(\.name) == ["a", "b"] && first.count == 3)
        let second = try #require(try await first.nextPage(on: Self.client(server)))
        #expect(second.items.map(\.name) == ["c"] && second.next == nil)
        var names: [String] = []
        for try await user in User.pages(on: Self.client(server)).items { names.append(user.name) }
        #expect(names == ["a", "b", "c"])
        #expect(server.received.map(\.query) == ["", "page=2", "", "page=2"])
    }

    @Test func offsetsAdvanceByTheItemsReceived() async throws {
        let server = try await TestServer { request in
            let offset = request.query.split(separator: "&").first { $0.hasPrefix("offset=") }.flatMap { Int($0.dropFirst(7)) } ?? 0
            let titles = ["a", "b", "c", "d", "e"].dropFirst(offset).prefix(2)
            let results = titles.enumerated().map { #"{"id": \#(offset + $0.offset), "title": "\#($0.element)"}"# }.joined(separator: ", ")
            return .json(#"{"count": 5, "next": null, "previous": null, "results": [\#(results)]}"#)
        }
        defer { Task { await server.stop() } }
        #expect(try await Self.names(Entry.pages(on: Self.client(server)), \.title) == ["a", "b", "c", "d", "e"])
        #expect(server.received.map(\.query) == ["limit=2", "limit=2&offset=2", "limit=2&offset=4"])
        #expect(server.received.allSatisfy { $0.path == "/v3/entries/" })
    }

    @Test func cursorsAreSentBack() async throws {
        let server = try await TestServer { request in
            switch request.query {
            case "": .json(#"{"data": {"items": [{"id": 1, "kind": "push"}], "next_cursor": "c1=="}}"#)
            case "after=c1%3D%3D": .json(#"{"data": {"items": [{"id": 2, "kind": "pull"}], "next_cursor": null}}"#)
            default: .json("{}", status: 404)
            }
        }
        defer { Task { await server.stop() } }
        #expect(try await Self.names(Event.pages(on: Self.client(server)), \.kind) == ["push", "pull"])
    }

    @Test func linkHeadersLeadToTheNextPage() async throws {
        let server = try await TestServer { request in
            let origin = "http://\(request.headers["host"] ?? "")"
            switch request.query {
            case "per_page=2":
                return .json(
                    #"[{"id": 1, "title": "a"}, {"id": 2, "title": "b"}]"#,
                    headers: [
                        "Link":
                            #"<\#(origin)/v3/repos/o%2Fr/issues?page=2&per_page=2>; rel="next", <\#(origin)/v3/repos/o%2Fr/issues?page=2&per_page=2>; rel="last""#
                    ])
            case "page=2&per_page=2":
                return .json(#"[{"id": 3, "title": "c"}]"#, headers: ["Link": #"<repos/o%2Fr/issues?per_page=2>; rel="first""#])
            default:
                return .json("[]", status: 404)
            }
        }
        defer { Task { await server.stop() } }
        #expect(try await Self.names(Issue.pages(owner: "o/r", on: Self.client(server)), \.title) == ["a", "b", "c"])
        #expect(server.received.map(\.path) == ["/v3/repos/o%2Fr/issues", "/v3/repos/o%2Fr/issues"])
    }

    /// json-server's pages: a bare array, the total in `X-Total-Count`. Every page carries the total, and
    /// the walk stops when it is reached rather than asking for an empty page.
    @Test func totalsFromAHeader() async throws {
        let server = try await TestServer { request in
            let page = request.query.split(separator: "&").first { $0.hasPrefix("_page=") }.flatMap { Int($0.dropFirst(6)) } ?? 1
            let titles = ["a", "b", "c", "d", "e"].dropFirst((page - 1) * 2).prefix(2)
            let items = titles.enumerated().map { #"{"id": \#(page * 10 + $0.offset), "title": "\#($0.element)"}"# }.joined(separator: ", ")
            return .json("[\(items)]", headers: ["X-Total-Count": "5"])
        }
        defer { Task { await server.stop() } }
        var titles: [String] = []
        var counts: [Int?] = []
        for try await page in Post.pages(on: Self.client(server)) {
            titles += page.items.map(\.title)
            counts.append(page.count)
        }
        #expect(titles == ["a", "b", "c", "d", "e"])
        #expect(counts == [5, 5, 5])
        #expect(server.received.map(\.query) == ["_limit=2", "_limit=2&_page=2", "_limit=2&_page=3"], "no request past the total")
    }

    @Test func actionsPageToo() async throws {
        let server = try await TestServer { request in
            switch request.query {
            case "q=x&per_page=2": .json(#"{"total_count": 3, "items": [{"id": 1, "title": "a"}, {"id": 2, "title": "b"}]}"#)
            case "q=x&per_page=2&page=2": .json(#"{"total_count": 3, "items": [{"id": 3, "title": "c"}]}"#)
            default: .json("{}", status: 404)
            }
        }
        defer { Task { await server.stop() } }
        #expect(try await Self.names(Paging.searchPages(q: "x", on: Self.client(server)), \.title) == ["a", "b", "c"])
        #expect(server.received.count == 2, "the total was reached: no third request")
    }

    @Test func aRepeatedNextPageEndsTheWalk() async throws {
        let server = try await TestServer { _ in
            .json(#"{"total": 9, "next": 2, "users": [{"id": 1, "name": "a"}]}"#)
        }
        defer { Task { await server.stop() } }
        #expect(try await Self.names(User.pages(on: Self.client(server)), \.name) == ["a", "a"])
        #expect(server.received.map(\.query) == ["", "page=2"], "page 2 is not requested again")
    }

    @Test func cancellingStopsTheWalk() async throws {
        let server = try await TestServer { request in
            .json(#"{"total": 9, "next": \#(request.query.isEmpty ? 2 : 3), "users": [{"id": 1, "name": "a"}]}"#)
        }
        defer { Task { await server.stop() } }
        let walk = Task {
            var pages = 0
            for try await _ in User.pages(on: Self.client(server)) {
                pages += 1
                withUnsafeCurrentTask { $0?.cancel() }
            }
            return pages
        }
        await #expect(throws: APIError.self) { try await walk.value }
        #expect(server.received.count == 1, "no page is requested after cancellation")
    }
}
