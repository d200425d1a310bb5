import Foundation
import GRDB

/// A table as the database records it: what ``Store`` compares with the spec's to migrate.
public struct StoreTableDefinition: Codable, Sendable, Hashable {
    /// The table name: the resource's name in the spec.
    public var name: String
    /// The columns; the first is the primary key, the resource's id.
    public var columns: [StoreColumnDefinition]
    /// The columns with an index of their own besides the primary key: route parameters.
    public var indexes: [String]
}

/// The table a stored resource is kept in: its columns, and the statements that write and read it.
public struct StoreTable<Model>: Sendable {
    /// The table as recorded in the database.
    public let definition: StoreTableDefinition
    let columns: [StoreColumn<Model>]
    /// Inserts a row or, when its id is there, replaces every other column.
    let upsertSQL: String
    /// Every column, in order, for ``StoreRow``.
    let selectSQL: String

    /// A table named `name` whose first column is the id; `indexes` names columns to index.
    public init(name: String, columns: [StoreColumn<Model>], indexes: [String] = []) {
        precondition(!columns.isEmpty, "a stored table has at least its id column")
        self.columns = columns
        definition = StoreTableDefinition(name: name, columns: columns.map(\.definition), indexes: indexes)
        let names = columns.map { SQLName.quoted($0.definition.name) }
        let id = names[0]
        let updates = names.dropFirst().map { "\($0) = excluded.\($0)" }
        upsertSQL =
            "INSERT INTO \(SQLName.quoted(name)) (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", "))) "
            + (updates.isEmpty ? "ON CONFLICT(\(id)) DO NOTHING" : "ON CONFLICT(\(id)) DO UPDATE SET \(updates.joined(separator: ", "))")
        selectSQL = "SELECT \(names.joined(separator: ", ")) FROM \(SQLName.quoted(name))"
    }

    /// The column that keeps `keyPath`.
    func column(for keyPath: PartialKeyPath<Model>) throws(StoreError) -> StoreColumn<Model> {
        guard let column = columns.first(where: { $0.keyPath == keyPath }) else {
            throw .notAColumn(table: definition.name, keyPath: "\(keyPath)")
        }
        return column
    }
}

/// Identifier quoting for SQL built from spec names.
enum SQLName {
    /// `"name"`, with inner quotes doubled.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
