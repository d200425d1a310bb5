// swift-format-ignore-file
// Generated from Templates/ by `CRUDEGEN_RECORD=1 swift test`. Do not edit.

/// The templates of the top-level `Templates/` folder, compiled in so that crudegen needs no resource bundle.
enum BundledTemplates {
    static let sources: [String: String] = [
        "api-file": #"""
{{% CONTENT_TYPE: TEXT}}
{{! crudegen-templates: 2 }}
/// Declarations shared by the {{name}} API.
nonisolated {{access}}enum {{name}} {
{{#baseURL}}
    /// The base URL the spec names; a client can be configured with another.
    {{access}}static let baseURL = {{urlType}}(string: {{baseURL}})!
{{/baseURL}}
    /// Headers sent with every request.
    {{access}}{{defaultHeaders}}
    /// The keys that wrap every response body, outermost first.
    {{access}}static let envelope: [{{stringType}}] = [{{#envelope}}{{key}}{{separator}}{{/envelope}}]

    /// A client configuration with the spec's base URL, headers and envelope{{#cache}}, and a cache with its policies{{/cache}}.
    {{access}}static func configuration(baseURL: {{urlType}}{{#baseURL}} = baseURL{{/baseURL}}) -> ClientConfiguration {
{{^cache}}
        ClientConfiguration(baseURL: baseURL, headers: defaultHeaders, envelope: envelope)
{{/cache}}
{{#cache}}
        var configuration = ClientConfiguration(baseURL: baseURL, headers: defaultHeaders, envelope: envelope)
        configuration.cache = MemoryResponseCache()
{{#policy}}
        configuration.cachePolicy = {{policy}}
{{/policy}}
{{#operations}}
        configuration.operationCachePolicies[{{key}}] = {{policy}}
{{/operations}}
        return configuration
{{/cache}}
    }
{{#hasActions}}

    /// The identifiers of the API's own actions, which key `ClientConfiguration`'s per-operation settings
    /// such as `operationHeaders`.
    nonisolated {{access}}enum Operations {
{{#operationIDs}}
        /// The operation `{{description}}`.
        {{access}}{{declaration}}
{{/operationIDs}}
    }
{{/hasActions}}
{{#dateFormats}}

    /// Dates written as `{{format}}`{{#timeZone}} in the time zone `{{timeZone}}`{{/timeZone}}.
    nonisolated {{access}}enum {{typeName}}: DateFormatTransform {
        {{access}}static let format = {{formatLiteral}}
{{#timeZoneLiteral}}
        {{access}}static let timeZoneIdentifier = {{timeZoneLiteral}}
{{/timeZoneLiteral}}
    }
{{/dateFormats}}
}
{{#hasActions}}

nonisolated extension {{name}} {
{{> functions}}
}
{{/hasActions}}
{{#payloadModels}}

{{> model}}
{{/payloadModels}}

"""#,
        "api-store-file": #"""
{{% CONTENT_TYPE: TEXT}}
{{! crudegen-templates: 2 }}
nonisolated extension {{name}} {
    /// The local store's tables, and where each operation's response holds stored resources: open a
    /// `Store` with it and attach it with `client.storing(in:)` (docs/store.md).
    {{access}}static let storeSchema = StoreSchema(
        tables: [
{{#tables}}
            {{name}}.storeTable.definition,
{{/tables}}
        ],
        operations: [
{{#operations}}
            {{.}},
{{/operations}}
        ]
    )
}

"""#,
        "enum-file": #"""
{{% CONTENT_TYPE: TEXT}}
{{! crudegen-templates: 2 }}
{{#documentation}}
{{.}}
{{/documentation}}
nonisolated {{access}}enum {{name}}: OpenEnum {
{{#cases}}
    case {{name}}
{{/cases}}
    /// A value this version of the spec does not list, kept as sent.
    case unknown({{rawType}})

    /// The cases the spec lists.
    {{access}}static var knownCases: [{{name}}] { [{{#cases}}.{{name}}{{separator}}{{/cases}}] }

    {{access}}init(rawValue: {{rawType}}) {
        switch rawValue {
{{#cases}}
        case {{rawValue}}: self = .{{name}}
{{/cases}}
        default: self = .unknown(rawValue)
        }
    }

    {{access}}var rawValue: {{rawType}} {
        switch self {
{{#cases}}
        case .{{name}}: {{rawValue}}
{{/cases}}
        case let .unknown(rawValue): rawValue
        }
    }
}

"""#,
        "functions": #"""
{{% CONTENT_TYPE: TEXT}}
{{! crudegen-templates: 2 }}
{{#functions}}
{{^isFirst}}

{{/isFirst}}
{{#documentation}}
    {{.}}
{{/documentation}}
{{#attributes}}
    {{.}}
{{/attributes}}
    {{access}}{{signature}} {
{{#body}}
        {{.}}
{{/body}}
    }
{{/functions}}

"""#,
        "model": #"""
{{% CONTENT_TYPE: TEXT}}
{{! crudegen-templates: 2 }}
{{#documentation}}
{{.}}
{{/documentation}}
nonisolated {{access}}struct {{name}}: Hashable, Sendable{{#isIdentifiable}}, Identifiable{{/isIdentifiable}} {
{{#properties}}
{{#documentation}}
    {{.}}
{{/documentation}}
    {{access}}var {{name}}: {{type}}
{{/properties}}
{{#declaresInitializer}}

    /// Creates a value from its properties.
{{^hasProperties}}
    {{access}}init() {}
{{/hasProperties}}
{{#hasProperties}}
    {{access}}init(
{{#properties}}
        {{name}}: {{type}}{{#isOptional}} = nil{{/isOptional}}{{separator}}
{{/properties}}
    ) {
{{#properties}}
        self.{{name}} = {{name}}
{{/properties}}
    }
{{/hasProperties}}
{{/declaresInitializer}}
}

nonisolated extension {{name}}: Codable {
    {{access}}init(from decoder: any Decoder) throws {
{{#hasProperties}}
        let container = try decoder.container(keyedBy: JSONKey.self)
{{/hasProperties}}
{{#jsonAPI}}
{{#decodeMembers}}
        {{.}}
{{/decodeMembers}}
{{/jsonAPI}}
{{#properties}}
        {{decode}}
{{/properties}}
    }

    {{access}}func encode(to encoder: any Encoder) throws {
{{#hasProperties}}
        var container = encoder.container(keyedBy: JSONKey.self)
{{/hasProperties}}
{{#usesOptions}}
        let options = ModelEncodingOptions(encoder)
{{/usesOptions}}
{{#jsonAPI}}
{{#encodeMembers}}
        {{.}}
{{/encodeMembers}}
{{/jsonAPI}}
{{#properties}}
        {{encode}}
{{/properties}}
    }
}
{{#jsonAPI}}

nonisolated extension {{name}}: JSONAPIResource {
    {{access}}{{conformance}}
}
{{/jsonAPI}}

"""#,
        "model-file": #"""
{{% CONTENT_TYPE: TEXT}}
{{! crudegen-templates: 2 }}
{{> model}}
{{#resource}}
{{> resource-operations}}
{{/resource}}

"""#,
        "resource-operations": #"""
{{% CONTENT_TYPE: TEXT}}
{{! crudegen-templates: 2 }}

nonisolated extension {{name}} {
{{> functions}}
{{#hasOperationIDs}}

    /// The identifiers of this resource's operations and actions, which key `ClientConfiguration`'s
    /// per-operation settings such as `operationHeaders`.
    nonisolated {{access}}enum Operations {
{{#operationIDs}}
        /// The operation `{{description}}`.
        {{access}}{{declaration}}
{{/operationIDs}}
    }
{{/hasOperationIDs}}
{{#patch}}

    /// A partial update: only the fields set to `.set` (or, when optional, `.clear`) are sent.
    nonisolated {{access}}struct Patch: Encodable, Sendable {
{{#properties}}
        {{access}}var {{name}}: FieldUpdate<{{type}}> = .keep
{{/properties}}
{{#declaresInitializer}}

        /// Creates a patch that sets or clears the fields given and keeps every other one; `Patch()`
        /// changes nothing yet.
        {{access}}init(
{{#properties}}
            {{name}}: FieldUpdate<{{type}}> = .keep{{separator}}
{{/properties}}
        ) {
{{#properties}}
            self.{{name}} = {{name}}
{{/properties}}
        }
{{/declaresInitializer}}

        {{access}}func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
{{#encodesJSONAPIMembers}}
            {{.}}
{{/encodesJSONAPIMembers}}
{{#properties}}
            {{patchEncode}}
{{/properties}}
        }
    }
{{/patch}}
}

"""#,
        "server-file": #"""
{{% CONTENT_TYPE: TEXT}}
{{! crudegen-templates: 2 }}
/// The {{apiName}} API as a server answers it: one method per operation and action, typed as the client's
/// models.
///
/// Every method has a default that answers as `crudegen serve` does, over the server's store (an action
/// with the seed data's answer): implement a method to answer it yourself, calling the `context`'s
/// defaults (`context.defaultCreate(value)`) for what it does not change. Start a server with
/// `server(seed:database:options:)`.
nonisolated {{access}}protocol {{protocolName}}: Sendable {
{{#methods}}
{{^isFirst}}

{{/isFirst}}
{{#documentation}}
    {{.}}
{{/documentation}}
    {{signature}}
{{/methods}}
}

nonisolated extension {{protocolName}} {
{{#methods}}
{{^isFirst}}

{{/isFirst}}
    {{access}}{{signature}} {
{{#body}}
        {{.}}
{{/body}}
    }
{{/methods}}
}

nonisolated extension {{protocolName}} {
    /// A server of the {{apiName}} API whose operations this service answers, starting with `seed`, its
    /// values in memory, or in `database`: a SQLite file's path or a `postgres://` URL (docs/serve.md).
    {{access}}func server(
        seed: {{seedType}} = {{seedType}}(), database: {{stringType}}? = nil, options: {{optionsType}} = {{optionsType}}()
    ) throws -> {{specServerType}} {
        try {{specServerType}}(
            spec: {{handlerName}}.spec,
            file: {{specFileLiteral}},
            handler: {{handlerName}}(service: self),
            seed: seed,
            database: database,
            options: options
        )
    }
}

/// Answers each call through the service's method for it, its arguments read from the call.
nonisolated struct {{handlerName}}: {{operationHandlerType}} {
    /// The spec the server reads its routes and wire format from, as written.
    static var spec: {{stringType}} {
        {{specTextLiteral}}
    }

    /// The service whose methods answer.
    let service: any {{protocolName}}

    func answer(_ call: {{operationContextType}}) async throws -> {{operationAnswerType}} {
        switch (call.resourceName, call.operationName) {
{{#operationCases}}
        case {{pattern}}:
{{#dispatch}}
            {{.}}
{{/dispatch}}
{{/operationCases}}
        default:
            return try await .byDefault(call)
        }
    }

    func answer(_ call: {{actionContextType}}) async throws -> {{actionAnswerType}} {
        switch (call.ownerName, call.actionName) {
{{#actionCases}}
        case {{pattern}}:
{{#dispatch}}
            {{.}}
{{/dispatch}}
{{/actionCases}}
        default:
            return try .byDefault(call)
        }
    }
}
{{#patches}}

/// Reads a partial update's body into the `Patch` it sends: a field the body carries is set, any other kept.
nonisolated private struct {{name}}: Decodable {
    var patch = {{patchType}}()

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
{{#members}}
        {{.}}
{{/members}}
{{#properties}}
        {{.}}
{{/properties}}
    }
}
{{/patches}}

"""#,
        "store-file": #"""
{{% CONTENT_TYPE: TEXT}}
{{! crudegen-templates: 2 }}
{{#table}}
nonisolated extension {{name}}: StoredResource {
    /// The table of these values in the local store: a column per field, named by its JSON key, the id first.
    {{access}}static let storeTable = StoreTable<{{name}}>(
        name: {{tableNameLiteral}},
        columns: [
{{#columns}}
            {{column}},
{{/columns}}
        ],
        indexes: [{{#indexes}}{{literal}}{{separator}}{{/indexes}}]
    )

    /// The id rows are kept by.
    {{access}}var storeID: {{idType}}? { self.{{idProperty}} }

    /// Reads a value from a row of `storeTable`.
    {{access}}init(storeRow row: StoreRow) throws(StoreError) {
{{#columns}}
        {{read}}
{{/columns}}
    }
{{#hasNested}}

    /// Adds the stored resources this value holds to `batch`, as Groot inserts nested objects.
    {{access}}func collectNested(into batch: inout StoreBatch) throws(StoreError) {
{{#nested}}
        try batch.collect(self.{{.}})
{{/nested}}
    }
{{/hasNested}}
}
{{/table}}
{{#container}}
nonisolated extension {{name}}: StoreContainer {
    /// Adds the stored resources this value holds to `batch`, as Groot inserts nested objects.
    {{access}}func collectStored(into batch: inout StoreBatch) throws(StoreError) {
{{#nested}}
        try batch.collect(self.{{.}})
{{/nested}}
    }
}
{{/container}}

"""#,
        "union-file": #"""
{{% CONTENT_TYPE: TEXT}}
{{! crudegen-templates: 2 }}
{{#documentation}}
{{.}}
{{/documentation}}
nonisolated {{access}}indirect enum {{name}}: Hashable, Sendable {
{{#variants}}
    case {{name}}({{type}})
{{/variants}}
    /// A value no variant reads, kept as sent.
    case unknown(JSONValue)
}

nonisolated extension {{name}}: Codable {
    {{access}}init(from decoder: any Decoder) throws {
{{#discriminator}}
        switch decoder.discriminator({{key}}) {
{{#variants}}
        case {{tag}}:
            {{decode}}
{{/variants}}
        default: self = .unknown(try JSONValue(from: decoder))
        }
{{/discriminator}}
{{^discriminator}}
{{#variants}}
        if let value: {{type}} = try? decoder.variant() {
            self = .{{name}}(value)
            return
        }
{{/variants}}
        self = .unknown(try JSONValue(from: decoder))
{{/discriminator}}
    }

    {{access}}func encode(to encoder: any Encoder) throws {
        switch self {
{{#variants}}
        case let .{{name}}(value):
            {{encode}}
{{/variants}}
        case let .unknown(value): try value.encode(to: encoder)
        }
    }
}

"""#,
    ]
}
