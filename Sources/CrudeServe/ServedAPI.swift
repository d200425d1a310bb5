#if CrudeServe
import CrudeGenCore
import CrudeGenEngine
import CrudeRuntime
import Foundation

/// A validated spec resolved to what the server needs to speak its wire format: paths, JSON keys, the JSON
/// type of every field, envelopes, namespaces and pagination.
///
/// A projection of the engine's ``ResolvedAPI``, as the generated client is: the server reads a spec
/// exactly as the client generated from it does, and a rule changed in the engine changes both.
struct ServedAPI: Sendable {
    /// The spec's API name, for messages.
    var name: String
    /// The path the spec's base URL has (`/v3/`), always starting and ending with a slash.
    var basePath: String
    /// The keys wrapping every response body and every request body, outermost first.
    var envelope: [String]
    /// The resources, in spec order.
    var resources: [ServedResource]
    /// The fields of every model and resource a field can hold, by spec type name.
    var shapes: [String: [WireField]]
    /// The variants of every union, by spec type name.
    var unions: [String: WireUnion]
    /// The API-wide actions and each resource's, which the server answers from seed data or with 501.
    var actions: [ServedAction]
    /// Every operation and action, most specific route first: the one with the most literal text, then
    /// the fewest parameters, then in spec order. Of the routes a path matches, literal text and
    /// parameter values add up to the path, so the route with more literal text is the more specific one
    /// (`people/all` before `people/{id}`, `{id}.json` before `{id}`).
    var endpoints: [ServedEndpoint]

    /// The resource named `name` in the spec.
    func resource(named name: String) -> ServedResource? {
        resources.first { $0.name == name }
    }

    /// Loads the spec at `path` and resolves it; a spec the generator rejects throws its diagnostics.
    static func load(specAt path: String) throws(DiagnosticsError) -> ServedAPI {
        try resolve(SpecLoader.load(contentsOf: path))
    }

    /// Resolves a spec held in memory; `file` names it in diagnostics.
    static func load(spec data: Data, file: String) throws(DiagnosticsError) -> ServedAPI {
        try resolve(SpecLoader.load(data, file: file))
    }

    /// Validates a loaded spec as the generator does and resolves it; any error throws every diagnostic.
    private static func resolve(_ loaded: (spec: Spec?, diagnostics: [Diagnostic])) throws(DiagnosticsError) -> ServedAPI {
        try ServedAPI(APIResolver.resolve(ValidatedSpec.validate(loaded)))
    }

