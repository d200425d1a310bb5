import Foundation
import GRDB

/// A local SQLite database that keeps the stored resources of an API's responses, read and observed by
/// the app instead of holding responses itself (Raccoon's "already inserted in your context").
///
/// One store is shared by every request: it is a GRDB `DatabasePool` in WAL mode, so reads run
/// concurrently with each other and with the one writer. Attach it to a client with
/// ``CrudeRuntime/APIClient/storing(in:offline:onError:)``.
public final class Store: Sendable {
    /// The database file.
    public let path: String
    /// The tables and operations the store was opened with.
    public let schema: StoreSchema
    let pool: DatabasePool

    /// Opens (or creates) the store at `path` for `schema`, migrating tables an older spec wrote.
    ///
    /// `busyTimeout` is how long a write waits for another process holding the database before failing.
    /// Throws ``StoreError/cannotOpen(path:reason:)`` for a file that is not a database, is corrupt, or
    /// stays locked: the app can delete the file and open again, or go on without a store.
    public init(path: String, schema: StoreSchema, busyTimeout: TimeInterval = 5) throws(StoreError) {
        self.path = path
        self.schema = schema
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "CrudeStore"
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try pool.write { db in try StoreMigrator.migrate(db, to: schema.tables) }
        } catch {
            throw .cannotOpen(path: path, reason: Self.reason(error))
        }
    }

    /// Upserts every row of `batch` in one transaction: rows are matched by id, so a value received
    /// again replaces the one kept.
    public func upsert(_ batch: StoreBatch) async throws(StoreError) {
        guard batch.count > 0 else { return }
        for table in batch.tables where !schema.tableNames.contains(table.name) {
            throw .unknownTable(table.name)
        }
        try await write { db in
            for table in batch.tables {
                let statement = try db.cachedStatement(sql: table.upsertSQL)
                for row in table.rows {
                    statement.setUncheckedArguments(StatementArguments(row))
                    try statement.execute()
                }
            }
        }
    }

    /// Upserts `value` and every stored resource nested in it.
    public func upsert(_ value: some StoreContainer) async throws(StoreError) {
        var batch = StoreBatch()
        try batch.collect(value)
        try await upsert(batch)
    }

    /// Removes the row of `type` with the id `id`, if there is one.
    public func delete<Model: StoredResource>(_ type: Model.Type, id: Model.StoreID) async throws(StoreError) {
        let table = try registered(type)
        let sql = "DELETE FROM \(SQLName.quoted(table.definition.name)) WHERE \(SQLName.quoted(table.definition.columns[0].name)) = ?"
        try await write { db in try db.execute(sql: sql, arguments: [id.storeValue]) }
    }

    /// Removes every row of `type`.
    public func deleteAll<Model: StoredResource>(_ type: Model.Type) async throws(StoreError) {
        let table = try registered(type)
        try await write { db in try db.execute(sql: "DELETE FROM \(SQLName.quoted(table.definition.name))") }
    }

    /// `type`'s table, when the store's schema has it.
    func registered<Model: StoredResource>(_ type: Model.Type) throws(StoreError) -> StoreTable<Model> {
        let table = Model.storeTable
        guard schema.tableNames.contains(table.definition.name) else { throw .unknownTable(table.definition.name) }
        return table
    }

    /// Runs `updates` in the pool's write transaction, with errors as ``StoreError``.
    private func write(_ updates: @escaping @Sendable (Database) throws -> Void) async throws(StoreError) {
        do {
            try await pool.write(updates)
        } catch {
            throw Self.storeError(error)
        }
    }

    /// The store's error for anything a database call threw.
    static func storeError(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        return .database(reason: reason(error))
    }

    /// SQLite's message without GRDB's decorations, or the error's description.
    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return "\(error.message ?? "\(error.resultCode)") (SQLite code \(error.extendedResultCode.rawValue))"
        }
        return "\(error)"
    }
}
