/// Turns the code model into the values templates render, computing the Swift statements that templates
/// would otherwise need logic for.
enum TemplateContext {
    static func api(_ api: APIDeclaration, access: String) -> APITemplateContext {
        APITemplateContext(
            access: access,
            name: api.name,
            baseURL: api.baseURL.map(SwiftNaming.stringLiteral),
            defaultHeaders: SwiftRenderer.constant(
                "defaultHeaders", type: .dictionary(key: api.stringType, value: api.stringType),
                value: .dictionary(api.headers.map { DictionaryEntry(key: .string($0.name), value: .string($0.value)) }), indent: 4),
            envelope: api.envelope.map { .init(key: SwiftNaming.stringLiteral($0)) }.separated(by: ", "),
            dateFormats: api.dateFormats.map { dateFormat in
                .init(
                    typeName: dateFormat.typeName, format: SwiftNaming.commentText(dateFormat.format),
                    formatLiteral: SwiftNaming.stringLiteral(dateFormat.format), timeZone: dateFormat.timeZone.map(SwiftNaming.commentText),
                    timeZoneLiteral: dateFormat.timeZone.map(SwiftNaming.stringLiteral))
            },
            payloadModels: api.payloadModels.map { model($0, access: access, stringType: api.stringType) },
            hasActions: !api.actions.isEmpty,
            functions: functions(api.plannedFunctions()),
            cache: api.cache.map { cache in
                .init(
                    policy: cache.policy?.runtimeCase,
                    operations: cache.operations.map {
                        .init(
                            key: SwiftRenderer.expression(SwiftExpression.type($0.type).member("Operations").member($0.operation), indent: 0),
                            policy: $0.policy.runtimeCase)
                    })
            },
            stringType: api.stringType.spelling,
            urlType: api.urlType.spelling,
            operationIDs: operationIDs(api.operationIDs, resource: SwiftNaming.unescaped(api.name)))
    }

    static func enumeration(_ enumeration: EnumDeclaration, access: String) -> EnumTemplateContext {
        EnumTemplateContext(
            access: access,
            name: enumeration.name,
            documentation: comment(enumeration.documentation),
            rawType: enumeration.rawType.spelling,
            cases: enumeration.cases.map { .init(name: $0.name, rawValue: $0.rawValue) }.separated(by: ", "))
    }

    static func union(_ union: UnionDeclaration, access: String) -> UnionTemplateContext {
        UnionTemplateContext(
            access: access,
            name: union.name,
            documentation: comment(union.documentation),
            discriminator: union.discriminator.map { .init(key: SwiftNaming.stringLiteral($0)) },
            variants: union.variants.map { variant in
                .init(
                    name: variant.name, type: variant.type.spelling, tag: variant.tag.map(SwiftNaming.stringLiteral),
                    decode: variant.tag.map { _ in
                        // The case's type decides what is read: an expression naming the type would find the case
                        // where it has the type's name.
                        let read = SwiftExpression.identifier("decoder").member("variant").call([])
                        let value = SwiftExpression.member(nil, variant.name).call([SwiftArgument(nil, .try(read))])
                        return SwiftRenderer.statement(.assign(.identifier("self"), value), indent: 12)
                    }, encode: unionEncodeStatement(variant, union))
            })
    }

    /// A union case's `encode(to:)` statement: the value, and with a discriminator the case's tag after it.
    private static func unionEncodeStatement(_ variant: UnionDeclaration.Variant, _ union: UnionDeclaration) -> String {
        let call =
            if let tag = variant.tag, let key = union.discriminator {
                SwiftExpression.identifier("encoder").member("encode").call([
                    SwiftArgument(nil, .identifier("value")), SwiftArgument("taggedAs", .string(tag)), SwiftArgument("at", .string(key)),
                ])
            } else {
                SwiftExpression.identifier("value").member("encode").call([SwiftArgument("to", .identifier("encoder"))])
            }
        return SwiftRenderer.statement(.expression(.try(call)), indent: 12)
    }

    static func model(_ model: ModelDeclaration, access: String, stringType: SwiftType) -> ModelTemplateContext {
        let properties = model.properties
        return ModelTemplateContext(
            access: access,
            name: model.name,
            documentation: comment(model.documentation),
            isIdentifiable: model.isIdentifiable,
            hasProperties: !properties.isEmpty,
            // Swift synthesizes an internal memberwise initializer, `= nil` for optionals included: an
            // internal struct that wrote the same one would break swift-format's UseSynthesizedInitializer.
            declaresInitializer: !access.isEmpty,
            usesOptions: properties.contains(where: usesOptions),
            properties: properties.map(property).separated(by: ","),
            resource: model.resource.map { resource($0, functions: model.plannedFunctions()) },
            jsonAPI: model.resource?.jsonAPIType.map { jsonAPI(type: $0, properties: properties, stringType: stringType) })
    }

