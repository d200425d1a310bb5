#if CrudeServe
import CrudeRuntime
import Foundation

/// A call the server answers, an operation's (``OperationContext``) or an action's (``ActionContext``): its
/// request, and the readers through which a generated service's handler takes its route and query values
/// back as the client's functions wrote them.
public protocol ServedCall: Sendable {
    /// The request's method in capitals (`PATCH`).
    var method: String { get }
    /// The request's path, percent-encoded, without the query.
    var path: String { get }
    /// The request's query items, percent-decoded, in order.
    var query: [(name: String, value: String)] { get }
    /// The values of the route's parameters, percent-decoded, in the route's order (an id counted).
    var routeValues: [String] { get }
}

extension ServedCall {
    /// The value of the route's parameter at `position` (from 0, in the route's order, the id counted) as a
    /// value of `type`, read as the client writes it (`\(value)`, an enum by its raw value); 404 for a value
    /// of another type, as for a path the API does not have.
    @_spi(Generated)
    public func parameter<Value: Decodable>(_ position: Int, as type: Value.Type) throws -> Value {
        guard routeValues.indices.contains(position) else {
            throw ServiceError(status: 500, message: "The route of \(method) \(path) has no parameter \(position + 1).")
        }
        let text = routeValues[position]
        guard let value = CallValueText.value(of: text, as: type) else {
            throw ServiceError(status: 404, message: "Not found: \(text) is no \(Value.self).")
        }
        return value
    }

    /// The query parameter `name` as a value of `type`, as the client writes it (`\(value)`, an enum by its
    /// raw value); `nil` when the query does not carry it (its last item when it carries several).
    @_spi(Generated)
    public func query<Value: Decodable>(_ name: String, as type: Value.Type) throws -> Value? {
        try queryText(name).map { try CallValueText.read($0, as: type, what: "The query parameter `\(name)`") }
    }

    /// The query parameter `name` as a value its transform reads (a date as `iso8601` or `epoch_seconds`
    /// writes it); `nil` when the query does not carry it.
    @_spi(Generated)
    public func query<Transform: ValueTransform>(_ name: String, using transform: Transform.Type) throws -> Transform.Value? {
        try queryText(name).map { try CallValueText.read($0, using: transform, what: "The query parameter `\(name)`") }
    }

    /// The array query parameter `name`, written in `style`, as values of `type`; `nil` when the query does
    /// not carry it.
    @_spi(Generated)
    public func query<Element: Decodable>(_ name: String, as type: [Element].Type, style: CrudeRuntime.QueryArrayStyle) throws -> [Element]? {
        try queryTexts(name, style: style).map { texts in
            try texts.map { try CallValueText.read($0, as: Element.self, what: "The query parameter `\(name)`") }
        }
    }

    /// The array query parameter `name`, written in `style`, each element as its transform reads it; `nil`
    /// when the query does not carry it.
    @_spi(Generated)
    public func query<Transform: ValueTransform>(
        _ name: String, using transform: Transform.Type, style: CrudeRuntime.QueryArrayStyle
    ) throws -> [Transform.Value]? {
        try queryTexts(name, style: style).map { texts in
            try texts.map { try CallValueText.read($0, using: transform, what: "The query parameter `\(name)`") }
        }
    }

    /// `value`, the query parameter `name` the call requires; 400 when the query does not carry it.
    @_spi(Generated)
    public func required<Value>(_ value: Value?, query name: String) throws -> Value {
        guard let value else { throw ServiceError(status: 400, message: "The query parameter `\(name)` is required.") }
        return value
    }

    /// The text of the query parameter `name`: its last item's.
    private func queryText(_ name: String) -> String? {
        query.last { $0.name == name }?.value
    }

    /// The texts of the array query parameter `name`: an item each, or one item's comma-separated texts.
    private func queryTexts(_ name: String, style: CrudeRuntime.QueryArrayStyle) -> [String]? {
        switch style {
        case .repeated:
            let texts = query.filter { $0.name == name }.map(\.value)
            return texts.isEmpty ? nil : texts
        case .commaSeparated:
            return queryText(name).map { $0.isEmpty ? [] : $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        }
    }
}

/// Values a client wrote as text (into a path, a query or a form field) read back into their types.
enum CallValueText {
    /// `text`, as a client writes a value of `type` into a path or a query (its `description`: a string as
    /// it is, a number or flag as JSON writes it, an enum by its raw value), read back: as the JSON string
    /// `text`, or else as the JSON literal `text` is. `nil` when it is neither.
    static func value<Value: Decodable>(of text: String, as type: Value.Type) -> Value? {
        let decoder = JSONDecoder()
        if let quoted = try? JSONEncoder().encode(text), let value = try? decoder.decode(type, from: quoted) {
            return value
        }
        return try? decoder.decode(type, from: Data(text.utf8))
    }

    /// `text` as a `Value`; 400 naming `what` (``The query parameter `q` ``) when it is none.
    static func read<Value: Decodable>(_ text: String, as type: Value.Type, what: String) throws -> Value {
        guard let value = value(of: text, as: type) else {
            throw ServiceError(status: 400, message: "\(what) is no \(Value.self): \(text).")
        }
        return value
    }

    /// `text` read by its transform from the JSON value it stands for; 400 naming `what` when the transform
    /// rejects it.
    static func read<Transform: ValueTransform>(_ text: String, using transform: Transform.Type, what: String) throws -> Transform.Value {
        do {
            return try transform.decode(try read(text, as: Transform.Wire.self, what: what))
        } catch let error as ServiceError {
            throw error
        } catch {
            throw ServiceError(status: 400, message: "\(what) is no \(Transform.Value.self): \(text) (\(error)).")
        }
    }
}
#endif
