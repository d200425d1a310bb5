/// Turns a typed template context into the values the engine renders: a struct becomes an object of its
/// stored properties (a `nil` one left out, so a section over it does not render), an array a list, a
/// string and a flag themselves.
///
/// Contexts hold only those, so nothing here throws or fails; a number, the one other value `Encodable`
/// could give, becomes its text.
enum TemplateValueEncoder {
    /// The variables of `context`, by name.
    static func variables(of context: some TemplateContextRoot) -> TemplateObject {
        guard case let .object(variables) = value(of: context) else { return TemplateObject() }
        return variables
    }

    /// `value` as the engine's value.
    static func value(of value: some Encodable) -> TemplateValue {
        let encoder = ValueEncoder()
        // `ValueEncoder` throws nothing, and no context's `encode(to:)` throws of its own.
        try? value.encode(to: encoder)
        return encoder.result
    }
}

/// Collects what one value encodes: the entries of its keyed container, the items of its unkeyed one, or
/// its single value.
private final class ValueEncoder: Encoder {
    // Only this encoder's containers write these, one at a time: no access needs checking at run time.
    @exclusivity(unchecked) var object = TemplateObject()
    @exclusivity(unchecked) var items: [TemplateValue] = []
    var single: TemplateValue?
    var isList = false
    /// Values encoded through nested containers, by key or by their place in the list, read when the
    /// result is: synthesized coding never opens one, so this stays empty on the renderer's path.
    var nested: [(key: String?, place: Int, encoder: ValueEncoder)] = []

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var result: TemplateValue {
        if let single { return single }
        var object = object
        var items = items
        for entry in nested {
            if let key = entry.key { object.set(entry.encoder.result, for: key) } else { items.insert(entry.encoder.result, at: entry.place) }
        }
        return isList ? .list(items) : .object(object)
    }

    /// An encoder for a value nested under `key` (an item's, with `key` `nil`).
    func nestedEncoder(key: String?) -> ValueEncoder {
        let encoder = ValueEncoder()
        nested.append((key, items.count + nested.count { $0.key == nil }, encoder))
        return encoder
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // Room for a context's properties at once, rather than growing the object as each arrives.
        object.reserveCapacity(Self.typicalPropertyCount)
        return KeyedEncodingContainer(ObjectContainer(encoder: self))
    }

    /// More than most context structs have.
    static let typicalPropertyCount = 12

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        isList = true
        return ListContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(encoder: self)
    }
}

/// A struct's properties, as an object's entries.
private struct ObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) {}

    // The types contexts hold are written directly, without a nested encoder or a dynamic cast.
    mutating func encode(_ value: String, forKey key: Key) {
        encoder.object.set(.string(value), for: key.stringValue)
    }

    mutating func encodeIfPresent(_ value: String?, forKey key: Key) {
        if let value { encoder.object.set(.string(value), for: key.stringValue) }
    }

    mutating func encode(_ value: Bool, forKey key: Key) {
        encoder.object.set(.bool(value), for: key.stringValue)
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) {
        if let value { encoder.object.set(.bool(value), for: key.stringValue) }
    }

    mutating func encode(_ value: some Encodable, forKey key: Key) {
        // Lines (a function's body, documentation) are most of what contexts hold: taken whole, not line by
        // line through `Array`'s coding, which would encode each line with an encoder of its own.
        if type(of: value) == [String].self, let lines = value as? [String] {
            encoder.object.set(.list(lines.map(TemplateValue.string)), for: key.stringValue)
        } else {
            encoder.object.set(TemplateValueEncoder.value(of: value), for: key.stringValue)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        superEncoder(forKey: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        superEncoder(forKey: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.nestedEncoder(key: "super")
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.nestedEncoder(key: key.stringValue)
    }
}

/// An array's elements, as a list's items.
private struct ListContainer: UnkeyedEncodingContainer {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { [] }
    var count: Int { encoder.items.count + encoder.nested.count { $0.key == nil } }

    mutating func encodeNil() {}

    mutating func encode(_ value: String) {
        encoder.items.append(.string(value))
    }

    mutating func encode(_ value: some Encodable) {
        encoder.items.append(TemplateValueEncoder.value(of: value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        superEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        superEncoder().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.nestedEncoder(key: nil)
    }
}

/// A string or a flag; a number as its text.
private struct SingleContainer: SingleValueEncodingContainer {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() {}

    mutating func encode(_ value: String) {
        encoder.single = .string(value)
    }

    mutating func encode(_ value: Bool) {
        encoder.single = .bool(value)
    }

    mutating func encode(_ value: some Encodable) {
        encoder.single = .string(String(describing: value))
    }
}
