import CrudeRuntime
import CrudeStore
import FixtureStore
import Foundation
import HTTPTypes
import TestHTTPServer
import Testing

/// Raccoon's "already inserted in your context" through generated code: every user a response carries
/// is kept in a SQLite store by the client's one line of setup, and read back with the server gone.
@Suite struct StoreFlowTests {
    @Test func everyUserOfEveryResponseIsKeptAndReadBackOffline() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await StoreSampleServer()
        let store = try Store(path: folder.path(), schema: SampleAPI.storeSchema)
        let errors = ReportedErrors()
        let client = APIClient(configuration: SampleAPI.configuration(baseURL: server.server.origin)).storing(in: store, onError: errors.record)

        var listed: [User] = []
        for try await page in User.pages(on: client) { listed += page.items }
        let read = try await User.read(id: 2, on: client)
        let login = try await SampleAPI.login(username: "manue", password: "secret", on: client)
        let team = try await Team.read(orgId: 1, id: 7, on: client)
        let announcements = try await Announcement.list(on: client)
        await server.stop()

        #expect(errors.all.isEmpty)
        #expect(listed.map(\.id) == [1, 2, 3, 4, 5])
        // Pages, the read, the login wrapper's user, the team's lead and members and the announcement's
        // author: every user any response held.
        let kept = try await store.all(User.self)
        #expect(kept.map(\.id) == [1, 2, 3, 4, 5, 9, 10, 11, 12])
        #expect(try await store.read(User.self, id: 2) == read)
        #expect(try await store.read(User.self, id: 9) == login.user)
        #expect(login.user.role == .unknown("owner"), "the server's unlisted role is kept as sent")
        #expect(try await store.read(User.self, id: 11) == announcements[0].author)
        #expect(try await store.read(Team.self, id: 7) == team)
        #expect(try await store.read(User.self, id: 12) == team.members[1])
        let first = try #require(try await store.read(User.self, id: 1))
        #expect(first == listed[0])
        #expect(first.joinedAt == ISO8601DateFormatter().date(from: "2024-01-02T10:00:00Z"))
        #expect(first.tags == ["t1"] && first.nickname == nil)
    }

    @Test func readsAndListsAreAnsweredFromTheStoreWhenTheNetworkFailsAndSaySo() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await StoreSampleServer()
        let store = try Store(path: folder.path(), schema: SampleAPI.storeSchema)
        let client = APIClient(configuration: SampleAPI.configuration(baseURL: server.server.origin)).storing(in: store, offline: .storeWhenOffline)
        _ = try await User.list(on: client)
        _ = try await User.read(id: 4, on: client)
        let fresh = try await User.readOperation(id: 4).response(on: client)
        #expect(!fresh.isFromStore)
        _ = try await Team.list(orgId: 1, on: client)
        try await store.upsert(Team(id: 8, orgId: 2, title: "other org", members: []))
        await server.stop()

        let offline = try await User.readOperation(id: 4).response(on: client)
        #expect(offline.isFromStore)
        #expect(offline.value == fresh.value)
        #expect(try await User.read(id: 1, on: client).name == "user 1")
        let page = try await User.list(on: client)
        #expect(page.items.map(\.id) == [1, 2, 4, 10, 12], "the kept rows (the first page, the read, the team's users), one page offline")
        #expect(page.next == nil)
        // A list below a field's route parameter answers the rows of that value only.
        #expect(try await Team.list(orgId: 1, on: client).map(\.id) == [7])
        #expect(try await Team.list(orgId: 2, on: client).map(\.id) == [8])

        // Per call: the same client without the fallback reports the network failure; with it, an id the
        // store never saw fails as the network did.
        await #expect(throws: APIError.self) { try await User.read(id: 1, on: client.offline(.networkOnly)) }
        await #expect(throws: APIError.self) { try await User.read(id: 3, on: client) }
        let networkOnly = client.offline(.networkOnly).offline(.storeWhenOffline)
        #expect(try await User.read(id: 4, on: networkOnly).id == 4)
    }

    @Test func updatesReplaceRowsAndDeletesRemoveThem() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await StoreSampleServer()
        defer { Task { await server.stop() } }
        let store = try Store(path: folder.path(), schema: SampleAPI.storeSchema)
        let client = APIClient(configuration: SampleAPI.configuration(baseURL: server.server.origin)).storing(in: store)

        var user = try await User.read(id: 3, on: client)
        user.nickname = "trey"
        _ = try await user.update(on: client)
        #expect(try await store.read(User.self, id: 3)?.nickname == "trey")
        try await User.delete(id: 3, on: client)
        #expect(try await store.read(User.self, id: 3) == nil)
        #expect(try await store.count(User.self) == 0)
    }

    @Test func typedFiltersAndOrderings() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store(path: folder.path(), schema: SampleAPI.storeSchema)
        let day = Date(timeIntervalSince1970: 1_700_000_000)
        let users = [
            User(id: 1, name: "ada", role: .admin, joinedAt: day, tags: []),
            User(id: 2, name: "bob", role: .member, joinedAt: day.addingTimeInterval(60), nickname: "b", tags: ["x"]),
            User(id: 3, name: "cy", role: .unknown("owner"), joinedAt: day.addingTimeInterval(120), tags: []),
            User(id: 4, name: "Abe", role: .member, joinedAt: day.addingTimeInterval(180), tags: []),
        ]
        try await store.upsert(users)

        func names(_ query: StoreQuery<User>) async throws -> [String] {
            try await store.all(User.self, query).map(\.name)
        }
        #expect(try await names(StoreQuery(where: [.equals(\.role, .member)])) == ["bob", "Abe"])
        #expect(try await names(StoreQuery(where: [.equals(\.role, .unknown("owner"))])) == ["cy"])
        #expect(try await names(StoreQuery(where: [.equals(\.nickname, nil)], orderBy: [.descending(\.name)])) == ["cy", "ada", "Abe"])
        #expect(try await names(StoreQuery(where: [.notEquals(\.nickname, nil)])) == ["bob"])
        #expect(try await names(StoreQuery(where: [.greaterThan(\.joinedAt, day.addingTimeInterval(30))], limit: 2)) == ["bob", "cy"])
        #expect(try await names(StoreQuery(where: [.contains(\.name, "a")], orderBy: [.ascending(\.id)])) == ["ada", "Abe"])
        #expect(try await names(StoreQuery(where: [.isIn(\.id, [4, 1])])) == ["ada", "Abe"])
        #expect(try await names(StoreQuery(where: [.lessThan(\.id, 3), .equals(\.role, .admin)])) == ["ada"])
        let error = await #expect(throws: StoreError.self) { try await store.all(User.self, StoreQuery(orderBy: [.ascending(\.storeID)])) }
        #expect(error?.description.contains("is not a column of User") == true, "a computed property is no column: \(String(describing: error))")
    }

    @Test func everyScalarTypeReadsBackAsWritten() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store(path: folder.path(), schema: SampleAPI.storeSchema)
        let key = UUID()
        let full = Team(
            id: 1, orgId: 2, title: "all", lead: nil, members: [], budget: Decimal(string: "12345678901234567890.125"),
            homepage: URL(string: "https://example.com/a?b=c"), key: key, rank: UInt.max, share: 0.25, small: Int32.min, large: Int64.max,
            logo: Data([0, 1, 2, 255]), open: true)
        let empty = Team(id: 2, orgId: 2, title: "none", members: [])
        try await store.upsert([full, empty])
        #expect(try await store.read(Team.self, id: 1) == full)
        #expect(try await store.read(Team.self, id: 2) == empty)
        #expect(try await store.all(Team.self, StoreQuery(where: [.equals(\.key, key)])).map(\.id) == [1])
        #expect(try await store.all(Team.self, StoreQuery(where: [.equals(\.budget, nil)])).map(\.id) == [2])
    }

    /// A resource the spec stores, a wrapper holding one, and a store opened for another API.
    @Test func tablesOutsideTheSchemaAreReportedNotCreated() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store(path: folder.path(), schema: StoreSchema(tables: [Team.storeTable.definition], operations: []))
        await #expect(throws: StoreError.unknownTable("User")) { try await store.read(User.self, id: 1) }
        let login = LoginResponse(token: "t", user: User(id: 1, name: "a", role: .admin, joinedAt: Date(), tags: []))
        await #expect(throws: StoreError.unknownTable("User")) { try await store.upsert(login) }
    }
}
