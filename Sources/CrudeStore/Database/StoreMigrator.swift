import Foundation
import GRDB

/// Brings the database's tables to the spec's: creates missing ones, keeps the rows of changed ones
/// when every column they still need reads back as before, and otherwise recreates them empty (the store
/// is a cache of the server, refilled by the next responses).
enum StoreMigrator {
    /// The table recording each stored table's definition: the schema version the rows were written with.
    static let recordTable = "crudestore_tables"

    /// Creates, keeps or rebuilds each of `tables`, recording its definition.
    static func migrate(_ db: Database, to tables: [StoreTableDefinition]) throws {
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS \(recordTable) (name TEXT PRIMARY KEY NOT NULL, definition TEXT NOT NULL)")
        for table in tables {
            let recorded = try String.fetchOne(db, sql: "SELECT definition FROM \(recordTable) WHERE name = ?", arguments: [table.name])
                .flatMap { try? JSONDecoder().decode(StoreTableDefinition.self, from: Data($0.utf8)) }
            if recorded == table { continue }
            try rebuild(db, table, from: recorded)
            let definition = String(decoding: try JSONEncoder.sorted.encode(table), as: UTF8.self)
            try db.execute(sql: "INSERT OR REPLACE INTO \(recordTable) (name, definition) VALUES (?, ?)", arguments: [table.name, definition])
        }
    }

    /// The columns of `table` whose values rows written as `old` still hold unchanged, or `nil` when a
    /// column `table` requires is missing, so rows cannot be kept.
    static func keptColumns(of table: StoreTableDefinition, from old: StoreTableDefinition) -> [String]? {
        var kept: [String] = []
        for (index, column) in table.columns.enumerated() {
            let same = old.columns.first { $0.name == column.name && $0.type == column.type && $0.shape == column.shape }
            if same != nil {
                kept.append(column.name)
            } else if index == 0 || !column.isOptional {
                return nil
            }
        }
        return kept
    }

    /// Builds `table` anew beside the old one, copies the rows it can keep, and puts it in the old one's place.
    private static func rebuild(_ db: Database, _ table: StoreTableDefinition, from old: StoreTableDefinition?) throws {
        let name = SQLName.quoted(table.name)
        let exists = try db.tableExists(table.name)
        let kept = old.flatMap { keptColumns(of: table, from: $0) }
        let staging = SQLName.quoted(table.name + "__crudestore_new")
        try db.execute(sql: "DROP TABLE IF EXISTS \(staging)")
        try db.execute(sql: createSQL(table, name: staging))
        if exists, let kept, !kept.isEmpty {
            let columns = kept.map(SQLName.quoted).joined(separator: ", ")
            try db.execute(sql: "INSERT INTO \(staging) (\(columns)) SELECT \(columns) FROM \(name)")
        }
        if exists { try db.execute(sql: "DROP TABLE \(name)") }
        try db.execute(sql: "ALTER TABLE \(staging) RENAME TO \(name)")
        for column in table.indexes {
            let index = SQLName.quoted("\(table.name)_\(column)")
            try db.execute(sql: "CREATE INDEX \(index) ON \(name) (\(SQLName.quoted(column)))")
        }
    }

    /// `CREATE TABLE` for `table` under `name`, the first column its primary key.
    private static func createSQL(_ table: StoreTableDefinition, name: String) -> String {
        let columns = table.columns.enumerated().map { index, column in
            "\(SQLName.quoted(column.name)) \(column.type.rawValue)" + (index == 0 ? " PRIMARY KEY NOT NULL" : column.isOptional ? "" : " NOT NULL")
        }
        return "CREATE TABLE \(name) (\(columns.joined(separator: ", ")))"
    }
}

extension JSONEncoder {
    /// An encoder writing keys in order, so equal definitions are equal text.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}
