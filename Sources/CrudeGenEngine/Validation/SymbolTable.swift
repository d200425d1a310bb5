/// Every type name a spec can refer to, and what it means.
package struct SymbolTable {
    /// What a type name in a spec resolves to.
    package enum Symbol: Equatable {
        /// A type every spec can use.
        case builtin(BuiltinType)
        /// The API's namespace enum: its name is taken, but it is not a type fields can hold.
        case api
        case enumeration
        case union
        case model
        case resource
    }

    /// Type names of JSON Schema, OpenAPI, Python, TypeScript and SQL, lowercased, and the built-in spec type a
    /// writer using them means: `integer` is too far from `Int` by spelling for a "did you mean" to find it.
    /// Names that differ from a built-in only by case (`string`, `float`, `uuid`) are left out: the nearest
    /// names already find those.
    static let foreignTypeNames: [String: BuiltinType] = [
        "integer": .int, "long": .int64, "short": .int, "bigint": .int64,
        "str": .string, "text": .string, "varchar": .string, "char": .string,
        "boolean": .bool,
        "number": .double, "real": .double,
        "datetime": .date, "date_time": .date, "timestamp": .date,
        "uri": .url, "guid": .uuid,
        "bytes": .data, "binary": .data, "byte": .data,
        "object": .json, "any": .json,
    ]

    /// The built-in spec type that `name`, a type name of another language, stands for.
    static func builtin(meantBy name: String) -> BuiltinType? {
        foreignTypeNames[name.lowercased()]
    }

    /// Names generated code relies on; a spec type with one of these names would break it: Swift's and
    /// Foundation's, the runtime's (``RuntimeName``) and the types generated inside a resource.
    static let reservedNames: Set<String> = Set([
        "Codable", "Decodable", "Encodable", "Hashable", "Equatable", "Sendable", "Identifiable", "Decoder",
        "Encoder", "Optional", "Array", "Dictionary", "Swift", "Foundation", "KeyedDecodingContainer",
        "KeyedEncodingContainer", "Never", "Void", "Any", "AnyObject", "Hasher", "RawRepresentable", "Self", "Protocol",
        "Patch", "Operations",
    ])
    .union(RuntimeName.allCases.map(\.rawValue))

    /// A type generated for an action body or response declared as fields in place: `LoginBody`.
    struct InlinePayload {
        var typeName: String
        var action: String
        var location: SourceLocation
        var fields: [FieldSpec]
    }

    /// The spec's types by the name the spec refers to them with; `module` is the module of a used spec's
    /// type, which generated code names through it (`Shared.Message`): another imported module (Foundation's
    /// `Thread`) may have a type of the same name, and only the spec's own module's types shadow those.
    private(set) var declared: [String: (symbol: Symbol, location: SourceLocation, swiftName: String, module: String?)] = [:]
    /// The Swift names of the spec's types, which shadow standard types of the same name.
    private(set) var swiftNames: [String: SourceLocation] = [:]
    /// The spec's inline payload types, in spec order; the validator declares them, the builder generates them.
    var inlinePayloads: [InlinePayload] = []

    /// Declares a spec type; returns the earlier declaration's location when the spec name or the Swift
    /// name is taken.
    mutating func declare(_ name: String, swiftName: String, as symbol: Symbol, at location: SourceLocation, module: String? = nil) -> SourceLocation? {
        if let existing = declared[name] { return existing.location }
        if let existing = swiftNames[swiftName] { return existing }
        declared[name] = (symbol, location, swiftName, module)
        swiftNames[swiftName] = location
        return nil
    }

    /// What `name` refers to as a type: declared types shadow built-ins; the API's name is no type.
    package func resolve(_ name: String) -> Symbol? {
        if let declared = declared[name], declared.symbol != .api { return declared.symbol }
        return BuiltinType(rawValue: name).map(Symbol.builtin)
    }

    /// Whether the spec declares a type named like the built-in `name`, so that the name means that type.
    func isShadowed(_ name: String) -> Bool {
        guard let declared = declared[name] else { return false }
        return declared.symbol != .api
    }

    /// Whether an action's `returns` is the built-in `File` itself, a download (not inside an array, optional
    /// or field: those are errors).
    package func isFile(_ returns: PayloadSpec?) -> Bool {
        guard case let .type(type)? = returns, case let .named(name) = type.value else { return false }
        return resolve(name) == .builtin(.file)
    }

    /// Every name a spec may use as a type, for "did you mean" hints.
    var allNames: [String] { Array(declared.keys) + BuiltinType.allCases.map(\.rawValue) }

    /// The Swift type of a type expression, qualifying built-ins the spec shadows.
    func swiftType(_ type: TypeExpression) -> SwiftType {
        switch type {
        case let .named(name):
            if let declared = declared[name], declared.symbol != .api {
                return declared.module.map { .member(.named($0), SwiftNaming.escaped(declared.swiftName)) } ?? .named(SwiftNaming.escaped(declared.swiftName))
            }
            guard case let .builtin(type)? = resolve(name) else { return .named(SwiftNaming.escaped(name)) }
            return qualified(type)
        case let .optional(wrapped): return .optional(swiftType(wrapped))
        case let .array(element): return .array(swiftType(element))
        case let .dictionary(value): return .dictionary(key: qualified(.string), value: swiftType(value))
        }
    }

    /// `Swift.String` when the spec declares its own `String`, else `String`.
    func qualified(_ type: BuiltinType) -> SwiftType {
        qualified(swiftName: type.swiftName, module: type.module)
    }

    /// A runtime type's name (`Download`), qualified when the spec declares a type of the same Swift name.
    func qualifiedRuntimeType(_ name: String) -> SwiftType {
        qualified(swiftName: name, module: RuntimeName.crudeRuntime.rawValue)
    }

    /// Whether the spec declares a type of the Swift name `swiftName`.
    func isDeclared(swiftName: String) -> Bool {
        swiftNames[swiftName] != nil
    }

    /// `swiftName` of `module`, qualified when the spec declares a type of the same Swift name.
    func qualified(swiftName: String, module: String) -> SwiftType {
        isDeclared(swiftName: swiftName) ? .member(.named(module), swiftName) : .named(swiftName)
    }
}
