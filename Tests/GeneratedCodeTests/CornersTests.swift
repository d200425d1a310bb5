import CrudeRuntime
import FixtureCorners
import Foundation
import TestHTTPServer
import Testing

/// The corners of Fixtures/corners/spec.yaml run against a real HTTP server: ids whose names are no
/// identifiers keep their route parameter, a route parameter named `client` is sent as such, keyword
/// labels reach the body, and a patch clears only optional fields.
@Suite struct CornersTests {
    static func client(_ server: TestServer) -> APIClient {
        APIClient(configuration: Corners.configuration(baseURL: server.origin.appendingPathComponent("v1")))
    }

    static let deviceJSON = #"{"device-id": "a b", "label": "Desk", "nickname": "Old"}"#

    @Test func anIdNamedDeviceIDKeepsItsRouteParameter() async throws {
        let server = try await TestServer { request in
            switch (request.method, request.path) {
            case ("GET", "/v1/devices/a%20b"), ("PATCH", "/v1/devices/a%20b"): .json(Self.deviceJSON)
            case ("DELETE", "/v1/devices/a%20b"): .empty()
            default: .json("{}", status: 404)
            }
        }
        defer { Task { await server.stop() } }
        let client = Self.client(server)
        let device = try await Device.read(deviceID: "a b", on: client)
        #expect(device.deviceID == "a b")
        var patch = Device.Patch()
        patch.label = .set("Shelf")
        patch.nickname = .clear
        _ = try await Device.update(deviceID: "a b", patch, on: client)
        let sent = try #require(server.received.last?.jsonObject)
        #expect(sent["label"] as? String == "Shelf")
        #expect(sent["nickname"] is NSNull, "clearing an optional field sends null")
        #expect(sent.count == 2)
        try await device.delete(on: client)
        #expect(server.received.map(\.method) == ["GET", "PATCH", "DELETE"])
    }

