import CrudeRuntime
import Foundation

/// What a store keeps of an API: the tables of its stored resources, and for each operation whose
/// response holds stored resources how to find them. Generated as the API's `storeSchema` for specs with
/// `store: true`.
public struct StoreSchema: Sendable {
    /// The tables, as recorded in the database.
    public let tables: [StoreTableDefinition]
    /// Table names, to reject batches for tables the store does not have.
    let tableNames: Set<String>
    /// Operations by `"Resource.operation"`, as ``CrudeRuntime/ClientRequest`` names them.
    let operations: [String: StoreOperation]

    /// A schema of `tables` and `operations`.
    public init(tables: [StoreTableDefinition], operations: [StoreOperation]) {
        self.tables = tables
        tableNames = Set(tables.map(\.name))
        self.operations = Dictionary(operations.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// How the store follows one operation: what of its response it keeps, what a delete removes, and how it
/// answers the operation when the network fails.
///
/// `path` is the dot-separated key path of the value inside the response body, below the client's
/// envelope: a namespace (`user`), a page's items (`results`) or empty for the body itself.
public struct StoreOperation: Sendable {
    /// `"Resource.operation"`.
    let key: String
    /// The stored resources of a successful response body.
    let keep: (@Sendable (_ body: Data, _ decoding: StoreDecoding) throws -> StoreBatch)?
    /// Removes what a successful request removed on the server.
    let remove: (@Sendable (Store, ClientRequest) async throws(StoreError) -> Void)?
    /// A response body built from the store, or `nil` when it holds no answer.
    let answer: (@Sendable (Store, ClientRequest, _ encoding: StoreDecoding) async throws -> Data?)?

    /// An operation whose response holds stored resources somewhere in a `Value` (a create, update or
    /// action result, a wrapper such as a login response): they are upserted.
    public static func response<Value: StoreContainer & Decodable>(_ type: Value.Type, _ key: String, at path: String = "") -> StoreOperation {
        StoreOperation(key: key, keep: keeping(Value.self, at: path), remove: nil, answer: nil)
    }

    /// A resource's read: the value is upserted, and offline the kept row with the route's id answers.
    public static func read<Model: StoredResource>(_ type: Model.Type, _ key: String, route: String, at path: String = "") -> StoreOperation {
        let pattern = RoutePattern(route)
        return StoreOperation(key: key, keep: keeping(Model.self, at: path), remove: nil) { store, request, coding in
            guard let segment = pattern.values(in: request.head.url)?[.id], let id = Model.StoreID(routeSegment: segment),
                let model = try await store.read(Model.self, id: id)
            else { return nil }
            return try coding.body(model, at: path)
        }
    }

    /// A resource's list (a page's items or a plain array): every value is upserted, and offline the kept
    /// rows answer, as one last page: those whose columns hold the route's field parameters (a team list of
    /// `orgs/1/teams/` answers org 1's teams).
    public static func list<Model: StoredResource>(_ type: Model.Type, _ key: String, route: String, at path: String = "") -> StoreOperation {
        let pattern = RoutePattern(route)
        return StoreOperation(key: key, keep: keeping([Model].self, at: path), remove: nil) { store, request, coding in
            guard let values = pattern.values(in: request.head.url) else { return nil }
            let filters = values.compactMap { parameter, text -> StoreFilter<Model>? in
                guard case let .column(column) = parameter else { return nil }
                return .routeParameter(column: column, text: text)
            }
            return try coding.body(try await store.all(Model.self, StoreQuery(where: filters)), at: path)
        }
    }

    /// A resource's delete: the row with the route's id is removed.
    public static func delete<Model: StoredResource>(_ type: Model.Type, _ key: String, route: String) -> StoreOperation {
        let pattern = RoutePattern(route)
        return StoreOperation(
            key: key, keep: nil,
            remove: { store, request throws(StoreError) in
                guard let segment = pattern.values(in: request.head.url)?[.id], let id = Model.StoreID(routeSegment: segment) else { return }
                try await store.delete(Model.self, id: id)
            }, answer: nil)
    }

    /// Decodes a `Value` at `path` and collects the stored resources it holds.
    private static func keeping<Value: StoreContainer & Decodable>(_ type: Value.Type, at path: String) -> @Sendable (Data, StoreDecoding) throws -> StoreBatch
    {
        { body, coding in
            var batch = StoreBatch()
            try batch.collect(try coding.value(Value.self, from: body, at: path))
            return batch
        }
    }
}
