/// The `x-crudegen-…` vendor extensions: what a spec says that OpenAPI cannot, written by `export` and read
/// back by `import`, so that `import(export(spec))` generates the same Swift as the spec. Other tools ignore
/// them, as OpenAPI asks of `x-` keys; docs/openapi.md lists each with its meaning.
enum CrudegenExtension {
    /// Document: `api.headers` as `[{ name, value }]`; operations: every fixed header of the operation, the
    /// same way, when one of them is a header OpenAPI ignores as a parameter (`Accept`, `Content-Type`,
    /// `Authorization`).
    static let headers = "x-crudegen-headers"
    /// Document: `api.envelope` as written (`response.body`), empty for none.
    static let envelope = "x-crudegen-envelope"
    /// Document: every action in the spec's order, `[{ resource, action }]` (no `resource` for the API's own),
    /// when a resource or the API has two or more: the paths group operations by route.
    static let actions = "x-crudegen-actions"
    /// The key of an action's resource in ``actions``.
    static let resourceKey = "resource"
    /// Document: `api.access` when not `public`.
    static let access = "x-crudegen-access"
    /// Document: `api.cache`; GET operations: the cache policy of that `read`, `list` or action.
    static let cache = "x-crudegen-cache"
    /// Document: `api.keys` when not `verbatim`.
    static let keys = "x-crudegen-keys"
    /// Document: the `transforms` section, name → `{ date_format, time_zone }` or `{ type, swift }`.
    static let transforms = "x-crudegen-transforms"
    /// Document: the API's name; component schemas: the type's spec name; properties and parameters: the
    /// field's name. Written only where `import` would not derive the same name from the title, schema name or key.
    static let name = "x-crudegen-name"
    /// Component schemas, properties and parameters: `swift_name`.
    static let swiftName = "x-crudegen-swift-name"
    /// Component schemas: the resource's `path`, which makes the schema a resource even without operations.
    static let path = "x-crudegen-path"
    /// Component schemas: the name of a resource's id, when no operation on its item path names it.
    static let id = "x-crudegen-id"
    /// Component schemas: the resource's `namespace` (`one`, `many`, `applies_to`), which a paginated list
    /// does not show.
    static let namespace = "x-crudegen-namespace"
    /// Operations: the resource an operation or action belongs to.
    static let resource = "x-crudegen-resource"
    /// Operations: which CRUD operation of the resource this is.
    static let operation = "x-crudegen-operation"
    /// Operations: the name of the action this is (of a resource's, and of the API's own).
    static let action = "x-crudegen-action"
    /// Properties and parameters: the field's transform (built-in or declared).
    static let transform = "x-crudegen-transform"
    /// Properties and parameters with a transform: the spec type (`Date?`), which the wire schema no longer shows.
    static let type = "x-crudegen-type"
    /// Paginated `list` operations and actions: the spec's `pagination`, with only the keys it sets.
    static let pagination = "x-crudegen-pagination"
    /// Document: `api.store`; component schemas: a resource's own `store` (docs/store.md).
    static let store = "x-crudegen-store"
    /// JSON:API resource objects: the JSON keys of the fields in the spec's order, where it mixes attributes
    /// and relationships, which the object lists apart.
    static let fields = "x-crudegen-fields"
    /// Union schemas: each variant's name and Swift name, `[{ name, swift_name }]`, where `import` would
    /// derive others from the variants' types or tags.
    static let variants = "x-crudegen-variants"
    /// Path items: the operations on a method the path item already has (`{ post: [operation, …] }`), which
    /// OpenAPI cannot hold as a second `post`: two actions, or an action and a CRUD operation, on one
    /// path and verb.
    static let operations = "x-crudegen-operations"
    /// Deprecated operations and actions: the message of `deprecated`, which OpenAPI's `deprecated: true` cannot hold.
    static let deprecationMessage = "x-crudegen-deprecation-message"
}
