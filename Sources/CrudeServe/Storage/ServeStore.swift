#if CrudeServe
import ServiceLifecycle

/// Where a served API's values live: the engine reads and writes each request's values through it, and
/// keeps none itself, so that several server processes can share one store.
///
/// Each method is one atomic step; a value a request changes is changed by one call (``update(_:in:_:)``
/// reads and writes it in one transaction), so two servers changing one value at once lose neither change.
/// `table` is a resource's table: views of one collection share one.
protocol ServeStore: Sendable {
    /// Fills the store with `tables` if it holds no value yet (a new database); else leaves it as it is.
    func seedIfEmpty(with tables: [String: Table]) async throws

    /// Replaces everything stored with `tables` (a reset).
    func replaceAll(with tables: [String: Table]) async throws

    /// The value of `table` stored under `key`, if any.
    func record(_ key: String, in table: String) async throws -> StoredRecord?

    /// The values of `table` in order of creation, those at `window`'s positions when there is one, and
    /// how many values the table holds in all.
    func records(in table: String, window: Range<Int>?) async throws -> (records: [KeyedRecord], total: Int)

    /// The next integer id of `table`: one above any integer key it has held, never given twice.
    func nextInteger(in table: String) async throws -> Int

    /// Stores `record` under `key` after the table's other values; `false`, storing nothing, when a value has
    /// that key. An integer key moves the table's next integer id past it.
    func insert(_ record: StoredRecord, at key: String, in table: String) async throws -> Bool

    /// Replaces the value stored under `key` with what `change` makes of it, in one step; the new value, or
    /// `nil` when none is stored there. An error `change` throws changes nothing and is rethrown.
    func update(_ key: String, in table: String, _ change: @Sendable (StoredRecord) throws -> StoredRecord) async throws -> StoredRecord?

    /// Removes the value stored under `key` if `condition` holds for it; the value removed, if any.
    func delete(_ key: String, in table: String, if condition: @Sendable (StoredRecord) -> Bool) async throws -> StoredRecord?

    /// What must run beside the HTTP server while the store is used (a database's connection pool), if anything.
    var service: (any Service)? { get }
}

extension ServeStore {
    var service: (any Service)? { nil }
}

/// A store that could not be opened, read or written, in a sentence.
struct StoreFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// One stored value and the route arguments it was created under.
struct StoredRecord: Sendable {
    /// The value as the wire writes it, write-only fields included.
    var object: [String: WireValue]
    /// Values of route parameters that are no field (`{owner}` of `repos/{owner}/issues`).
    var arguments: [String: String]
}

/// A stored value with the key it is stored under (the id's text; UUIDs in capitals).
struct KeyedRecord: Sendable {
    /// The key.
    var key: String
    /// The value.
    var record: StoredRecord
}

/// A resource's values in the order they were created: what a seed fills and the in-memory store holds.
struct Table: Sendable {
    /// The keys of the records, oldest first.
    var order: [String] = []
    /// The records by key.
    var records: [String: StoredRecord] = [:]
    /// The last integer id given (or seeded), so ids keep increasing after deletes.
    var lastInteger = 0

    /// Stores `record` under `key`, a key no record has, after the others; integer ids assigned later follow it.
    mutating func insert(_ record: StoredRecord, at key: String) {
        if let number = Int(key) { lastInteger = max(lastInteger, number) }
        order.append(key)
        records[key] = record
    }

    /// The records in order.
    var keyedRecords: [KeyedRecord] {
        order.compactMap { key in records[key].map { KeyedRecord(key: key, record: $0) } }
    }
}
#endif
