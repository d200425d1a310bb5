#if CrudeServe
import CrudeRuntime
import Foundation

/// One call of an action (a call beyond CRUD, such as `login` or `Invoice.search`), as the server has read
/// it, and its default answer: the seed data's (`crudegen serve`'s behaviour).
///
/// A generated service's action methods receive it: an override answers with logic of its own, and calls
/// ``defaultAnswer(as:)`` (or ``defaultAnswer()``, ``defaultList(_:as:)``, ``defaultDownload()``) for the
/// seed's answer.
public struct ActionContext: ServedCall {
    /// The body as its format reads it.
    enum Body: Sendable {
        case none
        /// A JSON body, unwrapped from the envelope and the action's namespace.
        case json(WireValue)
        /// A form or multipart body's fields.
        case form(FormBody)
    }

    public let method: String
    public let path: String
    public let query: [(name: String, value: String)]
    public let routeValues: [String]
    /// For an action whose answer pages, the positions of the items its page shows; empty otherwise.
    public let window: Range<Int>

    /// The action.
    let action: ServedAction
    /// The body.
    let body: Body
    /// The seed data's answer, if it has one.
    let seedAnswer: WireValue?

    /// The spec name of the resource the action belongs to (`Invoice`); `nil` for an API-wide action.
    public var ownerName: String? { action.owner }
    /// The action's name in the spec (`search`).
    public var actionName: String { action.name }

    // MARK: defaults

    /// The seed data's answer as a value of `type`; 501 when the seed data has none, 500 when it is no
    /// `Value`.
    public func defaultAnswer<Value: Decodable>(as type: Value.Type) throws -> Value {
        let answer = try seeded()
        do {
            return try JSONDecoder().decode(type, from: JSONText.data(answer))
        } catch {
            throw ServiceError(status: 500, message: "The seed data's answer to \(action.seedKey) is no \(Value.self): \(error)")
        }
    }

    /// Checks that the seed data answers the action, which returns nothing; 501 when it does not.
    public func defaultAnswer() throws {
        _ = try seeded()
    }

    /// The items at `window`'s positions of the seed data's answer (its array, or the array at the
    /// pagination's items key), as values of `type`, and how many it holds in all.
    public func defaultList<Value: Decodable>(_ window: Range<Int>, as type: Value.Type = Value.self) throws -> Listed<Value> {
        let items = try seededItems()
        let shown = items[window.clamped(to: items.indices)]
        do {
            return Listed(try shown.map { try JSONDecoder().decode(type, from: JSONText.data($0)) }, total: items.count)
        } catch {
            throw ServiceError(status: 500, message: "The seed data's answer to \(action.seedKey) holds an item that is no \(Value.self): \(error)")
        }
    }

    /// The seed data's answer as a file: a string's UTF-8 bytes, any other value's JSON text, as
    /// `application/octet-stream`.
    public func defaultDownload() throws -> Download {
        let answer = try seeded()
        let data = if case let .string(text) = answer { Data(text.utf8) } else { JSONText.data(answer) }
        return Download(data: data, contentType: "application/octet-stream", fileName: nil)
    }

    /// The default answer in wire values: what `crudegen serve` answers.
    func defaultWireAnswer() throws -> ActionAnswer {
        if action.pagination != nil {
            let items = try seededItems()
            return ActionAnswer(content: .listed(Array(items[window.clamped(to: items.indices)]), total: items.count))
        }
        if action.returnsFile { return .file(try defaultDownload()) }
        let answer = try seeded()
        return action.returnsBody ? ActionAnswer(content: .value(answer)) : .nothing
    }

    // MARK: typed values, for generated code

    /// The whole JSON body as a value of `type`; 400 when there is none or it is no `Value`.
    @_spi(Generated)
    public func body<Value: Decodable>(as type: Value.Type) throws -> Value {
        guard case let .json(json) = body else { throw ServiceError(status: 400, message: "The request has no JSON body.") }
        return try decoded(json, as: type, what: "The body")
    }

    /// The body's field `key` as a value of `type`: a JSON body's member, or a form field's text read as a
    /// query parameter's; `nil` when the body does not carry it (or carries `null`).
    @_spi(Generated)
    public func field<Value: Decodable>(_ key: String, as type: Value.Type) throws -> Value? {
        let what = "The body's field `\(key)`"
        switch body {
        case .none: return nil
        case let .json(json): return try member(key, of: json).map { try decoded($0, as: type, what: what) }
        case let .form(form): return try texts(key, of: form).last.map { try CallValueText.read($0, as: type, what: what) }
        }
    }

    /// The body's array field `key` as values of `type`: a JSON body's member, or a form's fields of that
    /// name, one an element; `nil` when the body does not carry it.
    @_spi(Generated)
    public func field<Element: Decodable>(_ key: String, as type: [Element].Type) throws -> [Element]? {
        let what = "The body's field `\(key)`"
        switch body {
        case .none: return nil
        case let .json(json): return try member(key, of: json).map { try decoded($0, as: type, what: what) }
        case let .form(form):
            let texts = try texts(key, of: form)
            return texts.isEmpty ? nil : try texts.map { try CallValueText.read($0, as: Element.self, what: what) }
        }
    }

    /// The body's field `key` as its transform reads it (a date as `epoch_seconds` writes it); `nil` when
    /// the body does not carry it.
    @_spi(Generated)
    public func field<Transform: ValueTransform>(_ key: String, using transform: Transform.Type) throws -> Transform.Value? {
        let what = "The body's field `\(key)`"
        let wire: Transform.Wire?
        switch body {
        case .none: return nil
        case let .json(json): wire = try member(key, of: json).map { try decoded($0, as: Transform.Wire.self, what: what) }
        case let .form(form): wire = try Self.wire(of: try texts(key, of: form), as: Transform.Wire.self, what: what)
        }
        guard let wire else { return nil }
        do {
            return try transform.decode(wire)
        } catch {
            throw ServiceError(status: 400, message: "\(what) is no \(Transform.Value.self) (\(error)).")
        }
    }

