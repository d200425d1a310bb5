import CrudeRuntime
import Foundation
import GRDB

/// The same account table as `Account`'s generated conformance, written as GRDB's documentation teaches:
/// a record type with `init(row:)` reading columns by name and `encode(to:)` filling a container.
struct HandAccount: FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "hand_account"

    var id: Int
    var name: String
    var email: String
    var role: String
    var score: Double
    var active: Bool
    var joinedAt: Date
    var nickname: String?

    enum Columns {
        static let id = Column("id")
        static let name = Column("name")
        static let email = Column("email")
        static let role = Column("role")
        static let score = Column("score")
        static let active = Column("active")
        static let joinedAt = Column("joined_at")
        static let nickname = Column("nickname")
    }

    init(id: Int, name: String, email: String, role: String, score: Double, active: Bool, joinedAt: Date, nickname: String?) {
        (self.id, self.name, self.email, self.role, self.score, self.active, self.joinedAt, self.nickname) =
            (id, name, email, role, score, active, joinedAt, nickname)
    }

    init(row: Row) throws {
        id = row[Columns.id]
        name = row[Columns.name]
        email = row[Columns.email]
        role = row[Columns.role]
        score = row[Columns.score]
        active = row[Columns.active]
        // The same text as the generated table keeps: the ISO 8601 the server sent.
        joinedAt = try ISO8601DateTransform.decode(row[Columns.joinedAt])
        nickname = row[Columns.nickname]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id
        container[Columns.name] = name
        container[Columns.email] = email
        container[Columns.role] = role
        container[Columns.score] = score
        container[Columns.active] = active
        container[Columns.joinedAt] = try ISO8601DateTransform.encode(joinedAt)
        container[Columns.nickname] = nickname
    }

    static func createTable(_ db: Database) throws {
        try db.create(table: databaseTableName) { table in
            table.primaryKey("id", .integer)
            table.column("name", .text).notNull()
            table.column("email", .text).notNull()
            table.column("role", .text).notNull()
            table.column("score", .double).notNull()
            table.column("active", .integer).notNull()
            table.column("joined_at", .text).notNull()
            table.column("nickname", .text)
        }
    }
}

/// Teams with their members in a table of their own, joined by a foreign key: the related-table design
/// the store's JSON columns are measured against.
struct HandTeam: FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "hand_team"

    var id: Int
    var title: String

    init(id: Int, title: String) {
        (self.id, self.title) = (id, title)
    }

    init(row: Row) {
        id = row["id"]
        title = row["title"]
    }

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["title"] = title
    }
}

/// One member row: the team it belongs to and its position in the team's list.
struct HandMember: FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "hand_member"

    var teamID: Int
    var position: Int
    var name: String
    var email: String

    init(teamID: Int, position: Int, name: String, email: String) {
        (self.teamID, self.position, self.name, self.email) = (teamID, position, name, email)
    }

    init(row: Row) {
        teamID = row["team_id"]
        position = row["position"]
        name = row["name"]
        email = row["email"]
    }

    func encode(to container: inout PersistenceContainer) {
        container["team_id"] = teamID
        container["position"] = position
        container["name"] = name
        container["email"] = email
    }

    static func createTables(_ db: Database) throws {
        try db.create(table: HandTeam.databaseTableName) { table in
            table.primaryKey("id", .integer)
            table.column("title", .text).notNull()
        }
        try db.create(table: databaseTableName) { table in
            table.column("team_id", .integer).notNull().references(HandTeam.databaseTableName, onDelete: .cascade)
            table.column("position", .integer).notNull()
            table.column("name", .text).notNull()
            table.column("email", .text).notNull()
            table.primaryKey(["team_id", "position"])
        }
    }
}
