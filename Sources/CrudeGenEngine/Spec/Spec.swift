/// A resource spec as written in one YAML file, with the location of every value.
///
/// The loader fills it without judging meaning; ``SpecValidator`` decides whether it makes sense.
public struct Spec: Sendable {
    /// The path of the spec file as the user gave it.
    public var file: String
    /// The `api` section.
    public var api: APISpec
    /// The `enums` section, in file order.
    public var enums: [EnumSpec] = []
    /// The `unions` section, in file order.
    public var unions: [UnionSpec] = []
    /// The `models` section: plain data types without an endpoint of their own.
    public var models: [ModelSpec] = []
    /// The `resources` section: models with a REST path and operations.
    public var resources: [ResourceSpec] = []
    /// The `transforms` section: date formats and user-implemented transforms.
    public var transforms: [TransformSpec] = []
    /// The `actions` section: API-wide calls beyond CRUD.
    public var actions: [ActionSpec] = []
    /// The `uses` section: the specs whose types this one's fields may name, as written.
    public var uses: [SpecUse] = []
    /// The types the used specs declare, once the loader has read them: their declarations are in the
    /// sections above, after the spec's own, so every stage looks a name up in one place; this says which
    /// are another module's (see ``Spec/using(_:module:)``).
    public var usedTypes = UsedTypes()

    /// Creates the value; the loader (in CrudeGenCore) fills it.
    package init(
        file: String, api: APISpec, enums: [EnumSpec] = [], models: [ModelSpec] = [], resources: [ResourceSpec] = [], transforms: [TransformSpec] = [],
        actions: [ActionSpec] = []
    ) {
        self.file = file
        self.api = api
        self.enums = enums
        self.models = models
        self.resources = resources
        self.transforms = transforms
        self.actions = actions
    }
}

/// The CRUD operations a resource can offer.
public enum CRUDOperation: String, CaseIterable, Sendable, Comparable {
    /// `patch` sends partial updates (`Patch` values) with a verb of its own, for servers that take a
    /// whole value by `PUT` and a partial one by `PATCH`, as Django REST Framework's viewsets do.
    case create, read, update, patch, delete, list

    /// The operations a resource has when the spec lists none: all but `patch` (partial updates then go
    /// out through `update` when the spec maps it to `PATCH`, and not at all when it stays `PUT`).
    public static let defaults: [CRUDOperation] = [.create, .read, .update, .delete, .list]

    /// The HTTP method used when the spec does not map the operation to another one.
    public var defaultMethod: String {
        switch self {
        case .create: "POST"
        case .read, .list: "GET"
        case .update: "PUT"
        case .patch: "PATCH"
        case .delete: "DELETE"
        }
    }

    /// Whether its request carries the resource's value: `create`, `update` and `patch` do.
    public var sendsBody: Bool {
        switch self {
        case .create, .update, .patch: true
        case .read, .delete, .list: false
        }
    }

    public static func < (lhs: CRUDOperation, rhs: CRUDOperation) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// How JSON keys are derived from Swift property names when a field gives no explicit key.
public enum KeyStyle: String, CaseIterable, Sendable {
    /// The property name as written.
    case verbatim
    /// `firstName` → `first_name`.
    case snakeCase = "snake_case"
    /// `firstName` → `first-name`.
    case kebabCase = "kebab-case"
    /// `firstName` → `FirstName`.
    case pascalCase = "PascalCase"
}

/// When a GET may be answered from the client's cache (the runtime's `CachePolicy`).
public enum CachePolicySpec: String, CaseIterable, Sendable {
    case useProtocol = "use_protocol"
    case reload
    case cacheElseLoad = "cache_else_load"
    case cacheOnly = "cache_only"
}

/// The access level of generated declarations.
public enum AccessLevel: String, CaseIterable, Sendable {
    case `public`, `package`, `internal`
}

/// An HTTP header name and value.
public struct HeaderSpec: Sendable {
    public var name: Located<String>
    public var value: Located<String>

    /// Creates the value; the loader (in CrudeGenCore) fills it.
    package init(name: Located<String>, value: Located<String>) {
        self.name = name
        self.value = value
    }
}

/// The `api` section.
public struct APISpec: Sendable {
    public var name: Located<String>
    public var baseURL: Located<String>?
    public var envelope: Located<String>?
    public var headers: [HeaderSpec] = []
    public var methods: [CRUDOperation: Located<String>] = [:]
    public var keyStyle: KeyStyle = .verbatim
    public var access: AccessLevel = .public
    /// The client's cache policy; any `cache` setting in the spec gives generated configurations a cache.
    public var cache: Located<CachePolicySpec>?
    /// Whether every resource is kept in the local store (CrudeStore) unless it says otherwise.
    public var store: Located<Bool>?
    public var location: SourceLocation

