/// Decides what a spec's server code holds, from its Swift code model: the service protocol's typed
/// methods and their defaults, how the handler calls each with a call's values, and how a partial update's
/// body becomes the client's `Patch`.
package enum ServerModelBuilder {
    /// The server declarations of `model`, resolved from `resolved`; `specText` is the spec as written,
    /// which the server loads again when it starts, `modelsModule` the module holding the client's models,
    /// imported by the server's file (`nil` when they are generated beside it), and `serviceName` the
    /// protocol's name (`nil`: the API's name and `Service`).
    package static func build(
        _ resolved: ResolvedAPI, model: CodeModel, specText: String, modelsModule: String?, serviceName: String? = nil
    ) -> ServerDeclaration {
        let protocolName = serviceName ?? SwiftNaming.unescaped(model.api.name) + "Service"
        let names = ServerNames(symbols: resolved.validated.symbols, protocolName: protocolName, modelsModule: modelsModule)
        var methods: [ServerMethod] = []
        var patches: [PatchDecoding] = []
        for declaration in model.models {
            guard let resource = declaration.resource else { continue }
            let type = names.modelType(.named(declaration.name))
            let partial = resource.partialUpdate
            if partial != nil {
                patches.append(
                    PatchDecoding(
                        name: names.changesType(of: declaration.name), patch: .member(type, "Patch"),
                        properties: resource.patchProperties.map(names.modelProperty)))
            }
            for operation in resource.operations {
                // A `patch` operation that sends no `Patch` (no field to set) is not one the client sends.
                if operation.kind == .patch && partial?.kind != .patch { continue }
                methods.append(names.method(operation, of: type, named: declaration.name, resource: resource, patch: operation.kind == partial?.kind))
            }
        }
        return ServerDeclaration(
            apiName: SwiftNaming.unescaped(model.api.name), protocolName: names.protocolName, handlerName: names.handlerName,
            specFile: model.specName, specText: specText, modelsModule: modelsModule, methods: methods, patches: patches,
            types: ServerTypes(
                seed: names.serve("Seed"), specServer: names.serve("SpecServer"), operationHandler: names.serve("OperationHandler"),
                operationContext: names.serve("OperationContext"), operationAnswer: names.serve("OperationAnswer"), string: model.api.stringType))
    }
}

/// The server code of a spec: a protocol of typed methods, their defaults, and the handler that calls them.
package struct ServerDeclaration: Sendable {
    /// The API's name (`Household`).
    package var apiName: String
    /// The service protocol's name (`HouseholdService`).
    package var protocolName: String
    /// The handler's name (`HouseholdServiceHandler`).
    package var handlerName: String
    /// The spec's file name, for diagnostics when the server loads it.
    package var specFile: String
    /// The spec as written.
    package var specText: String
    /// The module of the client's models, if they are not generated beside the server.
    package var modelsModule: String?
    /// One method per operation, in spec order.
    package var methods: [ServerMethod]
    /// How each resource's partial update body is read into its `Patch`.
    package var patches: [PatchDecoding]
    /// The types the server's code names besides the spec's.
    var types: ServerTypes
}

/// The types of CrudeServe and the standard library the server's code names, each qualified with its
/// module when the spec declares a type of its name.
struct ServerTypes: Sendable {
    var seed: SwiftType
    var specServer: SwiftType
    var operationHandler: SwiftType
    var operationContext: SwiftType
    var operationAnswer: SwiftType
    var string: SwiftType
}

/// An operation's method: its requirement with the default as its body, and how the handler calls it.
package struct ServerMethod: Sendable {
    /// The resource and operation the handler dispatches on.
    package var resource: String, operation: String
    /// The method, its body the default.
    var function: SwiftFunction
    /// The statements that answer a call through the method.
    var dispatch: [SwiftStatement]
}

/// A private `Decodable` wrapper that reads a resource's partial update body into its `Patch`: the client's
/// `Patch` only encodes.
package struct PatchDecoding: Sendable {
    /// The wrapper's name (`PersonChanges`).
    package var name: String
    /// The `Patch` type.
    package var patch: SwiftType
    /// The fields a patch can set.
    package var properties: [PropertyDeclaration]
}

/// The names the server code declares and uses, qualified where the spec declares a type of the same name.
private struct ServerNames {
    let symbols: SymbolTable
    let protocolName: String
    let handlerName: String

    /// The module of the client's models, if the server's file imports them.
    let modelsModule: String?

