/// Translates a ``ValidatedSpec`` into the ``CodeModel`` that templates render.
package enum CodeModelBuilder {
    /// Builds the code model of `validated`.
    package static func build(_ validated: ValidatedSpec) -> CodeModel {
        let spec = validated.spec
        let builder = Builder(spec: spec, symbols: validated.symbols)
        let specName = spec.file.split(separator: "/").last.map(String.init) ?? spec.file
        var model = CodeModel(
            specName: specName,
            access: spec.api.access,
            api: builder.api(),
            enums: spec.enums.map(builder.enumeration),
            unions: spec.unions.map(builder.union),
            models: spec.models.map { builder.model(name: ($0.swiftName ?? $0.name).value, description: $0.description, fields: $0.fields) }
                + spec.resources.map(builder.resource)
        )
        model.store = StoreModelBuilder.build(validated, model: model)
        return model
    }
}

private struct Builder {
    let spec: Spec
    let symbols: SymbolTable

    func api() -> APIDeclaration {
        var methods: [CRUDOperation: String] = [:]
        for operation in CRUDOperation.allCases {
            methods[operation] = spec.api.methods[operation]?.value ?? operation.defaultMethod
        }
        return APIDeclaration(
            name: SwiftNaming.escaped(spec.api.name.value),
            baseURL: spec.api.baseURL?.value,
            envelope: spec.api.envelopeKeys,
            headers: spec.api.headers.map { ($0.name.value, $0.value.value) },
            methods: methods,
            dateFormats: spec.transforms.compactMap { transform in
                guard case let .dateFormat(format, timeZone) = transform.kind else { return nil }
                return (dateFormatTypeName(transform.name.value), format.value, timeZone?.value)
            },
            payloadModels: symbols.inlinePayloads.map { payload in
                model(name: payload.typeName, description: nil, fields: payload.fields)
            },
            actions: spec.actions.map { action($0, of: nil) },
            cache: cache(),
            stringType: symbols.qualified(.string),
            urlType: symbols.qualified(.url)
        )
    }

    /// The cache settings of the whole spec, by operation, as the client's `operationCachePolicies` keys them.
    func cache() -> (policy: CachePolicySpec?, operations: [(type: SwiftType, operation: String, policy: CachePolicySpec)])? {
        var operations: [(type: SwiftType, operation: String, policy: CachePolicySpec)] = []
        for resource in spec.resources {
            let type = SwiftType.named(SwiftNaming.escaped((resource.swiftName ?? resource.name).value))
            for (operation, policy) in resource.cache.sorted(by: { $0.key < $1.key }) {
                operations.append((type, operation.rawValue, policy.value))
            }
            for action in resource.actions {
                if let policy = action.cache { operations.append((type, actionFunctionName(action), policy.value)) }
            }
        }
        for action in spec.actions {
            if let policy = action.cache { operations.append((.named(SwiftNaming.escaped(spec.api.name.value)), actionFunctionName(action), policy.value)) }
        }
        guard spec.api.cache != nil || !operations.isEmpty else { return nil }
        return (spec.api.cache?.value, operations)
    }

    /// The escaped Swift name of an action's function, and of its operation's identifier.
    func actionFunctionName(_ action: ActionSpec) -> String {
        SwiftNaming.escaped(SwiftNaming.sanitizedIdentifier(action.name.value))
    }

    func dateFormatTypeName(_ transform: String) -> String {
        SwiftNaming.derivedTypeName(transform) + "DateFormat"
    }

    func enumeration(_ enumeration: EnumSpec) -> EnumDeclaration {
        EnumDeclaration(
            name: SwiftNaming.escaped((enumeration.swiftName ?? enumeration.name).value),
            documentation: documentation(enumeration.description),
            rawType: symbols.qualified(enumeration.rawType == .int ? .int : .string),
            cases: enumeration.cases.map { item in
                let name = SwiftNaming.escaped(SwiftNaming.caseName(item.name.value, derived: enumeration.derivesCaseNames))
                let raw = enumeration.rawType == .int ? String(Int(item.rawValue.value) ?? 0) : SwiftNaming.stringLiteral(item.rawValue.value)
                return (name, raw)
            }
        )
    }

    func union(_ union: UnionSpec) -> UnionDeclaration {
        UnionDeclaration(
            name: SwiftNaming.escaped((union.swiftName ?? union.name).value),
            documentation: documentation(union.description),
            discriminator: union.discriminator?.value,
            variants: union.variants.map { variant in
                UnionDeclaration.Variant(
                    name: SwiftNaming.escaped(variant.caseName), type: symbols.swiftType(variant.type.value),
                    tag: union.discriminator == nil ? nil : variant.name.value)
            })
    }