    /// Creates the value; the loader (in CrudeGenCore) fills it.
    package init(
        name: Located<String>, baseURL: Located<String>? = nil, envelope: Located<String>? = nil, headers: [HeaderSpec] = [],
        methods: [CRUDOperation: Located<String>] = [:], keyStyle: KeyStyle = .verbatim, access: AccessLevel = .public, location: SourceLocation
    ) {
        self.name = name
        self.baseURL = baseURL
        self.envelope = envelope
        self.headers = headers
        self.methods = methods
        self.keyStyle = keyStyle
        self.access = access
        self.location = location
    }

    /// The envelope's keys, outermost first (`response.body` → `response`, `body`); empty without one.
    public var envelopeKeys: [String] {
        envelope.map { $0.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init) } ?? []
    }
}

/// A type as written in a spec: a name, optionally wrapped in arrays, dictionaries and optionals.
public indirect enum TypeExpression: Hashable, Sendable, CustomStringConvertible {
    case named(String)
    case optional(TypeExpression)
    case array(TypeExpression)
    /// A dictionary with `String` keys.
    case dictionary(TypeExpression)

    /// The innermost named type.
    public var baseName: String {
        switch self {
        case let .named(name): name
        case let .optional(wrapped), let .array(wrapped), let .dictionary(wrapped): wrapped.baseName
        }
    }

    /// Whether the outermost layer is optional.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without its outermost optional.
    public var nonOptional: TypeExpression {
        if case let .optional(wrapped) = self { return wrapped }
        return self
    }

    /// The spelling used in specs and diagnostics.
    public var description: String {
        switch self {
        case let .named(name): name
        case let .optional(wrapped): "\(wrapped)?"
        case let .array(element): "[\(element)]"
        case let .dictionary(value): "[String: \(value)]"
        }
    }
}

/// A property of a model, resource or inline payload.
public struct FieldSpec: Sendable {
    public var name: Located<String>
    /// The Swift property name when it should differ from the one derived from `name`.
    public var swiftName: Located<String>?
    /// How a query parameter of an array type is written: `repeated` (`ids=1&ids=2`, the default) or
    /// `comma` (`ids=1,2`).
    public var arrayStyle: Located<String>?
    public var type: Located<TypeExpression>
    public var key: Located<String>?
    public var transform: Located<String>?
    public var readOnly = false
    /// Sent in request bodies, never expected in responses (`write_only`): the property is optional.
    public var writeOnly = false
    /// The key is always sent, `null` when the optional value is `nil`, whatever the call's `nils`
    /// (`required`): a server that requires a nullable key, such as FastAPI's `x: int | None` without a default.
    public var required = false
    /// In a JSON:API resource, the type of the related resource objects (`relationship: people`): the field
    /// holds the related id (or ids) and is read from and sent in `relationships`, not `attributes`.
    public var relationship: Located<String>?
    public var description: String?
    /// A value of the field as JSON writes it (`Jane Doe`, `42`), for its documentation.
    public var example: Located<String>?

    /// Creates the value; the loader (in CrudeGenCore) fills it.
    package init(
        name: Located<String>, type: Located<TypeExpression>, key: Located<String>? = nil, transform: Located<String>? = nil, readOnly: Bool = false,
        description: String? = nil
    ) {
        self.name = name
        self.type = type
        self.key = key
        self.transform = transform
        self.readOnly = readOnly
        self.description = description
    }
}

extension FieldSpec {
    /// The Swift property name, unescaped: `swift_name`, else derived from the name.
    package var propertyName: String { swiftName?.value ?? SwiftNaming.propertyName(name.value) }

    /// The JSON key: explicit, else the original name when it is not an identifier, else the name in `style`.
    func jsonKey(style: KeyStyle) -> String {
        if let key { return key.value }
        guard SwiftNaming.isIdentifier(name.value) else { return name.value }
        // A name of underscores only (`_`) has no words to restyle.
        let key = SwiftNaming.key(for: name.value, style: style)
        return key.isEmpty ? name.value : key
    }
}