    init(symbols: SymbolTable, protocolName: String, modelsModule: String?) {
        self.symbols = symbols
        self.protocolName = protocolName
        handlerName = protocolName + "Handler"
        self.modelsModule = modelsModule
    }

    /// `type` with every type the spec declares qualified with the models' module, when the server's file
    /// imports them: there, a model named like a type of Foundation or the runtime (`Date`, `Calendar`)
    /// is as visible as the other, and only its module tells them apart.
    func modelType(_ type: SwiftType) -> SwiftType {
        guard let modelsModule else { return type }
        switch type {
        case let .named(name): return symbols.isDeclared(swiftName: SwiftNaming.unescaped(name)) ? .member(.named(modelsModule), name) : type
        case let .member(base, name): return .member(modelType(base), name)
        case let .optional(wrapped): return .optional(modelType(wrapped))
        case let .array(element): return .array(modelType(element))
        case let .dictionary(key, value): return .dictionary(key: modelType(key), value: modelType(value))
        case let .generic(base, arguments): return .generic(modelType(base), arguments.map(modelType))
        }
    }

    /// `property` with its type and transform as ``modelType(_:)`` spells them.
    func modelProperty(_ property: PropertyDeclaration) -> PropertyDeclaration {
        var property = property
        property.type = modelType(property.type)
        property.transform = property.transform.map(modelTransform)
        return property
    }

    /// `transform` with its types as ``modelType(_:)`` spells them.
    private func modelTransform(_ transform: TransformDeclaration) -> TransformDeclaration {
        switch transform {
        case let .builtin(name, type): .builtin(name: name, runtimeType: type)
        case let .dateFormat(name, type): .dateFormat(name: name, type: modelType(type))
        case let .custom(name, type): .custom(name: name, swiftType: modelType(type))
        case let .optional(wrapped): .optional(modelTransform(wrapped))
        case let .array(element): .array(modelTransform(element))
        case let .dictionary(value): .dictionary(modelTransform(value))
        }
    }

    /// A type of CrudeServe (`OperationContext`), qualified when the spec declares one of that name.
    func serve(_ name: String) -> SwiftType {
        symbols.qualified(swiftName: name, module: "CrudeServe")
    }

    /// The private wrapper reading a partial update of `typeName`.
    func changesType(of typeName: String) -> String {
        SwiftNaming.unescaped(typeName) + "Changes"
    }

    /// The statement reading query parameter `parameter` from `call` as the client's function takes it: by
    /// its transform or as its type, an array in its style, `nil` when the query leaves out an optional one.
    private func queryValue(_ parameter: QueryParameterDeclaration, of call: SwiftExpression) -> SwiftExpression {
        var type = modelType(parameter.type)
        if case let .optional(wrapped) = type { type = wrapped }
        var arguments = [SwiftArgument(nil, .string(parameter.key))]
        if let transform = parameter.transform {
            arguments.append(SwiftArgument("using", .metatype(modelTransform(transform).swiftType)))
        } else {
            arguments.append(SwiftArgument("as", .metatype(type)))
        }
        if let style = parameter.arrayStyle { arguments.append(SwiftArgument("style", .member(nil, style.rawValue))) }
        let read = call.member("query").call(arguments)
        guard !parameter.isOptional else { return .try(read) }
        return .try(call.member("required").call([SwiftArgument(nil, read), SwiftArgument("query", .string(parameter.key))]))
    }