    /// The multipart body's file `key`; `nil` when the body does not carry it.
    @_spi(Generated)
    public func file(_ key: String) throws -> FileUpload? {
        try files(key)?.last
    }

    /// The multipart body's files `key`, in order; `nil` when the body carries none.
    @_spi(Generated)
    public func files(_ key: String) throws -> [FileUpload]? {
        guard case let .form(form) = body else { return nil }
        let files = try form.values(named: key).map { value in
            guard case let .file(file) = value else { throw ServiceError(status: 400, message: "The body's field `\(key)` is no file.") }
            return file
        }
        return files.isEmpty ? nil : files
    }

    /// `value`, the body's field `key` the action requires; 400 when the body does not carry it.
    @_spi(Generated)
    public func required<Value>(_ value: Value?, field key: String) throws -> Value {
        guard let value else { throw ServiceError(status: 400, message: "The body's field `\(key)` is required.") }
        return value
    }

    // MARK: helpers

    /// The seed data's answer; 501 when it has none.
    private func seeded() throws -> WireValue {
        guard let seedAnswer else {
            let owner = action.owner.map { "\($0)'s " } ?? ""
            throw ServiceError(
                status: 501,
                message:
                    "\(owner)action `\(action.name)` has no answer: give it one in the seed data, under \"actions\" as \"\(action.seedKey)\", or answer it in your own server."
            )
        }
        return seedAnswer
    }

    /// The items of the seed data's answer to a paged action: the answer itself when it is an array, else
    /// the array at the pagination's items key path.
    private func seededItems() throws -> [WireValue] {
        let answer = try seeded()
        var items = answer
        if let keyPath = action.pagination?.items, !keyPath.isEmpty {
            for key in keyPath.split(separator: ".") { items = items[String(key)] ?? .null }
        }
        guard case let .array(values) = items else {
            throw ServiceError(status: 500, message: "The seed data's answer to \(action.seedKey) has no array of items to page.")
        }
        return values
    }

    /// The member `key` of a JSON body, `nil` when it is missing or `null`; 400 when the body is no object.
    private func member(_ key: String, of json: WireValue) throws -> WireValue? {
        guard case let .object(object) = json else { throw ServiceError(status: 400, message: "The body is no JSON object.") }
        guard let member = object[key], member != .null else { return nil }
        return member
    }

    /// The texts of a form's fields `key`; 400 when one is a file.
    private func texts(_ key: String, of form: FormBody) throws -> [String] {
        try form.values(named: key).map { value in
            guard case let .text(text) = value else { throw ServiceError(status: 400, message: "The body's field `\(key)` is a file, not text.") }
            return text
        }
    }

    /// `json` as a `Value`; 400 naming `what` when it is none.
    private func decoded<Value: Decodable>(_ json: WireValue, as type: Value.Type, what: String) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: JSONText.data(json))
        } catch {
            throw ServiceError(status: 400, message: "\(what) is no \(Value.self): \(JSONText.of(json)).")
        }
    }

    /// The wire value a transform reads from a form's texts of one field: one text read as a query
    /// parameter's, or several (an array's elements) as the strings or literals they are; `nil` for none.
    private static func wire<Wire: Decodable>(of texts: [String], as type: Wire.Type, what: String) throws -> Wire? {
        guard !texts.isEmpty else { return nil }
        if texts.count == 1, let value = CallValueText.value(of: texts[0], as: type) { return value }
        let decoder = JSONDecoder()
        if let value = try? decoder.decode(type, from: JSONText.data(.array(texts.map(WireValue.string)))) { return value }
        if let value = try? decoder.decode(type, from: Data("[\(texts.joined(separator: ","))]".utf8)) { return value }
        throw ServiceError(status: 400, message: "\(what) is no \(Wire.self): \(texts.joined(separator: ", ")).")
    }
}

/// What an action answers: a value, some items of a paged answer, a file, or nothing.
public struct ActionAnswer: Sendable {
    /// The answer in wire values.
    enum Content: Sendable {
        case value(WireValue)
        case listed([WireValue], total: Int)
        case file(Download)
        case nothing
    }

    let content: Content

    /// No value: the answer of an action returning none.
    public static var nothing: ActionAnswer { ActionAnswer(content: .nothing) }

    /// `value`, as its `Encodable` conformance writes it.
    @_spi(Generated)
    public static func value(_ value: some Encodable) throws -> ActionAnswer {
        ActionAnswer(content: .value(try JSONDecoder().decode(WireValue.self, from: JSONEncoder().encode(value))))
    }

    /// Some items of a paged answer and how many there are in all.
    @_spi(Generated)
    public static func listed(_ listed: Listed<some Encodable>) throws -> ActionAnswer {
        let encoder = JSONEncoder()
        let items = try listed.values.map { try JSONDecoder().decode(WireValue.self, from: encoder.encode($0)) }
        return ActionAnswer(content: .listed(items, total: listed.total))
    }

    /// A file, its bytes sent as they are.
    @_spi(Generated)
    public static func file(_ download: Download) -> ActionAnswer {
        ActionAnswer(content: .file(download))
    }

    /// The default answer to `call`: what `crudegen serve` answers.
    @_spi(Generated)
    public static func byDefault(_ call: ActionContext) throws -> ActionAnswer {
        try call.defaultWireAnswer()
    }
}
#endif