/// A plain data type.
public struct ModelSpec: Sendable {
    public var name: Located<String>
    /// The Swift type name when it should differ from `name` (a name Swift or the runtime already uses).
    public var swiftName: Located<String>?
    public var description: String?
    public var fields: [FieldSpec] = []

    /// Creates the value; the loader (in CrudeGenCore) fills it.
    package init(name: Located<String>, description: String? = nil, fields: [FieldSpec] = []) {
        self.name = name
        self.description = description
        self.fields = fields
    }
}

/// How a resource is identified.
public struct IDSpec: Sendable {
    public var name: Located<String>
    public var type: Located<TypeExpression>
    public var key: Located<String>?
    public var transform: Located<String>?

    /// The id as the field it becomes; optional when `optional` (a value not yet created has no id).
    func field(optional: Bool) -> FieldSpec {
        var field = FieldSpec(name: name, type: Located(optional ? .optional(type.value) : type.value, at: type.location))
        field.key = key
        field.transform = transform
        field.description = "The identifier the server assigns."
        return field
    }

    /// Creates the value; the loader (in CrudeGenCore) fills it.
    package init(name: Located<String>, type: Located<TypeExpression>, key: Located<String>? = nil, transform: Located<String>? = nil) {
        self.name = name
        self.type = type
        self.key = key
        self.transform = transform
    }
}

/// The JSON keys that wrap one object (`{"person": {…}}`) and a collection (`{"people": […]}`).
public struct NamespaceSpec: Sendable {
    /// Which bodies a namespace wraps.
    public enum Direction: String, CaseIterable, Sendable {
        /// Responses are unwrapped and request bodies wrapped.
        case both
        /// Only responses are unwrapped (CRUDE-Futures' `objectKey`); request bodies go out bare.
        case responses
        /// Only request bodies are wrapped; responses come bare.
        case requests
    }

    public var one: Located<String>?
    public var many: Located<String>?
    public var direction: Direction = .both

    /// Creates the value; the loader (in CrudeGenCore) fills it.
    package init(one: Located<String>? = nil, many: Located<String>? = nil) {
        self.one = one
        self.many = many
    }
}

/// What an operation's successful response carries.
public enum ResponseKind: String, CaseIterable, Sendable {
    /// The resource (or a list of it).
    case model
    /// Nothing worth decoding, as CRUDE-Futures' `Okay`.
    case none
}

/// A request body or response that is either a named type or a set of fields declared in place.
public enum PayloadSpec: Sendable {
    case type(Located<TypeExpression>)
    case fields([FieldSpec], at: SourceLocation)
    case none(at: SourceLocation)
}

/// How an action's body is sent.
public enum BodyFormatSpec: String, CaseIterable, Sendable {
    /// JSON, with the client's envelope and strategies.
    case json
    /// `application/x-www-form-urlencoded`: fields of the types query parameters take.
    case form
    /// `multipart/form-data`: as `form`, and `File` fields sent as file parts.
    case multipart
}

/// That an operation or action is deprecated: its functions warn their callers, with the message if any.
public struct DeprecationSpec: Sendable, Equatable {
    /// What the warning tells callers (`Use search instead`), or `nil` when the spec writes `true`.
    public var message: String?

    /// A deprecation with `message`, or none.
    public init(message: String?) {
        self.message = message
    }
}

/// A call beyond CRUD, such as `POST login`.
public struct ActionSpec: Sendable {
    public var name: Located<String>
    public var description: String?
    public var method: Located<String>?
    public var path: Located<String>
    public var headers: [HeaderSpec] = []
    public var params: [FieldSpec] = []
    public var query: [FieldSpec] = []
    public var body: PayloadSpec?
    /// How the body is sent; JSON when not given.
    public var bodyFormat: Located<BodyFormatSpec>?
    public var returns: PayloadSpec?
    /// How the response pages, when it does; `returns` is then an array type.
    public var pagination: PaginationSpec?
    /// The cache policy of a GET action.
    public var cache: Located<CachePolicySpec>?
    /// Whether the action is deprecated.
    public var deprecated: Located<DeprecationSpec>?