    func resource(_ resource: ResourceSpec) -> ModelDeclaration {
        // A value that can be created has no id until the server assigns one, nor any other value only the
        // server sets: read-only fields are optional too, so callers never have to invent them.
        let idIsOptional = resource.operations.contains { $0.value == .create }
        let fields = resource.fields.map { field in
            guard idIsOptional, field.readOnly, !field.type.value.isOptional else { return field }
            var optional = field
            optional.type = Located(.optional(field.type.value), at: field.type.location)
            return optional
        }
        var declaration = model(
            name: (resource.swiftName ?? resource.name).value, description: resource.description, fields: [resource.id.field(optional: idIsOptional)] + fields)
        var patchProperties = resource.fields.filter { !$0.readOnly }.map(property)
        if resource.jsonAPIType != nil {
            declaration.properties = zip(declaration.properties, [nil] + fields).map { property, field in
                jsonAPIProperty(property, field: field)
            }
            patchProperties = zip(patchProperties, resource.fields.filter { !$0.readOnly }).map { jsonAPIProperty($0, field: $1) }
        }
        let listed = resource.operations.map(\.value)
        declaration.resource = ResourceDeclaration(
            specName: resource.name.value,
            idProperty: SwiftNaming.escaped(SwiftNaming.propertyName(resource.id.name.value)),
            idType: symbols.swiftType(resource.id.type.value),
            idIsOptional: idIsOptional,
            namespaceOne: resource.responseNamespace(many: false),
            namespaceMany: resource.responseNamespace(many: true),
            requestNamespace: resource.requestNamespace,
            jsonAPIType: resource.jsonAPIType?.value,
            operations: CRUDOperation.allCases.filter(listed.contains).map { operation($0, of: resource) },
            pagination: resource.pagination?.resolved,
            listQuery: resource.query.map(queryParameter),
            patchProperties: patchProperties,
            actions: resource.actions.map { action($0, of: resource) }
        )
        return declaration
    }

    func operation(_ kind: CRUDOperation, of resource: ResourceSpec) -> OperationDeclaration {
        let method = resource.method(of: kind, in: spec.api)
        let response = resource.response(of: kind)
        return OperationDeclaration(
            kind: kind,
            method: method.lowercased(),
            route: route(RouteParameters.template(for: kind, of: resource), RouteParameters(resource: resource, action: nil)),
            headers: jsonAPIHeaders(for: kind, of: resource) + (resource.headers[kind] ?? []).map { ($0.name.value, $0.value.value) },
            returnsModel: response == .model,
            deprecation: resource.deprecated[kind]?.value
        )
    }

    /// The media type a JSON:API resource's operation asks for and, when it sends a body, sends: a JSON:API
    /// server answers `application/json` with 415. The spec's own headers of the operation win.
    func jsonAPIHeaders(for kind: CRUDOperation, of resource: ResourceSpec) -> [(name: String, value: String)] {
        guard resource.jsonAPIType != nil else { return [] }
        let mediaType = ResourceSpec.jsonAPIMediaType
        let sendsBody = [.create, .update, .patch].contains(kind)
        let headers = [("Accept", mediaType)] + (sendsBody ? [("Content-Type", mediaType)] : [])
        return headers.filter { header in !(resource.headers[kind] ?? []).contains { $0.name.value.lowercased() == header.0.lowercased() } }
    }

    func action(_ action: ActionSpec, of resource: ResourceSpec?) -> ActionDeclaration {
        func payload(_ payload: PayloadSpec?, suffix: String) -> ActionPayload {
            switch payload {
            case nil, .none?: .none
            case let .type(type)?: .type(symbols.swiftType(type.value))
            case let .fields(fields, _)?:
                .fields(
                    typeName: .named(action.payloadTypeName(owner: resource.map { $0.swiftName?.value ?? $0.name.value }, suffix: suffix)),
                    properties: fields.map(property))
            }
        }
        return ActionDeclaration(
            functionName: actionFunctionName(action),
            specName: action.name.value,
            documentation: documentation(action.description),
            method: action.resolvedMethod.lowercased(),
            route: route(try? RouteTemplate.parse(action.path.value).get(), RouteParameters(resource: resource, action: action)),
            headers: action.headers.map { ($0.name.value, $0.value.value) },
            query: action.query.map(queryParameter),
            body: payload(action.body, suffix: "Body"),
            requestNamespace: resource?.requestNamespace(of: action),
            bodyFormat: action.bodyFormat?.value ?? .json,
            response: symbols.isFile(action.returns)
                ? .download(
                    memory: symbols.qualifiedRuntimeType("Download"), file: symbols.qualifiedRuntimeType("DownloadedFile"), url: symbols.qualified(.url))
                : payload(action.returns, suffix: "Response"),
            responseNamespace: resource?.responseNamespace(of: action),
            pagination: action.pagination.flatMap { spec in
                guard case let .type(type)? = action.returns, case let .array(element) = type.value else { return nil }
                return (spec.resolved, symbols.swiftType(element))
            },
            deprecation: action.deprecated?.value
        )
    }

