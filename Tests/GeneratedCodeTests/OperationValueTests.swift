import CrudeRuntime
import FixtureCRUDEFutures
import FixturePaging
import Foundation
import TestHTTPServer
import Testing

/// Operations as values, through generated builders: a request built without being sent gives its URL
/// (ApiModel's `apiUrlForRoute`), its value with the exchange (iService's result parts) or success only
/// (CRUDE-Futures' `Okay`).
@Suite struct OperationValueTests {
    static let personBody = #"{"data": {"person": \#(CRUDEFuturesTests.personJSON)}}"#

    @Test func anOperationIsAValueUntilSent() async throws {
        let server = try await TestServer { _ in .json(Self.personBody, headers: ["X-Request-Id": "r1"]) }
        defer { Task { await server.stop() } }
        let client = APIClient(configuration: Household.configuration(baseURL: server.origin.appendingPathComponent("api")))
        let read = Person.readOperation(id: 7)
        #expect(try read.url(on: client).absoluteString == "\(server.origin.absoluteString)/api/people/7")
        #expect(server.received.isEmpty, "building and asking for the URL sends nothing")

        #expect(try await read.send(on: client).id == 7)
        let result = try await read.response(on: client)
        #expect(result.value.firstName == "Ada")
        #expect(result.request.method == .get && result.request.path == "/api/people/7")
        #expect(result.request.headerFields[.init("Accept-Language")!] == "fr", "the spec's per-operation header")
        #expect(result.response.status == .ok && result.response.headerFields[.init("X-Request-Id")!] == "r1")
        #expect(String(decoding: result.body, as: UTF8.self) == Self.personBody)

        server.respond { _ in .json("not json at all", status: 201) }
        try await result.value.createOperation().succeed(on: client)
        #expect(server.received.count == 3, "succeed ignores the body, as CRUDE-Futures' createOnServerOkay")
        #expect(server.received.last?.method == "POST" && server.received.last?.path == "/api/people")
    }

    @Test func aBodyIsEncodedByTheClientThatSendsIt() async throws {
        let server = try await TestServer { _ in .json(Self.personBody) }
        defer { Task { await server.stop() } }
        let ada = try await Person.read(id: 7, on: APIClient(configuration: Household.configuration(baseURL: server.origin)))
        var patch = Person.Patch()
        patch.lastName = .set("Byron")
        let update = Person.updateOperation(id: 7, patch)
        #expect(update.request.method == .patch && update.request.path.encoded == "household/people/7")

        var unwrapped = Household.configuration(baseURL: server.origin)
        unwrapped.envelope = []
        _ = try await update.send(on: APIClient(configuration: Household.configuration(baseURL: server.origin)))
        _ = try? await update.send(on: APIClient(configuration: unwrapped))
        let bodies = server.received.dropFirst().map { String(decoding: $0.body, as: UTF8.self) }
        #expect(bodies == [#"{"data":{"person":{"last_name":"Byron"}}}"#, #"{"person":{"last_name":"Byron"}}"#])

        // An instance builder needs the id it routes by.
        var unsaved = ada
        unsaved.id = nil
        do {
            _ = try unsaved.updateOperation()
            Issue.record("a value without an id has no update request")
        } catch {
            guard case .missingValue("id") = error else { throw error }
        }
    }

    /// `nils` and `query` are left out through overloads, not default arguments (docs/spec.md): each
    /// overload must send what the full call sends with the documented value, and not the other value.
    @Test func leavingOutAnArgumentSendsItsDocumentedValue() async throws {
        let server = try await TestServer { _ in .json(Self.personBody) }
        defer { Task { await server.stop() } }
        let client = APIClient(configuration: Household.configuration(baseURL: server.origin))
        var ada = try await Person.read(id: 7, on: client)
        ada.favoriteColor = nil
        func body(_ send: () async throws -> Person) async throws -> String {
            _ = try await send()
            return String(decoding: try #require(server.received.last).body, as: UTF8.self)
        }
        let created = try await body { try await ada.create(on: client) }
        #expect(try await body { try await ada.create(nils: .omit, on: client) } == created)
        #expect(try await body { try await ada.createOperation().send(on: client) } == created)
        #expect(try await body { try await ada.create(nils: .null, on: client) } != created)
        #expect(!created.contains("favorite_color"))

        let updated = try await body { try await ada.update(on: client) }
        #expect(try await body { try await ada.update(nils: .null, on: client) } == updated)
        #expect(try await body { try await ada.updateOperation().send(on: client) } == updated)
        #expect(try await body { try await ada.update(nils: .omit, on: client) } != updated)
        #expect(updated.contains(#""favorite_color":null"#))

        let paging = APIClient(configuration: Paging.configuration(baseURL: server.origin))
        #expect(try Entry.listOperation().url(on: paging) == Entry.listOperation(query: []).url(on: paging))
        #expect(try Entry.listOperation().url(on: paging).query == "limit=2")
    }

    @Test func aPagedOperationIsItsFirstPage() async throws {
        let server = try await TestServer { request in
            request.query.contains("offset=2")
                ? .json(#"{"count": 3, "next": null, "previous": null, "results": [{"id": 3, "title": "c"}]}"#)
                : .json(#"{"count": 3, "next": null, "previous": null, "results": [{"id": 1, "title": "a"}, {"id": 2, "title": "b"}]}"#)
        }
        defer { Task { await server.stop() } }
        let client = APIClient(configuration: Paging.configuration(baseURL: server.origin))
        let list = Entry.listOperation(query: [URLQueryItem(name: "q", value: "x")])
        #expect(try list.url(on: client).query == "q=x&limit=2", "the spec's page size is part of the request")
        let first = try await list.send(on: client)
        #expect(first.items.map(\.title) == ["a", "b"] && first.next != nil)
        var titles: [String] = []
        for try await entry in list.pages(on: client).items { titles.append(entry.title) }
        #expect(titles == ["a", "b", "c"])
    }
}