    /// Creates the value; the loader (in CrudeGenCore) fills it.
    package init(
        name: Located<String>, description: String? = nil, method: Located<String>? = nil, path: Located<String>, headers: [HeaderSpec] = [],
        params: [FieldSpec] = [], query: [FieldSpec] = [], body: PayloadSpec? = nil, returns: PayloadSpec? = nil
    ) {
        self.name = name
        self.description = description
        self.method = method
        self.path = path
        self.headers = headers
        self.params = params
        self.query = query
        self.body = body
        self.returns = returns
    }
}

extension ActionSpec {
    /// The methods a spec can call (`method:`), as HTTP writes them.
    public static let httpMethods = HTTPMethod.allCases.map(\.rawValue)

    /// The method of an action that does not name one: POST when it sends a body, else GET.
    public static func defaultMethod(sendsBody: Bool) -> String {
        sendsBody ? "POST" : "GET"
    }

    /// The action's HTTP method as the spec writes it or, when it names none, by default.
    public var resolvedMethod: String {
        method?.value ?? Self.defaultMethod(sendsBody: body != nil)
    }

    /// The name of the struct generated for a payload declared in place: `LoginBody`, `UserFollowResponse`.
    func payloadTypeName(owner: String?, suffix: String) -> String {
        (owner ?? "") + SwiftNaming.derivedTypeName(name.value) + suffix
    }
}

/// A model with a REST path and operations.
public struct ResourceSpec: Sendable {
    public var name: Located<String>
    /// The Swift type name when it should differ from `name` (a name Swift or the runtime already uses).
    public var swiftName: Located<String>?
    public var description: String?
    public var path: Located<String>
    public var id: IDSpec
    public var operations: [Located<CRUDOperation>]
    public var namespace: NamespaceSpec?
    /// The JSON:API type of the resource's objects (`jsonapi: articles`): bodies are JSON:API documents,
    /// the value a resource object under `data` with its fields in `attributes` and `relationships`.
    public var jsonAPIType: Located<String>?
    /// Cache policies of `read` and `list`.
    public var cache: [CRUDOperation: Located<CachePolicySpec>] = [:]
    public var routes: [CRUDOperation: Located<String>] = [:]
    public var methods: [CRUDOperation: Located<String>] = [:]
    public var headers: [CRUDOperation: [HeaderSpec]] = [:]
    public var responses: [CRUDOperation: Located<ResponseKind>] = [:]
    public var params: [FieldSpec] = []
    /// Typed query parameters of `list`, each an argument of its functions, as an action's `query`.
    public var query: [FieldSpec] = []
    public var pagination: PaginationSpec?
    public var fields: [FieldSpec] = []
    public var actions: [ActionSpec] = []
    /// Whether the resource is kept in the local store; `nil` follows `api.store`.
    public var store: Located<Bool>?
    /// The deprecated operations.
    public var deprecated: [CRUDOperation: Located<DeprecationSpec>] = [:]

    /// Creates the value; the loader (in CrudeGenCore) fills it.
    package init(
        name: Located<String>, description: String? = nil, path: Located<String>, id: IDSpec, operations: [Located<CRUDOperation>],
        namespace: NamespaceSpec? = nil, routes: [CRUDOperation: Located<String>] = [:], methods: [CRUDOperation: Located<String>] = [:],
        headers: [CRUDOperation: [HeaderSpec]] = [:], responses: [CRUDOperation: Located<ResponseKind>] = [:], params: [FieldSpec] = [],
        pagination: PaginationSpec? = nil, fields: [FieldSpec] = [], actions: [ActionSpec] = []
    ) {
        self.name = name
        self.description = description
        self.path = path
        self.id = id
        self.operations = operations
        self.namespace = namespace
        self.routes = routes
        self.methods = methods
        self.headers = headers
        self.responses = responses
        self.params = params
        self.pagination = pagination
        self.fields = fields
        self.actions = actions
    }
}

extension ResourceSpec {
    /// The media type of JSON:API documents (jsonapi.org), which a JSON:API resource's bodies have: what
    /// the client asks for and sends, the export declares and `crudegen serve` answers with.
    public static let jsonAPIMediaType = "application/vnd.api+json"

    /// The key that wraps the resource's bodies: the spec's `namespace`, or, for a JSON:API resource, `data`
    /// both ways, as a JSON:API document holds its primary data. Every stage reads this, never `namespace`
    /// alone.
    public var wireNamespace: NamespaceSpec? {
        guard let jsonAPIType else { return namespace }
        let data = Located("data", at: jsonAPIType.location)
        return NamespaceSpec(one: data, many: data)
    }