    /// The method of `operation` of the resource of Swift type `type`, declared as `declaredName`:
    /// `readPerson(id:context:)`.
    func method(_ operation: OperationDeclaration, of type: SwiftType, named declaredName: String, resource: ResourceDeclaration, patch isPatch: Bool)
        -> ServerMethod
    {
        let typeName = SwiftNaming.unescaped(declaredName)
        let call = SwiftExpression.identifier("call")
        let context = SwiftExpression.identifier("context")
        var parameters: [SwiftParameter] = []
        var arguments: [SwiftArgument] = []
        if operation.route.idParameter != nil {
            let idType = modelType(resource.idType)
            parameters.append(SwiftParameter(label: nil, name: "id", type: idType))
            arguments.append(SwiftArgument("id", .try(call.member("id").call([SwiftArgument("as", .metatype(idType))]))))
        }
        // The route's other values, then a list's query parameters, labelled as the client's functions take
        // them; a name the method's own parameters or the defaults' bodies use is renamed inside (`context_`).
        var taken: Set<String> = ["id", "value", "patch", "window", "context"]
        func add(_ name: String, _ type: SwiftType, read: SwiftExpression) {
            let unescaped = SwiftNaming.unescaped(name)
            var inside = unescaped
            while !taken.insert(inside).inserted { inside += "_" }
            parameters.append(SwiftParameter(label: inside == unescaped ? nil : name, name: inside == unescaped ? name : inside, type: type))
            arguments.append(SwiftArgument(name, read))
        }
        let routeParameters = operation.route.compactMap { if case let .parameter(parameter) = $0 { parameter } else { nil } }
        for (position, parameter) in routeParameters.enumerated() where parameter.source != .id {
            let type = modelType(parameter.type)
            let read = call.member("parameter").call([SwiftArgument(nil, .integer(position)), SwiftArgument("as", .metatype(type))])
            add(parameter.name, type, read: .try(read))
        }
        for parameter in operation.kind == .list ? resource.listQuery : [] {
            add(parameter.name, modelType(parameter.type), read: queryValue(parameter, of: call))
        }
        switch operation.kind {
        case .create, .update, .patch:
            if isPatch {
                parameters.append(SwiftParameter(label: "_", name: "patch", type: .member(type, "Patch")))
                let changes = call.member("body").call([SwiftArgument("as", .metatype(.named(changesType(of: typeName))))])
                arguments.append(SwiftArgument(nil, SwiftExpression.try(changes).member("patch")))
            } else {
                parameters.append(SwiftParameter(label: "_", name: "value", type: type))
                arguments.append(SwiftArgument(nil, .try(call.member("body").call([SwiftArgument("as", .metatype(type))]))))
            }
        case .list:
            parameters.append(
                SwiftParameter(
                    label: "_", name: "window",
                    type: .generic(symbols.qualified(swiftName: "Range", module: "Swift"), [symbols.qualified(swiftName: "Int", module: "Swift")])))
            arguments.append(SwiftArgument(nil, call.member("window")))
        case .read, .delete: break
        }
        parameters.append(SwiftParameter(label: nil, name: "context", type: serve("OperationContext")))
        arguments.append(SwiftArgument("context", call))
        let name = SwiftNaming.escaped(operation.kind.rawValue + SwiftNaming.upperFirst(typeName))
        let returnType: SwiftType? =
            switch operation.kind {
            case .list: .generic(serve("Listed"), [type])
            case .delete: operation.returnsModel ? type : nil
            default: type
            }
        let defaultCall: SwiftExpression
        switch operation.kind {
        case .create: defaultCall = context.member("defaultCreate").call([SwiftArgument(nil, .identifier("value"))])
        case .read: defaultCall = context.member("defaultRead").call([])
        case .update, .patch:
            defaultCall =
                isPatch
                ? context.member("defaultPatch").call([SwiftArgument(nil, .identifier("patch"))])
                : context.member("defaultUpdate").call([SwiftArgument(nil, .identifier("value"))])
        case .delete:
            defaultCall = context.member("defaultDelete").call(operation.returnsModel ? [SwiftArgument("returning", .metatype(type))] : [])
        case .list: defaultCall = context.member("defaultList").call([SwiftArgument(nil, .identifier("window"))])
        }
        let invocation = SwiftExpression.await(SwiftExpression.identifier("service").member(name).call(arguments))
        let answer = SwiftExpression.type(serve("OperationAnswer"))
        let dispatch: [SwiftStatement]
        switch returnType {
        case nil:
            dispatch = [.expression(.try(invocation)), .return(answer.member("nothing"))]
        case .generic?:
            dispatch = [.return(.try(answer.member("listed").call([SwiftArgument(nil, invocation), SwiftArgument("of", call)])))]
        default:
            dispatch = [.return(.try(answer.member("value").call([SwiftArgument(nil, invocation), SwiftArgument("of", call)])))]
        }
        let route = "`\(operation.method.uppercased()) \(operation.route.specText)`"
        let function = SwiftFunction(
            documentation: ["Answers \(resource.specName)'s `\(operation.kind.rawValue)` (\(route)); by default as `crudegen serve` does."],
            isStatic: false, name: name, parameters: parameters, isAsync: true, thrownError: .named("any Error"), returnType: returnType,
            body: [returnType == nil ? .expression(.try(.await(defaultCall))) : .return(.try(.await(defaultCall)))])
        return ServerMethod(resource: resource.specName, operation: operation.kind.rawValue, function: function, dispatch: dispatch)
    }
}
