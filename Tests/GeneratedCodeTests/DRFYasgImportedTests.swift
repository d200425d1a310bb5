import CrudeRuntime
import FixtureDRFYasgImported
import Foundation
import TestTags
import Testing

/// The code generated from the Swagger 2.0 schema drf-yasg writes for the Django REST Framework server
/// (`Fixtures/drf-yasg-imported`, imported unchanged by `crudegen import`, which converts it to OpenAPI 3.0;
/// `SwaggerImportTests` keeps it current), run against that server: a CRUD round trip behind each of DRF's
/// paginators, nested books, a resource looked up by slug and the multipart cover upload, each in a group
/// or under an author of its own.
@Suite(.tags(.integration), .skippedWhenQuick) struct DRFYasgImportedTests {
    static let titles = ["a", "b", "c", "d", "e"]

    /// drf-yasg writes the paths' common `/api` as `basePath`, the server the document's paths are relative to.
    static func client(_ transport: TestTransport) async throws -> APIClient {
        let server = try await PythonTestServer.drf.origin().appendingPathComponent("api")
        return APIClient(configuration: DRFYasgItems.configuration(baseURL: server), transport: transport.make())
    }

    /// PageNumberPagination, from drf-yasg's page schema written in place: create, read, update, partial
    /// update, every page, delete.
    @Test(arguments: TestTransport.allCases) func pageNumberResourceRoundTrip(_ transport: TestTransport) async throws {
        let client = try await Self.client(transport)
        let group = UUID().uuidString
        var created: [PageItem] = []
        for title in Self.titles { created.append(try await PageItem(group: group, title: title).create(on: client)) }
        let id = try #require(created[0].id)
        #expect(try await PageItem.read(id: id, on: client) == created[0])
        var changed = created[0]
        changed.title = "A"
        #expect(try await changed.update(on: client).title == "A")
        var patch = PageItem.Patch()
        patch.title = .set("á")
        let patched = try await PageItem.update(id: id, patch, on: client)
        #expect(patched.title == "á" && patched.group == group)
        let query = [URLQueryItem(name: "group", value: group)]
        let first = try await PageItem.list(query: query, on: client)
        #expect(first.count == 5 && first.items.map(\.title) == ["á", "b"])
        var titles: [String] = []
        for try await page in PageItem.pages(query: query, on: client) { titles += page.items.map(\.title) }
        #expect(titles == ["á", "b", "c", "d", "e"])
        try await PageItem.delete(id: id, on: client)
        await #expect(throws: APIError.self) { try await PageItem.read(id: id, on: client) }
        #expect(try await PageItem.list(query: query, on: client).count == 4)
    }

    /// LimitOffsetPagination, imported as `style: offset`, and CursorPagination, a next URL without a count.
    @Test(arguments: TestTransport.allCases) func limitOffsetAndCursorResourcesPage(_ transport: TestTransport) async throws {
        let client = try await Self.client(transport)
        let group = UUID().uuidString
        var query = [URLQueryItem(name: "group", value: group)]
        var limited: [LimitItem] = []
        for title in Self.titles { limited.append(try await LimitItem(group: group, title: title).create(on: client)) }
        var pages = 0
        var titles: [String] = []
        for try await page in LimitItem.pages(query: query, on: client) {
            pages += 1
            titles += page.items.map(\.title)
        }
        #expect(titles == Self.titles && pages == 3, "DRF's default limit of 2")
        try await limited[0].delete(on: client)
        #expect(try await LimitItem.list(query: query, on: client).count == 4)

        // The three paginated endpoints share one table: the cursor's items are a group of their own.
        let cursorGroup = UUID().uuidString
        query = [URLQueryItem(name: "group", value: cursorGroup)]
        var cursored: [CursorItem] = []
        for title in Self.titles { cursored.append(try await CursorItem(group: cursorGroup, title: title).create(on: client)) }
        var changed = cursored[2]
        changed.title = "C"
        _ = try await changed.update(on: client)
        titles = []
        for try await page in CursorItem.pages(query: query, on: client) {
            #expect(page.count == nil, "CursorPagination sends no count")
            titles += page.items.map(\.title)
        }
        #expect(titles == ["a", "b", "C", "d", "e"])
        for item in cursored { try await item.delete(on: client) }
        #expect(try await CursorItem.list(query: query, on: client).items.isEmpty)
    }

    /// An author's books under the author's path (drf-yasg writes `author_pk` as a string, which the URL
    /// takes all the same), and a book's cover uploaded as a multipart file from Swagger's `formData`.
    @Test(arguments: TestTransport.allCases) func nestedBooksAndTheirCover(_ transport: TestTransport) async throws {
        let client = try await Self.client(transport)
        let author = try #require(try await Author(name: "Ursula K. Le Guin").create(on: client).id)
        let created = try await Book(title: "The Dispossessed", pages: 387).create(authorPk: String(author), on: client)
        let id = try #require(created.id)
        #expect(try await Book.read(authorPk: String(author), id: id, on: client) == created)
        var patch = Book.Patch()
        patch.pages = .set(400)
        #expect(try await Book.update(authorPk: String(author), id: id, patch, on: client).pages == 400)
        #expect(try await Book.list(authorPk: String(author), on: client).map(\.title) == ["The Dispossessed"])
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let stored = try await DRFYasgItems.authorsBooksCover(
            authorPk: String(author), id: id, cover: FileUpload(data: png, fileName: "cover.png"), on: client)
        #expect(try #require(stored.cover).pathExtension == "png")
        try await Book.delete(authorPk: String(author), id: id, on: client)
        #expect(try await Book.list(authorPk: String(author), on: client).isEmpty)
        try await Author.delete(id: author, on: client)
    }

    /// A resource looked up by slug: `{slug}` is the id, the numeric `id` a read-only field.
    @Test(arguments: TestTransport.allCases) func tagsAreLookedUpBySlug(_ transport: TestTransport) async throws {
        let client = try await Self.client(transport)
        let slug = "sf-" + UUID().uuidString.prefix(8).lowercased()
        let created = try await Tag(slug: slug, label: "Science fiction").create(on: client)
        #expect(created.id != nil)
        #expect(try await Tag.read(slug: slug, on: client) == created)
        var renamed = created
        renamed.label = "SF"
        #expect(try await renamed.update(on: client).label == "SF")
        #expect(try await Tag.list(on: client).contains { $0.slug == slug })
        try await Tag.delete(slug: slug, on: client)
        await #expect(throws: APIError.self) { try await Tag.read(slug: slug, on: client) }
    }
}
