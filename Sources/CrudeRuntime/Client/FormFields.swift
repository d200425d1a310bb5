import Foundation

/// One named value of a form or multipart body.
struct FormField: Sendable {
    /// What a field carries.
    enum Value: Sendable {
        case text(String)
        case file(FileUpload)
    }

    var name: String
    var value: Value
}

/// Flattens an `Encodable` value into the fields of a form or multipart body through its own `Encodable`
/// conformance, so generated payloads need no second encoding: the value must be an object whose
/// properties are scalars, files (multipart only) or arrays of them; an array becomes one field per
/// element, and `nil` leaves the field out.
enum FormFields {
    /// The fields of `value`; throws ``APIError/encoding(description:)`` for what a form cannot carry.
    static func fields(of value: some Encodable, allowingFiles: Bool) throws(APIError) -> [FormField] {
        let encoder = FieldEncoder(level: .object, codingPath: [], allowsFiles: allowingFiles)
        do {
            try value.encode(to: encoder)
            if let failure = encoder.failure { throw failure }
        } catch let EncodingError.invalidValue(_, context) {
            let path = APIClient.jsonPath(context.codingPath)
            throw .encoding(description: (path.isEmpty ? "" : "`\(path)`: ") + context.debugDescription)
        } catch {
            throw .encoding(description: "\(error)")
        }
        return encoder.fields
    }
}

/// The encoder of one level of a form body: the body object, one field's value, or one array element.
private final class FieldEncoder: Encoder {
    /// What the value being encoded stands for, which decides the containers it may use.
    enum Level {
        /// The body: a keyed container of fields.
        case object
        /// A field: one scalar, or an unkeyed container of scalars.
        case field
        /// An array element: one scalar.
        case element
    }

    let level: Level
    let codingPath: [any CodingKey]
    let allowsFiles: Bool
    /// Generated models read their encoding options here: a form leaves read-only and `nil` properties out.
    let userInfo: [CodingUserInfoKey: Any] = [ModelEncodingOptions.userInfoKey: ModelEncodingOptions(nilEncoding: .omit, purpose: .request)]
    /// The fields of the body (level `object`).
    var fields: [FormField] = []
    /// The values of a field or element, in order.
    var values: [FormField.Value] = []
    /// A container asked for at the wrong level, which `container(…)` cannot throw; encoding throws it after.
    var failure: EncodingError?

    init(level: Level, codingPath: [any CodingKey], allowsFiles: Bool) {
        self.level = level
        self.codingPath = codingPath
        self.allowsFiles = allowsFiles
    }

    func fail(_ message: String) -> EncodingError {
        let error = EncodingError.invalidValue((), .init(codingPath: codingPath, debugDescription: message))
        if failure == nil { failure = error }
        return error
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if level != .object { _ = fail("a form field holds text, a file or an array of them, not an object") }
        return KeyedEncodingContainer(FieldsContainer(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        switch level {
        case .object: _ = fail("a form body is an object, not an array")
        case .element: _ = fail("a form field's array holds text or files, not arrays")
        case .field: break
        }
        return ValuesContainer(encoder: self, valueLevel: .element)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        if level == .object { _ = fail("a form body is an object, not a single value") }
        return ValuesContainer(encoder: self, valueLevel: level)
    }

    /// Encodes `value` one level down and returns what it wrote.
    func values(of value: some Encodable, level: Level, at key: (any CodingKey)?) throws -> [FormField.Value] {
        let path = codingPath + (key.map { [$0] } ?? [])
        if let file = value as? FileUpload {
            guard allowsFiles else {
                throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "a file can only be sent in a multipart/form-data body"))
            }
            return [.file(file)]
        }
        // Foundation encodes these as objects of their parts, where JSONEncoder special-cases them.
        if let decimal = value as? Decimal { return [.text(decimal.description)] }
        if let url = value as? URL { return [.text(url.absoluteString)] }
        // Base64, as JSONEncoder writes it by default, rather than Data's own array of bytes.
        if let data = value as? Data { return [.text(data.base64EncodedString())] }
        let encoder = FieldEncoder(level: level, codingPath: path, allowsFiles: allowsFiles)
        try value.encode(to: encoder)
        if let failure = encoder.failure { throw failure }
        return encoder.values
    }

    /// Records the text of a scalar, unless the container was asked for at the wrong level.
    func append(_ text: String) throws {
        if let failure { throw failure }
        values.append(.text(text))
    }
}

/// The body's fields by key.
private struct FieldsContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: FieldEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil(forKey key: Key) throws {}

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        if let failure = encoder.failure { throw failure }
        for value in try encoder.values(of: value, level: .field, at: key) {
            encoder.fields.append(FormField(name: key.stringValue, value: value))
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        _ = encoder.fail("field `\(key.stringValue)`: a form field holds text, a file or an array of them, not an object")
        return KeyedEncodingContainer(FieldsContainer<NestedKey>(encoder: encoder))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        _ = encoder.fail("field `\(key.stringValue)`: a form body encodes each field through its own value")
        return ValuesContainer(encoder: encoder, valueLevel: .element)
    }

    mutating func superEncoder() -> any Encoder {
        _ = encoder.fail("a form body has no super encoder")
        return encoder
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        _ = encoder.fail("a form body has no super encoder")
        return encoder
    }
}

/// The scalars of one field: a single value, or the elements of an array.
private struct ValuesContainer: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    let encoder: FieldEncoder
    /// The level of the values encoded through this container: the encoder's own for a single value, one
    /// level down for an array's elements.
    let valueLevel: FieldEncoder.Level
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.values.count }

    /// Forms cannot say `null`; a `nil` element or value is left out.
    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws { try encoder.append(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { try encoder.append(value) }
    /// As JSON writes it: `60`, not `60.0`.
    mutating func encode(_ value: Double) throws { try encoder.append(value.jsonText) }
    mutating func encode(_ value: Float) throws { try encoder.append(value.description) }
    mutating func encode(_ value: Int) throws { try encoder.append(value.description) }
    mutating func encode(_ value: Int8) throws { try encoder.append(value.description) }
    mutating func encode(_ value: Int16) throws { try encoder.append(value.description) }
    mutating func encode(_ value: Int32) throws { try encoder.append(value.description) }
    mutating func encode(_ value: Int64) throws { try encoder.append(value.description) }
    mutating func encode(_ value: UInt) throws { try encoder.append(value.description) }
    mutating func encode(_ value: UInt8) throws { try encoder.append(value.description) }
    mutating func encode(_ value: UInt16) throws { try encoder.append(value.description) }
    mutating func encode(_ value: UInt32) throws { try encoder.append(value.description) }
    mutating func encode(_ value: UInt64) throws { try encoder.append(value.description) }

    mutating func encode(_ value: some Encodable) throws {
        if let failure = encoder.failure { throw failure }
        // An array's element adds its index to the coding path; a single value is the field itself.
        let key = valueLevel == encoder.level ? nil : JSONKey(intValue: count)
        encoder.values += try encoder.values(of: value, level: valueLevel, at: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        _ = encoder.fail("a form field's array holds text or files, not objects")
        return KeyedEncodingContainer(FieldsContainer<NestedKey>(encoder: encoder))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        _ = encoder.fail("a form field's array holds text or files, not arrays")
        return self
    }

    mutating func superEncoder() -> any Encoder {
        _ = encoder.fail("a form body has no super encoder")
        return encoder
    }
}
