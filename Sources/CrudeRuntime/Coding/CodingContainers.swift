// Container helpers that generated `init(from:)` and `encode(to:)` call: transforms, and `nil` handling
// that follows ``ModelEncodingOptions``. Only generated code calls them, so they are its SPI: an app's
// autocomplete and the reference show the containers' own methods only.

@_spi(Generated)
extension KeyedDecodingContainer where Key == JSONKey {
    /// Decodes the value at `key` as the type the context expects. Generated code uses this rather than
    /// `decode(T.self, forKey:)`, because a property named like a type would hide that type there.
    public func decode<Value: Decodable>(forKey key: JSONKey) throws -> Value {
        try decode(Value.self, forKey: key)
    }

    /// Decodes the value at `key` as the type the context expects, or `nil` when absent or `null`.
    public func decodeIfPresent<Value: Decodable>(forKey key: JSONKey) throws -> Value? {
        try decodeIfPresent(Value.self, forKey: key)
    }

    /// Decodes the value at `key` through a transform.
    public func decode<T: ValueTransform>(forKey key: JSONKey, using transform: T.Type) throws -> T.Value {
        let wire = try decode(T.Wire.self, forKey: key)
        do {
            return try T.decode(wire)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\(T.self) rejected the value: \(error)")
        }
    }

    /// Decodes the value at `key` through a transform, or `nil` when the key is absent or `null`.
    public func decodeIfPresent<T: ValueTransform>(forKey key: JSONKey, using transform: T.Type) throws -> T.Value? {
        guard let wire = try decodeIfPresent(T.Wire.self, forKey: key) else { return nil }
        do {
            return try T.decode(wire)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\(T.self) rejected the value: \(error)")
        }
    }
}

@_spi(Generated)
extension KeyedEncodingContainer where Key == JSONKey {
    /// Encodes `value` through a transform.
    public mutating func encode<T: ValueTransform>(_ value: T.Value, forKey key: JSONKey, using transform: T.Type) throws {
        do {
            try encode(T.encode(value), forKey: key)
        } catch let error as EncodingError {
            throw error
        } catch {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath + [key], debugDescription: "\(T.self) rejected the value: \(error)", underlyingError: error))
        }
    }

    /// Encodes an optional value through a transform, leaving the key out when it is `nil`: how a write-only
    /// property is sent, whatever the call's `nils`.
    public mutating func encodeIfPresent<T: ValueTransform>(_ value: T.Value?, forKey key: JSONKey, using transform: T.Type) throws {
        if let value { try encode(value, forKey: key, using: transform) }
    }

    /// Encodes an optional value whose key is always sent: `null` for `nil` (a field the spec marks `required`).
    public mutating func encodeOrNull<T: Encodable>(_ value: T?, forKey key: JSONKey) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    /// Encodes an optional value through a transform, `null` for `nil`.
    public mutating func encodeOrNull<T: ValueTransform>(_ value: T.Value?, forKey key: JSONKey, using transform: T.Type) throws {
        if let value { try encode(value, forKey: key, using: transform) } else { try encodeNil(forKey: key) }
    }

    /// Encodes an optional value, writing `null` or leaving the key out as `options` say.
    public mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: JSONKey, _ options: ModelEncodingOptions) throws {
        if let value {
            try encode(value, forKey: key)
        } else if options.nilEncoding == .null {
            try encodeNil(forKey: key)
        }
    }

    /// Encodes an optional value through a transform, writing `null` or leaving the key out as `options` say.
    public mutating func encodeIfPresent<T: ValueTransform>(_ value: T.Value?, forKey key: JSONKey, using transform: T.Type, _ options: ModelEncodingOptions)
        throws
    {
        if let value {
            try encode(value, forKey: key, using: transform)
        } else if options.nilEncoding == .null {
            try encodeNil(forKey: key)
        }
    }
}
