// What the `init(from:)` and `encode(to:)` of generated unions call. Only generated code calls them, so
// they are its SPI.

@_spi(Generated)
extension Decoder {
    /// The string at `key` of the object being decoded: the tag that names a discriminated union's
    /// variant. `nil` when the value is no object or the key holds no string, so the union keeps the value
    /// as unknown instead of failing.
    public func discriminator(_ key: JSONKey) -> String? {
        guard let object = try? container(keyedBy: JSONKey.self) else { return nil }
        return try? object.decodeIfPresent(String.self, forKey: key)
    }

    /// The value decoded as the type the context expects: how a union reads a variant, by the type of the
    /// case or the `let` it goes to. A case may have its variant type's name (`case protocol(protocol)`),
    /// which hides the type wherever an expression names it.
    public func variant<Value: Decodable>() throws -> Value {
        try Value(from: self)
    }
}

@_spi(Generated)
extension Encoder {
    /// Encodes `value`, then writes `tag` at `key` of the same object, so that a discriminated union's
    /// value always says which variant it is, whatever the variant's own field of that key holds.
    public func encode(_ value: some Encodable, taggedAs tag: String, at key: JSONKey) throws {
        try value.encode(to: self)
        var object = container(keyedBy: JSONKey.self)
        try object.encode(tag, forKey: key)
    }
}
