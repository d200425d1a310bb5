#if CrudeServe
import CrudeRuntime

/// What each operation does to the stored values, in wire values: `crudegen serve`'s behaviour, between the
/// engine, which reads requests and writes responses, and the store.
///
/// Values are named by the route's values (`values`): the id's key, and the fields and arguments a nested
/// route names, which a value must hold to be found under it.
struct DefaultOperations: Sendable {
    /// The spec, resolved.
    let api: ServedAPI
    /// Where the values live.
    let store: any ServeStore

    /// A new value of `resource` from the fields a body sets (`validation` holding what reading the body
    /// found wrong): the fields checked, the route's fields set from the route, the id the body gives, if
    /// any, and the route's arguments; 400 with every failure.
    func newValue(
        of resource: ServedResource, from body: [String: WireValue], values: [(part: ServedRoute.Part, value: String)],
        validation: consuming BodyValidation
    ) throws(RequestFailure) -> NewValue {
        let body = Self.settingRouteFields(of: values, in: body)
        var object = validation.object(body, fields: resource.fields, partial: false)
        let key = resource.givenKey(in: body, validation: &validation)
        guard validation.errors.isEmpty else { throw RequestFailure(response: .invalid(validation.errors)) }
        if key != nil { object[resource.id.key] = body[resource.id.key] }
        var arguments: [String: String] = [:]
        for case let (.argument(name), value) in values {
            arguments[name] = value
        }
        return NewValue(object: object, key: key, arguments: arguments)
    }

    /// The changes a body makes to the value the route names (`validation` holding what reading the body
    /// found wrong): every field the client can set (`isPartial` off) or those the body carries, checked,
    /// with the route's fields set from the route; 400 with every failure.
    func changes(
        of resource: ServedResource, from body: [String: WireValue], values: [(part: ServedRoute.Part, value: String)], isPartial: Bool,
        validation: consuming BodyValidation
    ) throws(RequestFailure) -> [String: WireValue] {
        let changes = validation.object(Self.settingRouteFields(of: values, in: body), fields: resource.fields, partial: isPartial)
        guard validation.errors.isEmpty else { throw RequestFailure(response: .invalid(validation.errors)) }
        return changes
    }

    /// Stores `value` as a new value of `resource`: under the id it gives, or under a new id; read-only
    /// fields set. 409 when the key is taken.
    func create(_ resource: ServedResource, _ value: NewValue) async throws(RequestFailure) -> StoredRecord {
        var object = value.object
        let key: String
        if let given = value.key { key = given } else { key = try await newKey(of: resource, in: &object) }
        for field in resource.fields where field.readOnly {
            object[field.key] = field.type.placeholder(in: api)
        }
        let record = StoredRecord(object: object, arguments: value.arguments)
        guard try await stored({ try await store.insert(record, at: key, in: resource.table) }) else {
            let message = "A \(resource.name) with id \(key) already exists."
            throw RequestFailure(response: resource.jsonAPI == nil ? .detail(409, message) : .conflict(message, pointer: "/data/id"))
        }
        return record
    }

    /// The value the route names; 404 when there is none under it.
    func read(_ resource: ServedResource, values: [(part: ServedRoute.Part, value: String)]) async throws(RequestFailure) -> StoredRecord {
        let key = try Self.key(of: resource, values: values)
        guard let record = try await stored({ try await store.record(key, in: resource.table) }), Self.matches(record, values) else {
            throw Self.notFound(resource)
        }
        return record
    }

    /// Changes the value the route names: every field the client can have read replaced by `changes` (a full
    /// update), or only those `changes` holds (a partial one). 404 when there is none under the route.
    func update(
        _ resource: ServedResource, values: [(part: ServedRoute.Part, value: String)], changes: [String: WireValue], isPartial: Bool
    ) async throws(RequestFailure) -> StoredRecord {
        let key = try Self.key(of: resource, values: values)
        let updated = try await stored {
            try await store.update(key, in: resource.table) { old in
                guard Self.matches(old, values) else { throw Self.notFound(resource) }
                var object = old.object
                if !isPartial {
                    // A full update replaces every field the client can have read; the id, read-only fields and
                    // write-only fields it does not send (a password a read never returns) stay.
                    for field in resource.fields where !field.readOnly && !field.writeOnly { object[field.key] = nil }
                }
                object.merge(changes) { $1 }
                return StoredRecord(object: object, arguments: old.arguments)
            }
        }
        guard let updated else { throw Self.notFound(resource) }
        return updated
    }

