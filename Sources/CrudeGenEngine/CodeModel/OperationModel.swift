/// The REST side of a resource: its operations, partial-update type and actions.
public struct ResourceDeclaration: Sendable {
    /// The resource's name as the spec writes it, sent as `OperationRequest.resource`.
    public var specName: String
    /// The id property's escaped Swift name.
    public var idProperty: String
    /// The id's Swift type, without optional.
    public var idType: SwiftType
    /// Whether the id property is optional (the resource can be created).
    public var idIsOptional: Bool
    /// The key unwrapping a single value from responses (`person`), if any.
    public var namespaceOne: String?
    /// The key unwrapping lists from responses (`people`), if any.
    public var namespaceMany: String?
    /// The key wrapping request bodies, if any.
    public var requestNamespace: String?
    /// For a JSON:API resource (`jsonapi`), the type its resource objects carry (`articles`): its coding
    /// reads and writes a resource object, each property in the member ``PropertyDeclaration/jsonAPIMember``
    /// says, and a partial update sends the id beside the patch.
    public var jsonAPIType: String?
    public var operations: [OperationDeclaration]
    /// How `list` pages, when it does.
    public var pagination: PaginationDeclaration?
    /// The typed query parameters of `list`, each an argument before its untyped `query` items.
    public var listQuery: [QueryParameterDeclaration]
    /// The fields a partial update can set: every field but the id and read-only ones.
    public var patchProperties: [PropertyDeclaration]
    public var actions: [ActionDeclaration]

    /// The operation that sends partial updates (`Patch` values): `patch` when the resource lists it, else
    /// `update` when its verb is PATCH; `nil` when the resource takes none, or has no field to set. A
    /// partial body never goes out by PUT, which replaces the whole value (RFC 9110, 9.3.4): a server such
    /// as Django REST Framework rejects it for every required field it leaves out.
    public var partialUpdate: OperationDeclaration? {
        guard !patchProperties.isEmpty else { return nil }
        return operations.first { $0.kind == .patch } ?? operations.first { $0.kind == .update && $0.method == "patch" }
    }

    /// The operations it sends, each as the name of its generated identifier (`Person.Operations.read`) and
    /// the operation's name in requests: the CRUD operations (`patch` only when a `Patch` sends it), then
    /// the actions.
    public var operationIDs: [(name: String, operation: String)] {
        let sent = operations.filter { $0.kind != .patch || partialUpdate?.kind == .patch }.map { ($0.kind.rawValue, $0.kind.rawValue) }
        return OperationIDs.unique(sent + actions.map { ($0.functionName, $0.specName) })
    }
}

/// The identifiers generated for a type's operations.
enum OperationIDs {
    /// `ids` without a name met before: an action named like a CRUD operation sends the same operation.
    static func unique(_ ids: [(name: String, operation: String)]) -> [(name: String, operation: String)] {
        var seen = Set<String>()
        return ids.filter { seen.insert($0.name).inserted }
    }
}

/// One CRUD operation of a resource.
public struct OperationDeclaration: Sendable {
    public var kind: CRUDOperation
    /// The HTTP method as a `HTTPRequest.Method` member name (`patch`).
    public var method: String
    public var route: [RoutePart]
    public var headers: [(name: String, value: String)]
    /// Whether the response carries the resource (else nothing is decoded).
    public var returnsModel: Bool
    /// Whether the operation's functions are deprecated, and the message if any.
    public var deprecation: DeprecationSpec?
}

/// A piece of a route: literal text or a value interpolated as one percent-encoded segment.
public enum RoutePart: Sendable {
    case literal(String)
    case parameter(RouteParameter)
}

extension [RoutePart] {
    /// The route as the spec writes it (`people/{id}`), for documentation.
    var specText: String {
        map { part in
            switch part {
            case let .literal(text): text
            case let .parameter(parameter): "{\(parameter.specName)}"
            }
        }.joined()
    }

    /// The route's parameter that is the resource's id, if it has one.
    var idParameter: RouteParameter? {
        lazy.compactMap { if case let .parameter(parameter) = $0, parameter.source == .id { parameter } else { nil } }.first
    }
}

/// A route parameter and where its value comes from.
public struct RouteParameter: Sendable, Equatable {
    /// Where a parameter's value comes from.
    public enum Source: Sendable, Equatable {
        /// The resource's id: an argument of static functions, the instance's id in instance methods.
        case id
        /// A field: an argument of static functions, the instance's value in instance methods.
        case field
        /// A declared param: always an argument.
        case argument
    }

    /// The escaped Swift name, used for the argument and the property.
    public var name: String
    /// The name as the route writes it, for documentation.
    public var specName: String
    /// The Swift type, without optional.
    public var type: SwiftType
    public var source: Source
    /// Whether the instance's property is optional, so an instance method must check it has a value.
    public var isOptionalOnInstance: Bool
    /// Whether the value is an enum, interpolated through its raw value.
    public var isEnum: Bool
}

/// A call beyond CRUD.
public struct ActionDeclaration: Sendable {
    /// The escaped Swift function name.
    public var functionName: String
    /// The action's name as the spec writes it, sent as `OperationRequest.operation`.
    public var specName: String
    public var documentation: [String]
    public var method: String
    public var route: [RoutePart]
    public var headers: [(name: String, value: String)]
    /// Query parameters, each a function argument.
    public var query: [QueryParameterDeclaration]
    public var body: ActionPayload
    /// The key wrapping a JSON body (``ResourceSpec/requestNamespace(of:)``), if any.
    public var requestNamespace: String?
    /// How the body is sent.
    public var bodyFormat: BodyFormatSpec
    public var response: ActionPayload
    /// The key unwrapping the response (``ResourceSpec/responseNamespace(of:)``), if any.
    public var responseNamespace: String?
    /// How the response pages, and the Swift type of its items, when it does.
    public var pagination: (declaration: PaginationDeclaration, itemType: SwiftType)?
    /// Whether the action's functions are deprecated, and the message if any.
    public var deprecation: DeprecationSpec?
}

/// A query parameter of an action.
public struct QueryParameterDeclaration: Sendable {
    /// The escaped Swift name of the argument.
    public var name: String
    /// The argument's Swift type.
    public var type: SwiftType
    public var isOptional: Bool
    /// The parameter's name in the query.
    public var key: String
    /// The transform writing each value (a `Date`'s format), if any.
    public var transform: TransformDeclaration?
    /// Whether the values are spec enums, sent by raw value.
    public var isEnum: Bool
    /// How an array is written into the query; `nil` for single values.
    public var arrayStyle: QueryArrayStyle?
}

/// How an array query parameter is written: the runtime's `QueryArrayStyle` case of the same name.
public enum QueryArrayStyle: String, Sendable {
    /// `tag=a&tag=b`.
    case repeated
    /// `tag=a,b`.
    case commaSeparated
}

/// The body or response of an action.
public enum ActionPayload: Sendable {
    case none
    /// A Swift type, passed whole or decoded whole.
    case type(SwiftType)
    /// A generated struct whose fields become the function's arguments (bodies) or that is decoded (responses).
    case fields(typeName: SwiftType, properties: [PropertyDeclaration])
    /// A response that is a file (`returns: File`), whatever its media type: read into the runtime's
    /// `Download`, or streamed to a file on disk as a `DownloadedFile`; the Swift spellings of those and of
    /// Foundation's `URL`, qualified when the spec declares a type of the same name.
    case download(memory: SwiftType, file: SwiftType, url: SwiftType)
}
