/// What a partial update (PATCH) does to one field: leave it, or send a value.
///
/// Generated `Patch` types hold one per writable field, all `.keep` until set. Optional fields hold a
/// `FieldUpdate<Value?>`, which also offers `.clear` (send `null`); required fields cannot be cleared, and
/// the compiler says so:
///
/// ```swift
/// var patch = Person.Patch()
/// patch.lastName = .set("Lovelace")
/// patch.favoriteColor = .clear
/// let updated = try await Person.update(id: 7, patch, on: client)   // {"last_name": "Lovelace", "favorite_color": null}
/// ```
public enum FieldUpdate<Value> {
    /// Leave the field as the server has it: the key is not sent.
    case keep
    /// Send this value (`nil` is sent as `null`).
    case set(Value)
}

extension FieldUpdate where Value: ExpressibleByNilLiteral {
    /// Send `null`, clearing the field. Only optional fields can be cleared.
    public static var clear: FieldUpdate { .set(nil) }
}

extension FieldUpdate: Sendable where Value: Sendable {}
extension FieldUpdate: Equatable where Value: Equatable {}
extension FieldUpdate: Hashable where Value: Hashable {}

@_spi(Generated)
extension KeyedEncodingContainer where Key == JSONKey {
    /// Encodes a field update: nothing for `.keep`, else the value (`null` for an optional's `nil`).
    public mutating func encode<Value: Encodable>(_ update: FieldUpdate<Value>, forKey key: JSONKey) throws {
        guard case let .set(value) = update else { return }
        try encode(value, forKey: key)
    }

    /// Encodes an update of a required field through a transform.
    public mutating func encode<T: ValueTransform>(_ update: FieldUpdate<T.Value>, forKey key: JSONKey, using transform: T.Type) throws {
        guard case let .set(value) = update else { return }
        try encode(value, forKey: key, using: transform)
    }

    /// Encodes an update of an optional field through a transform: `nil` is sent as `null`.
    public mutating func encode<T: ValueTransform>(_ update: FieldUpdate<T.Value?>, forKey key: JSONKey, using transform: T.Type) throws {
        switch update {
        case .keep: break
        case .set(nil): try encodeNil(forKey: key)
        case let .set(value?): try encode(value, forKey: key, using: transform)
        }
    }
}
