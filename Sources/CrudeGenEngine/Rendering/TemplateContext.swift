/// Turns the code model into the values templates render, computing the Swift statements that templates
/// would otherwise need logic for.
enum TemplateContext {
    static func api(_ api: APIDeclaration, access: String) -> [String: TemplateValue] {
        var context: [String: TemplateValue] = [
            "access": .string(access),
            "name": .string(api.name),
            "defaultHeaders": .string(
                SwiftRenderer.constant(
                    "defaultHeaders", type: .dictionary(key: api.stringType, value: api.stringType),
                    value: .dictionary(api.headers.map { DictionaryEntry(key: .string($0.name), value: .string($0.value)) }), indent: 4)),
            "envelope": separated(api.envelope.map { ["key": .string(SwiftNaming.stringLiteral($0))] }, by: ", "),
            "dateFormats": list(
                api.dateFormats.map { dateFormat in
                    var context: [String: TemplateValue] = [
                        "typeName": .string(dateFormat.typeName), "format": .string(SwiftNaming.commentText(dateFormat.format)),
                        "formatLiteral": .string(SwiftNaming.stringLiteral(dateFormat.format)),
                    ]
                    if let timeZone = dateFormat.timeZone {
                        context["timeZone"] = .string(SwiftNaming.commentText(timeZone))
                        context["timeZoneLiteral"] = .string(SwiftNaming.stringLiteral(timeZone))
                    }
                    return context
                }),
            "payloadModels": list(api.payloadModels.map { model($0, access: access, stringType: api.stringType) }),
            "hasActions": .bool(!api.actions.isEmpty),
            "stringType": .string(api.stringType.spelling),
            "urlType": .string(api.urlType.spelling),
            "functions": functions(api.plannedFunctions()),
            "operationIDs": operationIDs(api.operationIDs, resource: SwiftNaming.unescaped(api.name)),
        ]
        if let baseURL = api.baseURL {
            context["baseURL"] = .string(SwiftNaming.stringLiteral(baseURL))
        }
        if let cache = api.cache {
            var settings: [String: TemplateValue] = [
                "operations": list(
                    cache.operations.map {
                        [
                            "key": .string(SwiftRenderer.expression(SwiftExpression.type($0.type).member("Operations").member($0.operation), indent: 0)),
                            "policy": .string($0.policy.runtimeCase),
                        ]
                    })
            ]
            if let policy = cache.policy { settings["policy"] = .string(policy.runtimeCase) }
            context["cache"] = .object(settings)
        }
        return context
    }

    static func enumeration(_ enumeration: EnumDeclaration, access: String) -> [String: TemplateValue] {
        [
            "access": .string(access),
            "name": .string(enumeration.name),
            "documentation": comment(enumeration.documentation),
            "rawType": .string(enumeration.rawType.spelling),
            "cases": separated(enumeration.cases.map { ["name": .string($0.name), "rawValue": .string($0.rawValue)] }, by: ", "),
        ]
    }

