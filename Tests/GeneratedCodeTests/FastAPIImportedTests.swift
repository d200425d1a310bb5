import CrudeRuntime
import FixtureFastAPIImported
import Foundation
import Testing

/// The code generated from the schema FastAPI serves for its SQLModel tutorial app
/// (`Fixtures/fastapi-imported`, imported by `crudegen import`; ImportTests keeps it current), run against
/// that app (`Tests/FastAPIServer/app.py`): one resource per collection and item pair although each
/// endpoint names its own model, a partial update that clears a field, pydantic's zone-less dates,
/// FastAPI's 404 and 422 bodies. Each test keeps its rows apart with an `X-Group` header of its own.
@Suite struct FastAPIImportedTests {
    /// A client of the running app whose rows are those of a new group.
    static func client() async throws -> APIClient {
        var configuration = Heroes.configuration(baseURL: try await PythonTestServer.fastAPI.origin())
        configuration.headers["X-Group"] = UUID().uuidString
        return APIClient(configuration: configuration)
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

    /// The list answers a bare array; `offset` and `limit` are its query, and a limit above FastAPI's
    /// `le=100` is a 422 whose field list arrives as `APIError.validation`.
    @Test func listsPageByOffsetAndReportValidationErrorsByField() async throws {
        let client = try await Self.client()
        for name in ["a", "b", "c", "d", "e"] { _ = try await Hero(name: name, secretName: name.uppercased()).create(on: client) }
        var names: [String] = []
        var offset = 0
        while true {
            let page = try await Hero.list(query: [URLQueryItem(name: "offset", value: "\(offset)"), URLQueryItem(name: "limit", value: "2")], on: client)
            guard !page.isEmpty else { break }
            names += page.map(\.name)
            offset += page.count
        }
        #expect(names == ["a", "b", "c", "d", "e"])
        do {
            _ = try await Hero.list(query: [URLQueryItem(name: "limit", value: "101")], on: client)
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
