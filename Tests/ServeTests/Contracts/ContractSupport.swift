#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

@testable import CrudeServe

/// What a contract test runs against: `crudegen serve` or the fixture's generated server, over a store.
struct ContractTarget: Sendable, CustomTestStringConvertible {
    /// Which server answers.
    enum Server: Sendable {
        /// `crudegen serve` of the fixture's spec.
        case serve
        /// The fixture's generated service with its defaults alone (`GeneratedServers`).
        case generated
    }

    var server: Server
    var store: TestStore

    /// `crudegen serve` over every store the contract tests run over.
    static let served = TestStore.all.map { ContractTarget(server: .serve, store: $0) }

    /// `crudegen serve` and the generated server, over every store the contract tests run over.
    static let all = served + TestStore.all.map { ContractTarget(server: .generated, store: $0) }

    var testDescription: String { "\(server == .serve ? "crudegen serve" : "generated server") over \(store.rawValue)" }
}

/// A fixture's spec served with sample values of every resource, for the recorded contract tests
/// (`Contract-<fixture>.swift`, written by `ContractTestWriter` in CrudeGenCoreTests).
///
/// Every resource starts with enough values for its list to span three pages, each value made from the
/// wire types the server checks bodies against, so a seed the server accepts is one the spec describes.
/// Every value of a resource carries the same sample in each field; the recorded tests pass those samples
/// as route arguments, so nested routes find the seeded values.
struct ContractServer {
    /// The running server.
    let server: SpecServer
    /// Where it listens.
    let baseURL: URL
    /// How many values each resource was seeded with, by spec name.
    let counts: [String: Int]

    /// Serves `Fixtures/<fixture>/spec.yaml` on a free port as `target` says, seeded with samples.
    static func start(fixture: String, target: ContractTarget) async throws -> ContractServer {
        let path = ServeSupport.fixture(fixture)
        let api = try ServedAPI.load(specAt: path)
        var records: [String: [JSONValue]] = [:]
        var counts: [String: Int] = [:]
        let samples = WireSamples(shapes: api.shapes, unions: api.unions)
        for resource in api.resources {
            let count = resource.pagination.map { $0.servedSize * 2 + 1 } ?? 3
            counts[resource.name] = count
            records[resource.name] = (1...count).map { samples.record(of: resource, number: $0) }
        }
        let database = try await target.store.database()
        let server: SpecServer
        switch target.server {
        case .serve: server = try SpecServer(specAt: path, seed: Seed(records), database: database)
        case .generated: server = try #require(try GeneratedServers.server(fixture: fixture, seed: Seed(records), database: database))
        }
        return ContractServer(server: server, baseURL: try await server.start(), counts: counts)
    }

    /// How many values `resource` was seeded with.
    func count(_ resource: String) -> Int {
        counts[resource] ?? 0
    }

    /// The stored values of `resource`, as the wire writes them.
    func records(_ resource: String) async -> [JSONValue] {
        do {
            return try await server.records(of: resource)
        } catch {
            Issue.record(error, "The values of \(resource) could not be read.")
            return []
        }
    }

    /// Whether some stored value of `resource` holds `value` under `key`.
    func stores(_ resource: String, _ key: String, _ value: String) async -> Bool {
        await records(resource).contains { $0[key] == .string(value) }
    }

    /// Stops the server.
    func stop() async {
        await server.stop()
    }
}

/// Sample JSON for wire types: the same value of a type every time, so the recorded tests can name it.
struct WireSamples {
    /// The fields of every model and resource, by spec name.
    let shapes: [String: [WireField]]
    /// The variants of every union, by spec name.
    let unions: [String: WireUnion]

    /// The `number`th value of `resource`: its id (for ids the server does not number), then a sample of
    /// every field.
    func record(of resource: ServedResource, number: Int) -> JSONValue {
        var object: [String: JSONValue] = [:]
        switch resource.id.type.nonOptional {
        case .integer: break
        case .uuid: object[resource.id.key] = .string(String(format: "00000000-0000-4000-8000-%012d", number))
        default: object[resource.id.key] = .string("id\(number)")
        }
        for field in resource.fields where !field.writeOnly {
            object[field.key] = sample(field.type, depth: 0)
        }
        return .object(object)
    }

    /// A value of `type`; nested objects stop at a depth where optionals are `null` and arrays empty.
    func sample(_ type: WireType, depth: Int) -> JSONValue {
        switch type {
        case .integer: .number(1)
        case .number: .number(1.5)
        case .bool: .bool(true)
        // Base64 of "a": a valid `Data` as well as a string.
        case .string: .string("YQ==")
        case .uuid: .string("00000000-0000-4000-8000-000000000001")
        case .url: .string("https://example.com/a")
        // 2001-09-09 01:46:40 UTC.
        case let .date(wire): wire.written(Date(timeIntervalSince1970: 1_000_000_000)).jsonValue
        case let .enumeration(values, integer):
            integer ? .number(Double(values.compactMap { Int($0) }.min() ?? 0)) : .string(values.min() ?? "")
        case let .object(name):
            .object(
                Dictionary(
                    (shapes[name] ?? []).compactMap { field in
                        field.writeOnly || depth > 2 && field.type.isOptional ? nil : (field.key, sample(field.type, depth: depth + 1))
                    }, uniquingKeysWith: { first, _ in first }))
        case let .union(name): union(unions[name], depth: depth)
        case let .array(element): depth > 2 ? .array([]) : .array([sample(element, depth: depth + 1)])
        case .dictionary: .object([:])
        case .optional(let wrapped): depth > 2 ? .null : sample(wrapped, depth: depth)
        // "1" is read by every lenient transform: as 1, 1.0, true, "1" and the id "1".
        case .any, .lenient: .string("1")
        }
    }

    /// A value of the union's first variant, with its tag when the union has a discriminator.
    private func union(_ union: WireUnion?, depth: Int) -> JSONValue {
        guard let union, let first = union.variants.first else { return .null }
        let value = sample(first.type, depth: depth)
        guard let key = union.discriminator, case var .object(object) = value else { return value }
        object[key] = .string(first.tag)
        return .object(object)
    }

}

extension WireType {
    /// The type without its optional wrapper.
    var nonOptional: WireType {
        if case let .optional(wrapped) = self { wrapped.nonOptional } else { self }
    }

    /// Whether `null` is a value of it.
    var isOptional: Bool {
        if case .optional = self { true } else { false }
    }
}
#endif
