/// A validated spec with every decision its projections share made once: each operation's verb and route,
/// each field's JSON key, transform and direction, each resource's namespaces and pagination.
///
/// ``APIResolver`` builds it from a ``ValidatedSpec``. Its projections, the Swift code model
/// (``CodeModelBuilder``), the store model, the OpenAPI export and `crudegen serve`, read these decisions
/// and make none of them again, so the client, its document and the server speak one wire format by
/// construction. It holds no Swift: names are the spec's, types are type expressions.
package struct ResolvedAPI: Sendable {
    /// The validated spec it was resolved from, and its symbols.
    package var validated: ValidatedSpec
    /// The keys wrapping every response and request body, outermost first; empty for none.
    package var envelope: [String]
    /// The spec's models, in spec order.
    package var models: [ResolvedModel]
    /// The models this spec declares, without those of the specs it uses: what its module generates.
    package var ownModels: [ResolvedModel] { models.filter { !$0.isUsed } }
    /// The structs generated for action payloads declared as fields in place, in spec order.
    package var payloadModels: [ResolvedModel]
    /// The resources, in spec order, each resolved as it is read.
    package var resources: ResolvedResources
    /// The API-wide actions, in spec order.
    package var actions: [ResolvedAction]

    /// The spec it was resolved from.
    package var spec: Spec { validated.spec }

    /// The transform of values of `type` that no field declares, such as a union's variant or an
    /// action's payload: the type's default (a `Date` is ISO 8601), if any.
    package func defaultTransform(of type: TypeExpression) -> ResolvedTransform? {
        ResolvedTransform.resolve(nil, base: type.baseName, in: spec, symbols: validated.symbols)
    }
}

/// The resources of a ``ResolvedAPI``, in spec order, each resolved when it is read and kept by no one.
///
/// A projection that walks them once holds one resolved resource at a time: generating the client of a
/// large API never keeps all its resolved resources alive beside the code model that is built from them,
/// whose allocations would interleave with theirs and leave the heap fragmented once they are freed. A
/// projection that reads them more than once, or looks one up by name, keeps an array of its own.
package struct ResolvedResources: RandomAccessCollection, Sendable {
    private let specs: [ResourceSpec]
    private let resolve: @Sendable (ResourceSpec) -> ResolvedResource

    /// The resources `specs` as `resolve` resolves each of them.
    init(_ specs: [ResourceSpec], resolve: @escaping @Sendable (ResourceSpec) -> ResolvedResource) {
        self.specs = specs
        self.resolve = resolve
    }

    package var startIndex: Int { specs.startIndex }
    package var endIndex: Int { specs.endIndex }
    package subscript(position: Int) -> ResolvedResource { resolve(specs[position]) }
}

/// An HTTP method an operation or action is sent with: the methods a spec can name.
package enum HTTPMethod: String, CaseIterable, Sendable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"
    case head = "HEAD"
    case options = "OPTIONS"

    /// The method a spec writes (`PATCH`), which the validator accepted.
    package init(validated text: String) {
        guard let method = Self(rawValue: text) else { preconditionFailure("the validator accepted the method `\(text)`") }
        self = method
    }
}

/// A field as it travels and as a value holds it.
package struct ResolvedField: Sendable {
    /// The field as the spec declares it (for an id, as ``IDSpec/field(optional:)`` gives it).
    package var spec: FieldSpec
    /// The JSON key.
    package var key: String
    /// The type a value holds: the declared one, optional when a response may leave the field out (a
    /// write-only field, and a read-only one of a value that can be created before the server sets it).
    package var type: TypeExpression
    /// The transform of the innermost values: the one the spec names, else the type's default.
    package var transform: ResolvedTransform?
    /// Set by the server; never sent in request bodies.
    package var readOnly: Bool
    /// Taken from request bodies, never sent back.
    package var writeOnly: Bool
    /// Whether a `nil` is always sent as `null` (the spec's `required`).
    package var sendsNull: Bool
    /// Where it sits in a JSON:API resource object; `nil` outside JSON:API resources.
    package var jsonAPIMember: JSONAPIMember?

    /// The type the spec declares.
    package var declaredType: TypeExpression { spec.type.value }

    /// Whether a body holds its key: it is not optional as declared, or `required` sends a `nil` as `null`.
    package var isRequiredInBodies: Bool {
        !declaredType.isOptional || sendsNull
    }

    /// Whether a full request body must carry it: a body holds it, and it is neither read-only nor
    /// write-only.
    package var isRequiredInRequests: Bool {
        isRequiredInBodies && !readOnly && !writeOnly
    }
}

/// A model: a struct of fields.
package struct ResolvedModel: Sendable {
    /// The name the spec refers to it by.
    package var name: String
    /// The name of its Swift type, when the spec gives one of its own.
    package var swiftName: String?
    package var description: String?
    package var fields: [ResolvedField]
    /// Whether a spec in `uses` declares it: its module generates it, and this spec's only names it.
    package var isUsed = false
}

