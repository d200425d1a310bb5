import CrudeRuntime
import Foundation
import GRDB

/// One row of a stored resource's table, as generated `init(storeRow:)` reads it: by column position, in
/// the order of the table's columns.
public struct StoreRow {
    // Inlinable readers: generated `init(storeRow:)` in the app's module is specialized for each column's
    // type instead of going through generic witness tables (measured by Benchmarks' store-bench).
    @usableFromInline let row: Row
    @usableFromInline let table: StoreTableDefinition

    /// A scalar column.
    @inlinable
    public func scalar<Value: StoreScalar>(at index: Int) throws(StoreError) -> Value {
        // `NULL` is no value of a scalar type either, so one check covers both.
        guard let value = Value.decode(from: row, at: index) else {
            throw mismatch(at: index, row[index], expected: "\(Value.self)")
        }
        return value
    }

    /// An optional scalar column.
    @inlinable
    public func scalar<Value: StoreScalar>(at index: Int) throws(StoreError) -> Value? {
        if row.hasNull(atIndex: index) { return nil }
        guard let value = Value.decode(from: row, at: index) else { throw mismatch(at: index, row[index], expected: "\(Value.self)") }
        return value
    }

    /// An enum column: any raw value, listed or not.
    @inlinable
    public func openEnum<Value: OpenEnum>(at index: Int) throws(StoreError) -> Value where Value.RawValue: StoreScalar {
        Value(rawValue: try scalar(at: index) as Value.RawValue)
    }

    /// An optional enum column.
    @inlinable
    public func openEnum<Value: OpenEnum>(at index: Int) throws(StoreError) -> Value? where Value.RawValue: StoreScalar {
        (try scalar(at: index) as Value.RawValue?).map(Value.init(rawValue:))
    }

    /// A column kept as a transform writes it.
    public func transformed<Transform: ValueTransform>(at index: Int, using transform: Transform.Type) throws(StoreError) -> Transform.Value {
        guard let value = try transformedIfPresent(at: index, using: transform) else {
            throw mismatch(at: index, row[index], expected: "\(Transform.Wire.self)")
        }
        return value
    }

    /// An optional column kept as a transform writes it.
    public func transformed<Transform: ValueTransform>(at index: Int, using transform: Transform.Type) throws(StoreError) -> Transform.Value? {
        try transformedIfPresent(at: index, using: transform)
    }

    /// A column kept as a transform writing a scalar (a date as ISO 8601 text or epoch number): read
    /// without the dynamic casts the general case needs.
    @inlinable
    public func transformed<Transform: ValueTransform>(at index: Int, using transform: Transform.Type) throws(StoreError) -> Transform.Value
    where Transform.Wire: StoreScalar {
        try decoding(try scalar(at: index) as Transform.Wire, at: index, using: transform)
    }

    /// An optional column kept as a transform writing a scalar.
    @inlinable
    public func transformed<Transform: ValueTransform>(at index: Int, using transform: Transform.Type) throws(StoreError) -> Transform.Value?
    where Transform.Wire: StoreScalar {
        guard let wire = try scalar(at: index) as Transform.Wire? else { return nil }
        return try decoding(wire, at: index, using: transform)
    }

    /// A wire value through the transform, its rejection as ``StoreError``.
    @inlinable
    func decoding<Transform: ValueTransform>(_ wire: Transform.Wire, at index: Int, using transform: Transform.Type) throws(StoreError)
        -> Transform.Value
    {
        do {
            return try Transform.decode(wire)
        } catch {
            throw .unreadableRow(table: table.name, column: table.columns[index].name, reason: "\(error)")
        }
    }

    /// A JSON column.
    public func json<Value: Decodable>(at index: Int) throws(StoreError) -> Value {
        guard let value: Value = try jsonIfPresent(at: index) else { throw mismatch(at: index, row[index], expected: "JSON of \(Value.self)") }
        return value
    }

    /// A transformed column of any wire type, `nil` for `NULL`.
    private func transformedIfPresent<Transform: ValueTransform>(at index: Int, using transform: Transform.Type) throws(StoreError) -> Transform.Value? {
        let stored = row[index] as DatabaseValue
        if stored.isNull { return nil }
        do {
            guard let wire = try StoreWire<Transform>.wire(from: stored) else { throw mismatch(at: index, stored, expected: "\(Transform.Wire.self)") }
            return try Transform.decode(wire)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .unreadableRow(table: table.name, column: table.columns[index].name, reason: "\(error)")
        }
    }

    /// An optional JSON column (a name of its own: `json(at:)` of an optional type would be ambiguous).
    public func jsonIfPresent<Value: Decodable>(at index: Int) throws(StoreError) -> Value? {
        let stored = row[index] as DatabaseValue
        if stored.isNull { return nil }
        do {
            return try StoreJSON.value(Value.self, from: stored)
        } catch {
            throw .unreadableRow(table: table.name, column: table.columns[index].name, reason: "\(error)")
        }
    }

    /// The error for a column holding something else than the field's type.
    @usableFromInline
    func mismatch(at index: Int, _ stored: DatabaseValue, expected: String) -> StoreError {
        .unreadableRow(table: table.name, column: table.columns[index].name, reason: "\(stored) is not a \(expected)")
    }
}