    /// The server's view of `resolved`.
    init(_ resolved: ResolvedAPI) {
        let spec = resolved.spec
        let types = WireTypes(spec: spec, symbols: resolved.validated.symbols)
        name = spec.api.name.value
        basePath = Self.basePath(of: spec.api.baseURL?.value)
        envelope = resolved.envelope
        var shapes: [String: [WireField]] = [:]
        for model in resolved.models {
            shapes[model.name] = model.fields.map(types.field)
        }
        unions = Dictionary(spec.unions.map { ($0.name.value, types.union($0)) }, uniquingKeysWith: { first, _ in first })
        var resources: [ServedResource] = []
        var actions = resolved.actions.map(ServedAction.init)
        for resource in resolved.resources {
            let served = ServedResource(resource, types: types)
            shapes[resource.name] = served.allFields
            resources.append(served)
            actions += resource.actions.map(ServedAction.init)
        }
        resources = Self.linkingViewsAndParents(resources)
        self.resources = resources
        self.shapes = shapes
        self.actions = actions
        let all = resources.flatMap { resource in resource.operations.map { ServedEndpoint.operation(resource, $0) } } + actions.map(ServedEndpoint.action)
        endpoints = all.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element.route, rhs.element.route)
            if left.literalLength != right.literalLength { return left.literalLength > right.literalLength }
            if left.parameterCount != right.parameterCount { return left.parameterCount < right.parameterCount }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// `resources` with the table each keeps its values in and each operation's parents.
    ///
    /// Resources on one path are views of one collection (a paged and an unpaged `Post`, a `Resident` that
    /// is a `Person`): they share the table of the first of them, so a value created through one is read
    /// through the others. A route whose leading part is another resource's item route
    /// (`authors/{authorID}/books` under `authors/{id}`) has that resource as a parent, which must exist.
    private static func linkingViewsAndParents(_ resources: [ServedResource]) -> [ServedResource] {
        var tableOfCollection: [String: String] = [:]
        var linked = resources
        for index in linked.indices {
            linked[index].table = tableOfCollection[linked[index].collection, default: linked[index].name]
            tableOfCollection[linked[index].collection] = linked[index].table
        }
        // Each resource's item route: the route of an operation that ends with its id.
        let items = linked.compactMap { resource in
            resource.operations.first { operation in
                if case .id? = operation.route.parts.last { true } else { false }
            }.map { (resource: resource.name, route: $0.route) }
        }
        for index in linked.indices {
            for operationIndex in linked[index].operations.indices {
                let route = linked[index].operations[operationIndex].route
                linked[index].operations[operationIndex].parents = route.parts.indices.dropLast().compactMap { end in
                    let prefix = Array(route.parts[...end])
                    guard case .literal? = prefix.first, prefix.last?.isParameter == true else { return nil }
                    return items.first { $0.route.hasShape(of: prefix) }.map { ServedParent(resource: $0.resource, route: $0.route) }
                }
            }
        }
        return linked
    }

    /// The path of a base URL, with a slash at each end: `https://api.example.com/v3` → `/v3/`.
    static func basePath(of baseURL: String?) -> String {
        guard let baseURL, let components = URLComponents(string: baseURL) else { return "/" }
        let trimmed = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
        return trimmed.isEmpty ? "/" : "/\(trimmed)/"
    }
}

/// A resource: its id, fields and the routes of its operations.
struct ServedResource: Sendable {
    /// The resource's name as the spec writes it, the key of its records in seed data.
    var name: String
    /// The id's field; `type` tells how new ids are made.
    var id: WireField
    /// The fields besides the id.
    var fields: [WireField]
    /// The operations the spec lists, with their verbs and routes.
    var operations: [ServedOperation]
    /// The key wrapping one value in responses, if any.
    var responseOne: String?
    /// The key wrapping a list in responses, if any.
    var responseMany: String?
    /// The key wrapping request bodies, if any.
    var requestNamespace: String?
    /// For a JSON:API resource, how its values are written as resource objects and read from them.
    var jsonAPI: JSONAPIShape?
    /// How `list` pages, if it does.
    var pagination: PaginationDeclaration?
    /// The query parameters of an unpaged `list` that limit it (`limit`) and skip its first values
    /// (`offset` or `skip`), when its typed query declares them, as FastAPI's and many APIs' lists do.
    var limitParameter: String?, offsetParameter: String?
    /// The spec's path with its parameters unnamed (`authors/{}/books`): resources with the same one are
    /// views of one collection.
    var collection: String
    /// The name of the resource whose table holds the values: its own, or the first view's of its
    /// collection.
    var table: String

