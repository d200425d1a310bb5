/// A type every spec can name without declaring it, with what each stage needs to know of it: its Swift
/// spelling, where it may stand, its JSON Schema and how CrudeStore keeps it. Every stage asks this type;
/// none keeps a list of type names of its own.
public enum BuiltinType: String, CaseIterable, Sendable {
    case string = "String"
    case int = "Int"
    case int32 = "Int32"
    case int64 = "Int64"
    case uint = "UInt"
    case double = "Double"
    case float = "Float"
    case bool = "Bool"
    case decimal = "Decimal"
    case date = "Date"
    case url = "URL"
    case uuid = "UUID"
    case data = "Data"
    /// Any JSON value, the runtime's `JSONValue`.
    case json = "JSON"
    /// A file sent as a multipart part, the runtime's `FileUpload`.
    case file = "File"

    /// The Swift type generated code spells.
    package var swiftName: String {
        switch self {
        case .json: "JSONValue"
        case .file: "FileUpload"
        default: rawValue
        }
    }

    /// The module declaring ``swiftName``, to qualify it where the spec declares a type of the same name.
    package var module: String {
        switch self {
        case .string, .int, .int32, .int64, .uint, .double, .float, .bool: "Swift"
        case .decimal, .date, .url, .uuid, .data: "Foundation"
        case .json, .file: "CrudeRuntime"
        }
    }

    /// Whether a resource's id can have the type.
    package var canIdentify: Bool {
        [.int, .int64, .string, .uuid].contains(self)
    }

    /// Whether a JSON:API id, and so a relationship's related id, can have the type: a JSON:API id is a string.
    package var isJSONAPIIdentifier: Bool {
        [.string, .uuid].contains(self)
    }

    /// Whether a route parameter can have the type: its text is one path segment as it stands.
    package var isRouteParameterType: Bool {
        [.int, .int32, .int64, .uint, .string, .uuid, .double, .bool].contains(self)
    }

    /// Whether a query parameter can have the type though a route cannot: its text needs escaping or a format.
    package var isQueryOnly: Bool {
        [.float, .decimal, .date, .url].contains(self)
    }

    /// Whether a query parameter can have the type.
    package var isQueryParameterType: Bool {
        isRouteParameterType || isQueryOnly
    }

    /// Whether CrudeStore keeps a value in a column of its own SQLite type (`StoreScalar`); others are JSON text.
    package var isStoreScalar: Bool {
        ![.date, .json, .file].contains(self)
    }

    /// The transform a field of the type gets when it names none: JSON has no date type.
    package var defaultTransform: BuiltinTransform? {
        self == .date ? .iso8601 : nil
    }

    /// The JSON Schema keywords describing a value of the type as the client writes it without a
    /// transform: `type`, then `format` or the keywords that narrow it. Empty for any JSON value.
    package var jsonSchema: [(keyword: String, value: JSONSchemaValue)] {
        switch self {
        case .string: [("type", "string")]
        case .int: [("type", "integer")]
        case .int32: [("type", "integer"), ("format", "int32")]
        case .int64: [("type", "integer"), ("format", "int64")]
        case .uint: [("type", "integer"), ("format", "uint64"), ("minimum", .integer(0))]
        case .double: [("type", "number"), ("format", "double")]
        case .float: [("type", "number"), ("format", "float")]
        case .decimal: [("type", "number"), ("format", "decimal")]
        case .bool: [("type", "boolean")]
        case .date: [("type", "string"), ("format", "date-time")]
        case .url: [("type", "string"), ("format", "uri")]
        case .uuid: [("type", "string"), ("format", "uuid")]
        case .data: [("type", "string"), ("contentEncoding", "base64")]
        // A file part's bytes, as FastAPI describes an `UploadFile`.
        case .file: [("type", "string"), ("contentMediaType", "application/octet-stream")]
        case .json: []
        }
    }

    /// Whether `example`, a value as a spec writes it, reads as a value of the type; a type whose text
    /// the engine does not check (a date's format depends on its transform) reads anything.
    package func reads(example: String) -> Bool {
        switch self {
        case .int, .int64: Int64(example) != nil
        case .int32: Int32(example) != nil
        case .uint: UInt64(example) != nil
        case .double, .float, .decimal: Double(example) != nil
        case .bool: example == "true" || example == "false"
        case .string, .date, .url, .uuid, .data, .json, .file: true
        }
    }

    /// The JSON type a value of the type is first: what a `lenient` field's schema lists before the
    /// others it reads (an `Int` takes any number, its fraction dropped).
    package var jsonType: String {
        switch self {
        case .int, .int32, .int64, .uint, .double, .float, .decimal: "number"
        case .bool: "boolean"
        default: "string"
        }
    }
}

/// A JSON Schema keyword's value: a string or a whole number.
package enum JSONSchemaValue: Sendable, Equatable, ExpressibleByStringLiteral {
    case string(String)
    case integer(Int)

    package init(stringLiteral value: String) {
        self = .string(value)
    }
}

/// A transform every spec can name, with the built-in types it applies to and how it writes them.
public enum BuiltinTransform: String, CaseIterable, Sendable {
    case iso8601
    case iso8601Fractional = "iso8601_fractional"
    case epochSeconds = "epoch_seconds"
    case epochMilliseconds = "epoch_milliseconds"
    case percentage
    case lenient
    case stringID = "string_id"
    case url

    /// The runtime transform for a field whose innermost type is `type`; `nil` where it does not apply.
    func runtimeName(for type: BuiltinType) -> RuntimeName? {
        switch (self, type) {
        case (.iso8601, .date): .iso8601DateTransform
        case (.iso8601Fractional, .date): .iso8601FractionalDateTransform
        case (.epochSeconds, .date): .epochSecondsDateTransform
        case (.epochMilliseconds, .date): .epochMillisecondsDateTransform
        case (.percentage, .double): .percentageTransform
        case (.lenient, .int): .lenientIntTransform
        case (.lenient, .double): .lenientDoubleTransform
        case (.lenient, .bool): .lenientBoolTransform
        case (.lenient, .string): .lenientStringTransform
        case (.stringID, .string): .stringIDTransform
        case (.url, .url): .urlTransform
        default: nil
        }
    }

    /// The built-in types the transform applies to, in declaration order.
    package var appliesTo: [BuiltinType] {
        BuiltinType.allCases.filter { runtimeName(for: $0) != nil }
    }

    /// How the transform writes a date, for the transforms that write dates.
    package var dateForm: DateWireForm? {
        switch self {
        case .iso8601: .iso8601
        case .iso8601Fractional: .iso8601Fractional
        case .epochSeconds: .epochSeconds
        case .epochMilliseconds: .epochMilliseconds
        case .percentage, .lenient, .stringID, .url: nil
        }
    }
}

/// How a date is written in JSON.
package enum DateWireForm: Sendable, Equatable {
    /// `2024-05-01T12:00:00Z`.
    case iso8601
    /// With fractional seconds: `2024-05-01T12:00:00.123Z`.
    case iso8601Fractional
    /// Seconds since 1970 as a number.
    case epochSeconds
    /// Milliseconds since 1970 as a number.
    case epochMilliseconds
    /// A string in a fixed pattern (a spec's `date_format`), in UTC unless the zone is given.
    case format(String, timeZone: String?)
}
