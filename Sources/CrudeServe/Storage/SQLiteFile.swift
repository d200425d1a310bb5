#if CrudeServe
import CrudeRuntime
import Foundation
import GRDB

/// The server's data kept in a SQLite file (`--database` with a path), so it outlives the process: the
/// ``TableStore`` writes each change through as it is answered, and a server started on a file with data
/// serves that data. One process uses a file at a time.
///
/// Values are stored as the wire writes them, one row each, in order of creation (SQLite's `rowid`, which
/// an update keeps).
struct SQLiteFile: Sendable {
    /// The file's one connection: writes are few and small.
    private let queue: DatabaseQueue

    /// Opens or creates the file at `path` with the server's two tables.
    init(path: String) throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            // Write-ahead logging without a sync per commit: each answered change is written before the
            // answer and survives the process, and a create no longer waits for the disk (60 creates a
            // second with the default journal, Benchmarks/README.md); only a power loss may lose the last ones.
            try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
        }
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS crudegen_serve_record (
                        resource TEXT NOT NULL, key TEXT NOT NULL, object TEXT NOT NULL, arguments TEXT NOT NULL,
                        PRIMARY KEY (resource, key));
                    CREATE TABLE IF NOT EXISTS crudegen_serve_counter (resource TEXT PRIMARY KEY, last_integer INTEGER NOT NULL);
                    """)
        }
    }

    /// The stored tables; `nil` when the file holds no value yet.
    func load() throws -> [String: Table]? {
        try queue.read { db in
            var tables: [String: Table] = [:]
            let rows = try Row.fetchAll(db, sql: "SELECT resource, key, object, arguments FROM crudegen_serve_record ORDER BY rowid")
            for row in rows {
                let resource: String = row["resource"]
                let key: String = row["key"]
                let object = try JSONDecoder().decode([String: WireValue].self, from: Data((row["object"] as String).utf8))
                let arguments = try JSONDecoder().decode([String: String].self, from: Data((row["arguments"] as String).utf8))
                tables[resource, default: Table()].order.append(key)
                tables[resource, default: Table()].records[key] = StoredRecord(object: object, arguments: arguments)
            }
            for row in try Row.fetchAll(db, sql: "SELECT resource, last_integer FROM crudegen_serve_counter") {
                tables[row["resource"], default: Table()].lastInteger = row["last_integer"]
            }
            return tables.isEmpty ? nil : tables
        }
    }

    /// Replaces everything stored with `tables` (a seed, or a reset).
    func replace(with tables: [String: Table]) throws {
        try queue.write { db in
            try db.execute(sql: "DELETE FROM crudegen_serve_record; DELETE FROM crudegen_serve_counter")
            for (resource, table) in tables {
                for key in table.order {
                    guard let record = table.records[key] else { continue }
                    try Self.save(record, key: key, of: resource, lastInteger: table.lastInteger, in: db)
                }
            }
        }
    }

    /// Writes one value of `resource` (removes it when `record` is `nil`) and the resource's id counter.
    func save(_ record: StoredRecord?, key: String, of resource: String, lastInteger: Int) throws {
        try queue.write { db in
            guard let record else {
                try db.execute(sql: "DELETE FROM crudegen_serve_record WHERE resource = ? AND key = ?", arguments: [resource, key])
                return
            }
            try Self.save(record, key: key, of: resource, lastInteger: lastInteger, in: db)
        }
    }

    /// Upserts one value and the resource's id counter inside a transaction.
    private static func save(_ record: StoredRecord, key: String, of resource: String, lastInteger: Int, in db: Database) throws {
        let object = JSONText.of(.object(record.object))
        let arguments = JSONText.of(.object(record.arguments.mapValues(WireValue.string)))
        // An upsert keeps the row's rowid, so an updated value keeps its place in the list.
        try db.execute(
            sql: """
                INSERT INTO crudegen_serve_record (resource, key, object, arguments) VALUES (?, ?, ?, ?)
                ON CONFLICT (resource, key) DO UPDATE SET object = excluded.object, arguments = excluded.arguments
                """,
            arguments: [resource, key, object, arguments])
        try db.execute(
            sql: """
                INSERT INTO crudegen_serve_counter (resource, last_integer) VALUES (?, ?)
                ON CONFLICT (resource) DO UPDATE SET last_integer = excluded.last_integer
                """,
            arguments: [resource, lastInteger])
    }
}
#endif
