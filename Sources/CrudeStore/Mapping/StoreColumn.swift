import CrudeRuntime
import Foundation
import GRDB

/// What a column is, as recorded in the database to tell whether rows written by another version of the
/// spec can still be read.
public struct StoreColumnDefinition: Codable, Sendable, Hashable {
    /// The column name: the field's JSON key.
    public var name: String
    /// The SQLite type.
    public var type: StoreColumnType
    /// Whether the column takes `NULL`.
    public var isOptional: Bool
    /// What reading the column back depends on: the Swift type, the transform, or for JSON columns a
    /// fingerprint of the nested types' fields. Rows are kept across spec versions only where it is unchanged.
    public var shape: String
}

/// One column of a stored resource's table: its definition, the property it keeps and how the value
/// becomes an SQLite value.
///
/// Generated conformances list one per field, with the constructor for the field's kind: ``scalar(_:_:)``,
/// ``openEnum(_:_:)``, ``transformed(_:_:using:)`` or ``json(_:_:shape:)``.
public struct StoreColumn<Model>: Sendable {
    /// The column as recorded in the database.
    public let definition: StoreColumnDefinition
    /// The property the column keeps, to resolve typed filters and orderings.
    let keyPath: PartialKeyPath<Model> & Sendable
    /// The column's value in a model.
    let value: @Sendable (Model) throws -> DatabaseValue
    /// A value of the property's type (as a filter compares with) as the column stores it; `nil` when
    /// `value` is of another type.
    let convert: @Sendable (Any) throws -> DatabaseValue?

    /// A column keeping the property at `keyPath`, converted by `convert`.
    init<Value>(
        _ name: String, _ keyPath: KeyPath<Model, Value> & Sendable, type: StoreColumnType, isOptional: Bool, shape: String,
        _ convert: @escaping @Sendable (Value) throws -> DatabaseValue
    ) {
        definition = StoreColumnDefinition(name: name, type: type, isOptional: isOptional, shape: shape)
        self.keyPath = keyPath
        value = { model in try convert(model[keyPath: keyPath]) }
        self.convert = { any in
            guard let value = any as? Value else { return nil }
            return try convert(value)
        }
    }
}

extension StoreColumn {
    /// A number, string, URL, UUID or other ``StoreScalar`` in a column of its SQLite type.
    public static func scalar<Value: StoreScalar>(_ name: String, _ keyPath: KeyPath<Model, Value> & Sendable) -> StoreColumn {
        StoreColumn(name, keyPath, type: Value.storeColumnType, isOptional: false, shape: "\(Value.self)") { $0.storeValue }
    }

    /// An optional scalar; `nil` is `NULL`.
    public static func scalar<Value: StoreScalar>(_ name: String, _ keyPath: KeyPath<Model, Value?> & Sendable) -> StoreColumn {
        StoreColumn(name, keyPath, type: Value.storeColumnType, isOptional: true, shape: "\(Value.self)?") { $0?.storeValue ?? .null }
    }

    /// A spec enum, kept as its raw value, so values this version of the spec does not list survive.
    public static func openEnum<Value: OpenEnum>(_ name: String, _ keyPath: KeyPath<Model, Value> & Sendable) -> StoreColumn where Value.RawValue: StoreScalar {
        StoreColumn(name, keyPath, type: Value.RawValue.storeColumnType, isOptional: false, shape: "enum \(Value.RawValue.self)") { $0.rawValue.storeValue }
    }

    /// An optional spec enum; `nil` is `NULL`.
    public static func openEnum<Value: OpenEnum>(_ name: String, _ keyPath: KeyPath<Model, Value?> & Sendable) -> StoreColumn
    where Value.RawValue: StoreScalar {
        StoreColumn(name, keyPath, type: Value.RawValue.storeColumnType, isOptional: true, shape: "enum \(Value.RawValue.self)?") {
            $0?.rawValue.storeValue ?? .null
        }
    }

    /// A field with a transform, kept as the transform writes it to JSON (an ISO 8601 date stays the text
    /// the server sent): a scalar in a column of its type, anything else as JSON text.
    public static func transformed<Transform: ValueTransform & SendableMetatype>(
        _ name: String, _ keyPath: KeyPath<Model, Transform.Value> & Sendable, using transform: Transform.Type
    ) -> StoreColumn {
        StoreColumn(name, keyPath, type: StoreWire<Transform>.columnType, isOptional: false, shape: "\(Transform.self)") { value in
            try StoreWire<Transform>.databaseValue(Transform.encode(value))
        }
    }

