import CrudeRuntime
import FixtureFastAPIImported
import Foundation
import TestTags
import Testing

/// The code generated from the schema FastAPI serves for its SQLModel tutorial app
/// (`Fixtures/fastapi-imported`, imported by `crudegen import`; ImportTests keeps it current), run against
/// that app (`Tests/FastAPIServer/app.py`): one resource per collection and item pair although each
/// endpoint names its own model, a partial update that clears a field, pydantic's zone-less dates,
/// FastAPI's 404 and 422 bodies. Each test keeps its rows apart with an `X-Group` header of its own.
@Suite(.tags(.integration), .skippedWhenQuick) struct FastAPIImportedTests {
    /// A client of the running app whose rows are those of a new group.
    static func client(over transport: TestTransport = .urlSession) async throws -> APIClient {
        var configuration = Heroes.configuration(baseURL: try await PythonTestServer.fastAPI.origin())
        configuration.headers["X-Group"] = UUID().uuidString
        return APIClient(configuration: configuration, transport: transport.make())
    }

    /// Create sends `HeroCreate`'s fields and answers `HeroPublic`, read answers `HeroPublicWithTeam`,
    /// update is a PATCH of only what changes (`null` clears), delete answers `{"ok": true}`: one `Hero`.
    @Test func heroRoundTripThroughEveryEndpointsModel() async throws {
        let client = try await Self.client()
        let team = try await Team(name: "Preventers", headquarters: "Sharp Tower").create(on: client)
        let teamID = try #require(team.id)
        let before = Date()
        let created = try await Hero(name: "Deadpond", secretName: "Dive Wilson", age: 30, teamId: teamID).create(on: client)
        let id = try #require(created.id)
        let createdAt = try #require(created.createdAt, "pydantic writes it without a zone, with microseconds")
        #expect(abs(createdAt.timeIntervalSince(before)) < 24 * 3600, "read as UTC, the server's clock: \(createdAt) against \(before)")
        #expect(created.team == nil, "create answers HeroPublic, without the team")

        let read = try await Hero.read(id: id, on: client)
        #expect(read.team?.name == "Preventers" && read.team?.id == teamID, "read answers HeroPublicWithTeam")
        #expect(read.createdAt == createdAt)

        var patch = Hero.Patch()
        patch.age = .clear
        patch.name = .set("Deadpond II")
        let patched = try await Hero.update(id: id, patch, on: client)
        #expect(patched.age == nil && patched.name == "Deadpond II" && patched.secretName == "Dive Wilson" && patched.teamId == teamID)

        var changed = patched
        changed.age = 31
        #expect(try await changed.update(on: client).age == 31)

        try await Hero.delete(id: id, on: client)
        do {
            _ = try await Hero.read(id: id, on: client)
            Issue.record("a deleted hero was read")
        } catch {
            #expect(error.status?.code == 404 && error.serverMessage == "Hero not found", "\(error)")
        }
    }

    /// The list answers a bare array; `offset` and `limit` are its typed query parameters (imported from
    /// the schema), and a limit above FastAPI's `le=100` is a 422 whose field list arrives as `APIError.validation`.
    @Test func listsPageByOffsetAndReportValidationErrorsByField() async throws {
        let client = try await Self.client()
        for name in ["a", "b", "c", "d", "e"] { _ = try await Hero(name: name, secretName: name.uppercased()).create(on: client) }
        var names: [String] = []
        var offset = 0
        while true {
            let page = try await Hero.list(offset: offset, limit: 2, on: client)
            guard !page.isEmpty else { break }
            names += page.map(\.name)
            offset += page.count
        }
        #expect(names == ["a", "b", "c", "d", "e"])
        do {
            _ = try await Hero.list(limit: 101, on: client)
            Issue.record("a limit above 100 was accepted")
        } catch {
            guard case let .validation(status, errors, _) = error else {
                Issue.record("expected a validation error, got \(error)")
                return
            }
            #expect(status.code == 422 && errors == ["limit": ["Input should be less than or equal to 100"]])
        }
    }

    /// `UserCreate` has a password `UserPublic` never returns: the resource sends it as a write-only field,
    /// and the answer decodes without it.
    @Test func aUserIsCreatedWithAWriteOnlyPassword() async throws {
        let client = try await Self.client()
        let name = "ada-\(UUID().uuidString.prefix(8))"
        let created = try await User(username: name, email: "ada@example.com", password: "correct horse").create(on: client)
        #expect(created.username == name && created.password == nil && created.email == "ada@example.com")
        let read = try await User.read(id: try #require(created.id), on: client)
        #expect(read.username == name && read.fullName == nil)
        #expect(try await User.list(on: client).map(\.username) == [name])
    }

    /// SQLModel's "Update with Extra Data" hashes any `password` a PATCH sends, `null` included. A user read
    /// back has no password (it is never answered), so its whole-value update must leave the key out: the
    /// stored password still logs in afterwards, and a password set on purpose replaces it.
    @Test func aWholeUpdateOfAUserReadBackKeepsItsPassword() async throws {
        let client = try await Self.client()
        let name = "linus-\(UUID().uuidString.prefix(8))"
        let created = try await User(username: name, email: "old@example.com", password: "stored secret").create(on: client)
        var read = try await User.read(id: try #require(created.id), on: client)
        #expect(read.password == nil)
        read.email = "new@example.com"
        read.fullName = nil
        let updated = try await read.update(on: client)
        #expect(updated.email == "new@example.com" && updated.username == name)
        #expect(try await Heroes.login(username: name, password: "stored secret", on: client).tokenType == "bearer", "the stored password survives")

        read.password = "new secret"
        _ = try await read.update(on: client)
        #expect(try await Heroes.login(username: name, password: "new secret", on: client).tokenType == "bearer", "a password set is sent")
    }

    /// FastAPI's `UploadFile` with a form field: the multipart action sends the file's bytes, from memory
    /// and from disk, with its name and content type, and the caption beside it.
    @Test func anAvatarIsUploadedAsAMultipartFile() async throws {
        let client = try await Self.client()
        let hero = try await Hero(name: "Spider-Boy", secretName: "Pedro Parqueador").create(on: client)
        let heroID = try #require(hero.id)
        let bytes = Data((0..<4096).map { UInt8($0 % 256) })
        let stored = try await Heroes.uploadAvatar(heroId: heroID, file: FileUpload(data: bytes, fileName: "avatar.png"), caption: "Déjà vu", on: client)
        #expect(stored.heroId == heroID && stored.filename == "avatar.png" && stored.contentType == "image/png" && stored.size == 4096)
        #expect(stored.caption == "Déjà vu")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-avatar-\(UUID().uuidString).bin")
        try Data(bytes.reversed()).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let upload = FileUpload(contentsOf: file, contentType: "application/x-test")
        let fromDisk = try await Heroes.uploadAvatar(heroId: heroID, file: upload, caption: "from disk", on: client)
        #expect(fromDisk.filename == file.lastPathComponent && fromDisk.contentType == "application/x-test" && fromDisk.size == 4096)
    }

    /// A `Response` of `application/pdf` bytes with a `Content-Disposition` file name, imported as `returns: File`,
    /// downloads to memory and, several megabytes of it, streamed to a file, over each transport; a 404
    /// throws FastAPI's error and leaves no file. The avatar, `application/octet-stream` in the schema,
    /// downloads with the content type it was uploaded with.
    @Test(arguments: TestTransport.allCases) func aHerosExportDownloadsToMemoryAndToAFile(_ transport: TestTransport) async throws {
        let client = try await Self.client(over: transport)
        let hero = try await Hero(name: "Dr. Weird", secretName: "Steve Weird").create(on: client)
        let heroID = try #require(hero.id)
        /// The bytes the app sends: byte i is (i * 31 + id) % 251.
        func expectedBytes(_ count: Int) -> Data { Data((0..<count).map { UInt8(($0 * 31 + heroID) % 251) }) }

        let small = try await Heroes.exportHero(heroId: heroID, kilobytes: 3, on: client)
        #expect(small.data == expectedBytes(3 * 1024))
        #expect(small.contentType == "application/pdf")
        #expect(small.fileName == "héros-\(heroID).pdf")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-fastapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("export.pdf")
        let saved = try await Heroes.exportHero(heroId: heroID, kilobytes: 6 * 1024, to: destination, on: client)
        #expect(saved.file == destination && saved.contentType == "application/pdf" && saved.fileName == "héros-\(heroID).pdf")
        #expect(try Data(contentsOf: destination) == expectedBytes(6 * 1024 * 1024))

        let missing = folder.appendingPathComponent("missing.pdf")
        do {
            _ = try await Heroes.exportHero(heroId: heroID + 100_000, to: missing, on: client)
            Issue.record("the export of a hero that does not exist succeeded")
        } catch {
            guard case .status(let status, let body) = error else { throw error }
            #expect(status.code == 404 && String(decoding: body, as: UTF8.self) == #"{"detail":"Hero not found"}"#)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["export.pdf"])

        let png = Data([0x89, 0x50, 0x4E, 0x47] + (0..<60).map { UInt8($0) })
        _ = try await Heroes.uploadAvatar(heroId: heroID, file: FileUpload(data: png, fileName: "weird.png"), caption: "portrait", on: client)
        let avatar = try await Heroes.readAvatar(heroId: heroID, on: client)
        #expect(avatar.data == png && avatar.contentType == "image/png" && avatar.fileName == nil)
    }

    /// FastAPI's standard OAuth2 password login (`OAuth2PasswordRequestForm`, a form) is an action; its
    /// bearer token then opens `/users/me`, and a wrong password is FastAPI's 400 with its message.
    @Test func theOAuth2PasswordLoginIsAFormAction() async throws {
        let client = try await Self.client()
        let name = "grace-\(UUID().uuidString.prefix(8))"
        let user = try await User(username: name, password: "cobol").create(on: client)
        let token = try await Heroes.login(username: name, password: "cobol", on: client)
        #expect(token.tokenType == "bearer" && !token.accessToken.isEmpty)
        var configuration = client.configuration
        configuration.headers["Authorization"] = "Bearer \(token.accessToken)"
        #expect(try await Heroes.readUsersMe(on: APIClient(configuration: configuration)) == user)
        do {
            _ = try await Heroes.login(grantType: "password", username: name, password: "fortran", on: client)
            Issue.record("a wrong password logged in")
        } catch {
            #expect(error.status?.code == 400 && error.serverMessage == "Incorrect username or password", "\(error)")
        }
    }

    /// A hero created under a team (`POST /teams/{team_id}/heroes/`, a collection without an item path)
    /// is an action taking the body model the app declares.
    @Test func heroesNestedUnderATeam() async throws {
        let client = try await Self.client()
        let team = try await Team(name: "Z-Force", headquarters: "Sister Margaret's Bar").create(on: client)
        let teamID = try #require(team.id)
        let hero = try await Heroes.createTeamHero(teamId: teamID, HeroCreate(name: "Rusty-Man", secretName: "Tommy Sharp"), on: client)
        #expect(hero.teamId == teamID)
        #expect(try await Heroes.readTeamHeroes(teamId: teamID, on: client).map(\.name) == ["Rusty-Man"])
        #expect(try await Team.read(id: teamID, on: client).heroes?.map(\.name) == ["Rusty-Man"])
    }
}
