import CrudeRuntime
import FixtureCRUDEFutures
import Foundation
import TestHTTPServer
import Testing

/// CRUDE-Futures' Person/Household flow, generated from Fixtures/crude-futures/spec.yaml and run against a
/// real HTTP server: envelope `data`, namespaces `person`/`people`, snake_case keys with `id_Number`, the
/// update route override sent as PATCH through the verb map, and a header only `read` sends.
@Suite struct CRUDEFuturesTests {
    static let personJSON = """
        {"id_Number": 7, "first_name": "Ada", "last_name": "Lovelace", "favorite_color": "dark_red",
         "birthday": "1815-12-10T00:00:00Z", "completion": 75, "tags": ["math"]}
        """

    static func client(_ server: TestServer) -> APIClient {
        APIClient(configuration: Household.configuration(baseURL: server.origin.appendingPathComponent("api")))
    }

    @Test func createReadUpdateDeleteAndList() async throws {
        let server = try await TestServer { request in
            switch (request.method, request.path) {
            case ("POST", "/api/people"):
                return .json(#"{"data": {"person": \#(Self.personJSON)}}"#, status: 201)
            case ("GET", "/api/people/7"), ("PATCH", "/api/household/people/7"):
                return .json(#"{"data": {"person": \#(Self.personJSON)}}"#)
            case ("GET", "/api/households/3/people"):
                return .json(#"{"data": {"people": [\#(Self.personJSON), \#(Self.personJSON)]}}"#)
            case ("DELETE", "/api/people/7"):
                return .empty()
            default:
                return .json("{}", status: 404)
            }
        }
        defer { Task { await server.stop() } }
        let client = Self.client(server)

        let birthday = try #require(ISO8601DateFormatter().date(from: "1815-12-10T00:00:00Z"))
        let draft = Person(firstName: "Ada", lastName: "Lovelace", birthday: birthday, completion: 0.75, tags: ["math"])
        let created = try await draft.create(on: client)
        #expect(created.id == 7)
        #expect(created.favoriteColor == .darkRed)
        #expect(created.completion == 0.75)
        #expect(draft.id == nil, "values are never mutated in place")

        let createRequest = try #require(server.received.first)
        let sent = try #require(createRequest.jsonObject?["data"] as? [String: Any])
        let person = try #require(sent["person"] as? [String: Any])
        #expect(person["first_name"] as? String == "Ada")
        #expect(person["completion"] as? Double == 75)
        #expect(person["birthday"] as? String == "1815-12-10T00:00:00Z")
        #expect(person["id_Number"] == nil && person["favorite_color"] == nil, "create leaves nil properties out by default")
        #expect(createRequest.headers["accept"] == "application/json")
        #expect(createRequest.headers["content-type"] == "application/json")
        #expect(createRequest.headers["accept-language"] != "fr")

        let read = try await Person.read(id: 7, on: client)
        #expect(read == created)
        #expect(server.received.last?.headers["accept-language"] == "fr", "the header the spec gives `read` arrives")
        #expect(try await read.read(on: client) == read)

        var changed = read
        changed.favoriteColor = nil
        _ = try await changed.update(on: client)
        let update = try #require(server.received.last)
        #expect(update.method == "PATCH")
        #expect(update.path == "/api/household/people/7")
        let updated = try #require((update.jsonObject?["data"] as? [String: Any])?["person"] as? [String: Any])
        #expect(updated["favorite_color"] is NSNull, "update sends nil properties as null by default (nullifiedAttributes)")

        _ = try await changed.update(nils: .omit, on: client)
        let valued = try #require((server.received.last?.jsonObject?["data"] as? [String: Any])?["person"] as? [String: Any])
        #expect(valued.keys.contains("favorite_color") == false, "valuedAttributes leaves nil properties out")

        let people = try await Person.list(householdID: 3, on: client)
        #expect(people.count == 2)
        #expect(server.received.last?.query == "", "no typed parameter set, no query")
        _ = try await Person.list(householdID: 3, search: "Ada L", colors: [.red, .darkRed], minCompletion: 0.5, on: client)
        #expect(server.received.last?.path == "/api/households/3/people")
        #expect(server.received.last?.query == "search=Ada%20L&colors=red%2Cdark_red&min_completion=0.5")
        _ = try await Person.list(householdID: 3, colors: [.blue], query: [URLQueryItem(name: "ordering", value: "-age")], on: client)
        #expect(server.received.last?.query == "ordering=-age&colors=blue", "untyped items first, then the typed parameters set")

        try await read.delete(on: client)
        try await Person.delete(id: 7, on: client)
        #expect(server.received.suffix(2).map(\.method) == ["DELETE", "DELETE"])
    }

    @Test func partialUpdatesSendOnlyWhatTheyChange() async throws {
        let server = try await TestServer { _ in .json(#"{"data": {"person": \#(Self.personJSON)}}"#) }
        defer { Task { await server.stop() } }
        _ = try await Person.update(
            id: 7, .init(lastName: .set("Byron"), favoriteColor: .clear, birthday: .set(Date(timeIntervalSince1970: 0))), on: Self.client(server))
        let request = try #require(server.received.last)
        #expect(request.method == "PATCH")
        let body = String(decoding: request.body, as: UTF8.self)
        #expect(body == #"{"data":{"person":{"birthday":"1970-01-01T00:00:00Z","favorite_color":null,"last_name":"Byron"}}}"#)
    }

    @Test func saveCreatesOrUpdates() async throws {
        let server = try await TestServer { _ in .json(#"{"data": {"person": \#(Self.personJSON)}}"#) }
        defer { Task { await server.stop() } }
        let client = Self.client(server)
        let saved = try await Person(firstName: "Ada", lastName: "L", birthday: Date(), completion: 0, tags: []).save(on: client)
        _ = try await saved.save(on: client)
        #expect(server.received.map(\.method) == ["POST", "PATCH"])
    }

    @Test func readOnlyFieldsAreNeverSent() async throws {
        let household = #"{"data": {"id": 3, "name": "Home", "people": [], "created_at": "2024-01-01T00:00:00Z"}}"#
        let server = try await TestServer { _ in .json(household) }
        defer { Task { await server.stop() } }
        let client = Self.client(server)
        let home = try await HouseholdRecord.read(id: 3, on: client)
        #expect(home.createdAt == Date(timeIntervalSince1970: 1_704_067_200))
        _ = try await home.update(on: client)
        let sent = try #require(server.received.last?.jsonObject?["data"] as? [String: Any])
        #expect(sent["created_at"] == nil)
        #expect(sent["name"] as? String == "Home")
        // Encoding for storage keeps read-only properties, so models round-trip through Codable.
        let stored = try JSONDecoder().decode(HouseholdRecord.self, from: JSONEncoder().encode(home))
        #expect(stored == home)
    }

    @Test func unknownEnumValuesSurvive() throws {
        let json = Self.personJSON.replacingOccurrences(of: "dark_red", with: "ultraviolet")
        let person = try JSONDecoder().decode(Person.self, from: Data(json.utf8))
        #expect(person.favoriteColor == .unknown("ultraviolet"))
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(person)) as? [String: Any]
        #expect(encoded?["favorite_color"] as? String == "ultraviolet")
        #expect(Color.knownCases == [.red, .green, .blue, .darkRed])
    }
}
