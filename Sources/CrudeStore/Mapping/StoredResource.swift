import CrudeRuntime
import Foundation
import GRDB

/// A value that holds stored resources, directly or nested, so a response of its type can be kept in the
/// store: generated for every model whose fields reach a `store: true` resource, as Groot walks a JSON
/// response for entities.
public protocol StoreContainer: Sendable {
    /// Adds every stored resource the value holds to `batch`.
    func collectStored(into batch: inout StoreBatch) throws(StoreError)
}

/// A resource the spec marks `store: true`: kept in a table of its own, one row per id.
///
/// Generated code conforms to it with a table (one column per field), the id, and a row reader; the
/// work of writing, reading, migrating and observing is ``Store``'s.
public protocol StoredResource: StoreContainer, Codable, Hashable {
    /// The id's type, without the optional a creatable resource's id has.
    associatedtype StoreID: StoreScalar & Hashable
    /// The table rows are kept in; its first column is the id.
    static var storeTable: StoreTable<Self> { get }
    /// The id; `nil` for a value the server has not created yet, which the store skips.
    var storeID: StoreID? { get }
    /// Reads a value from a row of ``storeTable``.
    init(storeRow: StoreRow) throws(StoreError)
    /// Adds the stored resources nested in this value (not the value itself) to `batch`.
    func collectNested(into batch: inout StoreBatch) throws(StoreError)
}

extension StoredResource {
    public func collectNested(into batch: inout StoreBatch) throws(StoreError) {}

    public func collectStored(into batch: inout StoreBatch) throws(StoreError) {
        try batch.add(self)
    }
}

extension Optional: StoreContainer where Wrapped: StoreContainer {
    public func collectStored(into batch: inout StoreBatch) throws(StoreError) {
        try self?.collectStored(into: &batch)
    }
}

extension Array: StoreContainer where Element: StoreContainer {
    public func collectStored(into batch: inout StoreBatch) throws(StoreError) {
        for element in self { try element.collectStored(into: &batch) }
    }
}

extension Dictionary: StoreContainer where Value: StoreContainer {
    public func collectStored(into batch: inout StoreBatch) throws(StoreError) {
        for key in keys.sorted(by: { "\($0)" < "\($1)" }) { try self[key]?.collectStored(into: &batch) }
    }
}

extension Page: StoreContainer where Item: StoreContainer {
    public func collectStored(into batch: inout StoreBatch) throws(StoreError) {
        try items.collectStored(into: &batch)
    }
}

/// Rows to upsert, encoded and grouped by table, written by ``Store/upsert(_:)`` in one transaction.
public struct StoreBatch: Sendable {
    /// Each table's upsert statement and rows, in the order tables were first met.
    var tables: [(name: String, upsertSQL: String, rows: [[DatabaseValue]])] = []
    /// Where each table is in `tables`.
    private var positions: [String: Int] = [:]

    /// An empty batch.
    public init() {}

    /// The number of rows the batch writes.
    public var count: Int { tables.reduce(0) { $0 + $1.rows.count } }

    /// Adds a stored resource and the stored resources nested in it; a value without an id is skipped.
    public mutating func add<Model: StoredResource>(_ model: Model) throws(StoreError) {
        if model.storeID != nil {
            let table = Model.storeTable
            var values: [DatabaseValue] = []
            values.reserveCapacity(table.columns.count)
            for column in table.columns {
                do {
                    values.append(try column.value(model))
                } catch {
                    throw .unwritableValue(table: table.definition.name, column: column.definition.name, reason: "\(error)")
                }
            }
            let name = table.definition.name
            if let position = positions[name] {
                tables[position].rows.append(values)
            } else {
                positions[name] = tables.count
                tables.append((name, table.upsertSQL, [values]))
            }
        }
        try model.collectNested(into: &self)
    }

    /// Adds every stored resource `value` holds.
    public mutating func collect(_ value: some StoreContainer) throws(StoreError) {
        try value.collectStored(into: &self)
    }
}
