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
        var actions: [ServerMethod] = []
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
        // Actions after the operations, whose names they give way to: `searchInvoice`, `login`.
        var taken = Set(methods.map(\.function.name))
        for declaration in model.models {
            guard let resource = declaration.resource else { continue }
            for action in resource.actions {
                actions.append(names.method(action, owner: (resource.specName, SwiftNaming.unescaped(declaration.name)), taken: &taken))
            }
        }
        for action in model.api.actions {
            actions.append(names.method(action, owner: nil, taken: &taken))
        }
        return ServerDeclaration(
            apiName: SwiftNaming.unescaped(model.api.name), protocolName: names.protocolName, handlerName: names.handlerName,
            specFile: model.specName, specText: specText, modelsModule: modelsModule, methods: methods, actions: actions,
            patches: patches,
            types: ServerTypes(
                seed: names.serve("Seed"), specServer: names.serve("SpecServer"), operationHandler: names.serve("OperationHandler"),
                operationContext: names.serve("OperationContext"), operationAnswer: names.serve("OperationAnswer"),
                actionContext: names.serve("ActionContext"), actionAnswer: names.serve("ActionAnswer"), string: model.api.stringType))
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
    /// One method per action, each resource's in spec order, then the API's.
    package var actions: [ServerMethod]
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
    var actionContext: SwiftType
    var actionAnswer: SwiftType
    var string: SwiftType
}

