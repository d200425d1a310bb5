#if CrudeServe
import CrudeRuntime
import CrudeServe
import Foundation
import Testing

/// Valid specs served as they mean it: routes matched most specific first, views of one collection over
/// one set of rows, nested routes under parents that exist, the query's `limit` and `offset`, dates as
/// pydantic writes them, and every field of a value in each answer.
@Suite struct FaithfulServingTests {
    /// A server of the spec `yaml` on a free port, with `seed`.
    static func start(_ yaml: String, seed: Seed = Seed()) async throws -> (SpecServer, URL) {
        let server = try SpecServer(spec: Data(yaml.utf8), file: "spec.yaml", seed: seed)
        return (server, try await server.start())
    }

    /// A JSON body.
    static func body(_ json: String) -> Data { Data(json.utf8) }

    @Test func anActionBesideAMemberRouteIsAnsweredByTheAction() async throws {
        let (server, base) = try await Self.start(
            """
            api: { name: Social }
            resources:
              Person:
                path: people
                fields: { name: String }
                actions:
                  everyone: { path: people/all, returns: "[Person]" }
                  search: { path: "people/search", query: { q: String }, returns: "[Person]" }
            """,
            seed: Seed(
                ["Person": [.object(["name": .string("Ada")])]],
                actions: ["Person.everyone": .array([.object(["id": .number(1), "name": .string("Ada")])]), "Person.search": .array([])]))
        defer { Task { await server.stop() } }
        let all = try await ServeSupport.send("GET", base.appendingPathComponent("people/all"))
        #expect(all.status == 200)
        #expect(try ServeSupport.json(all.body) == .array([.object(["id": .number(1), "name": .string("Ada")])]))
        #expect(try await ServeSupport.send("GET", base.appendingPathComponent("people/search")).status == 200)
        // The member route still answers every other segment.
        #expect(try await ServeSupport.send("GET", base.appendingPathComponent("people/1")).status == 200)
    }

    @Test func anOptionsActionAnswersAndPreflightsStillDo() async throws {
        let (server, base) = try await Self.start(
            """
            api: { name: Meta }
            actions:
              describe: { path: meta, method: OPTIONS, returns: { version: String } }
            """,
            seed: Seed(actions: ["describe": .object(["version": .string("2")])]))
        defer { Task { await server.stop() } }
        let described = try await ServeSupport.send("OPTIONS", base.appendingPathComponent("meta"))
        #expect(described.status == 200)
        #expect(try ServeSupport.json(described.body) == .object(["version": .string("2")]))
        let preflight = try await ServeSupport.send(
            "OPTIONS", base.appendingPathComponent("meta"), headers: ["Origin": "http://localhost:3000", "Access-Control-Request-Method": "OPTIONS"])
        #expect(preflight.status == 204)
        #expect(preflight.headers["Access-Control-Allow-Methods"] as? String == "OPTIONS")
    }

    /// An action returning a file answers its seed string's bytes (any other seed value's JSON text) as
    /// `application/octet-stream`, without the envelope, which the runtime's download reads; without a seed
    /// answer it is 501, as every action.
    @Test func anActionReturningAFileAnswersItsSeedBytes() async throws {
        let spec = """
            api: { name: Reports, envelope: data }
            actions:
              export: { path: "reports/{id}/export", params: { id: Int }, returns: File }
              archive: { path: archive, returns: File }
              missing: { path: missing, returns: File }
            """
        let (server, base) = try await Self.start(spec, seed: Seed(actions: ["export": .string("a,b\n1,2\n"), "archive": .array([.bool(true)])]))
        defer { Task { await server.stop() } }
        let client = APIClient(configuration: ClientConfiguration(baseURL: base))
        let export = try await APIOperation<Download>(
            request: OperationRequest(resource: "Reports", operation: "export", method: .get, path: "reports/7/export")
        ).send(on: client)
        #expect(export == Download(data: Data("a,b\n1,2\n".utf8), contentType: "application/octet-stream", fileName: nil))
        let archive = try await ServeSupport.send("GET", base.appendingPathComponent("archive"))
        #expect(archive.status == 200 && archive.body == Data("[true]".utf8))
        #expect(try await ServeSupport.send("GET", base.appendingPathComponent("missing")).status == 501)
    }

