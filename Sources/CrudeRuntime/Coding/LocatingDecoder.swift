import Foundation

/// Decodes a ``ParsedJSON`` again after `JSONDecoder` failed without saying where: Foundation on Linux
/// reports a number that does not fit the type asked for (`1e+20` as an `Int`, `1.5` as an `Int`, `1e400`
/// as a `Double`) as "The given data was not valid JSON" at the root. This decoder checks each number
/// against the type asked for, so the error it throws names the number's coding path and its text.
///
/// Every other value decodes as `JSONDecoder` decodes it (dates, data and URLs through a `JSONDecoder`
/// with the client's strategies), so the first error met is the one that stopped the real decode.
struct LocatingDecoder: Decoder {
    let json: ParsedJSON
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    let dateDecodingStrategy: JSONDecoder.DateDecodingStrategy

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case let .object(object) = json else { throw unexpected([String: Any].self) }
        return KeyedDecodingContainer(KeyedContainer(decoder: self, object: object))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case let .array(items) = json else { throw unexpected([Any].self) }
        return UnkeyedContainer(decoder: self, items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(decoder: self)
    }

    /// The decoder of a value nested at `key`.
    func nested(_ json: ParsedJSON, at key: any CodingKey) -> LocatingDecoder {
        LocatingDecoder(json: json, codingPath: codingPath + [key], userInfo: userInfo, dateDecodingStrategy: dateDecodingStrategy)
    }

    /// Decodes this decoder's value as `T`: the scalars `JSONDecoder` reads itself checked here, the rest
    /// through their own `init(from:)`.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        switch json {
        case let .number(text):
            if let integer = T.self as? any (FixedWidthInteger & Decodable).Type { return try self.integer(integer, text) as! T }
            if T.self == Double.self { return try floatingPoint(Double.self, text) as! T }
            if T.self == Float.self { return try floatingPoint(Float.self, text) as! T }
            if T.self == Decimal.self, let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) { return decimal as! T }
        case let .string(text):
            if T.self == String.self { return text as! T }
        case let .bool(value):
            if T.self == Bool.self { return value as! T }
        default:
            break
        }
        if T.self == Date.self || T.self == Data.self || T.self == URL.self { return try foundationValue(T.self) }
        if T.self == String.self || T.self == Bool.self || T.self is any Numeric.Type { throw unexpected(T.self) }
        return try T(from: self)
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type, _ text: String) throws -> T {
        if let value = T(text) { return value }
        if let double = Double(text), let value = T(exactly: double) { return value }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: codingPath, debugDescription: "\(text) does not fit in \(T.self)"))
    }

    private func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type, _ text: String) throws -> T {
        guard let value = T(text), value.isFinite else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: codingPath, debugDescription: "\(text) does not fit in \(T.self)"))
        }
        return value
    }

    /// A date, data or URL, read by a `JSONDecoder` with the client's date strategy from the scalar alone.
    private func foundationValue<T: Decodable>(_ type: T.Type) throws -> T {
        let literal: String
        switch json {
        case let .number(text): literal = text
        case let .string(text): literal = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
        default: throw unexpected(T.self)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = dateDecodingStrategy
        do {
            return try decoder.decode([T].self, from: Data("[\(literal)]".utf8))[0]
        } catch {
            let description = (error as? DecodingError).map(LocatingDecoder.debugDescription) ?? "\(error)"
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description))
        }
    }

    /// What `JSONDecoder` throws for a value of the wrong kind: `valueNotFound` for `null`, else `typeMismatch`.
    private func unexpected(_ type: Any.Type) -> DecodingError {
        if case .null = json { return DecodingError.valueNotFound(type, DecodingError.Context(codingPath: codingPath, debugDescription: "found null")) }
        return mismatch(type, json, at: codingPath)
    }

    private static func debugDescription(_ error: DecodingError) -> String {
        switch error {
        case let .dataCorrupted(context), let .typeMismatch(_, context), let .valueNotFound(_, context), let .keyNotFound(_, context): context.debugDescription
        @unknown default: "\(error)"
        }
    }
}

/// `typeMismatch` as `JSONDecoder` words it, for a value that is not the type asked for.
private func mismatch(_ type: Any.Type, _ json: ParsedJSON, at codingPath: [any CodingKey]) -> DecodingError {
    DecodingError.typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: "found \(json.quoted)"))
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: LocatingDecoder
    let object: [String: ParsedJSON]

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try member(key) { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(type, forKey: key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(type, forKey: key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.nested(try member(key), at: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.nested(try member(key), at: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { decoder.nested(object["super"] ?? .null, at: JSONKey(stringValue: "super")) }
    func superDecoder(forKey key: Key) throws -> any Decoder { decoder.nested(object[key.stringValue] ?? .null, at: key) }

    private func value<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.nested(try member(key), at: key).decode(type)
    }

    private func member(_ key: Key) throws -> ParsedJSON {
        guard let member = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "no value for the key"))
        }
        return member
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: LocatingDecoder
    let items: [ParsedJSON]
    var currentIndex = 0

    init(decoder: LocatingDecoder, items: [ParsedJSON]) {
        self.decoder = decoder
        self.items = items
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func decodeNil() throws -> Bool {
        guard case .null = try next(peeking: true) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try nextValue(type) }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try nextValue(type) }
    mutating func decode(_ type: String.Type) throws -> String { try nextValue(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try nextValue(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try nextValue(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try nextValue(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try nextValue(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try nextValue(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try nextValue(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try nextValue(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try nextValue(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try nextValue(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try nextValue(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try nextValue(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try nextValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let key = JSONKey(intValue: currentIndex)
        return try decoder.nested(try next(peeking: false), at: key).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let key = JSONKey(intValue: currentIndex)
        return try decoder.nested(try next(peeking: false), at: key).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let key = JSONKey(intValue: currentIndex)
        return decoder.nested(try next(peeking: false), at: key)
    }

    private mutating func nextValue<T: Decodable>(_ type: T.Type) throws -> T {
        let key = JSONKey(intValue: currentIndex)
        return try decoder.nested(try next(peeking: false), at: key).decode(type)
    }

    /// The current element, moving past it unless `peeking`.
    private mutating func next(peeking: Bool) throws -> ParsedJSON {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, DecodingError.Context(codingPath: codingPath + [JSONKey(intValue: currentIndex)], debugDescription: "the array has no more elements"))
        }
        defer { if !peeking { currentIndex += 1 } }
        return items[currentIndex]
    }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let decoder: LocatingDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        if case .null = decoder.json { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(T.self) }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decode(type) }
    func decode(_ type: String.Type) throws -> String { try decoder.decode(type) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decode(type) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.decode(type) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.decode(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decode(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decode(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decode(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decode(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.decode(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decode(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decode(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decode(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decode(type) }
}
