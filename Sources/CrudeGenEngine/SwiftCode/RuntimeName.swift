/// The one list of CrudeRuntime's names that generated code relies on. Validation reserves them as type
/// names (``SymbolTable/reservedNames``), naming keeps members and parameters from hiding those used as
/// values (``SwiftNaming/takenMemberNames``), the built-in transforms name theirs from here, and the Swift
/// layer spells them from here; a test checks that the bundled templates name no other runtime type.
enum RuntimeName: String, CaseIterable, Sendable {
    /// The module, which qualifies `CrudeRuntime.JSONValue` when a spec declares its own `JSONValue`.
    case crudeRuntime = "CrudeRuntime"
    /// The coding key of every generated `Codable` conformance.
    case jsonKey = "JSONKey"
    /// What `encode(to:)` reads from the encoder: whether to send `nil` and read-only values.
    case modelEncodingOptions = "ModelEncodingOptions"
    /// The protocol of generated enums.
    case openEnum = "OpenEnum"
    /// The protocol of transforms.
    case valueTransform = "ValueTransform"
    /// The protocol of a spec's `date_format` transforms.
    case dateFormatTransform = "DateFormatTransform"
    /// The wrapper applying a transform to each element of an array.
    case arrayTransform = "ArrayTransform"
    /// The wrapper applying a transform to each value of a dictionary.
    case dictionaryTransform = "DictionaryTransform"
    /// The wrapper applying a transform inside an optional element.
    case optionalTransform = "OptionalTransform"
    /// The spec type `JSON`.
    case jsonValue = "JSONValue"
    /// What lenient transforms accept.
    case lenientScalar = "LenientScalar"
    /// The client every operation is sent on.
    case apiClient = "APIClient"
    /// The error every generated function throws.
    case apiError = "APIError"
    /// The configuration the API enum makes.
    case clientConfiguration = "ClientConfiguration"
    /// A request as an operation builds it.
    case operationRequest = "OperationRequest"
    /// A field of a `Patch`.
    case fieldUpdate = "FieldUpdate"
    /// A page of a paginated list.
    case page = "Page"
    /// Every page of a paginated list.
    case pageSequence = "PageSequence"
    /// How a response pages.
    case pagination = "Pagination"
    /// The page size a paginated request asks for.
    case pageSize = "PageSize"
    /// The cache the API's configuration installs when the spec sets cache policies.
    case memoryResponseCache = "MemoryResponseCache"
    /// The items of every page.
    case pageItemSequence = "PageItemSequence"
    /// How an array query parameter is written.
    case queryArrayStyle = "QueryArrayStyle"
    /// Foundation's query item, which generated code names as the runtime's API passes it.
    case urlQueryItem = "URLQueryItem"
    /// An operation as a value.
    case apiOperation = "APIOperation"
    /// A response as middleware sees it.
    case operationResponse = "OperationResponse"
    /// A request's body.
    case requestBody = "RequestBody"
    /// An operation's identifier.
    case operationID = "OperationID"
    /// The protocol of JSON:API resources, which names their objects' type.
    case jsonAPIResource = "JSONAPIResource"
    /// A JSON:API resource's patch with the id of the object it changes.
    case jsonAPIPatchBody = "JSONAPIPatchBody"
    /// The transform of dates written as ISO 8601.
    case iso8601DateTransform = "ISO8601DateTransform"
    /// The transform of dates written as ISO 8601 with fractional seconds.
    case iso8601FractionalDateTransform = "ISO8601FractionalDateTransform"
    /// The transform of dates written as seconds since 1970.
    case epochSecondsDateTransform = "EpochSecondsDateTransform"
    /// The transform of dates written as milliseconds since 1970.
    case epochMillisecondsDateTransform = "EpochMillisecondsDateTransform"
    /// The transform of fractions written as percentages.
    case percentageTransform = "PercentageTransform"
    /// The transform of integers a server may send as strings or floating-point numbers.
    case lenientIntTransform = "LenientIntTransform"
    /// The transform of numbers a server may send as strings.
    case lenientDoubleTransform = "LenientDoubleTransform"
    /// The transform of flags a server may send as numbers or strings.
    case lenientBoolTransform = "LenientBoolTransform"
    /// The transform of strings a server may send as numbers or flags.
    case lenientStringTransform = "LenientStringTransform"
    /// The transform of ids sent as numbers or strings, kept as strings.
    case stringIDTransform = "StringIDTransform"
    /// The transform of URLs that tolerates what `URL` does not.
    case urlTransform = "URLTransform"

    /// Whether generated code names it where a value is expected (`APIClient.require(…)`,
    /// `ISO8601DateTransform.self`), so that a property or parameter of the same name would hide it.
    var isNamedInExpressions: Bool {
        switch self {
        case .openEnum, .valueTransform, .dateFormatTransform, .jsonValue, .lenientScalar, .apiError, .clientConfiguration, .fieldUpdate, .page,
            .pageSequence, .memoryResponseCache, .pageItemSequence, .queryArrayStyle, .operationResponse, .jsonAPIResource:
            false
        default:
            true
        }
    }
}

extension SwiftType {
    /// The runtime's type of that name.
    init(_ name: RuntimeName) {
        self = .named(name.rawValue)
    }

    /// One of the runtime's generic types applied to one argument: `Page<Person>`.
    static func generic(_ name: RuntimeName, of argument: SwiftType) -> SwiftType {
        .generic(SwiftType(name), [argument])
    }
}

extension SwiftExpression {
    /// The runtime's type of that name, in expression position.
    static func runtime(_ name: RuntimeName) -> SwiftExpression {
        .type(SwiftType(name))
    }
}

extension TransformDeclaration {
    /// The transform as a type, which generated code passes as `using:`: the runtime's wrappers around the
    /// element's transform (`ArrayTransform<ISO8601DateTransform>`).
    var swiftType: SwiftType {
        switch self {
        case let .builtin(_, type), let .dateFormat(_, type), let .custom(_, type): type
        case let .optional(wrapped): .generic(.optionalTransform, of: wrapped.swiftType)
        case let .array(element): .generic(.arrayTransform, of: element.swiftType)
        case let .dictionary(value): .generic(.dictionaryTransform, of: value.swiftType)
        }
    }
}

extension CachePolicySpec {
    /// The runtime's `CachePolicy` case, as generated code spells it (`.returnCacheDataElseLoad`).
    var runtimeCase: String {
        switch self {
        case .useProtocol: ".useProtocolCachePolicy"
        case .reload: ".reloadIgnoringCache"
        case .cacheElseLoad: ".returnCacheDataElseLoad"
        case .cacheOnly: ".returnCacheDataDontLoad"
        }
    }
}
