/// Builds the ``ResolvedAPI`` of a validated spec: the one place its operations, routes and wire shapes
/// are decided.
package enum APIResolver {
    /// The resolved API of `validated`.
    package static func resolve(_ validated: ValidatedSpec) -> ResolvedAPI {
        let resolver = Resolver(spec: validated.spec, symbols: validated.symbols)
        let spec = validated.spec
        return ResolvedAPI(
            validated: validated,
            envelope: spec.api.envelopeKeys,
            models: spec.models.map { model in
                ResolvedModel(
                    name: model.name.value, swiftName: model.swiftName?.value, description: model.description, fields: model.fields.map { resolver.field($0) },
                    isUsed: !spec.usedTypes.declaresHere(type: model.name.value))
            },
            payloadModels: validated.symbols.inlinePayloads.map { payload in
                ResolvedModel(name: payload.typeName, description: nil, fields: payload.fields.map { resolver.field($0) })
            },
            resources: ResolvedResources(spec.resources) { resolver.resource($0) },
            actions: spec.actions.map { resolver.action($0, of: nil) }
        )
    }
}

private struct Resolver {
    /// A resource as its routes and actions see it: the values its parameters name.
    struct Owner {
        var spec: ResourceSpec
        var id: ResolvedField
        var fields: [ResolvedField]
        var creates: Bool
    }

    let spec: Spec
    let symbols: SymbolTable

    /// The field `field` as a value holds it; `optional` makes its type optional (a read-only field of a
    /// resource that can be created). A write-only value is never in a response, so it is optional too.
    func field(_ field: FieldSpec, optional: Bool = false, jsonAPIMember: JSONAPIMember? = nil) -> ResolvedField {
        let declared = field.type.value
        let type = (optional || field.writeOnly) && !declared.isOptional ? .optional(declared) : declared
        return ResolvedField(
            spec: field,
            key: field.jsonKey(style: spec.api.keyStyle),
            type: type,
            transform: ResolvedTransform.resolve(field.transform?.value, base: declared.baseName, in: spec, symbols: symbols),
            readOnly: field.readOnly,
            writeOnly: field.writeOnly,
            sendsNull: field.required,
            jsonAPIMember: jsonAPIMember
        )
    }

    /// A query parameter: the field with the type it declares.
    func queryParameter(_ field: FieldSpec) -> ResolvedField {
        var parameter = self.field(field)
        parameter.type = field.type.value
        return parameter
    }

    func resource(_ resource: ResourceSpec) -> ResolvedResource {
        // A value that can be created has no id until the server assigns one, nor any other value only the
        // server sets: read-only fields are optional too, so callers never have to invent them.
        let creates = resource.operations.contains { $0.value == .create }
        let isJSONAPI = resource.jsonAPIType != nil
        let id = field(resource.id.field(optional: creates), jsonAPIMember: isJSONAPI ? .identifier : nil)
        let fields = resource.fields.map { field($0, optional: creates && $0.readOnly, jsonAPIMember: isJSONAPI ? jsonAPIMember(of: $0) : nil) }
        let listed = resource.operations.map(\.value)
        let owner = Owner(spec: resource, id: id, fields: fields, creates: creates)
        return ResolvedResource(
            spec: resource,
            id: id,
            creates: creates,
            fields: fields,
            operations: CRUDOperation.allCases.filter(listed.contains).map { kind in
                ResolvedOperation(
                    kind: kind,
                    method: HTTPMethod(validated: resource.method(of: kind, in: spec.api)),
                    route: route(RouteParameters.template(for: kind, of: resource), RouteParameters(resource: resource, action: nil), owner: owner),
                    headers: jsonAPIHeaders(for: kind, of: resource) + (resource.headers[kind] ?? []).map { ($0.name.value, $0.value.value) },
                    returnsModel: resource.response(of: kind) == .model,
                    deprecation: resource.deprecated[kind]?.value
                )
            },
            responseNamespaceOne: resource.responseNamespace(many: false),
            responseNamespaceMany: resource.responseNamespace(many: true),
            requestNamespace: resource.requestNamespace,
            jsonAPIType: resource.jsonAPIType?.value,
            pagination: resource.pagination?.resolved,
            query: resource.query.map(queryParameter),
            actions: resource.actions.map { action($0, of: owner) }
        )
    }