    /// The resource `resolved`, its fields in wire form.
    init(_ resolved: ResolvedResource, types: WireTypes) {
        name = resolved.name
        id = types.field(resolved.id)
        fields = resolved.fields.map(types.field)
        responseOne = resolved.responseNamespaceOne
        responseMany = resolved.responseNamespaceMany
        requestNamespace = resolved.requestNamespace
        jsonAPI = resolved.jsonAPIType.map { JSONAPIShape(type: $0, fields: [resolved.id] + resolved.fields) }
        mediaType = resolved.mediaType
        pagination = resolved.pagination
        let queryKeys = resolved.query.map(\.key)
        limitParameter = queryKeys.first { $0 == "limit" }
        offsetParameter = queryKeys.first { $0 == "offset" || $0 == "skip" }
        collection = resolved.spec.path.value.replacing(/\{[^}]*\}/, with: "{}").trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        table = name
        operations = resolved.operations.map { operation in
            ServedOperation(
                kind: operation.kind,
                method: operation.method.rawValue,
                route: ServedRoute(
                    operation.route.parts.map { part in
                        switch part {
                        case let .literal(text): .literal(text)
                        case let .parameter(parameter):
                            switch parameter.source {
                            case .id: .id
                            case let .field(field): .field(types.field(field))
                            case .argument: .argument(parameter.name)
                            }
                        }
                    }),
                returnsModel: operation.returnsModel,
                isPartial: operation.isPartial
            )
        }
    }

    /// The id and the fields.
    var allFields: [WireField] { [id] + fields }

    /// The media type of its bodies: JSON:API's for a JSON:API resource, else JSON's.
    var mediaType: String

    /// What a response shows of the stored value `object`: every field of the resource but write-only ones
    /// (those too when `includingWriteOnly`, for a server's own use), in a JSON:API resource's resource object.
    func shown(_ object: [String: WireValue], in api: ServedAPI, includingWriteOnly: Bool) -> WireValue {
        var shown: [String: WireValue] = [:]
        for field in allFields where includingWriteOnly || !field.writeOnly {
            // A field no request set is written as the frameworks write it: `null` when optional, else a
            // placeholder (a view of the collection whose fields another view created the value without).
            shown[field.key] = object[field.key] ?? field.type.placeholder(in: api) ?? .null
        }
        return modelForm(of: shown)
    }

    /// The fields `object` holds as the client's model reads them: in a JSON:API resource's resource object.
    func modelForm(of object: [String: WireValue]) -> WireValue {
        jsonAPI?.resourceObject(object, of: self) ?? .object(object)
    }
}

/// One CRUD operation as it arrives: its verb and route.
struct ServedOperation: Sendable {
    /// Which CRUD operation it is.
    var kind: CRUDOperation
    /// The HTTP method in capitals (`PATCH`).
    var method: String
    /// Where it is answered, below the base path.
    var route: ServedRoute
    /// Whether the response carries the value; else it is empty (`responses: none`).
    var returnsModel: Bool
    /// Whether the body sets only the fields it carries: an update sent by PATCH, or `patch`.
    var isPartial: Bool
    /// The resources the route is nested under, outermost first, each of which must hold the value the
    /// route names.
    var parents: [ServedParent] = []
}

/// A resource a route is nested under: `Author` for `authors/{authorID}/books`.
struct ServedParent: Sendable {
    /// The parent resource's spec name.
    var resource: String
    /// The parent's item route, whose parameters are the nested route's first ones.
    var route: ServedRoute
}

/// What a route and verb answer: an operation of a resource, or an action.
enum ServedEndpoint: Sendable {
    case operation(ServedResource, ServedOperation)
    case action(ServedAction)

    /// Where it is answered, below the base path.
    var route: ServedRoute {
        switch self {
        case let .operation(_, operation): operation.route
        case let .action(action): action.route
        }
    }

    /// The HTTP method in capitals.
    var method: String {
        switch self {
        case let .operation(_, operation): operation.method
        case let .action(action): action.method
        }
    }
}

/// A call beyond CRUD: answered from seed data when it has an answer there, else with 501.
struct ServedAction: Sendable {
    /// The owning resource's spec name; `nil` for an API-wide action.
    var owner: String?
    /// The action's name as the spec writes it.
    var name: String
    /// The HTTP method in capitals.
    var method: String
    /// Where it is answered, below the base path; every parameter an argument.
    var route: ServedRoute
    /// Whether it answers with a body; else 204 (`returns: none`).
    var returnsBody: Bool
    /// Whether the body is a file (`returns: File`): its seed answer's bytes as `application/octet-stream`.
    var returnsFile = false
    /// The key the answer is wrapped in: the owner's namespace when the action returns the owner (`one`) or
    /// an array of it (`many`), as the generated client unwraps it.
    var responseNamespace: String?
    /// How its answer pages, when it does: the server pages the items its handler lists.
    var pagination: PaginationDeclaration?
    /// How its body is sent; `nil` when it takes none.
    var bodyFormat: BodyFormatSpec?
    /// The key wrapping a JSON body, if any.
    var requestNamespace: String?

