import CrudeRuntime
import FixtureJSONAPI
import Foundation
import TestTags
import Testing

/// The code generated from `Fixtures/jsonapi` run against a real JSON:API server:
/// djangorestframework-jsonapi from PyPI (`Tests/JSONAPIServer/server.py`), which reads only
/// `application/vnd.api+json` documents, requires the object's `type` and, in a PATCH, its `id`, and
/// answers with resource objects, `included` objects and JSON:API's error objects. Each test keeps its
/// rows apart with an `X-Group` header of its own.
@Suite(.tags(.integration), .skippedWhenQuick) struct JSONAPITests {
    /// A client of the running server whose rows are those of a new group.
    static func client() async throws -> APIClient {
        var configuration = Library.configuration(baseURL: try await PythonTestServer.jsonAPI.origin())
        configuration.headers["X-Group"] = UUID().uuidString
        return APIClient(configuration: configuration)
    }

    /// Attributes and relationships go out in their members and come back as properties: the to-one
    /// author and the to-many reviewers as the related people's ids, the read-only word count computed by
    /// the server.
    @Test func anArticleIsCreatedAndReadAsAResourceObject() async throws {
        let client = try await Self.client()
        let ada = try await Person(name: "Ada", email: "ada@example.com").create(on: client)
        let grace = try await Person(name: "Grace").create(on: client)
        let adaID = try #require(ada.id)
        let graceID = try #require(grace.id)
        #expect(ada.name == "Ada" && ada.email == "ada@example.com" && grace.email == nil)

        let published = Date(timeIntervalSince1970: 1_714_564_800)
        let created = try await Article(
            title: "Engines", body: "The analytical engine weaves", publishedAt: published, author: adaID, reviewers: [graceID, adaID]
        ).create(on: client)
        let id = try #require(created.id)
        // A many-to-many relation has no order of its own: Django sends it in the people's order.
        #expect(created.wordCount == 4 && created.author == adaID && created.reviewers == [adaID, graceID])

        let read = try await Article.read(id: id, on: client)
        #expect(read == created)
        #expect(read.title == "Engines" && read.publishedAt == published)
    }

    /// A whole-value update goes by PATCH with the object's id in the body, as the server requires: a
    /// relationship set to `nil` is emptied (`{"data": null}`), a to-many one replaced.
    @Test func anUpdateEmptiesAndReplacesRelationships() async throws {
        let client = try await Self.client()
        let ada = try #require(try await Person(name: "Ada").create(on: client).id)
        let grace = try #require(try await Person(name: "Grace").create(on: client).id)
        var article = try await Article(title: "Notes", body: "one two", author: ada, reviewers: [ada]).create(on: client)

        article.title = "Notes, revised"
        article.author = nil
        article.reviewers = [grace]
        let updated = try await article.update(on: client)
        #expect(updated.title == "Notes, revised" && updated.author == nil && updated.reviewers == [grace])
        #expect(try await Article.read(id: try #require(article.id), on: client) == updated)
    }

    /// A partial update sends only what the patch sets, with the id the server checks against the URL.
    @Test func aPatchSendsOnlyWhatItSets() async throws {
        let client = try await Self.client()
        let ada = try #require(try await Person(name: "Ada").create(on: client).id)
        let article = try await Article(title: "Draft", body: "a b c", author: ada, reviewers: []).create(on: client)
        let id = try #require(article.id)

        let retitled = try await Article.update(id: id, .init(title: .set("Final")), on: client)
        #expect(retitled.title == "Final" && retitled.body == "a b c" && retitled.author == ada)
        let orphaned = try await Article.update(id: id, .init(author: .clear, reviewers: .set([ada])), on: client)
        #expect(orphaned.title == "Final" && orphaned.author == nil && orphaned.reviewers == [ada])
    }

    /// `included` holds the related objects the request asked for, read as the spec's resources by type.
    @Test func includedObjectsAreReadByType() async throws {
        let client = try await Self.client()
        let ada = try await Person(name: "Ada").create(on: client)
        let grace = try await Person(name: "Grace").create(on: client)
        let adaID = try #require(ada.id)
        let graceID = try #require(grace.id)
        let article = try await Article(title: "Pairs", body: "x", author: adaID, reviewers: [graceID]).create(on: client)

        var operation = Article.readOperation(id: try #require(article.id))
        operation.request.query = [URLQueryItem(name: "include", value: "author,reviewers")]
        let response = try await operation.response(on: client)
        #expect(response.value == article)
        #expect(Set(try response.included(Person.self)) == [ada, grace])
        #expect(try response.included(Article.self).isEmpty)
    }

    /// Pages are `?page[number]=` links under `links.next`, the total under `meta.pagination.count`.
    @Test func everyPageIsWalkedByItsNextLink() async throws {
        let client = try await Self.client()
        for name in ["A", "B", "C", "D", "E"] { _ = try await Person(name: name).create(on: client) }
        let first = try await Person.list(on: client)
        #expect(first.items.map(\.name) == ["A", "B"] && first.count == 5)
        var walked: [[String]] = []
        for try await page in Person.pages(on: client) { walked.append(page.items.map(\.name)) }
        #expect(walked == [["A", "B"], ["C", "D"], ["E"]])
    }

    /// JSON:API's error objects become field errors named by their pointer's member, and a missing object's
    /// error is the server's message.
    @Test func errorObjectsNameTheirMembers() async throws {
        let client = try await Self.client()
        let invalid = Article(title: String(repeating: "t", count: 201), body: "", reviewers: [])
        let error = await #expect(throws: APIError.self) { try await invalid.create(on: client) }
        guard case let .validation(status, errors, _)? = error else {
            Issue.record("expected a validation error, got \(String(describing: error))")
            return
        }
        #expect(status.code == 400)
        #expect(errors.keys.sorted() == ["body", "title"])
        #expect(errors["title"]?.first?.contains("200 characters") == true)

        let missing = await #expect(throws: APIError.self) { try await Article.read(id: "999999", on: client) }
        #expect(missing?.status == .notFound && missing?.serverMessage?.contains("No Article matches") == true)
    }
}
