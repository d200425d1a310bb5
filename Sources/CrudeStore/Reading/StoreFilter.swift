import Foundation
import GRDB

/// A condition on stored rows, written with the model's key paths and values of the fields' types, not
/// SQL: `.equals(\.name, "manue")`, `.greaterThan(\.age, 30)`. The store turns each value into what the
/// column keeps (an enum's raw value, a date as its transform writes it).
public struct StoreFilter<Model: StoredResource>: Sendable {
    /// The SQL condition and its arguments for `Model`'s table.
    let resolve: @Sendable (StoreTable<Model>) throws(StoreError) -> (sql: String, arguments: [DatabaseValue])

    private static func comparing<Value: Sendable>(_ keyPath: KeyPath<Model, Value> & Sendable, _ operator: String, _ value: Value) -> StoreFilter {
        StoreFilter { table throws(StoreError) in
            let column = try table.column(for: keyPath)
            let stored = try convert(value, by: column)
            let name = SQLName.quoted(column.definition.name)
            if stored.isNull {
                // SQL's `= NULL` is never true: compare with `IS` for the only comparisons `nil` has.
                switch `operator` {
                case "=": return ("\(name) IS NULL", [])
                case "<>": return ("\(name) IS NOT NULL", [])
                default: return ("0", [])
                }
            }
            return ("\(name) \(`operator`) ?", [stored])
        }
    }

    static func convert<Value>(_ value: Value, by column: StoreColumn<Model>) throws(StoreError) -> DatabaseValue {
        do {
            guard let stored = try column.convert(value) else {
                throw StoreError.unwritableValue(table: "\(Model.self)", column: column.definition.name, reason: "\(Value.self) is not the column's type")
            }
            return stored
        } catch {
            throw Store.storeError(error)
        }
    }

    /// Rows whose `column` holds a route parameter's text; SQLite's column affinity turns `"1"` into the
    /// number an integer column keeps.
    static func routeParameter(column: String, text: String) -> StoreFilter {
        StoreFilter { _ in ("\(SQLName.quoted(column)) = ?", [text.databaseValue]) }
    }

    /// Rows whose field equals `value` (`nil` matches `NULL`).
    public static func equals<Value: Sendable>(_ keyPath: KeyPath<Model, Value> & Sendable, _ value: Value) -> StoreFilter {
        comparing(keyPath, "=", value)
    }

    /// Rows whose field differs from `value`.
    public static func notEquals<Value: Sendable>(_ keyPath: KeyPath<Model, Value> & Sendable, _ value: Value) -> StoreFilter {
        comparing(keyPath, "<>", value)
    }

    /// Rows whose field is less than `value`, in the column's SQLite order.
    public static func lessThan<Value: Sendable>(_ keyPath: KeyPath<Model, Value> & Sendable, _ value: Value) -> StoreFilter {
        comparing(keyPath, "<", value)
    }

    /// Rows whose field is greater than `value`, in the column's SQLite order.
    public static func greaterThan<Value: Sendable>(_ keyPath: KeyPath<Model, Value> & Sendable, _ value: Value) -> StoreFilter {
        comparing(keyPath, ">", value)
    }

    /// Rows whose field is one of `values`.
    public static func isIn<Value: Sendable>(_ keyPath: KeyPath<Model, Value> & Sendable, _ values: [Value]) -> StoreFilter {
        StoreFilter { table throws(StoreError) in
            let column = try table.column(for: keyPath)
            var arguments: [DatabaseValue] = []
            for value in values { arguments.append(try convert(value, by: column)) }
            guard !arguments.isEmpty else { return ("0", []) }
            return ("\(SQLName.quoted(column.definition.name)) IN (\(arguments.map { _ in "?" }.joined(separator: ", ")))", arguments)
        }
    }

    /// Rows whose text field contains `text`, ignoring ASCII case (SQLite's `LIKE`).
    public static func contains(_ keyPath: KeyPath<Model, String> & Sendable, _ text: String) -> StoreFilter {
        StoreFilter { table throws(StoreError) in
            let column = try table.column(for: keyPath)
            let pattern =
                "%" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
                + "%"
            return ("\(SQLName.quoted(column.definition.name)) LIKE ? ESCAPE '\\'", [pattern.databaseValue])
        }
    }
}

/// An ordering of stored rows by a field.
public struct StoreOrder<Model: StoredResource>: Sendable {
    let keyPath: PartialKeyPath<Model> & Sendable
    let descending: Bool

    /// Smallest first, in the column's SQLite order.
    public static func ascending<Value>(_ keyPath: KeyPath<Model, Value> & Sendable) -> StoreOrder {
        StoreOrder(keyPath: keyPath, descending: false)
    }

    /// Largest first.
    public static func descending<Value>(_ keyPath: KeyPath<Model, Value> & Sendable) -> StoreOrder {
        StoreOrder(keyPath: keyPath, descending: true)
    }
}

/// Which rows of a table to read, in which order: every filter must hold; rows are ordered by the
/// orderings, then by id, so equal reads give equal results.
public struct StoreQuery<Model: StoredResource>: Sendable {
    public var filters: [StoreFilter<Model>]
    public var order: [StoreOrder<Model>]
    public var limit: Int?

    /// A query; without filters it reads every row.
    public init(where filters: [StoreFilter<Model>] = [], orderBy order: [StoreOrder<Model>] = [], limit: Int? = nil) {
        self.filters = filters
        self.order = order
        self.limit = limit
    }

    /// The `SELECT` statement and its arguments.
    func sql(for table: StoreTable<Model>) throws(StoreError) -> (sql: String, arguments: [DatabaseValue]) {
        var sql = table.selectSQL
        var arguments: [DatabaseValue] = []
        if !filters.isEmpty {
            var conditions: [String] = []
            for filter in filters {
                let resolved = try filter.resolve(table)
                conditions.append("(\(resolved.sql))")
                arguments += resolved.arguments
            }
            sql += " WHERE " + conditions.joined(separator: " AND ")
        }
        var terms: [String] = []
        for ordering in order {
            terms.append(SQLName.quoted(try table.column(for: ordering.keyPath).definition.name) + (ordering.descending ? " DESC" : ""))
        }
        terms.append(SQLName.quoted(table.definition.columns[0].name))
        sql += " ORDER BY " + terms.joined(separator: ", ")
        if let limit { sql += " LIMIT \(max(0, limit))" }
        return (sql, arguments)
    }
}