    /// Its key under `actions` in seed data: `login`, or `User.current` for a resource's action.
    var seedKey: String { owner.map { "\($0).\(name)" } ?? name }

    /// The server's view of `resolved`, routed and answered as the generated client calls it.
    init(_ resolved: ResolvedAction) {
        owner = resolved.owner
        name = resolved.name
        if case .none = resolved.response { returnsBody = false } else { returnsBody = true }
        if case .file = resolved.response { returnsFile = true }
        responseNamespace = resolved.responseNamespace
        pagination = resolved.pagination?.declaration
        if case .none = resolved.body { bodyFormat = nil } else { bodyFormat = resolved.bodyFormat }
        requestNamespace = resolved.requestNamespace
        method = resolved.method.rawValue
        route = ServedRoute(
            resolved.route.parts.map { part in
                switch part {
                case let .literal(text): .literal(text)
                case let .parameter(parameter): .argument(parameter.name)
                }
            })
    }
}

/// A route relative to the base path, such as `households/{householdID}/people/{id}`.
struct ServedRoute: Sendable {
    /// A piece of a route.
    enum Part: Sendable {
        /// Text matched as written.
        case literal(String)
        /// The resource's id.
        case id
        /// A field of the resource: set on create, matched on the other operations.
        case field(WireField)
        /// A value of the route alone (a declared param), kept with the records created under it.
        case argument(String)
    }

    /// Literal text and parameters, in order.
    let parts: [Part]
    /// How many parts are parameters.
    let parameterCount: Int
    /// How many characters of literal text the route has: of the routes a path matches, the one with the
    /// most is the most specific.
    let literalLength: Int

    /// A route of `parts`. Literal text is kept as a request's path carries it: the client sends a spec's
    /// literal as written, and URL parsing percent-encodes what a path cannot hold (`quo"te` → `quo%22te`).
    /// Adjacent literal parts are joined (`people`, `/` and `{id}` is `people/` and `{id}`), so that routes
    /// of one shape have equal parts however the code model split them.
    init(_ parts: [Part]) {
        var joined: [Part] = []
        for part in parts {
            guard case let .literal(text) = part else {
                joined.append(part)
                continue
            }
            let encoded = Self.normalizingEscapes(in: text.addingPercentEncoding(withAllowedCharacters: Self.pathCharacters) ?? text)
            if case let .literal(previous)? = joined.last {
                joined[joined.count - 1] = .literal(previous + encoded)
            } else {
                joined.append(.literal(encoded))
            }
        }
        self.parts = joined
        parameterCount = joined.count(where: \.isParameter)
        literalLength = joined.reduce(0) { total, part in
            if case let .literal(text) = part { total + text.count } else { total }
        }
    }

    /// `path` with the hex digits of its percent escapes in capitals (`%ce` → `%CE`): one byte has two
    /// spellings, and routes and requests are compared in this one.
    static func normalizingEscapes(in path: some StringProtocol) -> String {
        guard path.contains("%") else { return String(path) }
        var result = ""
        var remaining = 0
        for character in path {
            if character == "%" {
                remaining = 2
                result.append(character)
            } else if remaining > 0, character.isHexDigit {
                remaining -= 1
                result.append(character.uppercased())
            } else {
                remaining = 0
                result.append(character)
            }
        }
        return result
    }