    /// The HTTP method of the resource's `operation`: the resource's own mapping, else the API's, else the
    /// operation's default.
    public func method(of operation: CRUDOperation, in api: APISpec) -> String {
        methods[operation]?.value ?? api.methods[operation]?.value ?? operation.defaultMethod
    }

    /// What the resource's `operation` answers with: the spec's `responses`, else the model (nothing for
    /// a delete).
    public func response(of operation: CRUDOperation) -> ResponseKind {
        responses[operation]?.value ?? (operation == .delete ? .none : .model)
    }

    /// The key wrapping the resource's request bodies, unless the namespace wraps responses only.
    public var requestNamespace: String? {
        wireNamespace.flatMap { $0.direction == .responses ? nil : $0.one?.value }
    }

    /// The key wrapping the resource's responses of one value (or, `many`, of a list), unless the namespace
    /// wraps requests only.
    public func responseNamespace(many: Bool) -> String? {
        wireNamespace.flatMap { $0.direction == .requests ? nil : (many ? $0.many : $0.one)?.value }
    }

    /// The key wrapping the JSON body of the resource's `action`: the resource's request namespace when the
    /// action sends the resource itself, as its create does.
    public func requestNamespace(of action: ActionSpec) -> String? {
        guard case let .type(type)? = action.body, type.value == .named(name.value) else { return nil }
        return requestNamespace
    }

    /// The key unwrapping the response of the resource's `action`: the resource's namespace for one value
    /// or a list when the action returns the resource or an array of it (as ApiModel's `apiNamespace` holds
    /// for `find` too). The client, the export and `crudegen serve` read this.
    public func responseNamespace(of action: ActionSpec) -> String? {
        guard case let .type(type)? = action.returns else { return nil }
        if type.value == .named(name.value) { return responseNamespace(many: false) }
        if type.value == .array(.named(name.value)) { return responseNamespace(many: true) }
        return nil
    }
}

/// How a paginated response is read and how its next page is asked for, as the spec writes it: each key
/// `nil` where the style's default holds. ``resolved`` applies the defaults.
public struct PaginationSpec: Sendable, Equatable {
    /// Where the next page comes from.
    public enum Style: String, CaseIterable, Sendable {
        /// A next URL in the body (Django REST Framework's `next`).
        case nextURL = "next_url"
        /// A page number query parameter.
        case page
        /// An offset query parameter advanced by the items received.
        case offset
        /// A cursor from the body sent back as a query parameter.
        case cursor
        /// The `rel="next"` link of the `Link` header.
        case linkHeader = "link_header"
    }

    public var style: Style = .nextURL
    /// The key path of the items; `nil` for the style's default.
    public var items: Located<String>?
    /// The key path of the next URL, page number or cursor; `nil` for the style's default, `none` for none.
    public var next: Located<String>?
    /// The key path of the total; `nil` for the style's default, `none` for none.
    public var count: Located<String>?
    /// The response header of the total (`X-Total-Count`), which replaces the body's.
    public var countHeader: Located<String>?
    /// The page, offset or cursor query parameter; `nil` for the style's default.
    public var parameter: Located<String>?
    /// The query parameter of the page size; `nil` for the style's default.
    public var sizeParameter: Located<String>?
    /// The page size to ask for, if any.
    public var size: Located<Int>?
    public var location: SourceLocation

    /// Creates the value; the loader (in CrudeGenCore) fills it.
    package init(location: SourceLocation) {
        self.location = location
    }

    /// Creates the keys a spec writes, all at `location`: the OpenAPI importer's drafts, which have no
    /// file position of their own yet.
    package init(
        style: Style = .nextURL, items: String? = nil, next: String? = nil, count: String? = nil, countHeader: String? = nil,
        parameter: String? = nil, sizeParameter: String? = nil, size: Int? = nil, at location: SourceLocation
    ) {
        self.location = location
        self.style = style
        self.items = items.map { Located($0, at: location) }
        self.next = next.map { Located($0, at: location) }
        self.count = count.map { Located($0, at: location) }
        self.countHeader = countHeader.map { Located($0, at: location) }
        self.parameter = parameter.map { Located($0, at: location) }
        self.sizeParameter = sizeParameter.map { Located($0, at: location) }
        self.size = size.map { Located($0, at: location) }
    }
}

