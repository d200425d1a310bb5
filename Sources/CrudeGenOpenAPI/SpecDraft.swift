import CrudeGenEngine

/// A spec under construction by the importer. Its `api` section, transforms, enums, unions and models are
/// the spec's own values, located nowhere yet (``SourceLocation/unwritten``), their fields named by their
/// JSON keys until ``spec(file:)`` names them by the key style, which only the whole spec decides; its
/// resources and actions are still drafts.
struct SpecDraft {
    /// The `api` section.
    var api: APISpec
    /// The `transforms` section, in order.
    var transforms: [TransformSpec] = []
    var enums: [EnumSpec] = []
    var unions: [UnionSpec] = []
    var models: [ModelSpec] = []
    var resources: [Resource] = []
    var actions: [ActionSpec] = []

    /// Django REST Framework's `{count, next, previous, results}` with a next URL, every key at its
    /// default: written `pagination: true`.
    static let standardPagination = PaginationSpec(at: .unwritten)

    /// A model with a path, an id and CRUD operations.
    struct Resource {
        var name: String
        var swiftName: String?
        var description: String?
        var path: String
        var idName: String
        var idKey: String
        var idType: TypeExpression
        /// The id's transform (`string_id`), when the document names one.
        var idTransform: String?
        var operations: [CRUDOperation]
        var routes: [CRUDOperation: String] = [:]
        var methods: [CRUDOperation: String] = [:]
        /// Fixed header values per operation.
        var headers: [CRUDOperation: [(name: String, value: String)]] = [:]
        var responsesNone: [CRUDOperation] = []
        var params: [FieldSpec] = []
        /// The typed query parameters of `list`.
        var query: [FieldSpec] = []
        var pagination: PaginationSpec?
        /// Calls beyond CRUD that `export` marked as this resource's.
        var actions: [ActionSpec] = []
        /// The key wrapping single objects (`{"person": …}`) and lists (`{"people": […]}`).
        var namespaceOne: String?
        var namespaceMany: String?
        /// `responses` or `requests` when the namespace wraps only one direction.
        var namespaceDirection: NamespaceSpec.Direction?
        /// The JSON:API `type` of the resource's objects, when its bodies are JSON:API documents (`jsonapi`).
        var jsonAPIType: String?
        /// Cache policies of `read` and `list`.
        var cache: [CRUDOperation: CachePolicySpec] = [:]
        /// The deprecated operations.
        var deprecated: [CRUDOperation: DeprecationSpec] = [:]
        /// The resource's own `store`, when the document sets it.
        var store: Bool?
        var fields: [FieldSpec]
    }
}