    private static func resource(_ resource: ResourceDeclaration, functions planned: [SwiftFunction]) -> ModelTemplateContext.Resource {
        ModelTemplateContext.Resource(
            functions: functions(planned),
            hasOperationIDs: !resource.operationIDs.isEmpty,
            operationIDs: operationIDs(resource.operationIDs, resource: resource.specName),
            patch: resource.partialUpdate.map { _ in
                .init(
                    properties: resource.patchProperties.map { property in
                        let method =
                            switch property.jsonAPIMember {
                            case let .relationship(_, isToMany)?: relationshipMethod("encode", isToMany: isToMany)
                            default: "encode"
                            }
                        return .init(
                            name: property.name, type: property.type.spelling,
                            patchEncode: SwiftRenderer.statement(.expression(.try(encodeCall(method, property, options: false))), indent: 12))
                    }.separated(by: ","),
                    // Named apart from the model's `jsonAPI`, which the patch would otherwise see through it.
                    encodesJSONAPIMembers: resource.jsonAPIType.map { jsonAPIEncodeMembers(type: $0, properties: resource.patchProperties, indent: 12) }
                        ?? [])
            })
    }

    /// The identifiers of a type's operations, each a `static let` of its `Operations` enum; `resource` is
    /// what requests send as their resource.
    private static func operationIDs(_ ids: [(name: String, operation: String)], resource: String) -> [OperationIDTemplateContext] {
        ids.map { id in
            let value = SwiftExpression.runtime(.operationID).call([
                SwiftArgument("resource", .string(resource)), SwiftArgument("operation", .string(id.operation)),
            ])
            return OperationIDTemplateContext(
                description: SwiftNaming.commentText("\(resource).\(id.operation)"),
                declaration: SwiftRenderer.declaration(SwiftStaticProperty(name: id.name, type: SwiftType(.operationID), value: value), indent: 8))
        }
    }

    /// What a JSON:API resource's coding adds around its properties' statements: the members it reads and
    /// writes, the `type` it writes, and its `JSONAPIResource` conformance.
    private static func jsonAPI(type: String, properties: [PropertyDeclaration], stringType: SwiftType) -> ModelTemplateContext.JSONAPI {
        let decode = jsonAPIMembers(of: properties).map { name in
            let members = SwiftExpression.identifier("container").member("jsonAPIMembers").call([SwiftArgument(nil, .string(name))])
            return SwiftRenderer.statement(.let(name, nil, .try(members)), indent: 8)
        }
        return ModelTemplateContext.JSONAPI(
            decodeMembers: decode,
            encodeMembers: jsonAPIEncodeMembers(type: type, properties: properties, indent: 8),
            conformance: SwiftRenderer.declaration(SwiftStaticProperty(name: "jsonAPIType", type: stringType, value: .string(type)), indent: 4))
    }

    /// The members of a resource object that hold some of `properties`, each named as its container.
    static func jsonAPIMembers(of properties: [PropertyDeclaration]) -> [String] {
        let placed = properties.compactMap(\.jsonAPIMember)
        return [
            placed.contains(.attribute) ? "attributes" : nil,
            placed.contains { if case .relationship = $0 { true } else { false } } ? "relationships" : nil,
        ].compactMap { $0 }
    }

    /// The statements that begin encoding a resource object: its `type`, then a container per member.
    private static func jsonAPIEncodeMembers(type: String, properties: [PropertyDeclaration], indent: Int) -> [String] {
        let container = SwiftExpression.identifier("container")
        let writesType = container.member("encode").call([SwiftArgument(nil, .string(type)), SwiftArgument("forKey", .string("type"))])
        return [SwiftRenderer.statement(.expression(.try(writesType)), indent: indent)]
            + jsonAPIMembers(of: properties).map { name in
                let nested = container.member("nestedContainer").call([
                    SwiftArgument("keyedBy", .metatype(SwiftType(.jsonKey))), SwiftArgument("forKey", .string(name)),
                ])
                return SwiftRenderer.statement(.var(name, nil, nested), indent: indent)
            }
    }

    private static func property(_ property: PropertyDeclaration) -> ModelTemplateContext.Property {
        ModelTemplateContext.Property(
            name: property.name, type: property.type.spelling, isOptional: property.isOptional, documentation: comment(property.documentation),
            decode: decodeStatement(property), encode: encodeStatement(property))
    }

    static func decodeStatement(_ property: PropertyDeclaration) -> String {
        SwiftRenderer.statement(.assign(SwiftExpression.identifier("self").member(property.name), .try(decodeCall(property))), indent: 8)
    }

    /// The statement of a server's reader of partial updates that sets the property in its `patch` when the
    /// body carries its key: `if container.contains("name") { patch.name = .set(try container.decode(forKey: "name")) }`.
    static func patchDecodeStatement(_ property: PropertyDeclaration) -> String {
        let carried = container(of: property).member("contains").call([SwiftArgument(nil, .string(property.key))])
        let set = SwiftExpression.member(nil, "set").call([SwiftArgument(nil, .try(decodeCall(property)))])
        return SwiftRenderer.statement(.if(carried, .assign(SwiftExpression.identifier("patch").member(property.name), set)), indent: 8)
    }

