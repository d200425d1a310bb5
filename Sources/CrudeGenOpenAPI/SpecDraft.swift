import CrudeGenEngine

/// A spec under construction by the importer. Its `api` section, transforms and enums are the spec's
/// own values, located nowhere yet (``SourceLocation/unwritten``); its unions, models, resources and actions
/// are drafts until ``spec(file:)`` names their fields, which only the whole spec's key style decides.
struct SpecDraft {
    /// The `api` section.
    var api: APISpec
    /// The `transforms` section, in order.
    var transforms: [TransformSpec] = []
    var enums: [EnumSpec] = []
    var unions: [Union] = []
    var models: [Model] = []
    var resources: [Resource] = []
    var actions: [Action] = []

    /// A field with its JSON key; the writer derives its name from the key and the key style.
    struct Field {
        var key: String
        var type: TypeExpression
        var readOnly = false
        /// Sent, never expected back (`writeOnly`, a create body's `password`).
        var writeOnly = false
        /// Required and nullable: the key is always sent, `null` when `nil` (`required`).
        var required = false
        var description: String?
        /// `comma` for a query array sent as `labels=bug,ui`.
        var arrayStyle: String?
        /// The field's name when the document says it (`x-crudegen-name`); else derived from the key.
        var name: String?
        /// The transform the document names (`x-crudegen-transform`).
        var transform: String?
        /// `swift_name` (`x-crudegen-swift-name`).
        var swiftName: String?
        /// In a JSON:API resource: the `type` of the resource objects the field's ids (a relationship's) are of.
        var relationship: String?
        /// A value of the field, from the schema's `examples` (or 3.0's `example`).
        var example: String?
    }

    /// A route parameter other than the id, named as the document's path writes it (`{organization_id}`).
    struct RouteParam {
        var name: String
        var type: TypeExpression
        /// The argument's name when the document's name is not how Swift writes it (`organizationId`).
        var swiftName: String?

        /// The name of the generated argument.
        var propertyName: String { swiftName ?? SpecInterop.propertyName(name) }
    }

    /// A value of one of several types.
    struct Union {
        /// One variant: its name (the tag with a discriminator; `nil` for a variant listed by type), its
        /// type, and its case name when the derived one would not do.
        struct Variant {
            var name: String?
            var type: TypeExpression
            var swiftName: String?
        }

        var name: String
        var swiftName: String?
        var description: String?
        var discriminator: String?
        var variants: [Variant]
    }

    /// A plain data type.
    struct Model {
        var name: String
        var swiftName: String?
        var description: String?
        var fields: [Field]
    }

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
        var params: [RouteParam] = []
        /// The typed query parameters of `list`.
        var query: [Field] = []
        var pagination: PaginationSpec?
        /// Calls beyond CRUD that `export` marked as this resource's.
        var actions: [Action] = []
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
        var fields: [Field]
    }

    /// A request body or response.
    enum Payload {
        /// A named type, `[T]` and so on.
        case type(TypeExpression)
        /// An object declared in place, which generates `<Action>Body` or `<Action>Response`.
        case fields([Field])
    }

    /// A call beyond CRUD.
    struct Action {
        var name: String
        var description: String?
        /// Written only when it differs from the default (POST with a body, else GET).
        var method: String?
        var path: String
        var params: [RouteParam] = []
        var query: [Field] = []
        var headers: [(name: String, value: String)] = []
        var body: Payload?
        /// `form` or `multipart` for a body that is not JSON; JSON when `nil`.
        var bodyFormat: BodyFormatSpec?
        var returns: Payload?
        /// The resource the action belongs to (`x-crudegen-resource`); API-wide when `nil`.
        var owner: String?
        /// How the response pages; `returns` is then the items' array type.
        var pagination: PaginationSpec?
        /// The cache policy of a GET action.
        var cache: CachePolicySpec?
        /// Whether the action is deprecated.
        var deprecated: DeprecationSpec?
    }
}
