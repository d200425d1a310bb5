#if CrudeServe
/// Values held in memory by one server process, written through to a SQLite file when there is one
/// (`--database` with a path), so that they outlive the process.
actor TableStore: ServeStore {
    /// Each table's values.
    private var tables: [String: Table]
    /// Where each change is written through, if anywhere.
    private let file: SQLiteFile?

    /// A store of the values `file` holds, or an empty one in memory without a file.
    init(file: SQLiteFile?) throws {
        self.file = file
        tables = try file?.load() ?? [:]
    }

    func seedIfEmpty(with tables: [String: Table]) throws {
        guard self.tables.isEmpty else { return }
        try replaceAll(with: tables)
    }

    func replaceAll(with tables: [String: Table]) throws {
        try file?.replace(with: tables)
        self.tables = tables
    }

    func record(_ key: String, in table: String) -> StoredRecord? {
        tables[table]?.records[key]
    }

    func records(in table: String, window: Range<Int>?) -> (records: [KeyedRecord], total: Int) {
        guard let values = tables[table] else { return ([], 0) }
        let keys = window.map { values.order[$0.clamped(to: values.order.indices)] } ?? values.order[...]
        return (keys.compactMap { key in values.records[key].map { KeyedRecord(key: key, record: $0) } }, values.order.count)
    }

    func nextInteger(in table: String) -> Int {
        // The file learns the counter with the value inserted under it: an id given to no stored value may
        // be given again after a restart.
        tables[table, default: Table()].lastInteger += 1
        return tables[table, default: Table()].lastInteger
    }

    func insert(_ record: StoredRecord, at key: String, in table: String) throws -> Bool {
        var values = tables[table] ?? Table()
        guard values.records[key] == nil else { return false }
        values.insert(record, at: key)
        try file?.save(record, key: key, of: table, lastInteger: values.lastInteger)
        tables[table] = values
        return true
    }

    func update(_ key: String, in table: String, _ change: @Sendable (StoredRecord) throws -> StoredRecord) throws -> StoredRecord? {
        guard let old = tables[table]?.records[key] else { return nil }
        let new = try change(old)
        try file?.save(new, key: key, of: table, lastInteger: tables[table]?.lastInteger ?? 0)
        tables[table]?.records[key] = new
        return new
    }

    func delete(_ key: String, in table: String, if condition: @Sendable (StoredRecord) -> Bool) throws -> StoredRecord? {
        guard let old = tables[table]?.records[key], condition(old) else { return nil }
        try file?.save(nil, key: key, of: table, lastInteger: tables[table]?.lastInteger ?? 0)
        tables[table]?.records[key] = nil
        tables[table]?.order.removeAll { $0 == key }
        return old
    }
}
#endif