    static func union(_ union: UnionDeclaration, access: String) -> [String: TemplateValue] {
        var context: [String: TemplateValue] = [
            "access": .string(access),
            "name": .string(union.name),
            "documentation": comment(union.documentation),
            "variants": list(
                union.variants.map { variant in
                    var context: [String: TemplateValue] = [
                        "name": .string(variant.name), "type": .string(variant.type.spelling), "encode": .string(unionEncodeStatement(variant, union)),
                    ]
                    if let tag = variant.tag {
                        context["tag"] = .string(SwiftNaming.stringLiteral(tag))
                        // The case's type decides what is read: an expression naming the type would find the case
                        // where it has the type's name.
                        let read = SwiftExpression.identifier("decoder").member("variant").call([])
                        let value = SwiftExpression.member(nil, variant.name).call([SwiftArgument(nil, .try(read))])
                        context["decode"] = .string(SwiftRenderer.statement(.assign(.identifier("self"), value), indent: 12))
                    }
                    return context
                }),
        ]
        if let key = union.discriminator { context["discriminator"] = .object(["key": .string(SwiftNaming.stringLiteral(key))]) }
        return context
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

    static func model(_ model: ModelDeclaration, access: String, stringType: SwiftType) -> [String: TemplateValue] {
        let properties = model.properties
        var context: [String: TemplateValue] = [
            "access": .string(access),
            "name": .string(model.name),
            "documentation": comment(model.documentation),
            "isIdentifiable": .bool(model.isIdentifiable),
            "hasProperties": .bool(!properties.isEmpty),
            // Swift synthesizes an internal memberwise initializer, `= nil` for optionals included: an
            // internal struct that wrote the same one would break swift-format's UseSynthesizedInitializer.
            "declaresInitializer": .bool(!access.isEmpty),
            "usesOptions": .bool(properties.contains(where: usesOptions)),
            "properties": separated(properties.map(property), by: ","),
        ]
        if let type = model.resource?.jsonAPIType {
            context["jsonAPI"] = .object(jsonAPI(type: type, properties: properties, stringType: stringType))
        }
        if let resource = model.resource {
            context["resource"] = .object(self.resource(resource, functions: model.plannedFunctions()))
        }
        return context
    }

    private static func resource(_ resource: ResourceDeclaration, functions planned: [SwiftFunction]) -> [String: TemplateValue] {
        var context: [String: TemplateValue] = [
            "functions": functions(planned),
            "hasOperationIDs": .bool(!resource.operationIDs.isEmpty),
            "operationIDs": operationIDs(resource.operationIDs, resource: resource.specName),
        ]
        if resource.partialUpdate != nil {
            context["patch"] = [
                "properties": separated(
                    resource.patchProperties.map { property in
                        let method =
                            switch property.jsonAPIMember {
                            case let .relationship(_, isToMany)?: relationshipMethod("encode", isToMany: isToMany)
                            default: "encode"
                            }
                        return [
                            "name": .string(property.name),
                            "type": .string(property.type.spelling),
                            "patchEncode": .string(SwiftRenderer.statement(.expression(.try(encodeCall(method, property, options: false))), indent: 12)),
                        ]
                    }, by: ","),
                // Named apart from the model's `jsonAPI`, which the patch would otherwise see through it.
                "encodesJSONAPIMembers": .strings(
                    resource.jsonAPIType.map { jsonAPIEncodeMembers(type: $0, properties: resource.patchProperties, indent: 12) } ?? []),
            ]
        }
        return context
    }

    /// The identifiers of a type's operations, each a `static let` of its `Operations` enum; `resource` is
    /// what requests send as their resource.
    private static func operationIDs(_ ids: [(name: String, operation: String)], resource: String) -> TemplateValue {
        list(
            ids.map { id in
                let value = SwiftExpression.runtime(.operationID).call([
                    SwiftArgument("resource", .string(resource)), SwiftArgument("operation", .string(id.operation)),
                ])
                return [
                    "description": .string(SwiftNaming.commentText("\(resource).\(id.operation)")),
                    "declaration": .string(
                        SwiftRenderer.declaration(SwiftStaticProperty(name: id.name, type: SwiftType(.operationID), value: value), indent: 8)),
                ]
            })
    }

    /// What a JSON:API resource's coding adds around its properties' statements: the members it reads and
    /// writes, the `type` it writes, and its `JSONAPIResource` conformance.
    private static func jsonAPI(type: String, properties: [PropertyDeclaration], stringType: SwiftType) -> [String: TemplateValue] {
        let decode = jsonAPIMembers(of: properties).map { name in
            let members = SwiftExpression.identifier("container").member("jsonAPIMembers").call([SwiftArgument(nil, .string(name))])
            return SwiftRenderer.statement(.let(name, nil, .try(members)), indent: 8)
        }
        return [
            "decodeMembers": .strings(decode),
            "encodeMembers": .strings(jsonAPIEncodeMembers(type: type, properties: properties, indent: 8)),
            "conformance": .string(
                SwiftRenderer.declaration(SwiftStaticProperty(name: "jsonAPIType", type: stringType, value: .string(type)), indent: 4)),
        ]
    }

    /// The members of a resource object that hold some of `properties`, each named as its container.
    private static func jsonAPIMembers(of properties: [PropertyDeclaration]) -> [String] {
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

    private static func property(_ property: PropertyDeclaration) -> [String: TemplateValue] {
        [
            "name": .string(property.name),
            "type": .string(property.type.spelling),
            "isOptional": .bool(property.isOptional),
            "documentation": comment(property.documentation),
            "decode": .string(decodeStatement(property)),
            "encode": .string(encodeStatement(property)),
        ]
    }

    static func decodeStatement(_ property: PropertyDeclaration) -> String {
        var arguments = [SwiftArgument("forKey", .string(property.key))]
        if let transform = property.transform { arguments.append(SwiftArgument("using", .metatype(transform.swiftType))) }
        let method =
            switch property.jsonAPIMember {
            case let .relationship(_, isToMany)?: relationshipMethod("decode", isToMany: isToMany) + (property.isOptional ? "IfPresent" : "")
            default: property.isOptional ? "decodeIfPresent" : "decode"
            }
        let container = container(of: property).member(method)
        return SwiftRenderer.statement(.assign(SwiftExpression.identifier("self").member(property.name), .try(container.call(arguments))), indent: 8)
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
    private static func functions(_ functions: [SwiftFunction]) -> TemplateValue {
        .list(
            functions.indices.map { index in
                let function = functions[index]
                return .object([
                    "isFirst": .bool(index == 0),
                    "documentation": comment(function.documentation),
                    "attributes": .strings(SwiftRenderer.attributes(function, indent: 4)),
                    "signature": .string(SwiftRenderer.signature(function, indent: 4)),
                    "body": .strings(SwiftRenderer.body(function, indent: 8)),
                ])
            })
    }

    /// Documentation as `///` comment lines, without trailing spaces on empty lines. Every line is made
    /// safe again here, because lines carry spec text (routes, descriptions) that could end a comment.
    static func comment(_ lines: [String]) -> TemplateValue {
        .strings(lines.flatMap(SwiftNaming.commentLines).map { $0.isEmpty ? "///" : "/// " + $0 })
    }

    private static func list(_ items: [[String: TemplateValue]]) -> TemplateValue {
        .list(items.map(TemplateValue.object))
    }

    /// Adds a `separator` to every item but the last, for comma-separated lists in templates.
    private static func separated(_ items: [[String: TemplateValue]], by separator: String) -> TemplateValue {
        list(
            items.enumerated().map { index, item in
                var item = item
                item["separator"] = .string(index == items.count - 1 ? "" : separator)
                return item
            })
    }
}