    /// Where a JSON:API resource's field sits: in `relationships` when it has a `relationship`, else in
    /// `attributes`.
    func jsonAPIMember(of field: FieldSpec) -> JSONAPIMember {
        guard let type = field.relationship else { return .attribute }
        return .relationship(type: type.value, isToMany: { if case .array = field.type.value.nonOptional { true } else { false } }())
    }

    /// The media type a JSON:API resource's operation asks for and, when it sends a body, sends: a JSON:API
    /// server answers `application/json` with 415. The spec's own headers of the operation win.
    func jsonAPIHeaders(for kind: CRUDOperation, of resource: ResourceSpec) -> [(name: String, value: String)] {
        guard resource.jsonAPIType != nil else { return [] }
        let mediaType = ResourceSpec.jsonAPIMediaType
        let headers = [("Accept", mediaType)] + (kind.sendsBody ? [("Content-Type", mediaType)] : [])
        return headers.filter { header in !(resource.headers[kind] ?? []).contains { $0.name.value.lowercased() == header.0.lowercased() } }
    }

    func action(_ action: ActionSpec, of owner: Owner?) -> ResolvedAction {
        func payload(_ payload: PayloadSpec?, suffix: String) -> ResolvedPayload {
            switch payload {
            case nil, .none?: .none
            case let .type(type)?: .type(type.value)
            case let .fields(fields, _)?:
                .fields(
                    typeName: action.payloadTypeName(owner: owner.map { $0.spec.swiftName?.value ?? $0.spec.name.value }, suffix: suffix),
                    fields: fields.map { field($0) })
            }
        }
        let resource = owner?.spec
        return ResolvedAction(
            spec: action,
            owner: resource?.name.value,
            method: HTTPMethod(validated: action.resolvedMethod),
            route: route(try? RouteTemplate.parse(action.path.value).get(), RouteParameters(resource: resource, action: action), owner: owner),
            headers: action.headers.map { ($0.name.value, $0.value.value) },
            query: action.query.map(queryParameter),
            body: payload(action.body, suffix: "Body"),
            requestNamespace: resource?.requestNamespace(of: action),
            bodyFormat: action.bodyFormat?.value ?? .json,
            response: symbols.isFile(action.returns) ? .file : payload(action.returns, suffix: "Response"),
            responseNamespace: resource?.responseNamespace(of: action),
            pagination: action.pagination.flatMap { pagination in
                guard case let .type(type)? = action.returns, case let .array(element) = type.value else { return nil }
                return (pagination.resolved, element)
            }
        )
    }

    /// The route parameter `name` and what it names. The id's and a field's value is the type the
    /// resource's value holds it as, so a call on a value checks that an optional one is set.
    func parameter(_ name: String, _ parameters: RouteParameters, owner: Owner?) -> ResolvedRouteParameter {
        let source: ResolvedRouteParameter.Source
        let type: TypeExpression
        switch parameters.resolve(name) {
        case .id?:
            guard let owner else { preconditionFailure("an id parameter outside a resource") }
            (source, type) = (.id, owner.id.type)
        case let .field(spec)?:
            guard let field = owner?.fields.first(where: { $0.spec.name.value == spec.name.value }) else {
                preconditionFailure("a field parameter `\(name)` outside its resource")
            }
            (source, type) = (.field(field), field.type)
        case let .param(param)?:
            (source, type) = (.argument(param), param.type.value)
        case nil:
            preconditionFailure("the validator accepted an unknown route parameter `\(name)`")
        }
        return ResolvedRouteParameter(name: name, source: source, type: type.nonOptional, isOptionalOnValue: type.isOptional)
    }

    /// Resolves the parameters of a validated route to the id, fields and params they name.
    func route(_ template: RouteTemplate?, _ parameters: RouteParameters, owner: Owner?) -> ResolvedRoute {
        guard let template else { preconditionFailure("the validator accepted a route that does not parse") }
        return ResolvedRoute(
            parts: template.parts.map { part in
                switch part {
                case let .literal(literal):
                    return .literal(literal)
                case let .parameter(name, _):
                    return .parameter(parameter(name, parameters, owner: owner))
                }
            })
    }
}
