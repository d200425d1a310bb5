#if CrudeServe
import CrudeRuntime
import Foundation

/// The data a server starts with: each resource's values by the resource's name in the spec, written as
/// the wire writes them (the spec's JSON keys and date formats, without envelope or namespace).
///
/// ```json
/// {"Person": [{"id": 1, "first_name": "Ada", "birthday": "1815-12-10"}]}
/// ```
///
/// Values without an id get one as created values do; read-only fields may be set here.
public struct Seed: Sendable {
    /// The values of each resource, by the resource's spec name.
    public var records: [String: [JSONValue]]
    /// Where the seed was read from, for messages.
    public var source: String

    /// A seed of values held in memory.
    public init(_ records: [String: [JSONValue]] = [:]) {
        self.records = records
        source = "seed"
    }

    /// Reads a seed file: one JSON object whose keys are resource names and values arrays of objects.
    public init(contentsOf path: String) throws(SeedError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SeedError(source: path, path: "", message: "cannot be read (\(error.localizedDescription))")
        }
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw SeedError(source: path, path: "", message: "is not valid JSON (\(error))")
        }
        guard case let .object(object) = json else {
            throw SeedError(source: path, path: "", message: #"must be an object of arrays, such as {"Person": [{…}]}"#)
        }
        var records: [String: [JSONValue]] = [:]
        for (name, value) in object {
            guard case let .array(values) = value else { throw SeedError(source: path, path: name, message: "must be an array of objects") }
            records[name] = values
        }
        self.records = records
        source = path
    }
}

/// Seed data that does not fit the spec: names the seed, the value's path and what to fix.
public struct SeedError: Error, Sendable, CustomStringConvertible {
    /// The seed file, or `seed` for a seed held in memory.
    public var source: String
    /// The path of the offending value: `Person[2].age`.
    public var path: String
    /// What is wrong.
    public var message: String

    /// `seed.json: Person[2].age: A valid integer is required.`
    public var description: String {
        path.isEmpty ? "\(source): \(message)" : "\(source): \(path): \(message)"
    }
}

extension SeedError {
    /// The failure of the value at `path` whose field comes first by name: `Person[2].age`, with its messages.
    init(source: String, path: String, failures: [String: [String]]) {
        let first = failures.min { $0.key < $1.key }
        self.init(source: source, path: first.map { "\(path).\($0.key)" } ?? path, message: first?.value.joined(separator: " ") ?? "is not valid")
    }
}
#endif
