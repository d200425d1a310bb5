import CrudeRuntime
import FixtureLitestarImported
import Foundation
import TestTags
import Testing

/// The code generated from the schema the Litestar server serves (`Fixtures/litestar-imported`, imported by
/// `crudegen import`; `ImportTests` keeps it current), run against that server
/// (`Tests/LitestarServer/app.py`): its DTO bodies, its two paginators, a nested collection, a write-only
/// password and its errors, each test in a group of its own (the `X-Group` header).
@Suite(.tags(.integration), .skippedWhenQuick) struct LitestarImportedTests {
    /// A client of the running server whose requests carry a group of their own.
    static func client() async throws -> APIClient {
        var configuration = Litestar.configuration(baseURL: try await PythonTestServer.litestar.origin())
        configuration.headers["X-Group"] = UUID().uuidString
        return APIClient(configuration: configuration)
    }

    /// The instant of a day `yyyy-MM-dd` in UTC, as the imported `date` transform reads it.
    static func day(_ text: String) throws -> Date {
        try Date(text + "T00:00:00Z", strategy: .iso8601)
    }

    /// The error `call` throws, or `nil` when it succeeds.
    static func failure(_ call: () async throws(APIError) -> Void) async -> APIError? {
        do {
            try await call()
            return nil
        } catch {
            return error
        }
    }

    /// Authors: create (a DTO body without the id and the creation time), read, update (PUT), a partial
    /// update that clears a date to null, every page of `OffsetPagination` (imported as `style: offset`,
    /// counted by `total`), delete, and the 404 that follows.
    @Test func authorRoundTripThroughOffsetPages() async throws {
        let client = try await Self.client()
        var created: [Author] = []
        for name in ["Ursula", "Italo", "Jorge", "Clarice", "Stanisław"] {
            created.append(try await Author(name: name, born: name == "Ursula" ? try Self.day("1929-10-21") : nil).create(on: client))
        }
        let id = try #require(created[0].id)
        #expect(try created[0].born == Self.day("1929-10-21") && created[0].createdAt != nil, "a `format: date` is a Date")
        #expect(try await Author.read(id: id, on: client) == created[0])
        var changed = created[0]
        changed.name = "Ursula K."
        #expect(try await changed.update(on: client).name == "Ursula K.")
        var patch = Author.Patch()
        patch.born = .clear
        let patched = try await Author.update(id: id, patch, on: client)
        #expect(patched.born == nil && patched.name == "Ursula K." && patched.createdAt == created[0].createdAt)
        // Litestar's default limit is 10: asking for 2 makes three pages of five authors.
        let query = [URLQueryItem(name: "limit", value: "2")]
        let first = try await Author.list(query: query, on: client)
        #expect(first.count == 5 && first.items.map(\.name) == ["Ursula K.", "Italo"])
        var pages = 0
        var names: [String] = []
        for try await page in Author.pages(query: query, on: client) {
            pages += 1
            names += page.items.map(\.name)
        }
        #expect(names == ["Ursula K.", "Italo", "Jorge", "Clarice", "Stanisław"] && pages == 3, "the walk stops at the total")
        try await Author.delete(id: id, on: client)
        let missing = await Self.failure { () async throws(APIError) in _ = try await Author.read(id: id, on: client) }
        guard case let .status(status, _)? = missing else {
            Issue.record("expected .status, got \(String(describing: missing))")
            return
        }
        #expect(status.code == 404 && missing?.serverMessage == "Author \(id) not found")
        #expect(try await Author.list(on: client).count == 4)
    }

    /// An author's books under `/authors/{author_id}/books`: the author's id is the book's `author_id` and
    /// comes from the route, never from a body; `ClassicPagination`'s pages (imported as `style: page`,
    /// asked for by `current_page`) are walked until the first empty one.
    @Test func nestedBooksThroughPageNumbers() async throws {
        let client = try await Self.client()
        let author = try await Author(name: "Ursula", born: nil).create(on: client)
        let authorId = try #require(author.id)
        var books: [Book] = []
        for title in ["A Wizard of Earthsea", "The Dispossessed", "The Lathe of Heaven"] {
            let published = title.hasPrefix("A") ? try Self.day("1968-11-01") : nil
            books.append(try await Book(authorId: authorId, title: title, published: published).create(on: client))
        }
        let id = try #require(books[0].id)
        #expect(try books[0].authorId == authorId && books[0].published == Self.day("1968-11-01"))
        #expect(try await Book.read(authorId: authorId, id: id, on: client) == books[0])
        var changed = books[0]
        changed.title = "A Wizard of Earthsea (1968)"
        #expect(try await changed.update(on: client).title == "A Wizard of Earthsea (1968)")
        var patch = Book.Patch()
        patch.published = .clear
        let patched = try await Book.update(authorId: authorId, id: id, patch, on: client)
        #expect(patched.published == nil && patched.title == "A Wizard of Earthsea (1968)")
        let query = [URLQueryItem(name: "page_size", value: "2")]
        var pages: [[String]] = []
        for try await page in Book.pages(authorId: authorId, query: query, on: client) { pages.append(page.items.map(\.title)) }
        #expect(pages.flatMap(\.self) == ["A Wizard of Earthsea (1968)", "The Dispossessed", "The Lathe of Heaven"])
        #expect(pages.first?.count == 2, "page_size reached the server")
        let deleted = try #require(books[1].id)
        try await books[1].delete(on: client)
        let missing = await Self.failure { () async throws(APIError) in _ = try await Book.read(authorId: authorId, id: deleted, on: client) }
        #expect(missing?.serverMessage == "Book \(deleted) not found")
        let elsewhere = await Self.failure { () async throws(APIError) in _ = try await Book.read(authorId: authorId + 1_000_000, id: id, on: client) }
        #expect(elsewhere?.serverMessage == "Book \(id) not found", "a book is found under its own author only")
        #expect(try await Book.list(authorId: authorId, on: client).items.map(\.title) == ["A Wizard of Earthsea (1968)", "The Lathe of Heaven"])
    }

    /// A user's `password` is sent on create (`UserCreate`) and never returned (`UserRead`).
    @Test func theUsersPasswordIsWriteOnly() async throws {
        let client = try await Self.client()
        let created = try await User(username: "ursula", email: "ursula@example.org", password: "correct horse").create(on: client)
        let id = try #require(created.id)
        #expect(created.username == "ursula" && created.email == "ursula@example.org" && created.password == nil)
        #expect(try await User.read(id: id, on: client) == created)
        let page = try await User.list(on: client)
        #expect(page.count == 1 && page.items == [created] && page.next == nil)
    }

    /// Litestar validates a struct body itself: its 400's `extra` list is the field's messages, one at a time
    /// Litestar's multipart upload (`UploadFile` in a dataclass) and its form login are actions: the file's
    /// bytes, name and content type arrive with the caption, and the form login takes the write-only
    /// password a user was created with.
    @Test func aPortraitUploadAndAFormLogin() async throws {
        let client = try await Self.client()
        let author = try await Author(name: "Octavia").create(on: client)
        let authorID = try #require(author.id)
        let bytes = Data("GIF89a".utf8) + Data((0..<1000).map { UInt8($0 % 200) })
        let portrait = try await Litestar.uploadPortrait(
            authorId: authorID, file: FileUpload(data: bytes, fileName: "octavia.gif"), caption: "Kindred", on: client)
        #expect(portrait.authorId == authorID && portrait.filename == "octavia.gif" && portrait.contentType == "image/gif")
        #expect(portrait.size == bytes.count && portrait.caption == "Kindred")

        _ = try await User(username: "octavia", password: "parable of the sower").create(on: client)
        let token = try await Litestar.login(username: "octavia", password: "parable of the sower", on: client)
        #expect(token.tokenType == "bearer" && !token.accessToken.isEmpty)
        let wrong = await Self.failure { () async throws(APIError) in _ = try await Litestar.login(username: "octavia", password: "talents", on: client) }
        #expect(wrong?.status?.code == 401 && wrong?.serverMessage == "Incorrect username or password", "\(String(describing: wrong))")
    }

    /// (msgspec stops at the first), and its `detail` is the error's message.
    @Test func litestarsValidationErrorsAreFieldErrors() async throws {
        let client = try await Self.client()
        let empty = await Self.failure { () async throws(APIError) in _ = try await User(username: "", password: "correct horse").create(on: client) }
        guard case let .validation(status, errors, _)? = empty else {
            Issue.record("expected .validation, got \(String(describing: empty))")
            return
        }
        #expect(status.code == 400 && errors == ["username": ["Expected `str` of length >= 1"]])
        #expect(empty?.serverMessage == "Validation failed for POST /users")
        let short = await Self.failure { () async throws(APIError) in _ = try await User(username: "ursula", password: "horse").create(on: client) }
        guard case let .validation(_, errors, _)? = short else {
            Issue.record("expected .validation, got \(String(describing: short))")
            return
        }
        #expect(errors == ["password": ["Expected `str` of length >= 8"]])
        #expect(try await User.list(on: client).count == 0, "nothing was created")
    }
}
