import Foundation
import GRDB

/// The SQLite type a column is declared with.
public enum StoreColumnType: String, Codable, Sendable, Hashable {
    case integer = "INTEGER"
    case real = "REAL"
    case text = "TEXT"
    case blob = "BLOB"
}

/// A Swift value kept in a column of its own SQLite type rather than as JSON text, so it can be filtered,
/// ordered and indexed in SQL.
public protocol StoreScalar: Codable, Sendable {
    /// The SQLite type of a column holding values of this type.
    static var storeColumnType: StoreColumnType { get }
    /// The value as SQLite keeps it.
    var storeValue: DatabaseValue { get }
    /// The value read back; `nil` when the stored value is not one of this type.
    init?(storeValue: DatabaseValue)
    /// The value of one route segment, percent-decoded (`users/7/` → 7), for deletes and offline reads by id.
    init?(routeSegment: String)
    /// The value of a row's column; `nil` when it is `NULL` or not one of this type.
    static func decode(from row: Row, at index: Int) -> Self?
}

extension StoreScalar {
    public static func decode(from row: Row, at index: Int) -> Self? {
        Self(storeValue: row[index])
    }
}

/// A ``StoreScalar`` kept in its column exactly as GRDB keeps it, so GRDB converts it both ways and reads it
/// straight from the SQLite statement. Types kept another way (`UInt` by its bit pattern; `Decimal`, `URL`
/// and `UUID` as text) are ``StoreScalar``s only, and read through ``StoreScalar/init(storeValue:)``.
public protocol NativeStoreScalar: StoreScalar, DatabaseValueConvertible, StatementColumnConvertible {}

extension NativeStoreScalar {
    public var storeValue: DatabaseValue { databaseValue }
    public init?(storeValue: DatabaseValue) {
        guard let value = Self.fromDatabaseValue(storeValue) else { return nil }
        self = value
    }
    // GRDB's fast path reads the column straight from the SQLite statement, without a `DatabaseValue` between.
    @inlinable
    public static func decode(from row: Row, at index: Int) -> Self? {
        try? row.decode(Self.self, atIndex: index)
    }
}

extension StoreScalar where Self: LosslessStringConvertible {
    public init?(routeSegment: String) {
        self.init(routeSegment)
    }
}

extension Int: NativeStoreScalar {
    public static var storeColumnType: StoreColumnType { .integer }
}

extension Int32: NativeStoreScalar {
    public static var storeColumnType: StoreColumnType { .integer }
}

extension Int64: NativeStoreScalar {
    public static var storeColumnType: StoreColumnType { .integer }
}

extension UInt: StoreScalar {
    public static var storeColumnType: StoreColumnType { .integer }
    // SQLite integers are signed 64-bit: the bit pattern keeps every UInt, at the cost of SQL ordering above Int64.max.
    public var storeValue: DatabaseValue { Int64(bitPattern: UInt64(self)).databaseValue }
    public init?(storeValue: DatabaseValue) {
        guard let value = Int64.fromDatabaseValue(storeValue) else { return nil }
        self = UInt(UInt64(bitPattern: value))
    }
}

extension Double: NativeStoreScalar {
    public static var storeColumnType: StoreColumnType { .real }
}

extension Float: NativeStoreScalar {
    public static var storeColumnType: StoreColumnType { .real }
}

extension Bool: NativeStoreScalar {
    public static var storeColumnType: StoreColumnType { .integer }
}

extension String: NativeStoreScalar {
    public static var storeColumnType: StoreColumnType { .text }
    public init?(routeSegment: String) {
        self = routeSegment
    }
}

extension Decimal: StoreScalar {
    // Text keeps every digit; a REAL column would round.
    public static var storeColumnType: StoreColumnType { .text }
    public var storeValue: DatabaseValue { description.databaseValue }
    public init?(storeValue: DatabaseValue) {
        guard let text = String.fromDatabaseValue(storeValue), let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        self = value
    }
    public init?(routeSegment: String) {
        self.init(string: routeSegment, locale: Locale(identifier: "en_US_POSIX"))
    }
}

extension URL: StoreScalar {
    public static var storeColumnType: StoreColumnType { .text }
    public var storeValue: DatabaseValue { absoluteString.databaseValue }
    public init?(storeValue: DatabaseValue) {
        guard let text = String.fromDatabaseValue(storeValue), let url = URL(string: text) else { return nil }
        self = url
    }
    public init?(routeSegment: String) {
        self.init(string: routeSegment)
    }
}

extension UUID: StoreScalar {
    // Text rather than GRDB's 16-byte blob, so the column reads as the JSON the server sent.
    public static var storeColumnType: StoreColumnType { .text }
    public var storeValue: DatabaseValue { uuidString.databaseValue }
    public init?(storeValue: DatabaseValue) {
        guard let text = String.fromDatabaseValue(storeValue), let uuid = UUID(uuidString: text) else { return nil }
        self = uuid
    }
    public init?(routeSegment: String) {
        self.init(uuidString: routeSegment)
    }
}

extension Data: NativeStoreScalar {
    public static var storeColumnType: StoreColumnType { .blob }
    public init?(routeSegment: String) {
        nil
    }
}