    @Test func viewsOfOneCollectionShareItsRowsAndEachPagesItsOwnWay() async throws {
        let (server, base) = try await Self.start(
            """
            api: { name: Blog }
            resources:
              Post:
                path: posts
                fields: { title: String }
              PagedPost:
                path: posts
                operations: [list]
                pagination: { style: page, items: results, parameter: page, size: 2, size_parameter: per_page }
                fields: { title: String, views: Int? }
            """)
        defer { Task { await server.stop() } }
        for title in ["a", "b", "c"] {
            #expect(try await ServeSupport.send("POST", base.appendingPathComponent("posts"), body: Self.body(#"{"title": "\#(title)"}"#)).status == 201)
        }
        #expect(try await server.records(of: "PagedPost").count == 3)
        let unpaged = try ServeSupport.json(try await ServeSupport.send("GET", base.appendingPathComponent("posts")).body)
        #expect(
            unpaged
                == .array([
                    .object(["id": .number(1), "title": .string("a")]), .object(["id": .number(2), "title": .string("b")]),
                    .object(["id": .number(3), "title": .string("c")]),
                ]))
        // The paged view's client sends its page size on every request, and its page parameter after the first.
        let first = try ServeSupport.json(try await ServeSupport.send("GET", URL(string: "posts?per_page=2", relativeTo: base)!).body)
        #expect(
            first["results"]
                == .array([
                    .object(["id": .number(1), "title": .string("a"), "views": .null]), .object(["id": .number(2), "title": .string("b"), "views": .null]),
                ]))
        let second = try ServeSupport.json(try await ServeSupport.send("GET", URL(string: "posts?per_page=2&page=2", relativeTo: base)!).body)
        #expect(second["results"] == .array([.object(["id": .number(3), "title": .string("c"), "views": .null])]))
    }

    @Test func nestedRoutesUnderAParentThatDoesNotExistAre404() async throws {
        let (server, base) = try await Self.start(
            """
            api: { name: Library }
            resources:
              Author:
                path: authors
                fields: { name: String }
              Book:
                path: "authors/{authorId}/books"
                fields: { authorId: Int, title: String }
            """)
        defer { Task { await server.stop() } }
        let orphan = try await ServeSupport.send("POST", base.appendingPathComponent("authors/99/books"), body: Self.body(#"{"title": "Lost"}"#))
        #expect(orphan.status == 404)
        #expect(String(decoding: orphan.body, as: UTF8.self).contains("Author"))
        #expect(try await ServeSupport.send("GET", base.appendingPathComponent("authors/99/books")).status == 404)
        #expect(try await server.records(of: "Book").isEmpty)
        #expect(try await ServeSupport.send("POST", base.appendingPathComponent("authors"), body: Self.body(#"{"name": "Ada"}"#)).status == 201)
        #expect(try await ServeSupport.send("POST", base.appendingPathComponent("authors/1/books"), body: Self.body(#"{"title": "Notes"}"#)).status == 201)
        let books = try ServeSupport.json(try await ServeSupport.send("GET", base.appendingPathComponent("authors/1/books")).body)
        #expect(books == .array([.object(["id": .number(1), "authorId": .number(1), "title": .string("Notes")])]))
    }

    @Test(arguments: ["offset", "skip"])
    func aListsLimitAndOffsetQueryParametersAreApplied(offsetName: String) async throws {
        let heroes = (1...30).map { JSONValue.object(["name": .string("hero \($0)")]) }
        let (server, base) = try await Self.start(
            """
            api: { name: Heroes }
            resources:
              Hero:
                path: heroes
                query: { \(offsetName): Int?, limit: Int? }
                fields: { name: String }
            """,
            seed: Seed(["Hero": heroes]))
        defer { Task { await server.stop() } }
        let page = try ServeSupport.json(try await ServeSupport.send("GET", URL(string: "heroes?\(offsetName)=5&limit=3", relativeTo: base)!).body)
        #expect(page == .array((6...8).map { .object(["id": .number(Double($0)), "name": .string("hero \($0)")]) }))
        let all = try ServeSupport.json(try await ServeSupport.send("GET", base.appendingPathComponent("heroes")).body)
        guard case let .array(items) = all else {
            Issue.record("not a list: \(all)")
            return
        }
        #expect(items.count == 30)
    }

    @Test func dateTimesWithoutAZoneAreReadAsUTCAndLeftOutOptionalFieldsAreNull() async throws {
        let (server, base) = try await Self.start(
            """
            api: { name: Events }
            resources:
              Event:
                path: events
                fields: { at: { type: Date, transform: iso8601 }, note: String? }
            """)
        defer { Task { await server.stop() } }
        let created = try await ServeSupport.send("POST", base.appendingPathComponent("events"), body: Self.body(#"{"at": "2026-11-26T04:10:00.123456"}"#))
        #expect(created.status == 201, "\(String(decoding: created.body, as: UTF8.self))")
        #expect(try ServeSupport.json(created.body) == .object(["id": .number(1), "at": .string("2026-11-26T04:10:00.123456"), "note": .null]))
    }

    @Test func aFullUpdateWithoutAWriteOnlyFieldKeepsIt() async throws {
        let (server, base) = try await Self.start(
            """
            api: { name: Accounts }
            resources:
              User:
                path: users
                fields: { email: String, password: { type: String, write_only: true }, nickname: String? }
            """)
        defer { Task { await server.stop() } }
        let created = try await ServeSupport.send(
            "POST", base.appendingPathComponent("users"), body: Self.body(#"{"email": "a@b.c", "password": "secret", "nickname": "ada"}"#))
        #expect(created.status == 201)
        // What a read returned, changed and sent back whole: the password was never read, so it is not sent.
        let updated = try await ServeSupport.send("PUT", base.appendingPathComponent("users/1"), body: Self.body(#"{"email": "new@b.c"}"#))
        #expect(try ServeSupport.json(updated.body) == .object(["id": .number(1), "email": .string("new@b.c"), "nickname": .null]))
        #expect(try await server.records(of: "User") == [.object(["id": .number(1), "email": .string("new@b.c"), "password": .string("secret")])])
    }

    /// A `required` optional field's key must be in a whole body, and may be `null`, as FastAPI's
    /// `str | None` without a default.
    @Test func aRequiredOptionalFieldMustBeSentAndMayBeNull() async throws {
        let (server, base) = try await Self.start(
            """
            api: { name: Cloud }
            resources:
              Droplet:
                path: droplets
                fields: { name: String, vpc: { type: String?, required: true } }
            """)
        defer { Task { await server.stop() } }
        let missing = try await ServeSupport.send("POST", base.appendingPathComponent("droplets"), body: Self.body(#"{"name": "web"}"#))
        #expect(missing.status == 400, "\(String(decoding: missing.body, as: UTF8.self))")
        #expect(String(decoding: missing.body, as: UTF8.self).contains("This field is required."))
        let null = try await ServeSupport.send("POST", base.appendingPathComponent("droplets"), body: Self.body(#"{"name": "web", "vpc": null}"#))
        #expect(try ServeSupport.json(null.body) == .object(["id": .number(1), "name": .string("web"), "vpc": .null]))
    }

    @Test func aUnionValueIsTheVariantItsTagNamesOrOneOfTheVariants() async throws {
        let (server, base) = try await Self.start(
            """
            api: { name: Phones }
            models:
              Email: { fields: { address: String } }
              Phone: { fields: { number: Int } }
            unions:
              Contact: { discriminator: type, variants: { email: Email, phone: Phone } }
              Label: [Int, String]
            resources:
              Person:
                path: people
                fields: { contact: Contact, label: Label? }
            """)
        defer { Task { await server.stop() } }
        let people = base.appendingPathComponent("people")
        let created = try await ServeSupport.send("POST", people, body: Self.body(#"{"contact": {"type": "phone", "number": 1}, "label": "x"}"#))
        #expect(
            try ServeSupport.json(created.body)
                == .object(["id": .number(1), "contact": .object(["type": .string("phone"), "number": .number(1)]), "label": .string("x")]))
        let wrongTag = try await ServeSupport.send("POST", people, body: Self.body(#"{"contact": {"type": "fax", "number": 1}}"#))
        #expect(wrongTag.status == 400)
        #expect(String(decoding: wrongTag.body, as: UTF8.self).contains(#"\"fax\" is not a valid choice; use one of email, phone."#))
        let wrongVariant = try await ServeSupport.send("POST", people, body: Self.body(#"{"contact": {"type": "email", "number": 1}}"#))
        #expect(wrongVariant.status == 400 && String(decoding: wrongVariant.body, as: UTF8.self).contains("contact.address"))
        let noneOf = try await ServeSupport.send("POST", people, body: Self.body(#"{"contact": {"type": "email", "address": "a"}, "label": true}"#))
        #expect(
            noneOf.status == 400 && String(decoding: noneOf.body, as: UTF8.self).contains("The value is none of the types this field takes (received true)."))
    }

    @Test func pagesAndOffsetsPastAnyListAreEmptyAndTheServerStaysUp() async throws {
        let server = try SpecServer(specAt: ServeSupport.fixture("paging"))
        let base = try await server.start()
        defer { Task { await server.stop() } }
        for path in ["users?page=4182946609137206784", "entries/?offset=9223372036854775807", "posts?_page=9223372036854775807&_limit=1000"] {
            let answer = try await ServeSupport.send("GET", URL(string: path, relativeTo: base)!)
            #expect(answer.status == 200, "\(path): \(String(decoding: answer.body, as: UTF8.self))")
        }
        #expect(try await ServeSupport.send("GET", base.appendingPathComponent("users")).status == 200)
    }

    @Test func nestedValuesAndScalarsAreStoredAsTheClientReadsThem() async throws {
        let (server, base) = try await Self.start(
            """
            api: { name: Shop }
            models:
              Stamp:
                fields: { at: { type: Date, read_only: true }, note: String }
            resources:
              Item:
                path: items
                id: { name: slug, type: String }
                fields:
                  stamp: Stamp
                  extra: { type: JSON, read_only: true }
                  views: { type: Int, transform: lenient }
                  ref: { type: String, transform: string_id }
                  seen: { type: "Date?", transform: iso8601 }
            """)
        defer { Task { await server.stop() } }
        func create(_ json: String) async throws -> (status: Int, body: JSONValue?) {
            let answer = try await ServeSupport.send("POST", base.appendingPathComponent("items"), body: Self.body(json))
            return (answer.status, try? ServeSupport.json(answer.body))
        }
        let created = try await create(#"{"slug": "a", "stamp": {"note": "n", "junk": 1}, "views": "42", "ref": 7}"#)
        #expect(created.status == 201)
        // The nested read-only date is set by the server and the unknown key left out; the read-only JSON is null.
        guard case let .object(stamp)? = created.body?["stamp"] else {
            Issue.record("no stamp: \(String(describing: created.body))")
            return
        }
        #expect(Set(stamp.keys) == ["at", "note"])
        #expect(created.body?["extra"] == .null)
        for (body, field) in [
            (#"{"slug": "b", "stamp": {"note": "n"}, "views": {}, "ref": "r"}"#, "views"),
            (#"{"slug": "b", "stamp": {"note": "n"}, "views": 1, "ref": [1]}"#, "ref"),
            (#"{"slug": "b", "stamp": {"note": "n"}, "views": "many", "ref": "r"}"#, "views"),
            (#"{"slug": "b", "stamp": {"note": "n"}, "views": 1, "ref": "r", "seen": "2024-01-01T12:99:00Z"}"#, "seen"),
            (#"{"slug": "", "stamp": {"note": "n"}, "views": 1, "ref": "r"}"#, "slug"),
        ] {
            let refused = try await create(body)
            #expect(refused.status == 400 && refused.body?["errors"]?[field] != nil, "\(body) → \(refused.status) \(String(describing: refused.body))")
        }
    }

    @Test func aPercentEscapeMatchesInEitherCase() async throws {
        let (server, base) = try await Self.start(
            """
            api: { name: Escapes }
            actions:
              discount: { path: "per%cent", returns: none }
            """,
            seed: Seed(actions: ["discount": .null]))
        defer { Task { await server.stop() } }
        #expect(try await ServeSupport.send("GET", URL(string: "per%cent", relativeTo: base)!).status == 204)
        #expect(try await ServeSupport.send("GET", URL(string: "per%CEnt", relativeTo: base)!).status == 204)
    }

    @Test func djangoPagesSayTheirPreviousPage() async throws {
        let (server, base) = try await Self.start(
            """
            api: { name: Shop }
            resources:
              Item:
                path: items
                pagination: { size: 1 }
                fields: { name: String }
            """,
            seed: Seed(["Item": [.object(["name": .string("a")]), .object(["name": .string("b")])]]))
        defer { Task { await server.stop() } }
        let first = try ServeSupport.json(try await ServeSupport.send("GET", base.appendingPathComponent("items")).body)
        #expect(first["previous"] == .null)
        guard case let .string(next)? = first["next"], let nextURL = URL(string: next) else {
            Issue.record("no next page: \(first)")
            return
        }
        let second = try ServeSupport.json(try await ServeSupport.send("GET", nextURL).body)
        guard case let .string(previous)? = second["previous"] else {
            Issue.record("no previous page: \(second)")
            return
        }
        #expect(URLComponents(string: previous)?.queryItems?.first { $0.name == "page" }?.value == "1")
    }
}
#endif