    /// What a URL's path holds as written: `%` too, which starts an escape a spec may already write.
    private static let pathCharacters = CharacterSet.urlPathAllowed.union(CharacterSet(charactersIn: "%"))

    /// The values of the parameters when `path` (relative to the base path, percent-encoded) is this
    /// route, each percent-decoded; `nil` when it is not. A parameter matches one or more characters up to
    /// the next literal, never a `/`.
    func match(_ path: Substring) -> [(part: Part, value: String)]? {
        func match(from index: Int, _ rest: Substring) -> [(part: Part, value: String)]? {
            guard index < parts.count else { return rest.isEmpty ? [] : nil }
            switch parts[index] {
            case let .literal(text):
                guard rest.hasPrefix(text) else { return nil }
                return match(from: index + 1, rest.dropFirst(text.count))
            case let part:
                let segment = rest.prefix { $0 != "/" }
                // The shortest value first, so that a literal right after the parameter (`{id}.json`) is found.
                var end = segment.startIndex
                while end < segment.endIndex {
                    end = segment.index(after: end)
                    guard var tail = match(from: index + 1, rest[end...]) else { continue }
                    guard let value = String(rest[..<end]).removingPercentEncoding, !value.isEmpty else { return nil }
                    tail.insert((part, value), at: 0)
                    return tail
                }
                return nil
            }
        }
        return match(from: 0, path)
    }
}

extension ServedRoute {
    /// Whether the route is `parts` with any parameters in the parameters' places: the same literal text,
    /// and as many parameters in the same places.
    func hasShape(of parts: [Part]) -> Bool {
        self.parts.count == parts.count
            && zip(self.parts, parts).allSatisfy { mine, theirs in
                switch (mine, theirs) {
                case let (.literal(left), .literal(right)): left == right
                default: mine.isParameter && theirs.isParameter
                }
            }
    }
}

extension ServedRoute.Part {
    /// Whether the part is a parameter rather than literal text.
    var isParameter: Bool {
        if case .literal = self { false } else { true }
    }
}

/// A field as it travels: its JSON key, JSON type and whether requests must carry it.
struct WireField: Sendable {
    /// The JSON key.
    var key: String
    /// The JSON its values must be.
    var type: WireType
    /// Set by the server; ignored in request bodies.
    var readOnly: Bool
    /// Taken from request bodies, never sent back.
    var writeOnly: Bool
    /// Whether a full request body must carry it: neither optional (unless the spec's `required` says so),
    /// read-only nor write-only.
    var required: Bool
}

/// The JSON a field's value must be.
indirect enum WireType: Sendable {
    /// A whole number the Swift integer type holds.
    case integer(IntegerType)
    /// A number the Swift floating-point or decimal type holds.
    case number(NumberType)
    /// A scalar one of the runtime's lenient transforms reads (`lenient`, `string_id`).
    case lenient(LenientType)
    /// `true` or `false`.
    case bool
    /// Any string.
    case string
    /// A string holding a UUID.
    case uuid
    /// A string holding an absolute URL.
    case url
    /// A date as the field's transform writes it.
    case date(DateWireForm)
    /// A value of an enum: one of its raw values (strings, or integers when `integer`).
    case enumeration(values: Set<String>, integer: Bool)
    /// An object of the model or resource of that spec name.
    case object(String)
    /// A value of one of the variants of the union of that spec name.
    case union(String)
    /// An array of values of the element type.
    case array(WireType)
    /// An object with any keys.
    case dictionary(WireType)
    /// A value of the wrapped type, or `null`.
    case optional(WireType)
    /// Anything: `JSON` fields and transforms that take several JSON types (`lenient`).
    case any
}

/// A union's variants, as the server checks a value against them.
struct WireUnion: Sendable {
    /// The key whose string names an object's variant; without one, a value is the first variant it is.
    var discriminator: String?
    /// Each variant's tag (its name in the spec) and type, in spec order.
    var variants: [(tag: String, type: WireType)]
}