extension PaginationSpec.Style {
    /// The query parameter a page's position is sent in when the spec names none; `nil` for the styles
    /// that follow a URL.
    package var defaultParameter: String? {
        switch self {
        case .page: "page"
        case .offset: "offset"
        case .cursor: "cursor"
        case .nextURL, .linkHeader: nil
        }
    }

    /// The key path of the next URL or cursor when the spec names none; `nil` for the styles that read no
    /// such key by default.
    package var defaultNext: String? {
        switch self {
        case .nextURL: "next"
        case .cursor: "next_cursor"
        case .page, .offset, .linkHeader: nil
        }
    }

    /// The key path of the items when the spec names none: a `Link` header pages a body that is the
    /// items' array itself.
    package var defaultItems: String {
        self == .linkHeader ? "" : "results"
    }

    /// The query parameter asking for a page size when the spec names none.
    package var defaultSizeParameter: String {
        self == .offset ? "limit" : "page_size"
    }

    /// The key path of the total when the spec names none and no header carries it: Django REST
    /// Framework's styles count the items in `count`.
    package var defaultCount: String? {
        self == .nextURL || self == .offset ? "count" : nil
    }
}

extension PaginationSpec {
    /// The pagination with every default of its style applied: the one place those defaults are applied.
    ///
    /// Meaningful for a pagination ``SpecValidator`` accepted (a cursor has a next key, a page size
    /// parameter comes with a size).
    package var resolved: PaginationDeclaration {
        func path(_ key: Located<String>?, default value: String?) -> String? {
            guard let key else { return value }
            return key.value == "none" ? nil : key.value
        }
        // The validator rejects `next: none` where a style needs the key (a next URL, a cursor), and gives
        // a page, an offset and a cursor their parameter.
        let parameter = parameter?.value ?? style.defaultParameter ?? ""
        // A pagination without a size has a size parameter too, which a server may read.
        let sizeParameter = sizeParameter?.value ?? style.defaultSizeParameter
        let resolvedStyle: PaginationDeclaration.Style =
            switch style {
            case .nextURL: .nextURL(keyPath: next?.value ?? style.defaultNext ?? "")
            case .page: .pageNumber(parameter: parameter, next: path(next, default: style.defaultNext))
            case .offset: .offset(parameter: parameter)
            case .cursor: .cursor(parameter: parameter, next: next?.value ?? style.defaultNext ?? "")
            case .linkHeader: .linkHeader
            }
        return PaginationDeclaration(
            style: resolvedStyle,
            items: items?.value ?? style.defaultItems,
            count: path(count, default: countHeader == nil ? style.defaultCount : nil),
            countHeader: countHeader?.value,
            size: size.map { PaginationDeclaration.PageSize(parameter: sizeParameter, value: $0.value) },
            linkParameter: style.defaultParameter == nil ? Style.page.defaultParameter ?? "" : parameter,
            sizeParameter: sizeParameter,
            servedSize: size?.value ?? 10
        )
    }

    /// The pagination with every key that says what its style's default says left out, as a person
    /// writes it: what the importer gives a page it read, whatever the document spelled out.
    package var withoutDefaults: PaginationSpec {
        var written = self
        func omit(_ key: WritableKeyPath<PaginationSpec, Located<String>?>, ifItIs value: String?) {
            if written[keyPath: key]?.value == value { written[keyPath: key] = nil }
        }
        omit(\.items, ifItIs: style.defaultItems)
        omit(\.next, ifItIs: style.defaultNext)
        omit(\.parameter, ifItIs: style.defaultParameter)
        omit(\.sizeParameter, ifItIs: style.defaultSizeParameter)
        if countHeader == nil { omit(\.count, ifItIs: style.defaultCount) }
        return written
    }
}

/// An enum that keeps unknown raw values instead of failing to decode.
public struct EnumSpec: Sendable {
    /// The raw value type of an enum.
    public enum RawType: String, Sendable {
        case string = "String"
        case int = "Int"
    }

    public var name: Located<String>
    /// The Swift type name when it should differ from `name` (a name Swift or the runtime already uses).
    public var swiftName: Located<String>?
    public var description: String?
    public var rawType: RawType
    /// Each case's name and raw value, in file order.
    public var cases: [(name: Located<String>, rawValue: Located<String>)]
    /// Whether the cases were listed by raw value only, so Swift names are derived (`dark_red` → `darkRed`).
    public var derivesCaseNames = false

