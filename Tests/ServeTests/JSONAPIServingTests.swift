#if CrudeServe
import CrudeRuntime
import CrudeServe
import Foundation
import Testing

/// Fixtures/jsonapi served as a JSON:API server answers (issue 40): every value a resource object under
/// `data`, request bodies read back from resource objects, a body of another type or of another id refused
/// with 409, validation naming the member (`attributes.title`), and `application/vnd.api+json` both ways.
@Suite struct JSONAPIServingTests {
    /// The JSON:API media type.
    static let mediaType = "application/vnd.api+json"

    /// Fixtures/jsonapi served on a free port with `articles` (flat, as seeds are written) and two people.
    static func start(articles: [JSONValue] = []) async throws -> (SpecServer, URL) {
        let people: [JSONValue] = [
            .object(["id": .string("3"), "name": .string("Grace")]),
            .object(["id": .string("9"), "name": .string("Ada"), "email": .string("ada@example.com")]),
        ]
        let server = try SpecServer(specAt: ServeSupport.fixture("jsonapi"), seed: Seed(["Person": people, "Article": articles]))
        return (server, try await server.start())
    }

    /// A seeded article: id 1, by person 9, reviewed by person 3.
    static let seededArticle: JSONValue = .object([
        "id": .string("1"), "title": .string("Notes"), "body": .string("On the engine."), "author": .string("9"),
        "reviewers": .array([.string("3")]),
    ])

    /// Sends `json` as a JSON:API document.
    static func send(_ method: String, _ url: URL, _ json: String) async throws -> (status: Int, headers: [AnyHashable: Any], body: Data) {
        try await ServeSupport.send(method, url, body: Data(json.utf8), contentType: mediaType, headers: ["Accept": mediaType])
    }

    /// The JSON of `text`, to compare bodies with.
    static func json(_ text: String) throws -> JSONValue {
        try ServeSupport.json(Data(text.utf8))
    }

    /// The value of a response's header field, whatever the case of its name.
    static func header(_ name: String, of headers: [AnyHashable: Any]) -> String? {
        headers.first { ($0.key as? String)?.lowercased() == name.lowercased() }?.value as? String
    }

    /// The first error object of a JSON:API error document.
    static func firstError(_ body: Data) throws -> JSONValue? {
        guard case let .array(errors)? = try ServeSupport.json(body)["errors"] else { return nil }
        return errors.first
    }

    @Test func aCreatedArticleReadsBackAsAResourceObject() async throws {
        let (server, base) = try await Self.start()
        defer { Task { await server.stop() } }
        let created = try await Self.send(
            "POST", base.appendingPathComponent("articles/"),
            """
            {"data": {"type": "articles",
                      "attributes": {"title": "Notes", "body": "On the engine.", "published_at": "2026-11-26T09:30:00Z"},
                      "relationships": {"author": {"data": {"type": "people", "id": "9"}},
                                        "reviewers": {"data": [{"type": "people", "id": "3"}, {"type": "people", "id": "9"}]}}}}
            """)
        #expect(created.status == 201)
        #expect(Self.header("Content-Type", of: created.headers) == Self.mediaType)
        let expected = try Self.json(
            """
            {"data": {"type": "articles", "id": "1",
                      "attributes": {"title": "Notes", "body": "On the engine.", "published_at": "2026-11-26T09:30:00Z", "word_count": null},
                      "relationships": {"author": {"data": {"type": "people", "id": "9"}},
                                        "reviewers": {"data": [{"type": "people", "id": "3"}, {"type": "people", "id": "9"}]}}}}
            """)
        #expect(try ServeSupport.json(created.body) == expected)
        let read = try await ServeSupport.send("GET", base.appendingPathComponent("articles/1/"), headers: ["Accept": Self.mediaType])
        #expect(read.status == 200)
        #expect(Self.header("Content-Type", of: read.headers) == Self.mediaType)
        #expect(try ServeSupport.json(read.body) == expected)
        // Stored as the flat value the seed writes.
        let stored = try await server.records(of: "Article")
        #expect(stored.first?["author"] == .string("9"))
        #expect(stored.first?["reviewers"] == .array([.string("3"), .string("9")]))
        #expect(stored.first?["title"] == .string("Notes"))
    }