    /// Resolves the parameters of a validated route.
    func route(_ template: RouteTemplate?, _ parameters: RouteParameters) -> [RoutePart] {
        guard let template else { preconditionFailure("the validator accepted a route that does not parse") }
        return template.parts.map { part in
            switch part {
            case let .literal(literal):
                return .literal(literal)
            case let .parameter(name, _):
                let creates = parameters.resource?.operations.contains { $0.value == .create } == true
                // The id, and a read-only field, of a resource that creates values are optional properties,
                // as is every write-only field (see `resource(_:)` and `property(_:)`).
                let (type, source, isOptionalProperty): (TypeExpression, RouteParameter.Source, Bool) =
                    switch parameters.resolve(name) {
                    case let .id(id)?: (id.type.value, .id, creates)
                    case let .field(field)?: (field.type.value, .field, field.writeOnly || field.readOnly && creates)
                    case let .param(param)?: (param.type.value, .argument, false)
                    case nil: preconditionFailure("the validator accepted an unknown route parameter `\(name)`")
                    }
                return .parameter(
                    RouteParameter(
                        name: SwiftNaming.escaped(parameters.swiftName(of: name)),
                        specName: name,
                        type: symbols.swiftType(type.nonOptional),
                        source: source,
                        isOptionalOnInstance: type.isOptional || isOptionalProperty,
                        isEnum: symbols.declared[type.baseName]?.symbol == .enumeration
                    ))
            }
        }
    }

    func model(name: String, description: String?, fields: [FieldSpec]) -> ModelDeclaration {
        let properties = fields.map(property)
        return ModelDeclaration(
            name: SwiftNaming.escaped(name),
            documentation: documentation(description),
            properties: properties,
            isIdentifiable: properties.contains { $0.name == "id" }
        )
    }

    /// A JSON:API resource's property placed in its resource object: the id (no `field`) beside the type,
    /// a field with a `relationship` in `relationships`, any other in `attributes`.
    func jsonAPIProperty(_ property: PropertyDeclaration, field: FieldSpec?) -> PropertyDeclaration {
        var placed = property
        placed.jsonAPIMember =
            switch (field, field?.relationship) {
            case (nil, _): .identifier
            case let (field?, type?):
                .relationship(type: type.value, isToMany: { if case .array = field.type.value.nonOptional { true } else { false } }())
            case (_?, nil): .attribute
            }
        return placed
    }

    func queryParameter(_ field: FieldSpec) -> QueryParameterDeclaration {
        let type = field.type.value
        let isArray: Bool = if case .array = type.nonOptional { true } else { false }
        return QueryParameterDeclaration(
            name: SwiftNaming.escaped(field.propertyName),
            type: symbols.swiftType(type),
            isOptional: type.isOptional,
            key: field.jsonKey(style: spec.api.keyStyle),
            transform: transform(for: field),
            isEnum: symbols.resolve(type.baseName) == .enumeration,
            arrayStyle: isArray ? (field.arrayStyle?.value == "comma" ? .commaSeparated : .repeated) : nil
        )
    }

    func property(_ field: FieldSpec) -> PropertyDeclaration {
        // A write-only value is never in a response, so decoding one must not require it.
        let type = field.writeOnly && !field.type.value.isOptional ? .optional(field.type.value) : field.type.value
        return PropertyDeclaration(
            name: SwiftNaming.escaped(field.propertyName),
            type: symbols.swiftType(type),
            isOptional: type.isOptional,
            key: field.jsonKey(style: spec.api.keyStyle),
            transform: transform(for: field).map { wrap($0, in: type.nonOptional) },
            isReadOnly: field.readOnly,
            isWriteOnly: field.writeOnly,
            sendsNull: field.required,
            documentation: documentation(field.description) + (field.example.map { ["Example: `\($0.value)`"] } ?? []),
            isEnum: symbols.declared[type.baseName]?.symbol == .enumeration,
            typeExpression: type
        )
    }

    /// The transform of the field's innermost value, if any: the one place a transform name is resolved.
    func transform(for field: FieldSpec) -> TransformDeclaration? {
        switch ResolvedTransform.resolve(field.transform?.value, base: field.type.value.baseName, in: spec, symbols: symbols) {
        case let .builtin(transform, type)?:
            // `resolve` gives a built-in only for a type it applies to.
            transform.runtimeName(for: type).map { .builtin(name: transform.rawValue, runtimeType: SwiftType($0)) }
        case let .dateFormat(name, _, _)?: .dateFormat(name: name, type: .member(.named(SwiftNaming.escaped(spec.api.name.value)), dateFormatTypeName(name)))
        case let .custom(name, _, swiftType)?: .custom(name: name, swiftType: .named(swiftType))
        case nil: nil
        }
    }

    /// Wraps an element transform for the arrays, dictionaries and inner optionals around it.
    func wrap(_ transform: TransformDeclaration, in type: TypeExpression) -> TransformDeclaration {
        switch type {
        case .named: transform
        case let .optional(wrapped): .optional(wrap(transform, in: wrapped))
        case let .array(element): .array(wrap(transform, in: element))
        case let .dictionary(value): .dictionary(wrap(transform, in: value))
        }
    }

    /// A description as documentation; `TemplateContext.comment` splits it into safe comment lines, the
    /// one place every comment from a spec passes through.
    func documentation(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return [text]
    }
}

extension String {
    var trimmingTrailingWhitespace: String {
        var result = self
        while result.last?.isWhitespace == true { result.removeLast() }
        return result
    }
}
