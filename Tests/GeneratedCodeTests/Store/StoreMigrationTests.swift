import CrudeRuntime
import CrudeStore
import FixtureStore
import Foundation
import GRDB
import Testing

/// A database written by an older spec opens with the newer one: rows are kept when every column the new
/// spec needs reads back as before, otherwise the table starts empty (the store only caches the server);
/// rows are never read with the wrong schema, and the schema the rows were written with is recorded.
@Suite struct StoreMigrationTests {
    /// The user of an older spec: no `nickname` yet, and an `age` the newer spec dropped.
    struct OlderUser: StoredResource {
        var id: Int
        var name: String
        var role: Role
        var joinedAt: Date
        var age: Int
        var tags: [String]

        static let storeTable = StoreTable<OlderUser>(
            name: "User",
            columns: [
                .scalar("id", \.id), .scalar("name", \.name), .openEnum("role", \.role),
                .transformed("joined_at", \.joinedAt, using: ISO8601DateTransform.self), .scalar("age", \.age),
                .json("tags", \.tags, shape: String(User.storeTable.definition.columns[5].shape.dropFirst("json ".count))),
            ])

        var storeID: Int? { id }

        init(id: Int, name: String, role: Role, joinedAt: Date, age: Int, tags: [String]) {
            (self.id, self.name, self.role, self.joinedAt, self.age, self.tags) = (id, name, role, joinedAt, age, tags)
        }

        init(storeRow row: StoreRow) throws(StoreError) {
            self.init(
                id: try row.scalar(at: 0), name: try row.scalar(at: 1), role: try row.openEnum(at: 2),
                joinedAt: try row.transformed(at: 3, using: ISO8601DateTransform.self), age: try row.scalar(at: 4), tags: try row.json(at: 5))
        }
    }

    /// A user of an even older spec, whose names were numbers: no row of it reads as today's user.
    struct NumberedUser: StoredResource {
        var id: Int
        var name: Int

        static let storeTable = StoreTable<NumberedUser>(name: "User", columns: [.scalar("id", \.id), .scalar("name", \.name)])

        var storeID: Int? { id }

        init(id: Int, name: Int) {
            (self.id, self.name) = (id, name)
        }

        init(storeRow row: StoreRow) throws(StoreError) {
            self.init(id: try row.scalar(at: 0), name: try row.scalar(at: 1))
        }
    }

    static let joined = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func rowsAreKeptWhenANewerSpecOnlyAddsOptionalFieldsAndDropsOthers() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        do {
            let older = try Store(path: folder.path(), schema: StoreSchema(tables: [OlderUser.storeTable.definition], operations: []))
            try await older.upsert([OlderUser(id: 1, name: "ada", role: .admin, joinedAt: Self.joined, age: 36, tags: ["math"])])
        }
        let store = try Store(path: folder.path(), schema: SampleAPI.storeSchema)
        let user = try await store.read(User.self, id: 1)
        #expect(user == User(id: 1, name: "ada", role: .admin, joinedAt: Self.joined, nickname: nil, tags: ["math"]))
        #expect(try Self.recordedDefinition(of: "User", at: folder.path()) == User.storeTable.definition)
    }

    @Test func aTableWhoseRowsCannotBeReadAsTheNewSpecSaysStartsEmpty() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        do {
            let older = try Store(path: folder.path(), schema: StoreSchema(tables: [NumberedUser.storeTable.definition], operations: []))
            try await older.upsert([NumberedUser(id: 1, name: 42)])
            #expect(try await older.count(NumberedUser.self) == 1)
        }
        let store = try Store(path: folder.path(), schema: SampleAPI.storeSchema)
        #expect(try await store.all(User.self).isEmpty)
        let user = User(id: 1, name: "ada", role: .admin, joinedAt: Self.joined, tags: [])
        try await store.upsert(user)
        #expect(try await store.read(User.self, id: 1) == user)
        // Opening with the same spec again changes nothing.
        let again = try Store(path: folder.path(), schema: SampleAPI.storeSchema)
        #expect(try await again.read(User.self, id: 1) == user)
    }

    @Test func aChangedNestedTypeIsAChangedColumn() throws {
        // The members column's shape fingerprints User's fields: a spec changing them changes the column.
        let members = try #require(Team.storeTable.definition.columns.first { $0.name == "members" })
        #expect(members.shape.hasPrefix("json ") && members.shape.count == "json ".count + 16)
        let lead = try #require(Team.storeTable.definition.columns.first { $0.name == "lead" })
        #expect(lead.isOptional && lead.shape.hasSuffix("?"))
        #expect(Team.storeTable.definition.indexes == ["org_id"], "route parameters that are fields are indexed")
    }

    /// The definition the store recorded for `table`.
    static func recordedDefinition(of table: String, at path: String) throws -> StoreTableDefinition? {
        let queue = try DatabaseQueue(path: path)
        let text = try queue.read { db in try String.fetchOne(db, sql: "SELECT definition FROM crudestore_tables WHERE name = ?", arguments: [table]) }
        return try text.map { try JSONDecoder().decode(StoreTableDefinition.self, from: Data($0.utf8)) }
    }
}