    @Test func aPatchSetsEmptiesAndReplacesRelationships() async throws {
        let (server, base) = try await Self.start(articles: [Self.seededArticle])
        defer { Task { await server.stop() } }
        let url = base.appendingPathComponent("articles/1/")
        let set = try await Self.send(
            "PATCH", url, #"{"data": {"type": "articles", "id": "1", "relationships": {"author": {"data": {"type": "people", "id": "3"}}}}}"#)
        #expect(set.status == 200)
        #expect(Self.header("Content-Type", of: set.headers) == Self.mediaType)
        #expect(
            try ServeSupport.json(set.body)["data"]?["relationships"]
                == Self.json(
                    #"{"author": {"data": {"type": "people", "id": "3"}}, "reviewers": {"data": [{"type": "people", "id": "3"}]}}"#))

        let emptied = try await Self.send("PATCH", url, #"{"data": {"type": "articles", "id": "1", "relationships": {"author": {"data": null}}}}"#)
        #expect(emptied.status == 200)
        #expect(try ServeSupport.json(emptied.body)["data"]?["relationships"]?["author"] == Self.json(#"{"data": null}"#))
        #expect(try await server.records(of: "Article").first?["author"] == .null)

        let replaced = try await Self.send(
            "PATCH", url,
            #"{"data": {"type": "articles", "id": "1", "relationships": {"reviewers": {"data": [{"type": "people", "id": "9"}]}}}}"#)
        #expect(replaced.status == 200)
        #expect(
            try ServeSupport.json(replaced.body)
                == Self.json(
                    """
                    {"data": {"type": "articles", "id": "1",
                              "attributes": {"title": "Notes", "body": "On the engine.", "published_at": null, "word_count": null},
                              "relationships": {"author": {"data": null}, "reviewers": {"data": [{"type": "people", "id": "9"}]}}}}
                    """))
        #expect(try await server.records(of: "Article").first?["reviewers"] == .array([.string("9")]))
    }

    @Test func aBodyOfAnotherTypeIsAConflict() async throws {
        let (server, base) = try await Self.start(articles: [Self.seededArticle])
        defer { Task { await server.stop() } }
        let created = try await Self.send(
            "POST", base.appendingPathComponent("articles/"),
            #"{"data": {"type": "people", "attributes": {"title": "Notes", "body": "B"}, "relationships": {"reviewers": {"data": []}}}}"#)
        #expect(created.status == 409)
        #expect(Self.header("Content-Type", of: created.headers) == Self.mediaType)
        let error = try #require(try Self.firstError(created.body))
        #expect(error["status"] == .string("409"))
        #expect(error["source"] == .object(["pointer": .string("/data/type")]))
        #expect(try await server.records(of: "Article").count == 1)
        let patched = try await Self.send("PATCH", base.appendingPathComponent("articles/1/"), #"{"data": {"type": "people", "id": "1"}}"#)
        #expect(patched.status == 409)
    }

    @Test func aPatchOfAnotherIDIsAConflict() async throws {
        let (server, base) = try await Self.start(articles: [Self.seededArticle])
        defer { Task { await server.stop() } }
        let patched = try await Self.send(
            "PATCH", base.appendingPathComponent("articles/1/"), #"{"data": {"type": "articles", "id": "2", "attributes": {"title": "Other"}}}"#)
        #expect(patched.status == 409)
        let error = try #require(try Self.firstError(patched.body))
        #expect(error["status"] == .string("409"))
        #expect(error["source"] == .object(["pointer": .string("/data/id")]))
        #expect(try await server.records(of: "Article").first?["title"] == .string("Notes"))
    }

    @Test func aMissingAttributeIsNamedByItsMember() async throws {
        let (server, base) = try await Self.start()
        defer { Task { await server.stop() } }
        let created = try await Self.send(
            "POST", base.appendingPathComponent("articles/"),
            #"{"data": {"type": "articles", "attributes": {"body": "B"}, "relationships": {"reviewers": {"data": []}}}}"#)
        #expect(created.status == 400)
        #expect(try ServeSupport.json(created.body) == Self.json(#"{"errors": {"attributes.title": ["This field is required."]}}"#))
        #expect(try await server.records(of: "Article").isEmpty)
    }

    @Test func aListIsAnArrayOfResourceObjectsWithLinksAndMeta() async throws {
        let (server, base) = try await Self.start()
        defer { Task { await server.stop() } }
        let listed = try await ServeSupport.send("GET", base.appendingPathComponent("people/"), headers: ["Accept": Self.mediaType])
        #expect(listed.status == 200)
        #expect(Self.header("Content-Type", of: listed.headers) == Self.mediaType)
        let body = try ServeSupport.json(listed.body)
        #expect(
            try body["data"]
                == Self.json(
                    """
                    [{"type": "people", "id": "3", "attributes": {"name": "Grace", "email": null}},
                     {"type": "people", "id": "9", "attributes": {"name": "Ada", "email": "ada@example.com"}}]
                    """))
        #expect(body["links"]?["next"] == .null)
        #expect(body["meta"]?["pagination"]?["count"] == .number(2))
    }
}
#endif
