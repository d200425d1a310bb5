/// Why the store could not open, read or write.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The database file cannot be opened as a store: not a database, corrupt, locked or unreadable.
    case cannotOpen(path: String, reason: String)
    /// A read or write failed in SQLite (for example, the database is locked by another process).
    case database(reason: String)
    /// A stored value does not read back as its field's type.
    case unreadableRow(table: String, column: String, reason: String)
    /// A value cannot be turned into its column's value (a transform or JSON encoding rejected it).
    case unwritableValue(table: String, column: String, reason: String)
    /// A filter or ordering names a property that is no column of the table.
    case notAColumn(table: String, keyPath: String)
    /// A resource's table is not part of the schema the store was opened with.
    case unknownTable(String)

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason):
            "cannot open the store at \(path): \(reason); delete the file to start an empty store (it only caches the server's data)"
        case let .database(reason):
            "the store's database failed: \(reason)"
        case let .unreadableRow(table, column, reason):
            "a row of \(table) cannot be read: column \(column): \(reason)"
        case let .unwritableValue(table, column, reason):
            "a value of \(table) cannot be stored: column \(column): \(reason)"
        case let .notAColumn(table, keyPath):
            "\(keyPath) is not a column of \(table): filter and order by stored fields only"
        case let .unknownTable(name):
            "\(name) is not in the store's schema: open the store with the API's storeSchema"
        }
    }
}
