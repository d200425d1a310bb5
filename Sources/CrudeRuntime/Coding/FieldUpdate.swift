/// What a partial update (PATCH) does to one field: leave it, set it, or clear it to `null`.
///
/// Generated `Patch` types hold one per writable field, all `.keep` until set:
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
    /// Send this value.
    case set(Value)
    /// Send `null`, clearing the field.
    case clear
}

extension FieldUpdate: Sendable where Value: Sendable {}
extension FieldUpdate: Equatable where Value: Equatable {}
extension FieldUpdate: Hashable where Value: Hashable {}

extension KeyedEncodingContainer where Key == JSONKey {
    /// Encodes a field update: nothing for `.keep`, the value for `.set`, `null` for `.clear`.
    public mutating func encode<Value: Encodable>(_ update: FieldUpdate<Value>, forKey key: JSONKey) throws {
        switch update {
        case .keep: break
        case let .set(value): try encode(value, forKey: key)
        case .clear: try encodeNil(forKey: key)
        }
    }

    /// Encodes a field update through a transform.
    public mutating func encode<T: ValueTransform>(_ update: FieldUpdate<T.Value>, forKey key: JSONKey, using transform: T.Type) throws {
        switch update {
        case .keep: break
        case let .set(value): try encode(value, forKey: key, using: transform)
        case .clear: try encodeNil(forKey: key)
        }
    }
}