    /// An optional field with a transform; `nil` is `NULL`.
    public static func transformed<Transform: ValueTransform & SendableMetatype>(
        _ name: String, _ keyPath: KeyPath<Model, Transform.Value?> & Sendable, using transform: Transform.Type
    ) -> StoreColumn {
        StoreColumn(name, keyPath, type: StoreWire<Transform>.columnType, isOptional: true, shape: "\(Transform.self)?") { value in
            guard let value else { return .null }
            return try StoreWire<Transform>.databaseValue(Transform.encode(value))
        }
    }

    /// A field with a transform writing a scalar, without the dynamic casts of the general case.
    public static func transformed<Transform: ValueTransform & SendableMetatype>(
        _ name: String, _ keyPath: KeyPath<Model, Transform.Value> & Sendable, using transform: Transform.Type
    ) -> StoreColumn where Transform.Wire: StoreScalar {
        StoreColumn(name, keyPath, type: Transform.Wire.storeColumnType, isOptional: false, shape: "\(Transform.self)") { value in
            try Transform.encode(value).storeValue
        }
    }

    /// An optional field with a transform writing a scalar.
    public static func transformed<Transform: ValueTransform & SendableMetatype>(
        _ name: String, _ keyPath: KeyPath<Model, Transform.Value?> & Sendable, using transform: Transform.Type
    ) -> StoreColumn where Transform.Wire: StoreScalar {
        StoreColumn(name, keyPath, type: Transform.Wire.storeColumnType, isOptional: true, shape: "\(Transform.self)?") { value in
            guard let value else { return .null }
            return try Transform.encode(value).storeValue
        }
    }

    /// A nested model, array, dictionary or JSON value, kept as JSON text. `shape` fingerprints the nested
    /// types' fields, so that rows written before one of them changed are not read with the new one.
    public static func json<Value: Encodable & Sendable>(_ name: String, _ keyPath: KeyPath<Model, Value> & Sendable, shape: String) -> StoreColumn {
        StoreColumn(name, keyPath, type: .text, isOptional: false, shape: "json \(shape)") { try StoreJSON.text($0) }
    }

    /// An optional nested value; `nil` is `NULL`.
    public static func json<Value: Encodable & Sendable>(_ name: String, _ keyPath: KeyPath<Model, Value?> & Sendable, shape: String) -> StoreColumn {
        StoreColumn(name, keyPath, type: .text, isOptional: true, shape: "json \(shape)?") { value in
            guard let value else { return .null }
            return try StoreJSON.text(value)
        }
    }
}

/// How a transform's JSON representation is kept.
enum StoreWire<Transform: ValueTransform> {
    /// The scalar type of the JSON representation, if it is one.
    static var scalarType: (any StoreScalar.Type)? { Transform.Wire.self as? any StoreScalar.Type }

    /// The column's SQLite type: the scalar's, or text for JSON.
    static var columnType: StoreColumnType { scalarType?.storeColumnType ?? .text }

    /// The JSON representation as the column keeps it.
    static func databaseValue(_ wire: Transform.Wire) throws -> DatabaseValue {
        if let scalar = wire as? any StoreScalar { return scalar.storeValue }
        return try StoreJSON.text(wire)
    }

    /// The JSON representation read back; `nil` when the column holds another type.
    static func wire(from value: DatabaseValue) throws -> Transform.Wire? {
        if let scalarType {
            return scalarType.init(storeValue: value).flatMap { $0 as? Transform.Wire }
        }
        return try StoreJSON.value(Transform.Wire.self, from: value)
    }
}

/// Nested values as JSON text, keys sorted so equal values are equal text.
enum StoreJSON {
    /// One encoder and decoder for every column: making them per value cost more than the coding itself
    /// (measured by Benchmarks' store-bench). Both are only configured here, and coding is thread-safe.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
    /// The decoder every JSON column is read with.
    private static let decoder = JSONDecoder()

    /// `value` as JSON text.
    static func text(_ value: some Encodable) throws -> DatabaseValue {
        String(decoding: try encoder.encode(value), as: UTF8.self).databaseValue
    }

    /// A value read from JSON text; `nil` when the column holds no text.
    static func value<Value: Decodable>(_ type: Value.Type, from value: DatabaseValue) throws -> Value? {
        guard let text = String.fromDatabaseValue(value) else { return nil }
        return try decoder.decode(Value.self, from: Data(text.utf8))
    }
}
