#if CrudeServe
import CrudeGenEngine
import CrudeRuntime
import Foundation

/// One call of a resource's operation, as the server has read and checked it, and the operation's default
/// behaviour over the server's store.
///
/// A generated service's methods receive it: an override reads the request from it and calls a default
/// (``defaultCreate(_:)``, ``defaultRead(_:)``…) for `crudegen serve`'s behaviour, before or after logic of
/// its own. The defaults act on the value the request's route names.
public struct OperationContext: ServedCall {
    /// The checked body of a call: a new value, the changes to a value, or none.
    enum Body: Sendable {
        case none
        case new(NewValue)
        case changes([String: WireValue])
    }

    /// The request's method in capitals (`PATCH`).
    public let method: String
    /// The request's path, percent-encoded, without the query.
    public let path: String
    /// The request's query items, percent-decoded, in order.
    public let query: [(name: String, value: String)]
    /// For a list, the positions of the values its page shows (all of them when it is not paged); empty
    /// for the other operations.
    public let window: Range<Int>

    /// The resource the operation is of.
    let resource: ServedResource
    /// The operation: its kind, and whether an update sets only the fields its body carries.
    let operation: ServedOperation
    /// The values of the route's parameters.
    let values: [(part: ServedRoute.Part, value: String)]
    public var routeValues: [String] { values.map(\.value) }
    /// The checked body.
    let body: Body
    /// The query items that filter a list by a field.
    let filters: [(name: String, value: String)]
    /// The default behaviour.
    let operations: DefaultOperations

    /// Which CRUD operation the call is.
    var kind: CRUDOperation { operation.kind }
    /// Whether an update sets only the fields its body carries.
    var isPartial: Bool { operation.isPartial }

    /// The name the spec gives the resource (`Person`).
    public var resourceName: String { resource.name }
    /// The operation's name in the spec: `create`, `read`, `update`, `patch`, `delete` or `list`.
    public var operationName: String { kind.rawValue }

    // MARK: defaults

    /// Stores `value` as a new value, as `crudegen serve` does (a new id unless `value` gives one, read-only
    /// fields set by the server), and returns the stored value.
    public func defaultCreate<Value: Codable>(_ value: Value) async throws -> Value {
        let new = try operations.newValue(of: resource, from: try wireFields(of: value), values: values, validation: validation())
        return try decoded(Value.self, from: try await operations.create(resource, new).object)
    }

    /// The value the route names; 404 when there is none.
    public func defaultRead<Value: Decodable>(_ type: Value.Type = Value.self) async throws -> Value {
        try decoded(type, from: try await operations.read(resource, values: values).object)
    }

    /// Replaces every field a client can set of the value the route names with `value`'s and returns the
    /// stored value; 404 when there is none.
    public func defaultUpdate<Value: Codable>(_ value: Value) async throws -> Value {
        try await update(with: try wireFields(of: value), isPartial: false, as: Value.self)
    }

    /// Sets the fields `patch` sets (or clears) of the value the route names and returns the stored value;
    /// 404 when there is none.
    public func defaultPatch<Patch: Encodable, Value: Decodable>(_ patch: Patch, as type: Value.Type = Value.self) async throws -> Value {
        try await update(with: try wireFields(of: patch), isPartial: true, as: type)
    }

    /// Removes the value the route names; 404 when there is none.
    public func defaultDelete() async throws {
        _ = try await operations.delete(resource, values: values)
    }

    /// Removes the value the route names and returns it; 404 when there is none.
    public func defaultDelete<Value: Decodable>(returning type: Value.Type) async throws -> Value {
        try decoded(type, from: try await operations.delete(resource, values: values).object)
    }

    /// The values at `window`'s positions of those the route holds, filtered by the query's items named
    /// like fields, and how many there are in all.
    public func defaultList<Value: Decodable>(_ window: Range<Int>, as type: Value.Type = Value.self) async throws -> Listed<Value> {
        let (records, total) = try await operations.list(resource, values: values, filters: filters, window: window)
        return Listed(try records.map { try decoded(type, from: $0.record.object) }, total: total)
    }