    @Test func aRouteParameterNamedClientIsSentAsSuch() async throws {
        let server = try await TestServer { request in
            request.path.hasPrefix("/v1/clients/3/invoices") ? .json(#"[{"id": 1, "total": 9.5}]"#) : .json("{}", status: 404)
        }
        defer { Task { await server.stop() } }
        let client = Self.client(server)
        let invoices = try await Invoice.list(client: 3, on: client)
        #expect(invoices.map(\.total) == [9.5])
        _ = try await Invoice.search(client: 3, request: "a&b", body: 2, on: client)
        let search = try #require(server.received.last)
        #expect(search.path == "/v1/clients/3/invoices/search")
        #expect(search.query == "request=a%26b&body=2")
    }

    /// `folder` is read-only in a resource that creates values, so an instance create must have it;
    /// `secret` is write-only: sent when set, absent from every response.
    @Test func readOnlyRouteFieldsAreCheckedAndWriteOnlyFieldsAreSentNeverRequired() async throws {
        let server = try await TestServer { request in
            switch (request.method, request.path) {
            case ("POST", "/v1/folders/4/clips"): .json(#"{"id": 8, "folder": 4, "title": "Plan"}"#, status: 201)
            case ("GET", "/v1/folders/4/clips/8"): .json(#"{"id": 8, "folder": 4, "title": "Plan"}"#)
            default: .json("{}", status: 404)
            }
        }
        defer { Task { await server.stop() } }
        let client = Self.client(server)
        var draft = Clip(title: "Plan", secret: "s3")
        await #expect(throws: APIError.self) { try await draft.create(on: client) }
        #expect(server.received.isEmpty, "nothing is sent without the route's folder")
        draft.folder = 4
        let created = try await draft.create(on: client)
        #expect(created.id == 8 && created.secret == nil, "the response has no secret and decodes")
        let sent = try #require(server.received.last?.jsonObject)
        #expect(sent["secret"] as? String == "s3" && sent["folder"] == nil)
        #expect(try await Clip.read(folder: 4, id: 8, on: client).title == "Plan")
    }

    @Test func keywordArgumentsReachTheBody() async throws {
        let server = try await TestServer { _ in .empty() }
        defer { Task { await server.stop() } }
        try await Corners.send(some: "s", class: 1, in: true, `inout`: 2, client: "c", on: Self.client(server))
        let body = try #require(server.received.last?.jsonObject)
        #expect(body["some"] as? String == "s")
        #expect(body["class"] as? Int == 1)
        #expect(body["in"] as? Bool == true)
        #expect(body["inout"] as? Int == 2)
        #expect(body["client"] as? String == "c")
    }

    @Test func queryParametersOfEveryKind() async throws {
        let server = try await TestServer { _ in .empty() }
        defer { Task { await server.stop() } }
        let amount = try #require(Decimal(string: "12.50"))
        try await Corners.find(
            q: "a+b&c=d é", since: Date(timeIntervalSince1970: 1_700_000_000), amount: amount, labels: ["bug", "ui"], ids: [1, 2],
            channels: [.urlSession, .inProgress], on: Self.client(server))
        #expect(
            server.received.last?.query
                == "q=a%2Bb%26c%3Dd%20%C3%A9&since=2023-11-14T22%3A13%3A20Z&amount=12.5&labels=bug%2Cui&ids=1&ids=2&channels=URLSession%2Cin-progress")
        try await Corners.find(
            q: "", since: Date(timeIntervalSince1970: 0), stamp: Date(timeIntervalSince1970: 60), amount: 0, labels: [], ids: [], page: 2,
            on: Self.client(server))
        #expect(
            server.received.last?.query == "q=&since=1970-01-01T00%3A00%3A00Z&stamp=60&amount=0&labels=&page=2",
            "an empty array sends no repeated item and an empty comma list")
    }

    @Test func wholeUpdatesPutAndPartialOnesPatchWithResponsesOnlyNamespaced() async throws {
        let member = #"{"member": {"id": 3, "name": "Ada", "nickname": null, "joined_at": "2024-05-01T12:00:00Z"}}"#
        let server = try await TestServer { request in
            switch (request.method, request.path) {
            case ("POST", "/v1/members/"): .json(member, status: 201)
            case ("PUT", "/v1/members/3/"), ("PATCH", "/v1/members/3/"): .json(member)
            default: .json("{}", status: 404)
            }
        }
        defer { Task { await server.stop() } }
        let client = Self.client(server)
        let created = try await Member(name: "Ada").create(on: client)
        #expect(created.id == 3 && created.joinedAt != nil, "the response is unwrapped from `member`; the server set joinedAt")
        #expect(server.received.last?.jsonObject?["name"] as? String == "Ada", "the request body is not wrapped")
        _ = try await created.update(on: client)
        #expect(server.received.last?.method == "PUT")
        var patch = Member.Patch()
        patch.nickname = .set("A")
        _ = try await Member.update(id: 3, patch, on: client)
        #expect(server.received.last?.method == "PATCH")
        #expect(server.received.last?.jsonObject as? [String: String] == ["nickname": "A"])
    }

    @Test func derivedAndReservedNamesDecode() throws {
        let channels = try JSONDecoder().decode([Channel].self, from: Data(#"["URLSession", "_", "knownCases", "rawValue", "in-progress", "new"]"#.utf8))
        #expect(channels == [.urlSession, .underscore, .knownCases_, .rawValue_, .inProgress, .unknown("new")])
        let note = try JSONDecoder().decode(
            Note.self,
            from: Data(
                #"{"some": "s", "class": 1, "_": "u", "hash_value": 3, "sent_at": "Tue, 01 Jan 2030 00:00:00 GMT", "page": {"title": "Home"}, "count": 4}"#.utf8
            ))
        #expect(note.underscore == "u")
        #expect(note.hashValue_ == 3)
        #expect(note.page == CMSPage(title: "Home"))
        #expect(note.total == 4, "swift_name renames the property and keeps the key")
        #expect(note.sentAt == Date(timeIntervalSince1970: 1_893_456_000))
    }
}
