/// The server's file (`server-file`): the service protocol, its defaults, the handler and the readers of
/// partial updates.
struct ServerTemplateContext: TemplateContextRoot {
    static let contextName = "server"

    /// An operation's or action's method.
    struct Method: Codable {
        var documentation: [String]
        var signature: String
        var body: [String]
        var isFirst: Bool
    }

    /// A case of the handler's switch: the pattern of the call's names and the statements calling the method.
    struct Case: Codable {
        var pattern: String
        var dispatch: [String]
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
    var operationCases: [Case]
    var actionCases: [Case]
    var patches: [Patch]
    var seedType: String
    var specServerType: String
    var optionsType: String
    var operationHandlerType: String
    var operationContextType: String
    var operationAnswerType: String
    var actionContextType: String
    var actionAnswerType: String
    var stringType: String
}

extension TemplateContext {
    static func server(_ server: ServerDeclaration, access: String) -> ServerTemplateContext {
        ServerTemplateContext(
            access: access, apiName: server.apiName, protocolName: server.protocolName, handlerName: server.handlerName,
            specFileLiteral: SwiftNaming.stringLiteral(server.specFile), specTextLiteral: SwiftNaming.multilineStringLiteral(server.specText, indent: 8),
            methods: (server.methods + server.actions).enumerated().map { index, method in
                ServerTemplateContext.Method(
                    documentation: comment(method.function.documentation), signature: SwiftRenderer.signature(method.function, indent: 4),
                    body: SwiftRenderer.body(method.function, indent: 8), isFirst: index == 0)
            },
            operationCases: server.methods.map { method in
                dispatchCase(method, owner: SwiftNaming.stringLiteral(method.resource ?? ""))
            },
            actionCases: server.actions.map { method in
                dispatchCase(method, owner: method.resource.map { ".some(\(SwiftNaming.stringLiteral($0)))" } ?? "nil")
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
            operationAnswerType: server.types.operationAnswer.spelling, actionContextType: server.types.actionContext.spelling,
            actionAnswerType: server.types.actionAnswer.spelling, stringType: server.types.string.spelling)
    }

    /// The handler's case calling `method`: the call's owner (`owner`, a pattern) and name.
    private static func dispatchCase(_ method: ServerMethod, owner: String) -> ServerTemplateContext.Case {
        ServerTemplateContext.Case(
            pattern: "(\(owner), \(SwiftNaming.stringLiteral(method.operation)))", dispatch: method.dispatch.map { SwiftRenderer.statement($0, indent: 12) })
    }
}