/// The Swift integer types a field can have: what each holds is what the client decodes into it.
enum IntegerType: Sendable {
    /// `Int32`.
    case int32
    /// `Int` and `Int64`.
    case int64
    /// `UInt`.
    case uint64

    /// Whether `value` is a whole number of this type's range.
    func holds(_ value: WireValue) -> Bool {
        switch (self, value) {
        case let (.int32, .integer(number)): Int32(exactly: number) != nil
        case (.int64, .integer): true
        case let (.uint64, .integer(number)): number >= 0
        case (.uint64, .unsigned): true
        default: false
        }
    }

    /// The range in words, for messages.
    var range: String {
        switch self {
        case .int32: "from \(Int32.min) to \(Int32.max)"
        case .int64: "from \(Int64.min) to \(Int64.max)"
        case .uint64: "from 0 to \(UInt64.max)"
        }
    }
}

/// The Swift floating-point and decimal types a field can have.
enum NumberType: String, Sendable, CustomStringConvertible {
    case double = "Double"
    case float = "Float"
    case decimal = "Decimal"

    /// Whether the client decodes `value` into this type. `Double` holds every number the server reads;
    /// for the others the client's own decoder decides (it refuses a `Float` that would round to infinity
    /// or to zero, and a `Decimal` past its exponent range).
    func holds(_ value: WireValue) -> Bool {
        guard value.isNumber else { return false }
        let text = Data("[\(JSONText.of(value))]".utf8)
        switch self {
        case .double: return true
        case .float: return (try? JSONDecoder().decode([Float].self, from: text)) != nil
        case .decimal: return (try? JSONDecoder().decode([Decimal].self, from: text)) != nil
        }
    }

    /// The type's name.
    var description: String { rawValue }
}

/// The runtime's transforms that read several JSON scalars into one Swift type: what each reads is what
/// the runtime's own transform decodes.
enum LenientType: Sendable, CustomStringConvertible {
    /// `lenient` on an `Int`: a number, a numeric string or a boolean.
    case integer
    /// `lenient` on a `Double`: a number, a numeric string or a boolean.
    case double
    /// `lenient` on a `Bool`: a boolean, a number or a string such as `"yes"`.
    case bool
    /// `lenient` on a `String`: a string, a number or a boolean.
    case string
    /// `string_id`: a string or a whole number.
    case identifier

    /// The lenient type of a `lenient` field of the built-in `type`.
    init?(of type: BuiltinType) {
        switch type {
        case .int: self = .integer
        case .double: self = .double
        case .bool: self = .bool
        case .string: self = .string
        default: return nil
        }
    }

    /// Whether the runtime's transform reads `value`.
    func reads(_ value: WireValue) -> Bool {
        let scalar: LenientScalar
        switch value {
        case .null: scalar = .null
        case let .bool(flag): scalar = .bool(flag)
        case let .integer(number): scalar = .integer(number)
        case let .unsigned(number): scalar = .number(Double(number))
        case let .decimal(number): scalar = .number(NSDecimalNumber(decimal: number).doubleValue)
        case let .number(number): scalar = .number(number)
        case let .string(text): scalar = .string(text)
        case .array, .object: return false
        }
        return switch self {
        case .integer: (try? LenientIntTransform.decode(scalar)) != nil
        case .double: (try? LenientDoubleTransform.decode(scalar)) != nil
        case .bool: (try? LenientBoolTransform.decode(scalar)) != nil
        case .string: (try? LenientStringTransform.decode(scalar)) != nil
        case .identifier: (try? StringIDTransform.decode(scalar)) != nil
        }
    }

    /// A value for a required field the server sets.
    var placeholder: WireValue {
        switch self {
        case .integer, .double: .integer(0)
        case .bool: .bool(false)
        case .string, .identifier: .string("")
        }
    }