    /// The default answer to the whole call, in wire values: what `crudegen serve` answers.
    func defaultAnswer() async throws(RequestFailure) -> OperationAnswer {
        switch (kind, body) {
        case let (.create, .new(value)): return .record(try await operations.create(resource, value).object)
        case let (.update, .changes(changes)), let (.patch, .changes(changes)):
            let record = try await operations.update(resource, values: values, changes: changes, isPartial: isPartial)
            return .record(record.object)
        case (.read, _): return .record(try await operations.read(resource, values: values).object)
        case (.delete, _): return .record(try await operations.delete(resource, values: values).object)
        case (.list, _):
            let (records, total) = try await operations.list(resource, values: values, filters: filters, window: window)
            return .records(records.map(\.record.object), total: total)
        case (.create, _), (.update, _), (.patch, _):
            // The engine reads a body for each of these before it calls a handler.
            throw RequestFailure(response: .detail(400, "The request has no body."))
        }
    }

    // MARK: typed values, for generated code

    /// The checked body as a value of `type`: the new value of a create, the value a full update sends,
    /// or the fields a partial update sets, and only those.
    @_spi(Generated)
    public func body<Value: Decodable>(as type: Value.Type) throws -> Value {
        switch body {
        case let .new(value): try decoded(type, from: value.object)
        case let .changes(changes) where isPartial: try JSONDecoder().decode(type, from: JSONText.data(resource.modelForm(of: changes)))
        case let .changes(changes): try decoded(type, from: changes)
        case .none: throw ServiceError(status: 400, message: "The request has no body.")
        }
    }

    /// The value of the route's id as a value of `type`.
    @_spi(Generated)
    public func id<Value: Decodable>(as type: Value.Type) throws -> Value {
        let key = try DefaultOperations.key(of: resource, values: values)
        return try JSONDecoder().decode(type, from: JSONText.data(resource.id.type.pathValue(key)))
    }

    /// `value` as the answer's wire fields.
    func wireFields(of value: some Encodable) throws -> [String: WireValue] {
        let json = try JSONDecoder().decode(WireValue.self, from: JSONEncoder().encode(value))
        guard case let .object(object) = json else {
            throw ServiceError(status: 500, message: "A \(resource.name) encoded as \(JSONText.of(json)), not as an object.")
        }
        guard let shape = resource.jsonAPI else { return object }
        // A JSON:API model encodes its resource object; the server keeps the flat value it stands for.
        var validation = validation()
        return validation.flattened(object, of: resource, shape: shape)
    }

    /// A stored value's fields as a value of `type`: every field the resource has, those a value was
    /// created without as a response shows them, in a JSON:API resource object for a JSON:API model.
    func decoded<Value: Decodable>(_ type: Value.Type, from object: [String: WireValue]) throws -> Value {
        let shown = resource.shown(object, in: operations.api, includingWriteOnly: true)
        return try JSONDecoder().decode(type, from: JSONText.data(shown))
    }

    // MARK: helpers

    /// A validation of bodies against the spec.
    private func validation() -> BodyValidation {
        BodyValidation(api: operations.api)
    }

    /// Changes the value the route names with `fields` and returns it as a `type`.
    private func update<Value: Decodable>(with fields: [String: WireValue], isPartial: Bool, as type: Value.Type) async throws -> Value {
        let changes = try operations.changes(of: resource, from: fields, values: values, isPartial: isPartial, validation: validation())
        return try decoded(type, from: try await operations.update(resource, values: values, changes: changes, isPartial: isPartial).object)
    }
}

/// Some values of a list and how many the list holds in all, from which the server writes its page.
public struct Listed<Value> {
    /// The values at the positions asked for, in order.
    public var values: [Value]
    /// How many values the list holds in all.
    public var total: Int

    /// The values `values` of a list holding `total` in all.
    public init(_ values: [Value], total: Int) {
        self.values = values
        self.total = total
    }
}

extension Listed: Sendable where Value: Sendable {}

/// A failure a service's method answers with: an HTTP status and a sentence, sent as `{"detail": "…"}`.
public struct ServiceError: Error, Sendable, CustomStringConvertible {
    /// The HTTP status code (`403`).
    public var status: Int
    /// What the client is told.
    public var message: String

    /// A failure answered with `status` and `message`.
    public init(status: Int, message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { "\(status): \(message)" }
}
#endif
