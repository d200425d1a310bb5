/// What the generator emits for one spec, resolved to Swift spellings: the intermediate model between
/// the validated spec and the templates.
public struct CodeModel: Sendable {
    /// The spec's file name, for the generated header.
    public var specName: String
    /// The access level of the generated declarations.
    public var access: AccessLevel
    public var api: APIDeclaration
    public var enums: [EnumDeclaration]
    public var unions: [UnionDeclaration]
    /// Models and resources, in spec order.
    public var models: [ModelDeclaration]
    /// What the local store needs, when the spec keeps any resource in it (`store: true`).
    public var store: StoreDeclaration?
    /// The modules of the specs this one uses (`uses`), whose types its declarations name.
    public var usedModules: [String] = []
}

/// API-wide declarations: a namespace enum named after the API.
public struct APIDeclaration: Sendable {
    public var name: String
    public var baseURL: String?
    /// The envelope's dot path split into keys; empty when responses are not wrapped.
    public var envelope: [String]
    public var headers: [(name: String, value: String)]
    /// Date format transforms the spec declares, with the IANA time zone of those not in UTC.
    public var dateFormats: [(typeName: String, format: String, timeZone: String?)]
    /// Payload models declared in place by actions.
    public var payloadModels: [ModelDeclaration]
    /// API-wide actions.
    public var actions: [ActionDeclaration]
    /// The spec's cache settings, when it has any: the client's policy and the policies per operation,
    /// each of the operation of a type (its Swift name) named as its generated identifier (`read`, an
    /// action's function name), in the spec's order.
    public var cache: (policy: CachePolicySpec?, operations: [(type: SwiftType, operation: String, policy: CachePolicySpec)])?
    /// `String` and `URL` as the API file must spell them: qualified when the spec declares its own.
    public var stringType: SwiftType
    public var urlType: SwiftType

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
    public var rawType: SwiftType
    /// Each case's escaped Swift name and raw value literal.
    public var cases: [(name: String, rawValue: String)]
}

/// An indirect enum with a case per variant of a union and an `unknown` case keeping, as sent, what no
/// variant reads. Indirect, so that a model may hold a union that holds the model.
public struct UnionDeclaration: Sendable {
    /// One case: its escaped Swift name, the Swift type it holds, and with a discriminator the tag that
    /// names it.
    public struct Variant: Sendable {
        public var name: String
        public var type: SwiftType
        public var tag: String?
    }

    public var name: String
    public var documentation: [String]
    /// The JSON key naming the variant; `nil` when the variants are tried in order.
    public var discriminator: String?
    public var variants: [Variant]
}

// Which functions a type has, and what each says, is a decision of the code model (``FunctionPlanner``),
// never of the templates or the renderer. It is made when asked, type by type: the renderer asks once per
// type as it renders it, so a large spec never holds every type's functions at once (for 1,000 resources,
// holding them all cost 22 MB and 10 % more time, most of it freeing them).

extension APIDeclaration {
    /// The functions of the API-wide actions.
    func plannedFunctions() -> [SwiftFunction] {
        FunctionPlanner(model: name, memberNames: []).functions(for: actions, resource: nil)
    }
}