    /// Removes the value the route names and returns it; 404 when there is none under it.
    func delete(_ resource: ServedResource, values: [(part: ServedRoute.Part, value: String)]) async throws(RequestFailure) -> StoredRecord {
        let key = try Self.key(of: resource, values: values)
        guard let removed = try await stored({ try await store.delete(key, in: resource.table, if: { Self.matches($0, values) }) }) else {
            throw Self.notFound(resource)
        }
        return removed
    }

    /// The values under the route whose fields named by `filters` have their values, those at `window`'s
    /// positions, and how many there are in all: the store's own window when nothing filters, without a
    /// look at any value outside it.
    func list(
        _ resource: ServedResource, values: [(part: ServedRoute.Part, value: String)], filters: [(name: String, value: String)], window: Range<Int>
    ) async throws(RequestFailure) -> (records: [KeyedRecord], total: Int) {
        let routeFilters = values.contains { value in
            switch value.part {
            case .field, .argument: true
            case .id, .literal: false
            }
        }
        guard routeFilters || !filters.isEmpty else {
            return try await stored { try await store.records(in: resource.table, window: window) }
        }
        let all = try await stored { try await store.records(in: resource.table, window: nil) }.records.filter { keyed in
            Self.matches(keyed.record, values)
                && filters.allSatisfy { filter in keyed.record.object[filter.name].flatMap(JSONText.pathText) == filter.value }
        }
        return (Array(all[window.clamped(to: all.indices)]), all.count)
    }

    /// The key of the value the route's id names.
    static func key(of resource: ServedResource, values: [(part: ServedRoute.Part, value: String)]) throws(RequestFailure) -> String {
        guard let id = values.first(where: { if case .id = $0.part { true } else { false } })?.value else { throw notFound(resource) }
        return resource.id.type.canonicalKey(id)
    }

    // MARK: helpers

    /// `body` with the fields the route names set from it: the route says where the value lives, whatever
    /// the body says.
    private static func settingRouteFields(of values: [(part: ServedRoute.Part, value: String)], in body: [String: WireValue]) -> [String: WireValue] {
        var body = body
        for case let (.field(field), value) in values {
            body[field.key] = field.type.pathValue(value)
        }
        return body
    }

    /// A new id of `resource`, set in `object`, and its key: the table's next integer, or a new UUID.
    private func newKey(of resource: ServedResource, in object: inout [String: WireValue]) async throws(RequestFailure) -> String {
        let type = resource.id.type
        let number = type.numbersNewIDs ? try await stored { try await store.nextInteger(in: resource.table) } : 0
        let (value, text) = type.newID(number: number)
        object[resource.id.key] = value
        return type.canonicalKey(text)
    }

    /// 404 for a value of `resource` the route names and the store does not hold.
    private static func notFound(_ resource: ServedResource) -> RequestFailure {
        RequestFailure(response: .detail(404, "No \(resource.name) found here."))
    }

    /// Whether `record` lives under the route values other than its id.
    private static func matches(_ record: StoredRecord, _ values: [(part: ServedRoute.Part, value: String)]) -> Bool {
        values.allSatisfy { part, value in
            switch part {
            case let .field(field): record.object[field.key].flatMap(JSONText.pathText) == value
            case let .argument(name): record.arguments[name].map { $0 == value } ?? true
            case .id, .literal: true
            }
        }
    }

    /// The result of a step of the store; an error of its own (not a request's failure) answered 500.
    private func stored<Value>(_ step: () async throws -> Value) async throws(RequestFailure) -> Value {
        do {
            return try await step()
        } catch let failure as RequestFailure {
            throw failure
        } catch {
            throw RequestFailure(response: .detail(500, "The store could not be read or written: \(error)"))
        }
    }
}
/// A value to create, checked: its fields, the key of the id the body gave (set in `object` too), and the
/// route's arguments it lives under.
struct NewValue: Sendable {
    /// The value's fields as the wire writes them.
    var object: [String: WireValue]
    /// The key of the id the body gave; `nil` for a new id.
    var key: String?
    /// Values of route parameters that are no field.
    var arguments: [String: String]
}
#endif
