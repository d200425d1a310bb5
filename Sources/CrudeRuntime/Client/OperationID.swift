import HTTPTypes

/// Names one operation of an API, to key ``ClientConfiguration``'s per-operation settings.
///
/// Generated code declares one for every operation and action: `Person.Operations.read`,
/// `Household.Operations.login` for an action of the whole API `Household`; ``raw(_:)`` names raw
/// requests. A misspelt or renamed operation is then a compile error rather than a setting that quietly
/// applies to nothing.
public struct OperationID: Hashable, Sendable, CustomStringConvertible {
    /// The resource as the spec names it (`Person`), the API's name for its own actions, or `raw`.
    public var resource: String
    /// The operation (`read`, `list`, `patch`…), the action as the spec names it (`login`), or a raw
    /// request's method (`GET`).
    public var operation: String

    /// Names an operation; generated code does this for you.
    public init(resource: String, operation: String) {
        self.resource = resource
        self.operation = operation
    }

    /// Every raw request (``APIClient/requestObject(_:_:_:query:headers:body:)`` and its siblings) sent with `method`.
    public static func raw(_ method: HTTPRequest.Method) -> OperationID {
        OperationID(resource: "raw", operation: method.rawValue)
    }

    /// `Person.read`: how logs and the deprecated string keys write it.
    public var description: String { "\(resource).\(operation)" }
}

/// Settings per operation, such as ``ClientConfiguration/operationHeaders``, keyed by ``OperationID``:
/// `configuration.operationHeaders[Person.Operations.read] = ["Accept-Language": "fr"]`.
public struct OperationSettings<Value: Sendable>: Sendable, ExpressibleByDictionaryLiteral {
    /// The settings by operation.
    private var values: [OperationID: Value]

    /// No settings.
    public init() {
        values = [:]
    }

    /// Settings written as a literal: `[Person.Operations.read: .reloadIgnoringCache]`.
    public init(dictionaryLiteral elements: (OperationID, Value)...) {
        values = Dictionary(elements) { _, last in last }
    }

    /// Whether no operation has a setting.
    public var isEmpty: Bool { values.isEmpty }

    /// The setting of one operation, `nil` when it has none.
    public subscript(operation: OperationID) -> Value? {
        get { values[operation] }
        set { values[operation] = newValue }
    }

    /// The setting of the operation written `"<resource>.<operation>"` (`"Person.read"`, `"raw.GET"`).
    @available(*, deprecated, message: "key by the generated identifier: [Person.Operations.read] for \"Person.read\", [.raw(.get)] for \"raw.GET\"")
    public subscript(key: String) -> Value? {
        get { values[Self.operation(key)] }
        set { values[Self.operation(key)] = newValue }
    }

    /// The identifier a string key names: the resource before its first dot, the operation after it. A
    /// key without a dot names no operation any request has.
    private static func operation(_ key: String) -> OperationID {
        guard let dot = key.firstIndex(of: ".") else { return OperationID(resource: key, operation: "") }
        return OperationID(resource: String(key[..<dot]), operation: String(key[key.index(after: dot)...]))
    }
}
