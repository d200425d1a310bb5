/// The server's file (`server-file`): the service protocol, its defaults, the handler and the readers of
/// partial updates.
struct ServerTemplateContext: TemplateContextRoot {
    static let contextName = "server"

    /// An operation's method.
    struct Method: Codable {
        var documentation: [String]
        var signature: String
        var body: [String]
        var resourceLiteral: String
        var operationLiteral: String
        var dispatch: [String]
        var isFirst: Bool
    }

    /// The reader of a resource's partial updates.
    struct Patch: Codable {
        var name: String
        var patchType: String
        var members: [String]
        var properties: [String]
    }

    var access: String
    var apiName: String
    var protocolName: String
    var handlerName: String
    var specFileLiteral: String
    var specTextLiteral: String
    var methods: [Method]
    var patches: [Patch]
    var seedType: String
    var specServerType: String
    var optionsType: String
    var operationHandlerType: String
    var operationContextType: String
    var operationAnswerType: String
    var stringType: String
}

extension TemplateContext {
    static func server(_ server: ServerDeclaration, access: String) -> ServerTemplateContext {
        ServerTemplateContext(
            access: access, apiName: server.apiName, protocolName: server.protocolName, handlerName: server.handlerName,
            specFileLiteral: SwiftNaming.stringLiteral(server.specFile), specTextLiteral: SwiftNaming.multilineStringLiteral(server.specText, indent: 8),
            methods: server.methods.indices.map { index in
                let method = server.methods[index]
                return ServerTemplateContext.Method(
                    documentation: comment(method.function.documentation), signature: SwiftRenderer.signature(method.function, indent: 4),
                    body: SwiftRenderer.body(method.function, indent: 8), resourceLiteral: SwiftNaming.stringLiteral(method.resource),
                    operationLiteral: SwiftNaming.stringLiteral(method.operation),
                    dispatch: method.dispatch.map { SwiftRenderer.statement($0, indent: 12) }, isFirst: index == 0)
            },
            patches: server.patches.map { patch in
                ServerTemplateContext.Patch(
                    name: patch.name, patchType: patch.patch.spelling,
                    members: jsonAPIMembers(of: patch.properties).map { name in
                        let members = SwiftExpression.identifier("container").member("jsonAPIMembers").call([SwiftArgument(nil, .string(name))])
                        return SwiftRenderer.statement(.let(name, nil, .try(members)), indent: 8)
                    },
                    properties: patch.properties.map { patchDecodeStatement($0) })
            },
            seedType: server.types.seed.spelling, specServerType: server.types.specServer.spelling,
            optionsType: SwiftType.member(server.types.specServer, "Options").spelling,
            operationHandlerType: server.types.operationHandler.spelling, operationContextType: server.types.operationContext.spelling,
            operationAnswerType: server.types.operationAnswer.spelling, stringType: server.types.string.spelling)
    }
}