    /// What it reads, for messages.
    var description: String {
        switch self {
        case .integer: "an integer, a numeric string or a boolean"
        case .double: "a number, a numeric string or a boolean"
        case .bool: "a boolean, a number or a string such as \"yes\""
        case .string: "a string, a number or a boolean"
        case .identifier: "a string or a whole number"
        }
    }
}

/// Resolves spec types to wire types, with the spec's key style and transforms.
struct WireTypes {
    /// The validated spec whose enums, transforms and key style decide.
    let spec: Spec
    /// What each type name means, as the generator resolves it: a spec's own `String` model shadows the
    /// built-in.
    let symbols: SymbolTable

    /// The wire form of `field`: the JSON its values are as the spec declares it.
    func field(_ field: ResolvedField) -> WireField {
        WireField(
            key: field.key,
            type: type(field.declaredType, transform: field.transform),
            readOnly: field.readOnly,
            writeOnly: field.writeOnly,
            required: field.isRequiredInRequests
        )
    }

    /// The wire form of `union`: each variant's tag (its name in the spec) and type.
    func union(_ union: UnionSpec) -> WireUnion {
        WireUnion(discriminator: union.discriminator?.value, variants: union.variants.map { ($0.name.value, type(ofValue: $0.type.value)) })
    }

    /// The wire type of values of `expression` under their type's default transform (a `Date` is ISO 8601).
    func type(ofValue expression: TypeExpression) -> WireType {
        type(expression, transform: ResolvedTransform.resolve(nil, base: expression.baseName, in: spec, symbols: symbols))
    }

    /// The wire type of `expression`; `transform` applies to the innermost named type.
    func type(_ expression: TypeExpression, transform: ResolvedTransform?) -> WireType {
        switch expression {
        case let .optional(wrapped): .optional(type(wrapped, transform: transform))
        case let .array(element): .array(type(element, transform: transform))
        case let .dictionary(value): .dictionary(type(value, transform: transform))
        case let .named(name): named(name, transform: transform)
        }
    }

    /// The wire type of the spec type `name` under `transform`: the transform decides, else the type.
    private func named(_ name: String, transform: ResolvedTransform?) -> WireType {
        switch transform {
        case let .builtin(builtin, type)?:
            if let date = builtin.dateForm { return .date(date) }
            switch builtin {
            // Strings, numbers or booleans, as servers that mix them send, and as the runtime reads them.
            case .lenient: return LenientType(of: type).map(WireType.lenient) ?? .any
            case .stringID: return .lenient(.identifier)
            case .percentage, .url, .iso8601, .iso8601Fractional, .epochSeconds, .epochMilliseconds: break
            }
        case let .dateFormat(_, format, timeZone)?: return .date(.format(format, timeZone: timeZone))
        case let .custom(_, valueType, _)?: return type(ofValue: valueType)
        case nil: break
        }
        switch symbols.resolve(name) {
        case .model?, .resource?: return .object(name)
        case .union?: return .union(name)
        case .enumeration?:
            let enumeration = spec.enums.first { $0.name.value == name }
            let integer = enumeration?.rawType == .int
            // Integer raw values as the client's decoder reads them: `+1` and `01` are 1.
            let values = (enumeration?.cases ?? []).map { raw in integer ? Int64(raw.rawValue.value).map(String.init) ?? raw.rawValue.value : raw.rawValue.value
            }
            return .enumeration(values: Set(values), integer: integer)
        case let .builtin(type)?:
            switch type {
            case .int, .int64: return .integer(.int64)
            case .int32: return .integer(.int32)
            case .uint: return .integer(.uint64)
            case .double: return .number(.double)
            case .float: return .number(.float)
            case .decimal: return .number(.decimal)
            case .bool: return .bool
            case .string, .data: return .string
            case .uuid: return .uuid
            case .url: return .url
            // A date always has a transform: its type's default when it names none.
            case .date: return .date(.iso8601)
            case .json, .file: return .any
            }
        case .api?, nil: return .object(name)
        }
    }
}
#endif
