import Foundation
import GRDB

extension Store {
    /// The kept value of `type` with the id `id`, or `nil`.
    public func read<Model: StoredResource>(_ type: Model.Type, id: Model.StoreID) async throws(StoreError) -> Model? {
        let table = try registered(type)
        let sql = table.selectSQL + " WHERE \(SQLName.quoted(table.definition.columns[0].name)) = ?"
        return try await read { db in try Self.fetch(db, table, sql: sql, arguments: [id.storeValue]).first }
    }

    /// The kept values of `type` that match `query`.
    public func all<Model: StoredResource>(_ type: Model.Type, _ query: StoreQuery<Model> = StoreQuery()) async throws(StoreError) -> [Model] {
        let table = try registered(type)
        let statement = try query.sql(for: table)
        return try await read { db in try Self.fetch(db, table, sql: statement.sql, arguments: statement.arguments) }
    }

    /// The number of kept values of `type`.
    public func count<Model: StoredResource>(_ type: Model.Type) async throws(StoreError) -> Int {
        let table = try registered(type)
        return try await read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(SQLName.quoted(table.definition.name))") ?? 0 }
    }

    private func read<Value: Sendable>(_ fetch: @escaping @Sendable (Database) throws -> Value) async throws(StoreError) -> Value {
        do {
            return try await pool.read(fetch)
        } catch {
            throw Self.storeError(error)
        }
    }

    /// The rows `sql` selects, each read as a model.
    static func fetch<Model: StoredResource>(_ db: Database, _ table: StoreTable<Model>, sql: String, arguments: [DatabaseValue]) throws -> [Model] {
        let statement = try db.cachedStatement(sql: sql)
        statement.setUncheckedArguments(StatementArguments(arguments))
        let rows = try Row.fetchCursor(statement)
        var models: [Model] = []
        while let row = try rows.next() {
            models.append(try Model(storeRow: StoreRow(row: row, table: table.definition)))
        }
        return models
    }
}
