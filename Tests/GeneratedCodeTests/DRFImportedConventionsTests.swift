import CrudeRuntime
import FixtureDRFImported
import Foundation
import TestTags
import Testing

/// The code imported from the DRF server's schema (`Fixtures/drf-imported`) against what real Django REST
/// Framework apps have: a viewset nested under its parent (`{author_pk}`), a viewset found by slug, Django's
/// users with a write-only password, read-only date-times, field errors and 404s.
@Suite(.tags(.integration), .skippedWhenQuick) struct DRFImportedConventionsTests {
    /// A client of the running DRF server.
    static func client(_ transport: TestTransport) async throws -> APIClient {
        APIClient(configuration: DRFItems.configuration(baseURL: try await PythonTestServer.drf.origin()), transport: transport.make())
    }

    /// A new author of the test's own: nested books are kept apart by their author.
    static func author(on client: APIClient) async throws -> (author: Author, id: Int) {
        let author = try await Author(name: "Ursula").create(on: client)
        return (author, try #require(author.id))
    }

    /// The instant a date-time DRF wrote (`2026-11-26T00:42:24.551276-06:00`) stands for, read apart from the
    /// runtime: Foundation's parser for the whole seconds and the offset, its six digits of microseconds added.
    static func instant(_ text: String) throws -> Date {
        let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
        try #require(parts.count == 2, "\(text) has no fraction of a second")
        let fraction = String(parts[1].prefix(while: \.isNumber))
        let whole = try #require(ISO8601DateFormatter().date(from: parts[0] + parts[1].dropFirst(fraction.count)))
        let microseconds = try #require(Int(fraction))
        return whole + Double(microseconds) / 1_000_000
    }

    /// Whether the token login (`ObtainAuthToken`, a form) takes the password, asked through the generated action.
    static func logsIn(_ username: String, _ password: String, on client: APIClient) async throws -> Bool {
        do {
            let answer = try await DRFItems.tokenCreate(username: username, password: password, on: client)
            #expect(answer.token.count == 40, "DRF's tokens are 40 hexadecimal digits")
            return true
        } catch let APIError.validation(status, errors, _) {
            #expect(status.code == 400 && errors["non_field_errors"] == ["Unable to log in with provided credentials."])
            return false
        }
    }

    /// The books of an author: created, read, updated, patched, listed and deleted under the author's path,
    /// and out of reach under another author's.
    @Test(arguments: TestTransport.allCases) func nestedBooksLiveUnderTheirAuthor(_ transport: TestTransport) async throws {
        let client = try await Self.client(transport)
        let (_, author) = try await Self.author(on: client)
        let (_, other) = try await Self.author(on: client)
        let created = try await Book(title: "The Dispossessed", pages: 387).create(authorPk: author, on: client)
        let id = try #require(created.id)
        #expect(try await Book.read(authorPk: author, id: id, on: client) == created)
        var changed = created
        changed.pages = 400
        #expect(try await changed.update(authorPk: author, on: client).pages == 400)
        var patch = Book.Patch()
        patch.title = .set("The Lathe of Heaven")
        let patched = try await Book.update(authorPk: author, id: id, patch, on: client)
        #expect(patched.title == "The Lathe of Heaven" && patched.pages == 400 && patched.createdAt == created.createdAt)
        _ = try await Book(title: "Always Coming Home", pages: 523).create(authorPk: author, on: client)
        #expect(try await Book.list(authorPk: author, on: client).map(\.title) == ["The Lathe of Heaven", "Always Coming Home"])
        #expect(try await Book.list(authorPk: other, on: client).isEmpty)
        await #expect(throws: APIError.self, "another author's path does not reach the book") {
            try await Book.read(authorPk: other, id: id, on: client)
        }
        try await patched.delete(authorPk: author, on: client)
        #expect(try await Book.list(authorPk: author, on: client).map(\.title) == ["Always Coming Home"])
    }

    /// A resource without pagination lists as a bare array; its read-only `created_at` is read to the
    /// microsecond in the server's zone, and kept out of what is sent.
    @Test(arguments: TestTransport.allCases) func authorsRoundTripWithTheirCreationDate(_ transport: TestTransport) async throws {
        let client = try await Self.client(transport)
        let (created, id) = try await Self.author(on: client)
        let raw = try await client.request(.get, "api/authors/\(id)/")
        guard case let .object(fields) = raw, case let .string(createdAt)? = fields["created_at"] else {
            Issue.record("no created_at in \(raw)")
            return
        }
        #expect(created.createdAt == (try Self.instant(createdAt)), "\(createdAt)")
        var renamed = created
        renamed.name = "Ursula K. Le Guin"
        renamed.createdAt = Date(timeIntervalSince1970: 0)
        let updated = try await renamed.update(on: client)
        #expect(updated.name == "Ursula K. Le Guin" && updated.createdAt == created.createdAt, "the server keeps its read-only date")
        #expect(try await Author.list(on: client).contains(updated))
        try await Author.delete(id: id, on: client)
        await #expect(throws: APIError.self) { try await Author.read(id: id, on: client) }
    }

    /// A viewset with `lookup_field = "slug"`: its item path's `{slug}` is the id, its integer `id` a
    /// read-only field.
    @Test(arguments: TestTransport.allCases) func tagsAreFoundByTheirSlug(_ transport: TestTransport) async throws {
        let client = try await Self.client(transport)
        let slug = "tag-" + UUID().uuidString.lowercased()
        let created = try await Tag(slug: slug, label: "Science fiction").create(on: client)
        #expect(created.slug == slug && created.id != nil)
        #expect(try await Tag.read(slug: slug, on: client) == created)
        var patch = Tag.Patch()
        patch.label = .set("SF")
        #expect(try await Tag.update(slug: slug, patch, on: client).label == "SF")
        var renamed = try await Tag.read(slug: slug, on: client)
        renamed.label = "Speculative fiction"
        #expect(try await renamed.update(on: client).label == "Speculative fiction")
        #expect(try await Tag.list(on: client).contains { $0.slug == slug })
        try await Tag.delete(slug: slug, on: client)
        await #expect(throws: APIError.self) { try await Tag.read(slug: slug, on: client) }
    }

    /// Django's user as DRF's docs serialize it: the password is sent on create, never answered, stored so
    /// that the token login takes it, and changed by a patch.
    @Test(arguments: TestTransport.allCases) func aUsersWriteOnlyPasswordLogsIn(_ transport: TestTransport) async throws {
        let client = try await Self.client(transport)
        let username = "reader-" + UUID().uuidString.lowercased()
        let created = try await User(username: username, email: "reader@example.org", password: "first secret").create(on: client)
        #expect(created.username == username && created.email == "reader@example.org" && created.password == nil && created.dateJoined != nil)
        let id = try #require(created.id)
        guard case let .object(fields) = try await client.request(.get, "api/users/\(id)/") else {
            Issue.record("a user is no object")
            return
        }
        #expect(fields["password"] == nil && fields["username"] == .string(username))
        #expect(try await Self.logsIn(username, "first secret", on: client), "the form login takes the password sent on create")
        #expect(try await !Self.logsIn(username, "wrong", on: client))
        var patch = User.Patch()
        patch.password = .set("second secret")
        #expect(try await User.update(id: id, patch, on: client).password == nil)
        #expect(try await !Self.logsIn(username, "first secret", on: client))
        #expect(try await Self.logsIn(username, "second secret", on: client))
        try await created.delete(on: client)
    }

    /// A user read back has no password (it is write-only), so a whole-value update (`PUT`) of it sends
    /// the changed email and leaves the password out, under either `nils`: the stored password still
    /// logs in. The server, as DRF apps do, requires the password when creating only.
    @Test(arguments: TestTransport.allCases) func aWholeUpdateOfAUserReadBackKeepsItsPassword(_ transport: TestTransport) async throws {
        let client = try await Self.client(transport)
        let username = "editor-" + UUID().uuidString.lowercased()
        let created = try await User(username: username, email: "old@example.org", password: "kept secret").create(on: client)
        var read = try await User.read(id: try #require(created.id), on: client)
        #expect(read.password == nil)
        read.email = "new@example.org"
        #expect(try await read.update(on: client).email == "new@example.org")
        read.email = nil
        #expect(try await read.update(nils: .omit, on: client).email == "new@example.org")
        #expect(try await Self.logsIn(username, "kept secret", on: client), "the stored password survives both updates")
        try await created.delete(on: client)
    }

    /// The cover upload (`@action` with `MultiPartParser`) takes the file as a multipart part, from memory
    /// and from disk, and answers where it stored it.
    @Test(arguments: TestTransport.allCases) func aCoverIsUploadedAsAMultipartFile(_ transport: TestTransport) async throws {
        let client = try await Self.client(transport)
        let (_, author) = try await Self.author(on: client)
        let book = try await Book(title: "Always Coming Home", pages: 523).create(authorPk: author, on: client)
        let id = try #require(book.id)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<600).map { UInt8($0 % 251) })
        let stored = try await DRFItems.authorsBooksCoverCreate(authorPk: author, pk: id, cover: FileUpload(data: png, fileName: "cover.png"), on: client)
        let url = try #require(stored.cover)
        #expect(url.lastPathComponent.hasPrefix("cover") && url.pathExtension == "png", "\(url)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-cover-\(UUID().uuidString).png")
        try png.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let again = try await DRFItems.authorsBooksCoverCreate(authorPk: author, pk: id, cover: FileUpload(contentsOf: file), on: client)
        #expect(try #require(again.cover).pathExtension == "png" && again.cover != stored.cover, "a second file is stored beside the first")
    }

    /// DRF's 400 `{"field": ["message"]}` is `APIError.validation` with each field's messages.
    @Test(arguments: TestTransport.allCases) func fieldErrorsAreValidationErrors(_ transport: TestTransport) async throws {
        let client = try await Self.client(transport)
        let (_, author) = try await Self.author(on: client)
        do {
            _ = try await Book(title: "", pages: -1).create(authorPk: author, on: client)
            Issue.record("a blank title and negative pages were accepted")
        } catch let APIError.validation(status, errors, _) {
            #expect(status.code == 400)
            #expect(errors == ["title": ["This field may not be blank."], "pages": ["Ensure this value is greater than or equal to 0."]])
        }
        #expect(try await Book.list(authorPk: author, on: client).isEmpty)
    }

    /// DRF's 404 `{"detail": "No … matches the given query."}` is the error's server message, for a missing
    /// item and for a missing parent.
    @Test(arguments: TestTransport.allCases) func missingObjectsSayWhatWasNotFound(_ transport: TestTransport) async throws {
        let client = try await Self.client(transport)
        let (_, author) = try await Self.author(on: client)
        do {
            _ = try await Book.read(authorPk: author, id: Int(Int32.max), on: client)
            Issue.record("a book that does not exist was read")
        } catch {
            #expect(error.status?.code == 404 && error.serverMessage == "No Book matches the given query.")
        }
        try await Author.delete(id: author, on: client)
        do {
            _ = try await Book(title: "Orphan", pages: 1).create(authorPk: author, on: client)
            Issue.record("a book was created under a deleted author")
        } catch {
            #expect(error.status?.code == 404 && error.serverMessage == "No Author matches the given query.")
        }
    }
}
