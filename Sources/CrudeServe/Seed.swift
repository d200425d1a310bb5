#if CrudeServe
import CrudeRuntime
import Foundation

/// The data a server starts with: each resource's values by the resource's name in the spec, written as
/// the wire writes them (the spec's JSON keys and date formats, without envelope or namespace), and what
/// actions answer, under `actions`.
///
/// ```json
/// {"Person": [{"id": 1, "first_name": "Ada", "birthday": "1815-12-10"}],
///  "actions": {"login": {"token": "abc"}, "User.current": {"id": 1, "email": "ada@example.com"}}}
/// ```
///
/// Values without an id get one as created values do; read-only fields may be set here.
public struct Seed: Sendable {
    /// The values of each resource, by the resource's spec name. A seed file's integers are kept exactly
    /// in the seed, beyond the 2^53 that `JSONValue` holds.
    public var records: [String: [JSONValue]] {
        get { wireRecords.mapValues { $0.map(\.jsonValue) } }
        set { wireRecords = newValue.mapValues { $0.map(WireValue.init) } }
    }
    /// What each action answers, by its name (`login`) or, for a resource's action, the resource's name and
    /// its own (`User.current`): the body as the wire writes it, without envelope or namespace. Every call
    /// gets the same answer; an action without one is answered 501.
    public var actions: [String: JSONValue] {
        get { wireActions.mapValues(\.jsonValue) }
        set { wireActions = newValue.mapValues(WireValue.init) }
    }
    /// Where the seed was read from, for messages.
    public var source: String
    /// The values of each resource as the server keeps them.
    var wireRecords: [String: [WireValue]]
    /// What each action answers, as the server writes it.
    var wireActions: [String: WireValue]

    /// A seed of values and action answers held in memory.
    public init(_ records: [String: [JSONValue]] = [:], actions: [String: JSONValue] = [:]) {
        wireRecords = records.mapValues { $0.map(WireValue.init) }
        wireActions = actions.mapValues(WireValue.init)
        source = "seed"
    }

    /// Reads a seed file: one JSON object whose keys are resource names and values arrays of objects, and
    /// whose `actions` object, if any, holds the actions' answers (a resource named `actions` keeps its
    /// array).
    public init(contentsOf path: String) throws(SeedError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SeedError(source: path, path: "", message: "cannot be read (\(error.localizedDescription))")
        }
        let json: WireValue
        do {
            json = try JSONDecoder().decode(WireValue.self, from: data)
        } catch {
            throw SeedError(source: path, path: "", message: "is not valid JSON (\(error))")
        }
        guard case let .object(object) = json else {
            throw SeedError(source: path, path: "", message: #"must be an object of arrays, such as {"Person": [{…}]}"#)
        }
        var records: [String: [WireValue]] = [:]
        var actions: [String: WireValue] = [:]
        for (name, value) in object {
            switch (name, value) {
            case let (_, .array(values)): records[name] = values
            case let ("actions", .object(answers)): actions = answers
            default: throw SeedError(source: path, path: name, message: "must be an array of objects")
            }
        }
        wireRecords = records
        wireActions = actions
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