extension ModelDeclaration {
    /// The functions of the resource's operations and actions, in the order they are generated; none for a
    /// model that is not a resource.
    func plannedFunctions() -> [SwiftFunction] {
        guard let resource else { return [] }
        let planner = FunctionPlanner(model: name, memberNames: Set(properties.map { SwiftNaming.unescaped($0.name) }))
        return planner.functions(for: resource) + planner.functions(for: resource.actions, resource: resource)
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

/// Where a property of a JSON:API resource sits in its resource object.
public enum JSONAPIMember: Sendable, Equatable {
    /// The object's `id`, beside its `type`.
    case identifier
    /// A member of `attributes`.
    case attribute
    /// A member of `relationships`: the related object's id (a to-one relationship) or ids (to-many), each
    /// sent with its `type`.
    case relationship(type: String, isToMany: Bool)
}

/// A stored property and how it is coded.
public struct PropertyDeclaration: Sendable {
    /// The Swift name, escaped when it is a keyword.
    public var name: String
    /// The Swift type, including the outer optional.
    public var type: SwiftType
    public var isOptional: Bool
    /// The JSON key.
    public var key: String
    /// The transform of the values, wrapped for the optionals, arrays and dictionaries around them; `nil`
    /// for plain `Codable`.
    public var transform: TransformDeclaration?
    /// Whether the property is never sent in request bodies.
    public var isReadOnly: Bool
    /// Whether the property is never in responses, so a value read from the server never has it: `nil`
    /// is left out of every request body, whatever the call's `nils`, and only a value set is sent.
    public var isWriteOnly: Bool
    /// Whether a `nil` is always sent as `null`, whatever the call's `nils` (the spec's `required`).
    public var sendsNull: Bool
    public var documentation: [String]
    /// Whether the type is a spec enum (query parameters send its raw value).
    public var isEnum: Bool
    /// The type as the spec writes it, including the outer optional.
    public var typeExpression: TypeExpression
    /// Where the property sits in a JSON:API resource object; `nil` outside JSON:API resources, where it
    /// is a member of the object itself.
    public var jsonAPIMember: JSONAPIMember? = nil
}

/// How a paginated response is read and its next page asked for, every default of its style applied
/// (``PaginationSpec/resolved``): the one resolved form the renderer, the store model, the OpenAPI
/// exporter and importer read, mirroring the runtime's `Pagination`.
public struct PaginationDeclaration: Sendable, Equatable {
    /// Where the next page comes from, with the keys and query parameter the style uses.
    public enum Style: Sendable, Equatable {
        /// The URL at `keyPath` in the body.
        case nextURL(keyPath: String)
        /// The page number sent as `parameter`, read from `next` when the body says it, else counted.
        case pageNumber(parameter: String, next: String?)
        /// The offset sent as `parameter`, advanced by the items received.
        case offset(parameter: String)
        /// The cursor at `next` in the body, sent back as `parameter`.
        case cursor(parameter: String, next: String)
        /// The `rel="next"` link of the `Link` header.
        case linkHeader
    }

    /// The page size to ask for and the query parameter that asks for it.
    public struct PageSize: Sendable, Equatable {
        /// The query parameter (`page_size`, `limit`).
        public var parameter: String
        /// The number of items per page.
        public var value: Int
    }

    /// Where the next page comes from.
    public var style: Style
    /// The key path of the items; empty for a body that is the items' array.
    public var items: String
    /// The key path of the total in the body, if it has one.
    public var count: String?
    /// The response header of the total, when the server sends it there.
    public var countHeader: String?
    /// The page size to ask for, if any.
    public var size: PageSize?
    /// The query parameter a server's page links carry: the style's own, or a page number's for the
    /// styles that follow a link (`crudegen serve` writes `?page=2` into the next URL it sends).
    public var linkParameter: String
    /// The query parameter asking for a page size: the one ``size`` sends, and when the spec sets no size
    /// the style's, which a server reads all the same.
    public var sizeParameter: String
    /// The page size a server answers with when the request asks for none: the spec's, else 10.
    public var servedSize: Int

    /// The query parameter asking for a page, offset or cursor; `nil` for the styles that follow a URL.
    public var parameter: String? {
        switch style {
        case let .pageNumber(parameter, _), let .offset(parameter), let .cursor(parameter, _): parameter
        case .nextURL, .linkHeader: nil
        }
    }

    /// The key path of the next URL, page number or cursor in the body, if the style reads one there.
    public var next: String? {
        switch style {
        case let .nextURL(keyPath): keyPath
        case let .pageNumber(_, next): next
        case let .cursor(_, next): next
        case .offset, .linkHeader: nil
        }
    }
}

/// A field's transform, resolved once from its `transform` key, its type's default (`Date` → `iso8601`)
/// and the spec's `transforms`: what the renderer, the store model and templates read.
public indirect enum TransformDeclaration: Sendable, Equatable {
    /// One of the runtime's transforms: its spec name (`iso8601`) and its type for the field's type
    /// (`ISO8601DateTransform`).
    case builtin(name: String, runtimeType: SwiftType)
    /// A `date_format` the spec declares, generated as a type in the API's namespace.
    case dateFormat(name: String, type: SwiftType)
    /// A transform the user implements in Swift (`ValueTransform`).
    case custom(name: String, swiftType: SwiftType)
    /// The transform of the value inside an optional, applied when there is one.
    case optional(TransformDeclaration)
    /// The transform of each element of an array.
    case array(TransformDeclaration)
    /// The transform of each value of a dictionary.
    case dictionary(TransformDeclaration)
}
