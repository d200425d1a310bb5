import CrudeRuntime
import Foundation

/// Reads values out of response bodies, and writes bodies from stored values, the way a client
/// configuration decodes them: its envelope, date and key strategies.
struct StoreDecoding: Sendable {
    let configuration: ClientConfiguration

    /// The value at `path` below the envelope.
    func value<Value: Decodable>(_ type: Value.Type, from body: Data, at path: String) throws -> Value {
        try configuration.decode(type, from: body, unwrapping: keys(path))
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
