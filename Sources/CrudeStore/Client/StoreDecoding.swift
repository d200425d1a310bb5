import CrudeRuntime
import Foundation

/// Reads values out of response bodies, and writes bodies from stored values, the way a client
/// configuration decodes them: its envelope, date and key strategies.
struct StoreDecoding: Sendable {
    let configuration: ClientConfiguration

    /// The value at `path` below the envelope.
    func value<Value: Decodable>(_ type: Value.Type, from body: Data, at path: String) throws -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = configuration.dateDecodingStrategy
        decoder.keyDecodingStrategy = configuration.keyDecodingStrategy
        decoder.userInfo[KeyPathPayload<Value>.keysKey] = keys(path)
        return try decoder.decode(KeyPathPayload<Value>.self, from: body).value
    }

    /// A body holding `value` at `path` below the envelope, as the server would have sent it.
    func body(_ value: some Encodable, at path: String) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = configuration.dateEncodingStrategy
        encoder.keyEncodingStrategy = configuration.keyEncodingStrategy
        var body = try encoder.encode(value)
        for key in keys(path).reversed() {
            body = Data("{".utf8) + (try JSONEncoder().encode(key)) + Data(":".utf8) + body + Data("}".utf8)
        }
        return body
    }

    /// The keys from the body's root: the envelope, then the operation's own path.
    private func keys(_ path: String) -> [String] {
        configuration.envelope + path.split(separator: ".").map(String.init)
    }
}

/// A value under nested keys read from the decoder's `userInfo`, decoded in one pass over the JSON.
private struct KeyPathPayload<Value: Decodable>: Decodable {
    /// Where the decoder's `userInfo` carries the keys.
    static var keysKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "crudestore.KeyPathPayload.keys")! }

    let value: Value

    /// Descends through the keys, then decodes the value.
    init(from decoder: any Decoder) throws {
        let keys = decoder.userInfo[Self.keysKey] as? [String] ?? []
        guard let last = keys.last else {
            value = try Value(from: decoder)
            return
        }
        var container = try decoder.container(keyedBy: JSONKey.self)
        for key in keys.dropLast() {
            container = try container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(stringValue: key))
        }
        value = try container.decode(Value.self, forKey: JSONKey(stringValue: last))
    }
}