    /// `container.decode(forKey: "key", using: T.self)`: the call that reads a property, through its
    /// transform if any, from the container that holds it.
    private static func decodeCall(_ property: PropertyDeclaration) -> SwiftExpression {
        var arguments = [SwiftArgument("forKey", .string(property.key))]
        if let transform = property.transform { arguments.append(SwiftArgument("using", .metatype(transform.swiftType))) }
        let method =
            switch property.jsonAPIMember {
            case let .relationship(_, isToMany)?: relationshipMethod("decode", isToMany: isToMany) + (property.isOptional ? "IfPresent" : "")
            default: property.isOptional ? "decodeIfPresent" : "decode"
            }
        return container(of: property).member(method).call(arguments)
    }

    /// The runtime's method that decodes or encodes (`verb`) a relationship: `decodeToOne`, `encodeToMany`.
    private static func relationshipMethod(_ verb: String, isToMany: Bool) -> String {
        verb + (isToMany ? "ToMany" : "ToOne")
    }

    /// The container a property is read from and written to: the object's own, or in a JSON:API resource
    /// object the member that holds it.
    private static func container(of property: PropertyDeclaration) -> SwiftExpression {
        switch property.jsonAPIMember {
        case nil, .identifier?: .identifier("container")
        case .attribute?: .identifier("attributes")
        case .relationship?: .identifier("relationships")
        }
    }

    /// Whether the property's `encode(to:)` statement reads the encoder's options: for its `nils`, or for
    /// its purpose when the property is read-only.
    private static func usesOptions(_ property: PropertyDeclaration) -> Bool {
        followsNilEncoding(property) || property.isReadOnly
    }

    /// Whether a `nil` of the property is sent as the call's `nils` say. A write-only `nil` is always left
    /// out: a value read from the server cannot have it, so a `null` would erase what the server keeps;
    /// a required one is always sent, as `null`; a JSON:API object's id is a string whenever it is there,
    /// so a new object's is left out.
    private static func followsNilEncoding(_ property: PropertyDeclaration) -> Bool {
        property.isOptional && !property.isWriteOnly && !property.sendsNull && property.jsonAPIMember != .identifier
    }

    static func encodeStatement(_ property: PropertyDeclaration) -> String {
        let method =
            switch property.jsonAPIMember {
            case let .relationship(_, isToMany)?:
                relationshipMethod("encode", isToMany: isToMany) + (property.isOptional && !property.sendsNull ? "IfPresent" : "")
            default: property.sendsNull ? "encodeOrNull" : property.isOptional ? "encodeIfPresent" : "encode"
            }
        let statement = SwiftStatement.expression(.try(encodeCall(method, property, options: followsNilEncoding(property))))
        return SwiftRenderer.statement(
            property.isReadOnly ? .if(SwiftExpression.identifier("options").member("includesReadOnly"), statement) : statement, indent: 8)
    }

    /// `container.method(self.name, forKey: "key", using: T.self, options)`: the value, its key, its
    /// transform if any, and the encoding options when they decide whether it is sent.
    private static func encodeCall(_ method: String, _ property: PropertyDeclaration, options: Bool) -> SwiftExpression {
        var arguments = [SwiftArgument(nil, SwiftExpression.identifier("self").member(property.name))]
        if case let .relationship(type, _)? = property.jsonAPIMember { arguments.append(SwiftArgument("type", .string(type))) }
        arguments.append(SwiftArgument("forKey", .string(property.key)))
        if let transform = property.transform { arguments.append(SwiftArgument("using", .metatype(transform.swiftType))) }
        if options { arguments.append(SwiftArgument(nil, .identifier("options"))) }
        return container(of: property).member(method).call(arguments)
    }

    /// Each function as the `functions` template receives it: documentation lines, attribute lines after 4
    /// spaces, the signature laid out
    /// after 4 spaces and an access modifier (at most `package `) and before ` {`, body lines after 8 spaces.
    /// Each is marked `isFirst` or not, so templates can put blank lines between functions only.
    private static func functions(_ functions: [SwiftFunction]) -> [FunctionTemplateContext] {
        functions.indices.map { index in
            let function = functions[index]
            return FunctionTemplateContext(
                isFirst: index == 0,
                documentation: comment(function.documentation),
                attributes: SwiftRenderer.attributes(function, indent: 4),
                signature: SwiftRenderer.signature(function, indent: 4),
                body: SwiftRenderer.body(function, indent: 8))
        }
    }

    /// Documentation as `///` comment lines, without trailing spaces on empty lines. Every line is made
    /// safe again here, because lines carry spec text (routes, descriptions) that could end a comment.
    static func comment(_ lines: [String]) -> [String] {
        lines.flatMap(SwiftNaming.commentLines).map { $0.isEmpty ? "///" : "/// " + $0 }
    }
}
