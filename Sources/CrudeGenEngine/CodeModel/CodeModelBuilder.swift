/// Projects a ``ResolvedAPI`` into the ``CodeModel`` that templates render: the resolved decisions spelled
/// in Swift.
package enum CodeModelBuilder {
    /// Builds the code model of `resolved`.
    package static func build(_ resolved: ResolvedAPI) -> CodeModel {
        let spec = resolved.spec
        let builder = Builder(spec: spec, symbols: resolved.validated.symbols)
        let specName = spec.file.split(separator: "/").last.map(String.init) ?? spec.file
        var model = CodeModel(
            specName: specName,
            access: spec.api.access,
            api: builder.api(resolved),
            enums: spec.enums.filter { spec.usedTypes.declaresHere(type: $0.name.value) }.map(builder.enumeration),
            unions: spec.unions.filter { spec.usedTypes.declaresHere(type: $0.name.value) }.map(builder.union),
            models: resolved.ownModels.map { builder.model(name: $0.swiftName ?? $0.name, description: $0.description, fields: $0.fields) }
                + resolved.resources.concurrentMap { builder.resource($0) }
        )
        model.usedModules = spec.usedTypes.modules
        model.store = StoreModelBuilder.build(resolved, model: model)
        return model
    }
}

private struct Builder {
    let spec: Spec
    let symbols: SymbolTable

