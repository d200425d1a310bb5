/// What the generator emits for one spec, resolved to Swift spellings: the intermediate model between
/// the validated spec and the templates.
public struct CodeModel: Sendable {
    /// The spec's file name, for the generated header.
    public var specName: String
    /// The access level of the generated declarations.
    public var access: AccessLevel
    public var api: APIDeclaration
    public var enums: [EnumDeclaration]
    /// Models and resources, in spec order.
    public var models: [ModelDeclaration]
    /// What the local store needs, when the spec keeps any resource in it (`store: true`).
    public var store: StoreDeclaration?
}

/// API-wide declarations: a namespace enum named after the API.
public struct APIDeclaration: Sendable {
    public var name: String
    public var baseURL: String?
    /// The envelope's dot path split into keys; empty when responses are not wrapped.
    public var envelope: [String]
    public var headers: [(name: String, value: String)]
    /// The HTTP method of each CRUD operation, after the spec's overrides.
    public var methods: [CRUDOperation: String]
    /// Date format transforms the spec declares, with the IANA time zone of those not in UTC.
    public var dateFormats: [(typeName: String, format: String, timeZone: String?)]
    /// Payload models declared in place by actions.
    public var payloadModels: [ModelDeclaration]
    /// API-wide actions.
    public var actions: [ActionDeclaration]
    /// The functions generated for the API-wide actions, decided by ``FunctionPlanner``.
    var functions: [SwiftFunction] = []
    /// The spec's cache settings, when it has any: the client's policy (a runtime case such as
    /// `.returnCacheDataElseLoad`) and the policies per operation, keyed by the generated identifier's
    /// expression (`Person.Operations.read`).
    public var cache: (policy: String?, operations: [(key: String, policy: String)])?
    /// `String` and `URL` as the API file must spell them: qualified when the spec declares its own.
    public var stringType: String
    public var urlType: String

    /// The identifiers of the API-wide actions (`Household.Operations.login`), as
    /// ``ResourceDeclaration/operationIDs`` lists a resource's.
    public var operationIDs: [(name: String, operation: String)] {
        OperationIDs.unique(actions.map { ($0.functionName, $0.specName) })
    }
}

/// An enum with an `unknown` case for raw values the spec does not list.
public struct EnumDeclaration: Sendable {
    public var name: String
    public var documentation: [String]
    /// `String` or `Int`, qualified if the spec shadows it.
    public var rawType: String
    /// Each case's escaped Swift name and raw value literal.
    public var cases: [(name: String, rawValue: String)]
}

extension CodeModel {
    /// Decides the functions of the API's actions and of every resource, once, before rendering: which
    /// exist and what they say is a decision of the model, not of the templates or the renderer.
    mutating func decideFunctions() {
        api.functions = FunctionPlanner(model: api.name, memberNames: []).functions(for: api.actions, resource: nil)
        // Types are independent; planning the functions of a large spec's resources is spread over the cores.
        models = models.concurrentMap { model in
            guard var resource = model.resource else { return model }
            let planner = FunctionPlanner(model: model.name, memberNames: Set(model.properties.map { SwiftNaming.unescaped($0.name) }))
            resource.functions = planner.functions(for: resource) + planner.functions(for: resource.actions, resource: resource)
            var model = model
            model.resource = resource
            return model
        }
    }
}

/// A struct with explicit `Codable` conformance over `JSONKey`.
public struct ModelDeclaration: Sendable {
    public var name: String
    public var documentation: [String]
    public var properties: [PropertyDeclaration]
    /// Whether the struct conforms to `Identifiable` (it has a property named `id`).
    public var isIdentifiable: Bool
    /// The operations, for resources.
    public var resource: ResourceDeclaration?
}

/// A stored property and how it is coded.
public struct PropertyDeclaration: Sendable {
    /// The Swift name, escaped when it is a keyword.
    public var name: String
    /// The Swift type, including the outer optional.
    public var type: String
    public var isOptional: Bool
    /// The JSON key.
    public var key: String
    /// The transform coding the value, wrapped for arrays and dictionaries; `nil` for plain `Codable`.
    public var transform: TransformReference?
    /// Whether the property is never sent in request bodies.
    public var isReadOnly: Bool
    public var documentation: [String]
    /// Whether the type is a spec enum (query parameters send its raw value).
    public var isEnum: Bool
    /// The type as the spec writes it, including the outer optional.
    public var typeExpression: TypeExpression
}

/// The transform a value is coded with: a transform type, or the runtime's wrapper applying one to the
/// elements of an array or dictionary, or inside an optional.
public indirect enum TransformReference: Hashable, Sendable {
    /// A transform type, spelled as generated code names it: the runtime's (`ISO8601DateTransform`), a date
    /// format the API declares (`Household.DayDateFormat`) or the spec's own.
    case type(String)
    /// The transform applied to the value inside an optional element.
    case optional(TransformReference)
    /// The transform applied to each element of an array.
    case array(TransformReference)
    /// The transform applied to each value of a dictionary.
    case dictionary(TransformReference)
}