/// An operation's or action's method: its requirement with the default as its body, and how the handler
/// calls it.
package struct ServerMethod: Sendable {
    /// What the handler dispatches on: an operation's resource, or an action's owning resource (`nil` for
    /// the API's own); the operation's or action's name.
    package var resource: String?, operation: String
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
        // The default's body may name the model's type, which a parameter of its name would shadow.
        var values = MethodParameters(reserving: type)
        if operation.route.idParameter != nil {
            let idType = modelType(resource.idType)
            values.append(
                SwiftParameter(label: nil, name: "id", type: idType),
                SwiftArgument("id", .try(call.member("id").call([SwiftArgument("as", .metatype(idType))]))))
        }
        // The route's other values, then a list's query parameters, labelled as the client's functions take them.
        addRouteValues(of: operation.route, skippingID: true, to: &values)
        for parameter in operation.kind == .list ? resource.listQuery : [] {
            values.add(parameter.name, modelType(parameter.type), read: queryValue(parameter, of: call))
        }
        switch operation.kind {
        case .create, .update, .patch:
            if isPatch {
                let changes = call.member("body").call([SwiftArgument("as", .metatype(.named(changesType(of: typeName))))])
                values.append(
                    SwiftParameter(label: "_", name: "patch", type: .member(type, "Patch")), SwiftArgument(nil, SwiftExpression.try(changes).member("patch")))
            } else {
                values.append(
                    SwiftParameter(label: "_", name: "value", type: type),
                    SwiftArgument(nil, .try(call.member("body").call([SwiftArgument("as", .metatype(type))]))))
            }
        case .list:
            values.append(SwiftParameter(label: "_", name: "window", type: windowType), SwiftArgument(nil, call.member("window")))
        case .read, .delete: break
        }
        values.append(SwiftParameter(label: nil, name: "context", type: serve("OperationContext")), SwiftArgument("context", call))
        let (parameters, arguments) = (values.parameters, values.arguments)
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

    /// `Range<Int>`, the positions of a list's page.
    private var windowType: SwiftType {
        .generic(symbols.qualified(swiftName: "Range", module: "Swift"), [symbols.qualified(swiftName: "Int", module: "Swift")])
    }

    /// Adds the values of `route`'s parameters (all but the id when `skippingID`), each read by its position
    /// in the route, the id counted.
    private func addRouteValues(of route: [RoutePart], skippingID: Bool, to values: inout MethodParameters) {
        let call = SwiftExpression.identifier("call")
        let routeParameters = route.compactMap { if case let .parameter(parameter) = $0 { parameter } else { nil } }
        for (position, parameter) in routeParameters.enumerated() where !(skippingID && parameter.source == .id) {
            let type = modelType(parameter.type)
            let read = call.member("parameter").call([SwiftArgument(nil, .integer(position)), SwiftArgument("as", .metatype(type))])
            values.add(parameter.name, type, read: .try(read))
        }
    }

    /// The method of `action`, of the resource `owner` (its spec name and Swift type name) or of the API:
    /// named as the client's function, followed by the type's name for a resource's (`searchInvoice`), and
    /// given `Action` endings while another method in `taken` has its name.
    func method(_ action: ActionDeclaration, owner: (specName: String, typeName: String)?, taken: inout Set<String>) -> ServerMethod {
        let call = SwiftExpression.identifier("call")
        let context = SwiftExpression.identifier("context")
        // What the method returns (nothing for `nil`), its default, and the case of the handler's answer.
        let result: (type: SwiftType, defaultCall: SwiftExpression, answer: String)?
        if let (_, itemType) = action.pagination {
            result = (
                .generic(serve("Listed"), [modelType(itemType)]), context.member("defaultList").call([SwiftArgument(nil, .identifier("window"))]), "listed"
            )
        } else {
            switch action.response {
            case .none: result = nil
            case let .type(type), let .fields(type, _):
                let type = modelType(type)
                result = (type, context.member("defaultAnswer").call([SwiftArgument("as", .metatype(type))]), "value")
            case let .download(memory, _, _): result = (memory, context.member("defaultDownload").call([]), "file")
            }
        }
        // The default's body may name the result's type, which a parameter of its name would shadow.
        var values = MethodParameters(reserving: result?.type)
        addRouteValues(of: action.route, skippingID: false, to: &values)
        for parameter in action.query {
            values.add(parameter.name, modelType(parameter.type), read: queryValue(parameter, of: call))
        }
        switch action.body {
        case .none, .download: break
        case let .type(type):
            let type = modelType(type)
            values.addUnlabelled("body", type, read: .try(call.member("body").call([SwiftArgument("as", .metatype(type))])))
        case let .fields(_, properties):
            for property in properties {
                values.add(property.name, modelType(property.type), read: fieldValue(property, of: call))
            }
        }
        if action.pagination != nil {
            values.append(SwiftParameter(label: "_", name: "window", type: windowType), SwiftArgument(nil, call.member("window")))
        }
        values.append(SwiftParameter(label: nil, name: "context", type: serve("ActionContext")), SwiftArgument("context", call))
        var name = SwiftNaming.unescaped(action.functionName) + (owner.map { SwiftNaming.upperFirst($0.typeName) } ?? "")
        while !taken.insert(name).inserted { name += "Action" }
        let invocation = SwiftExpression.await(SwiftExpression.identifier("service").member(SwiftNaming.escaped(name)).call(values.arguments))
        let answer = SwiftExpression.type(serve("ActionAnswer"))
        let dispatch: [SwiftStatement] =
            result.map { [.return(.try(answer.member($0.answer).call([SwiftArgument(nil, invocation)])))] }
            ?? [.expression(.try(invocation)), .return(answer.member("nothing"))]
        let defaultBody: SwiftStatement = result.map { .return(.try($0.defaultCall)) } ?? .expression(.try(context.member("defaultAnswer").call([])))
        let route = "`\(action.method.uppercased()) \(action.route.specText)`"
        let function = SwiftFunction(
            documentation: ["Answers \(owner.map { "\($0.specName)'s " } ?? "")`\(action.specName)` (\(route)); by default with the seed data's answer."],
            isStatic: false, name: SwiftNaming.escaped(name), parameters: values.parameters, isAsync: true, thrownError: .named("any Error"),
            returnType: result?.type, body: [defaultBody])
        return ServerMethod(resource: owner?.specName, operation: action.specName, function: function, dispatch: dispatch)
    }

    /// The expression reading the body field `property` as the client's function takes it: a file or files
    /// of a multipart body, a value by its transform or as its type; required unless it is optional.
    private func fieldValue(_ property: PropertyDeclaration, of call: SwiftExpression) -> SwiftExpression {
        let key = SwiftArgument(nil, .string(property.key))
        let read: SwiftExpression
        let base = property.typeExpression.nonOptional
        if symbols.resolve(base.baseName) == .builtin(.file) {
            if case .array = base { read = call.member("files").call([key]) } else { read = call.member("file").call([key]) }
        } else if let transform = property.transform {
            read = call.member("field").call([key, SwiftArgument("using", .metatype(modelTransform(transform).swiftType))])
        } else {
            var type = modelType(property.type)
            if case let .optional(wrapped) = type { type = wrapped }
            read = call.member("field").call([key, SwiftArgument("as", .metatype(type))])
        }
        guard !property.isOptional else { return .try(read) }
        return .try(call.member("required").call([SwiftArgument(nil, read), SwiftArgument("field", .string(property.key))]))
    }
}

/// A method's parameters and the arguments the handler passes them, the values of a call labelled as the
/// client's functions take them: a name the method's own parameters or the defaults' bodies use is renamed
/// inside (`context_`).
private struct MethodParameters {
    private(set) var parameters: [SwiftParameter] = []
    private(set) var arguments: [SwiftArgument] = []
    private var taken: Set<String> = ["id", "value", "patch", "window", "context"]

    /// No parameters yet, the names `type` starts with (`Person`, `[Invoice]`'s `Invoice`) taken too.
    init(reserving type: SwiftType? = nil) {
        if let type { taken.formUnion(Self.leadingNames(of: type)) }
    }

    /// The names an expression spelling `type` looks up: each named type's, or a member type's base's.
    private static func leadingNames(of type: SwiftType) -> Set<String> {
        switch type {
        case let .named(name): [SwiftNaming.unescaped(name)]
        case let .member(base, _): leadingNames(of: base)
        case let .optional(wrapped), let .array(wrapped): leadingNames(of: wrapped)
        case let .dictionary(key, value): leadingNames(of: key).union(leadingNames(of: value))
        case let .generic(base, arguments): arguments.reduce(leadingNames(of: base)) { $0.union(leadingNames(of: $1)) }
        }
    }

    /// Adds a parameter the method declares itself (`id`, `context`).
    mutating func append(_ parameter: SwiftParameter, _ argument: SwiftArgument) {
        parameters.append(parameter)
        arguments.append(argument)
    }

    /// Adds the value `name` of type `type`, labelled `name`, which the handler reads with `read`.
    mutating func add(_ name: String, _ type: SwiftType, read: SwiftExpression) {
        let unescaped = SwiftNaming.unescaped(name)
        let inside = unusedName(unescaped)
        parameters.append(SwiftParameter(label: inside == unescaped ? nil : name, name: inside == unescaped ? name : inside, type: type))
        arguments.append(SwiftArgument(SwiftNaming.argumentLabel(name), read))
    }

    /// Adds an unlabelled value (a whole body), named `name` inside unless that is taken.
    mutating func addUnlabelled(_ name: String, _ type: SwiftType, read: SwiftExpression) {
        parameters.append(SwiftParameter(label: "_", name: SwiftNaming.escaped(unusedName(name)), type: type))
        arguments.append(SwiftArgument(nil, read))
    }

    /// `name`, or it with `_` endings while another parameter has it.
    private mutating func unusedName(_ name: String) -> String {
        var inside = name
        while !taken.insert(inside).inserted { inside += "_" }
        return inside
    }
}