    /// Creates the value; the loader (in CrudeGenCore) fills it.
    package init(
        name: Located<String>, description: String? = nil, rawType: RawType, cases: [(name: Located<String>, rawValue: Located<String>)],
        derivesCaseNames: Bool = false
    ) {
        self.name = name
        self.description = description
        self.rawType = rawType
        self.cases = cases
        self.derivesCaseNames = derivesCaseNames
    }
}

/// A value of one of several types (OpenAPI's `oneOf` and `anyOf`): an enum with a case per variant and a
/// case keeping, as sent, a value none of them reads.
public struct UnionSpec: Sendable {
    /// One of the types a union's value can have.
    public struct Variant: Sendable {
        /// The variant's name: its key in the mapping form, its type as written in the list form. With a
        /// discriminator it is the tag the discriminator holds for this variant.
        public var name: Located<String>
        public var type: Located<TypeExpression>
        /// The Swift case name when it should differ from the one derived from `name`.
        public var swiftName: Located<String>?
        /// Whether the variant was listed by type only (`[Cat, Dog]`), so its case name derives from the type.
        public var isListed: Bool

        /// Creates the value; the loader (in CrudeGenCore) fills it.
        package init(name: Located<String>, type: Located<TypeExpression>, swiftName: Located<String>? = nil, isListed: Bool) {
            self.name = name
            self.type = type
            self.swiftName = swiftName
            self.isListed = isListed
        }

        /// The Swift case name, unescaped: the `swift_name`, else derived from the name (`email_contact`
        /// → `emailContact`), or for a listed type from its element type's name with `List` or `Map`
        /// after it (`Cat` → `cat`, `[Tag]` → `tagList`).
        package var caseName: String {
            swiftName?.value ?? Self.derivedCaseName(name: isListed ? nil : name.value, type: type.value)
        }

        /// The case name derived from a variant's name, or for a variant listed by type (`name` `nil`) from
        /// the type.
        package static func derivedCaseName(name: String?, type: TypeExpression) -> String {
            func words(_ type: TypeExpression) -> String {
                switch type {
                case let .named(name): name
                case let .optional(wrapped): words(wrapped)
                case let .array(element): words(element) + "List"
                case let .dictionary(value): words(value) + "Map"
                }
            }
            return SwiftNaming.caseName(name ?? words(type), derived: true)
        }
    }

    /// The unions from `start` to `target` through unions held as variants (`unionVariants` names the
    /// unions a union holds), both ends included; `nil` when `target` is not reached. A union reached from
    /// itself would try itself again before reading anything: the validator refuses it, the importer
    /// leaves that variant out.
    package static func variantPath(from start: String, to target: String, unionVariants: (String) -> [String]) -> [String]? {
        var stack = [[start]]
        var visited: Set<String> = [start]
        while let path = stack.popLast() {
            if path[path.count - 1] == target { return path }
            for next in unionVariants(path[path.count - 1]) where next == target || visited.insert(next).inserted {
                stack.append(path + [next])
            }
        }
        return nil
    }

    public var name: Located<String>
    /// The Swift type name when it should differ from `name`.
    public var swiftName: Located<String>?
    public var description: String?
    /// The JSON key whose string says which variant an object is; without one, the first variant that
    /// decodes is the value.
    public var discriminator: Located<String>?
    /// The variants, in file order: the order they are tried in without a discriminator.
    public var variants: [Variant]

    /// Creates the value; the loader (in CrudeGenCore) fills it.
    package init(name: Located<String>, description: String? = nil, discriminator: Located<String>? = nil, variants: [Variant]) {
        self.name = name
        self.description = description
        self.discriminator = discriminator
        self.variants = variants
    }
}

/// A named transform declared in the spec.
public struct TransformSpec: Sendable {
    /// What a declared transform does.
    public enum Kind: Sendable {
        /// A `Date` written with a fixed format pattern (Unicode TR35, as `DateFormatter`), in UTC unless
        /// `timeZone` names another zone by its IANA identifier.
        case dateFormat(Located<String>, timeZone: Located<String>?)
        /// A transform implemented by the user in Swift, conforming to `ValueTransform`.
        case custom(valueType: Located<TypeExpression>, swiftType: Located<String>)
    }

    public var name: Located<String>
    public var kind: Kind

    /// Creates the value; the loader (in CrudeGenCore) fills it.
    package init(name: Located<String>, kind: Kind) {
        self.name = name
        self.kind = kind
    }
}