/// A route: literal text and parameters, each parameter resolved to what it names.
package struct ResolvedRoute: Sendable {
    /// A piece of a route.
    package enum Part: Sendable {
        case literal(String)
        case parameter(ResolvedRouteParameter)
    }

    package var parts: [Part]

    /// The route as a spec writes it, `{name}` for each parameter.
    package var template: String {
        parts.map { part in
            switch part {
            case let .literal(text): text
            case let .parameter(parameter): "{\(parameter.name)}"
            }
        }.joined()
    }

    /// The parameters, in order.
    package var parameters: [ResolvedRouteParameter] {
        parts.compactMap { if case let .parameter(parameter) = $0 { parameter } else { nil } }
    }

    /// Whether the route has a parameter, so that a value it names may not exist.
    package var hasParameters: Bool { !parameters.isEmpty }
}

/// A `{name}` of a route and the value it stands for.
package struct ResolvedRouteParameter: Sendable {
    /// What the parameter names.
    package enum Source: Sendable {
        /// The resource's id, which ``ResolvedResource/id`` describes.
        case id
        /// A field of the resource.
        case field(ResolvedField)
        /// A declared param, a value of the route alone.
        case argument(FieldSpec)
    }

    /// The name as the route writes it.
    package var name: String
    package var source: Source
    /// The value's type, without optional.
    package var type: TypeExpression
    /// Whether the resource's property holding it is optional, so a call on a value must check it is set.
    package var isOptionalOnValue: Bool
}

/// A CRUD operation of a resource.
package struct ResolvedOperation: Sendable {
    package var kind: CRUDOperation
    package var method: HTTPMethod
    package var route: ResolvedRoute
    /// The headers it sends: the spec's, and a JSON:API resource's media type where the spec sets none.
    package var headers: [(name: String, value: String)]
    /// Whether the response carries the value; else nothing is read.
    package var returnsModel: Bool
    package var deprecation: DeprecationSpec?

    /// Whether it sends only the fields set: `patch`, or an update by PATCH.
    package var isPartial: Bool { kind == .patch || kind == .update && method == .patch }
}

/// A resource: a model with a path and operations.
package struct ResolvedResource: Sendable {
    package var spec: ResourceSpec
    /// The id as the resource's value holds it (optional when the resource can be created).
    package var id: ResolvedField
    /// Whether the resource offers `create`, so its values exist before the server gives them an id.
    package var creates: Bool
    /// The fields besides the id.
    package var fields: [ResolvedField]
    /// The operations the spec lists, in ``CRUDOperation`` order.
    package var operations: [ResolvedOperation]
    /// The key wrapping one value in responses, if any.
    package var responseNamespaceOne: String?
    /// The key wrapping a list in responses, if any.
    package var responseNamespaceMany: String?
    /// The key wrapping request bodies, if any.
    package var requestNamespace: String?
    /// The `type` of a JSON:API resource's objects.
    package var jsonAPIType: String?
    /// How `list` pages, every default applied.
    package var pagination: PaginationDeclaration?
    /// The typed query parameters of `list`.
    package var query: [ResolvedField]
    package var actions: [ResolvedAction]

    /// The name the spec refers to it by.
    package var name: String { spec.name.value }
    /// The media type of its bodies: JSON:API's for a JSON:API resource, else JSON's.
    package var mediaType: String { jsonAPIType == nil ? "application/json" : ResourceSpec.jsonAPIMediaType }
    /// The fields a partial update can set: all but the id and the read-only ones.
    package var patchFields: [ResolvedField] { fields.filter { !$0.readOnly } }
}

/// The body or the response of an action.
package enum ResolvedPayload: Sendable {
    case none
    /// A value of a type, sent or read whole.
    case type(TypeExpression)
    /// A struct generated from fields declared in place, named `typeName`.
    case fields(typeName: String, fields: [ResolvedField])
    /// A response that is a file, whatever its media type.
    case file
}

/// A call beyond CRUD.
package struct ResolvedAction: Sendable {
    package var spec: ActionSpec
    /// The spec name of the resource it belongs to; `nil` for an API-wide action.
    package var owner: String?
    package var method: HTTPMethod
    package var route: ResolvedRoute
    package var headers: [(name: String, value: String)]
    package var query: [ResolvedField]
    package var body: ResolvedPayload
    /// The key wrapping a JSON body, if any.
    package var requestNamespace: String?
    package var bodyFormat: BodyFormatSpec
    package var response: ResolvedPayload
    /// The key unwrapping the response, if any.
    package var responseNamespace: String?
    /// How the response pages, and the type of its items, when it does.
    package var pagination: (declaration: PaginationDeclaration, itemType: TypeExpression)?

    /// The name the spec gives it.
    package var name: String { spec.name.value }
}
