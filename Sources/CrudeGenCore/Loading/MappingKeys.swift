/// Every mapping with a fixed set of keys that crudegen reads, with those keys.
///
/// The loader can only check a mapping's keys through one of these cases, so this list is the whole of
/// what it accepts; `SpecSchemaTests` compares it with the JSON Schema editors use
/// (`Schemas/crudegen-spec.schema.json`) in both directions, so the two cannot drift apart.
enum MappingKeys: String, CaseIterable, Sendable {
    /// The top level of a spec; the schema's root.
    case spec
    /// `api:`.
    case api
    /// A field written as a mapping (`{ type: Date, transform: iso8601 }`).
    case field
    /// An enum written as a mapping (`{ type: Int, cases: { low: 1 } }`).
    case enumeration = "enum"
    /// A union written as a mapping (`{ discriminator: type, variants: … }`).
    case union
    /// A union's variant written as a mapping (`{ type: Dog, swift_name: doggo }`).
    case variant
    /// An entry of `models:`.
    case model
    /// An entry of `transforms:`.
    case transform
    /// An entry of `resources:`.
    case resource
    /// A resource's `id:` written as a mapping.
    case id
    /// A resource's or action's `pagination:` written as a mapping.
    case pagination
    /// A resource's `namespace:` written as a mapping.
    case namespace
    /// An entry of `actions:`, API-wide or per resource.
    case action
    /// An entry of `uses:` written as a mapping (`{ spec: ../Shared/Shared.crude.yaml, module: Shared }`).
    case use
    /// A `crudegen-config.yaml`; not part of a spec, so not in the spec's schema.
    case configuration

    /// The keys the mapping may hold, in the order diagnostics list them.
    var allowed: [String] {
        switch self {
        case .spec: ["api", "uses", "enums", "unions", "models", "resources", "transforms", "actions"]
        case .api: ["name", "base_url", "envelope", "headers", "methods", "keys", "access", "cache", "store"]
        case .field: ["type", "key", "swift_name", "transform", "read_only", "write_only", "required", "relationship", "array_style", "description", "example"]
        case .enumeration: ["type", "cases", "swift_name", "description"]
        case .union: ["discriminator", "variants", "swift_name", "description"]
        case .variant: ["type", "swift_name"]
        case .model: ["description", "swift_name", "fields"]
        case .transform: ["date_format", "time_zone", "type", "swift"]
        case .resource:
            [
                "description", "swift_name", "cache", "path", "id", "operations", "namespace", "jsonapi", "routes", "methods", "headers", "responses", "params",
                "query", "pagination", "fields", "actions", "store", "deprecated",
            ]
        case .id: ["name", "type", "key", "transform"]
        case .pagination: ["style", "items", "next", "count", "count_header", "parameter", "size_parameter", "size"]
        case .namespace: ["one", "many", "applies_to"]
        case .action: ["description", "method", "path", "headers", "params", "query", "body", "body_format", "returns", "pagination", "cache", "deprecated"]
        case .use: ["spec", "module"]
        case .configuration: ["templates", "files_per_spec"]
        }
    }

    /// The keys the mapping must hold.
    var required: [String] {
        switch self {
        case .spec: ["api"]
        case .api: ["name"]
        case .field, .variant: ["type"]
        case .union: ["variants"]
        case .enumeration: ["cases"]
        case .resource, .action: ["path"]
        case .use: ["spec"]
        case .model, .transform, .id, .pagination, .namespace, .configuration: []
        }
    }
}