    func api(_ resolved: ResolvedAPI) -> APIDeclaration {
        return APIDeclaration(
            name: SwiftNaming.escaped(spec.api.name.value),
            baseURL: spec.api.baseURL?.value,
            envelope: resolved.envelope,
            headers: spec.api.headers.map { ($0.name.value, $0.value.value) },
            dateFormats: spec.transforms.compactMap { transform in
                guard case let .dateFormat(format, timeZone) = transform.kind, spec.usedTypes.declaresHere(transform: transform.name.value) else { return nil }
                return (dateFormatTypeName(transform.name.value), format.value, timeZone?.value)
            },
            payloadModels: resolved.payloadModels.map { payload in
                model(name: payload.name, description: nil, fields: payload.fields)
            },
            actions: resolved.actions.map(action),
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

    /// The API type holding the date format `transform`: this spec's, or a used spec's through its module.
    func dateFormatNamespace(of transform: String) -> SwiftType {
        guard let origin = spec.usedTypes.transforms[transform] else { return .named(SwiftNaming.escaped(spec.api.name.value)) }
        return .member(.named(origin.module), SwiftNaming.escaped(origin.apiName))
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

    func resource(_ resource: ResolvedResource) -> ModelDeclaration {
        let spec = resource.spec
        var declaration = model(name: (spec.swiftName ?? spec.name).value, description: spec.description, fields: [resource.id] + resource.fields)
        declaration.resource = ResourceDeclaration(
            specName: resource.name,
            idProperty: SwiftNaming.escaped(SwiftNaming.propertyName(spec.id.name.value)),
            idType: symbols.swiftType(spec.id.type.value),
            idIsOptional: resource.creates,
            namespaceOne: resource.responseNamespaceOne,
            namespaceMany: resource.responseNamespaceMany,
            requestNamespace: resource.requestNamespace,
            jsonAPIType: resource.jsonAPIType,
            operations: resource.operations.map(operation),
            pagination: resource.pagination,
            listQuery: resource.query.map(queryParameter),
            patchProperties: resource.patchFields.map(property),
            actions: resource.actions.map(action)
        )
        return declaration
    }

    func operation(_ operation: ResolvedOperation) -> OperationDeclaration {
        OperationDeclaration(
            kind: operation.kind,
            method: operation.method.rawValue.lowercased(),
            route: route(operation.route),
            headers: operation.headers,
            returnsModel: operation.returnsModel,
            deprecation: operation.deprecation
        )
    }

    func action(_ action: ResolvedAction) -> ActionDeclaration {
        func payload(_ payload: ResolvedPayload) -> ActionPayload {
            switch payload {
            case .none: .none
            case let .type(type): .type(symbols.swiftType(type))
            case let .fields(typeName, fields): .fields(typeName: .named(typeName), properties: fields.map(property))
            case .file:
                .download(memory: symbols.qualifiedRuntimeType("Download"), file: symbols.qualifiedRuntimeType("DownloadedFile"), url: symbols.qualified(.url))
            }
        }
        return ActionDeclaration(
            functionName: actionFunctionName(action.spec),
            specName: action.name,
            documentation: documentation(action.spec.description),
            method: action.method.rawValue.lowercased(),
            route: route(action.route),
            headers: action.headers,
            query: action.query.map(queryParameter),
            body: payload(action.body),
            requestNamespace: action.requestNamespace,
            bodyFormat: action.bodyFormat,
            response: payload(action.response),
            responseNamespace: action.responseNamespace,
            pagination: action.pagination.map { ($0.declaration, symbols.swiftType($0.itemType)) },
            deprecation: action.spec.deprecated?.value
        )
    }

    /// A resolved route's parts, each parameter named as the Swift argument or property it stands for.
    func route(_ route: ResolvedRoute) -> [RoutePart] {
        route.parts.map { part in
            switch part {
            case let .literal(literal):
                return .literal(literal)
            case let .parameter(parameter):
                let (field, source): (FieldSpec?, RouteParameter.Source) =
                    switch parameter.source {
                    case .id: (nil, .id)
                    case let .field(field): (field.spec, .field)
                    case let .argument(param): (param, .argument)
                    }
                return .parameter(
                    RouteParameter(
                        name: SwiftNaming.escaped(RouteParameters.swiftName(of: parameter.name, field: field)),
                        specName: parameter.name,
                        type: symbols.swiftType(parameter.type),
                        source: source,
                        isOptionalOnInstance: parameter.isOptionalOnValue,
                        isEnum: symbols.declared[parameter.type.baseName]?.symbol == .enumeration
                    ))
            }
        }
    }

    func model(name: String, description: String?, fields: [ResolvedField]) -> ModelDeclaration {
        let properties = fields.map(property)
        return ModelDeclaration(
            name: SwiftNaming.escaped(name),
            documentation: documentation(description),
            properties: properties,
            isIdentifiable: properties.contains { $0.name == "id" }
        )
    }

    func queryParameter(_ field: ResolvedField) -> QueryParameterDeclaration {
        let type = field.type
        let isArray: Bool = if case .array = type.nonOptional { true } else { false }
        return QueryParameterDeclaration(
            name: SwiftNaming.escaped(field.spec.propertyName),
            type: symbols.swiftType(type),
            isOptional: type.isOptional,
            key: field.key,
            transform: transform(field.transform),
            isEnum: symbols.resolve(type.baseName) == .enumeration,
            arrayStyle: isArray ? (field.spec.arrayStyle?.value == "comma" ? .commaSeparated : .repeated) : nil
        )
    }

    func property(_ field: ResolvedField) -> PropertyDeclaration {
        let type = field.type
        return PropertyDeclaration(
            name: SwiftNaming.escaped(field.spec.propertyName),
            type: symbols.swiftType(type),
            isOptional: type.isOptional,
            key: field.key,
            transform: transform(field.transform).map { wrap($0, in: type.nonOptional) },
            isReadOnly: field.readOnly,
            isWriteOnly: field.writeOnly,
            sendsNull: field.sendsNull,
            documentation: documentation(field.spec.description) + (field.spec.example.map { ["Example: `\($0.value)`"] } ?? []),
            isEnum: symbols.declared[type.baseName]?.symbol == .enumeration,
            typeExpression: type,
            jsonAPIMember: field.jsonAPIMember
        )
    }

    /// The Swift spelling of a resolved transform.
    func transform(_ transform: ResolvedTransform?) -> TransformDeclaration? {
        switch transform {
        case let .builtin(transform, type)?:
            // `resolve` gives a built-in only for a type it applies to.
            transform.runtimeName(for: type).map { .builtin(name: transform.rawValue, runtimeType: SwiftType($0)) }
        case let .dateFormat(name, _, _)?:
            // A used spec's date formats are types of its API, in its module.
            .dateFormat(name: name, type: .member(dateFormatNamespace(of: name), dateFormatTypeName(name)))
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
