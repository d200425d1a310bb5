/// The variables of a template context, read from its type: each stored property's path (`envelope[].key`)
/// and type as docs/templates.md writes it (`String`, `Bool`, `[String]`, `Object`, `[Object]`, or a list of
/// another context, `[function context]`).
///
/// The context is decoded once from nothing by a decoder that answers every request with one value and
/// records what was asked where: a property decoded as a string is a `String`, one that opens a keyed
/// container an `Object`, a list is read with one item, an optional as present.
enum TemplateVariables {
    /// Variable path → type, for `context`.
    static func of(_ context: any TemplateContextRoot.Type) -> [String: String] {
        let recording = Recording()
        _ = try? context.init(from: RecordingDecoder(place: .value(""), recording: recording))
        return recording.variables
    }
}

/// What a walk has found so far.
private final class Recording {
    var variables: [String: String] = [:]

    /// Records the type of the value at `place`: a list's item gives the list's type.
    func record(_ type: String, at place: RecordingDecoder.Place) {
        switch place {
        case let .value(path): if !path.isEmpty { variables[path] = type }
        case let .item(list): variables[list] = "[\(type)]"
        }
    }
}

/// Decodes a value at one place in the context, recording the kind of container asked for there.
private struct RecordingDecoder: Decoder {
    /// A variable (`""` for the context itself), or an item of the list variable named.
    enum Place {
        case value(String)
        case item(String)

        /// The path variables inside an object at this place start with.
        var prefix: String {
            switch self {
            case let .value(path): path
            case let .item(list): list + "[]"
            }
        }
    }

    /// Decoding failed where the context holds something templates cannot render.
    struct Unrenderable: Error {}

    let place: Place
    let recording: Recording

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        recording.record("Object", at: place)
        return KeyedDecodingContainer(RecordingObject(prefix: place.prefix, recording: recording))
    }

    func unkeyedContainer() -> any UnkeyedDecodingContainer {
        RecordingList(list: place.prefix, recording: recording)
    }

    func singleValueContainer() -> any SingleValueDecodingContainer {
        RecordingSingle(place: place, recording: recording)
    }
}

/// A struct's properties: each is a variable under `prefix`.
private struct RecordingObject<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let prefix: String
    let recording: Recording

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func path(_ key: Key) -> String {
        prefix.isEmpty ? key.stringValue : "\(prefix).\(key.stringValue)"
    }

    /// Every optional is there, so that what it holds is recorded too.
    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) -> Bool { false }

    func decode(_ type: String.Type, forKey key: Key) -> String {
        recording.record("String", at: .value(path(key)))
        return ""
    }

    func decode(_ type: Bool.Type, forKey key: Key) -> Bool {
        recording.record("Bool", at: .value(path(key)))
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try T(from: superDecoder(forKey: key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try superDecoder(forKey: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try superDecoder(forKey: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { throw RecordingDecoder.Unrenderable() }

    func superDecoder(forKey key: Key) -> any Decoder {
        RecordingDecoder(place: .value(path(key)), recording: recording)
    }
}

/// A list variable, read with one item; a list of contexts is recorded as one and the context not again.
private struct RecordingList: UnkeyedDecodingContainer {
    let list: String
    let recording: Recording
    var currentIndex = 0

    var codingPath: [any CodingKey] { [] }
    var count: Int? { 1 }
    var isAtEnd: Bool { currentIndex == 1 }

    mutating func decodeNil() -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        currentIndex += 1
        if let context = T.self as? any TemplateContextRoot.Type {
            recording.variables[list] = "[\(context.contextName) context]"
            return try T(from: RecordingDecoder(place: .value(""), recording: Recording()))
        }
        return try T(from: superDecoder())
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try superDecoder().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try superDecoder().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        RecordingDecoder(place: .item(list), recording: recording)
    }
}

/// A string or a flag, the only single values a template renders.
private struct RecordingSingle: SingleValueDecodingContainer {
    let place: RecordingDecoder.Place
    let recording: Recording

    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { false }

    func decode(_ type: String.Type) -> String {
        recording.record("String", at: place)
        return ""
    }

    func decode(_ type: Bool.Type) -> Bool {
        recording.record("Bool", at: place)
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        throw RecordingDecoder.Unrenderable()
    }
}
