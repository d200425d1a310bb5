/// Decides which Swift functions a resource's operations and actions become (static and instance twins,
/// `save`, the overloads that leave an optional last argument out, the `…Operation` builders), with their
/// signatures and the bodies that call the runtime's `APIClient`, as values of the Swift layer. It decides
/// from the code model's declarations alone, once per type, when the renderer asks that type for its
/// functions (``ModelDeclaration/plannedFunctions()``), so rendering only lays the functions out.
struct FunctionPlanner {
    /// A route turned into code: arguments it needs, statements that unwrap instance values, the path literal.
    struct RouteCode {
        /// The route's values a static function takes as arguments.
        var arguments: [Argument] = []
        /// The statements that unwrap the optional instance values an instance function needs.
        var unwraps: [SwiftStatement] = []
        /// The Swift names the unwrapping statements declare.
        var unwrapped: [String] = []
        /// The path, a string literal interpolating the route's values.
        var path = SwiftExpression.string("")

        /// Every name from the spec this route puts into a function's scope.
        var names: [String] { arguments.map(\.name) + unwrapped }
    }

    /// A parameter of a generated function, and how calls pass it on.
    struct Argument: Equatable {
        /// The escaped Swift parameter name.
        var name: String
        /// The parameter's type.
        var type: SwiftType
        /// The default value, if any.
        var defaultValue: SwiftExpression?
        /// The argument label when it differs from the name: `_`, or `nils` for a parameter renamed `nils_`.
        var label: String?
        /// The value an overload without this argument passes for it (`.omit` for `nils`, `[]` for `query`).
        ///
        /// The standard operations' optional last arguments are overloads rather than default arguments: a
        /// public default argument is a function of its own that the module-interface job, which every edit
        /// runs over the whole module, checks, lowers and serializes. Overloads made that job 13 % faster at
        /// N = 1000 (Benchmarks/README.md), and callers write the same code.
        var omittedValue: SwiftExpression?
        /// The `- Parameter` line documenting it, if any.
        var documentation: String?

        /// An argument; a label equal to the name is no label.
        init(
            name: String, type: SwiftType, defaultValue: SwiftExpression? = nil, label: String? = nil, omittedValue: SwiftExpression? = nil,
            documentation: String? = nil
        ) {
            self.name = name
            self.type = type
            self.defaultValue = defaultValue
            self.label = label == name ? nil : label
            self.omittedValue = omittedValue
            self.documentation = documentation
        }

        /// The parameter a function declares for it.
        var parameter: SwiftParameter { SwiftParameter(label: label, name: name, type: type, defaultValue: defaultValue) }
        /// `name: name`, as a call passes it on.
        var forwarded: SwiftArgument { SwiftArgument(label == "_" ? nil : SwiftNaming.argumentLabel(label ?? name), .identifier(name)) }
        /// The label as a function's selector writes it: `id:`, `_:`.
        var selector: String { SwiftNaming.unescaped(label ?? name) + ":" }
    }

    /// The names generated functions declare themselves, renamed when the spec uses the same name for a
    /// parameter (a route parameter `{client}` must not redeclare `on client: APIClient`).
    struct Locals {
        /// The client parameter.
        var client = "client"
        /// The request being built.
        var request = "request"
        /// An action's body value.
        var body = "body"
        /// How `nil` properties are sent.
        var nils = "nils"
        /// The untyped query items.
        var query = "query"
        /// The query items a list with typed query parameters sends: its `query` argument's and theirs.
        var queryItems = "queryItems"
        /// A partial update's `Patch`.
        var patch = "patch"
        /// The file a download is streamed to.
        var file = "file"

        /// The names, each followed by `_` until none of `names` has it.
        init(avoiding names: [String]) {
            let taken = Set(names.map(SwiftNaming.unescaped))
            func free(_ name: String) -> String {
                var candidate = name
                while taken.contains(candidate) { candidate += "_" }
                return candidate
            }
            client = free(client)
            request = free(request)
            body = free(body)
            nils = free(nils)
            query = free(query)
            queryItems = free(queryItems)
            patch = free(patch)
            file = free(file)
        }

        /// The client parameter every operation ends with.
        var clientParameter: SwiftParameter { SwiftParameter(label: "on", name: client, type: SwiftType(.apiClient)) }
        /// The client passed on to a call: `on: client`.
        var clientArgument: SwiftArgument { SwiftArgument("on", .identifier(client)) }
    }

    /// How a statement passes a value on: returned or not, marked `try`, `await` or both.
    private struct Passing {
        /// Whether it returns the value.
        var returns: Bool
        /// Whether the value is marked `try`.
        var tries: Bool
        /// Whether the value is marked `await`.
        var awaits: Bool

        /// The statement passing `value` on.
        func statement(_ value: SwiftExpression) -> SwiftStatement {
            var value = value
            if awaits { value = .await(value) }
            if tries { value = .try(value) }
            return returns ? .return(value) : .expression(value)
        }
    }

    /// The escaped Swift name of the type the functions extend.
    let model: String
    /// The unescaped names of the type's properties, which hide a type of the same name (and `Self`) in
    /// its functions, static ones included.
    let memberNames: Set<String>

    /// The error every generated function throws.
    private static let apiError = SwiftType(.apiError)

    /// The type as a `SwiftType`.
    private var modelType: SwiftType { .named(model) }

    // MARK: resources

    /// The functions of a resource's CRUD operations, in the order they are generated.
    func functions(for resource: ResourceDeclaration) -> [SwiftFunction] {
        var functions: [SwiftFunction] = []
        let operations = Dictionary(resource.operations.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        if let create = operations[.create] {
            functions += deprecated(
                instanceWrite(create, resource, verb: "create", summary: "Creates this value on the server", nilDefault: "omit"), create.deprecation)
        }
        if let read = operations[.read] {
            functions += deprecated(
                twins(
                    read, resource, name: "read",
                    summaries: ("Reads the value with the given id", "Reads this value again, returning the server's current copy")),
                read.deprecation)
        }
        if let update = operations[.update] {
            functions += deprecated(
                instanceWrite(update, resource, verb: "update", summary: "Sends this value to the server", nilDefault: "null"), update.deprecation)
        }
        if let partial = resource.partialUpdate {
            functions += deprecated(partialUpdate(partial, resource), partial.deprecation)
        }
        if let delete = operations[.delete] {
            functions += deprecated(
                twins(delete, resource, name: "delete", summaries: ("Deletes the value with the given id", "Deletes this value")), delete.deprecation)
        }
        if let list = operations[.list] {
            functions += deprecated(listFunctions(list, resource), list.deprecation)
        }
        if let create = operations[.create], let update = operations[.update], create.returnsModel, update.returnsModel {
            // `save` calls both: deprecated when either is, so that it compiles without a warning.
            let deprecation = (create.deprecation ?? update.deprecation).map { _ in
                DeprecationSpec(message: "calls `\(create.deprecation == nil ? "update" : "create")`, which is deprecated")
            }
            functions += deprecated([save(create: create, update: update, resource)], deprecation)
        }
        return functions
    }

    /// The functions, marked `@available(*, deprecated)` when the operation they make is.
    private func deprecated(_ functions: [SwiftFunction], _ deprecation: DeprecationSpec?) -> [SwiftFunction] {
        guard let deprecation else { return functions }
        return functions.map { function in
            var function = function
            function.attributes.append(.deprecated(message: deprecation.message))
            return function
        }
    }

    /// `create` or `update` of the instance: its values as the body, with or without `nils`.
    private func instanceWrite(_ operation: OperationDeclaration, _ resource: ResourceDeclaration, verb: String, summary: String, nilDefault: String)
        -> [SwiftFunction]
    {
        let route = routeCode(operation.route, instance: true)
        let locals = Locals(avoiding: route.names)
        let nils = Argument(
            name: locals.nils, type: .member(SwiftType(.modelEncodingOptions), "NilEncoding"), label: "nils",
            omittedValue: .member(nil, nilDefault),
            documentation: "- Parameter nils: Whether `nil` properties are sent as `null` or left out (the call without `nils` uses `.\(nilDefault)`).")
        let body = SwiftExpression.runtime(.requestBody).call(
            [SwiftArgument(nil, .identifier("self"))] + namespaceArgument(resource.requestNamespace) + [SwiftArgument("nils", .identifier(locals.nils))])
        return operationFunctions(
            name: verb, isStatic: false,
            documentation: [
                "\(summary) (`\(operation.method.uppercased()) \(operation.route.specText)`)\(operation.returnsModel ? " and returns the server's copy" : "")."
            ],
            arguments: route.arguments + [nils], returnType: operation.returnsModel ? modelType : nil, locals: locals,
            builder: route.unwraps
                + operationStatements(operation, resource, path: route.path, query: nil, body: body, locals: locals, namespace: resource.namespaceOne))
    }

    /// ``staticCall(_:_:name:summary:)`` and its instance twin, with their summaries in that order.
    private func twins(_ operation: OperationDeclaration, _ resource: ResourceDeclaration, name: String, summaries: (static: String, instance: String))
        -> [SwiftFunction]
    {
        staticCall(operation, resource, name: name, summary: summaries.static) + [instanceCall(operation, resource, name: name, summary: summaries.instance)]
    }

    /// A static call taking the route's values as arguments: `read(id:on:)`, `delete(id:on:)`.
    private func staticCall(_ operation: OperationDeclaration, _ resource: ResourceDeclaration, name: String, summary: String) -> [SwiftFunction] {
        let route = routeCode(operation.route, instance: false)
        let locals = Locals(avoiding: route.names)
        return operationFunctions(
            name: name, isStatic: true, documentation: ["\(summary) (`\(operation.method.uppercased()) \(operation.route.specText)`)."],
            arguments: route.arguments, returnType: operation.returnsModel ? modelType : nil, locals: locals,
            builder: operationStatements(operation, resource, path: route.path, query: nil, body: nil, locals: locals, namespace: resource.namespaceOne))
    }

    /// The instance twin of ``staticCall(_:_:name:summary:)``: it calls the static function with the values
    /// it holds rather than building the same request a second time, which halves the code the compiler
    /// checks and lowers for each read and delete, and a concrete async call costs the compiler less than
    /// the generic `send(on:)`. It has no builder of its own: one without arguments would clash with a field
    /// of the same name.
    private func instanceCall(_ operation: OperationDeclaration, _ resource: ResourceDeclaration, name: String, summary: String) -> SwiftFunction {
        let route = routeCode(operation.route, instance: true)
        let locals = Locals(avoiding: route.names)
        let inScope = Set(route.names)
        let values = routeCode(operation.route, instance: false).arguments.map { argument in
            SwiftArgument(
                SwiftNaming.argumentLabel(argument.name),
                inScope.contains(argument.name) ? .identifier(argument.name) : SwiftExpression.identifier("self").member(argument.name))
        }
        let passing = Passing(returns: operation.returnsModel, tries: true, awaits: true)
        let body =
            typeName(avoiding: route.names).map { [Self.call(name, through: $0, arguments: values, locals: locals, passing: passing)] }
            ?? applying(
                send(locals), passing: passing, toBuilder: name, through: nil, arguments: values,
                statements: operationStatements(operation, resource, path: route.path, query: nil, body: nil, locals: locals, namespace: resource.namespaceOne))
        return SwiftFunction(
            documentation: ["\(summary) (`\(operation.method.uppercased()) \(operation.route.specText)`)."], isStatic: false, name: name,
            parameters: route.arguments.map(\.parameter) + [locals.clientParameter], isAsync: true, thrownError: Self.apiError,
            returnType: operation.returnsModel ? modelType : nil, body: route.unwraps + body)
    }

    /// `update(id:_:on:)` sending a `Patch`.
    private func partialUpdate(_ operation: OperationDeclaration, _ resource: ResourceDeclaration) -> [SwiftFunction] {
        let route = routeCode(operation.route, instance: false)
        let locals = Locals(avoiding: route.names)
        var patch = SwiftExpression.identifier(locals.patch)
        // JSON:API identifies the object a PATCH changes in its body too; a patch holds no id of its own.
        if resource.jsonAPIType != nil, let id = operation.route.idParameter {
            patch = SwiftExpression.runtime(.jsonAPIPatchBody).call([SwiftArgument("id", .identifier(id.name)), SwiftArgument(nil, patch)])
        }
        let body = SwiftExpression.runtime(.requestBody).call([SwiftArgument(nil, patch)] + namespaceArgument(resource.requestNamespace))
        return operationFunctions(
            name: "update", isStatic: true,
            documentation: [
                "Sends only the fields `patch` sets or clears (`\(operation.method.uppercased()) \(operation.route.specText)`)\(operation.returnsModel ? " and returns the server's copy" : "")."
            ],
            arguments: route.arguments + [Argument(name: locals.patch, type: .named("Patch"), label: "_")],
            returnType: operation.returnsModel ? modelType : nil, locals: locals,
            builder: operationStatements(operation, resource, path: route.path, query: nil, body: body, locals: locals, namespace: resource.namespaceOne))
    }

    /// `list` and, when it pages, `pages`: the list route's arguments, then the spec's typed query
    /// parameters, then untyped query items (an overload leaves them out), which go first in the query.
    private func listFunctions(_ operation: OperationDeclaration, _ resource: ResourceDeclaration) -> [SwiftFunction] {
        let route = routeCode(operation.route, instance: false)
        let typed = resource.listQuery.map { Argument(name: $0.name, type: $0.type, defaultValue: $0.isOptional ? .nil : nil) }
        let locals = Locals(avoiding: route.names + typed.map(\.name))
        let arguments =
            route.arguments + typed + [
                Argument(
                    name: locals.query, type: .array(SwiftType(.urlQueryItem)), label: "query", omittedValue: .array([]),
                    documentation: "- Parameter query: Query items to send with the request.")
            ]
        var query: [SwiftStatement] = []
        if !resource.listQuery.isEmpty {
            query = [.var(locals.queryItems, nil, .identifier(locals.query))] + resource.listQuery.map { queryStatement($0, into: locals.queryItems) }
        }
        let items = query.isEmpty ? locals.query : locals.queryItems
        let target = "`\(operation.method.uppercased()) \(operation.route.specText)`"
        guard let pagination = resource.pagination else {
            return operationFunctions(
                name: "list", isStatic: true, documentation: ["Lists values (\(target))."], arguments: arguments, returnType: .array(modelType),
                locals: locals,
                builder: query
                    + operationStatements(operation, resource, path: route.path, query: items, body: nil, locals: locals, namespace: resource.namespaceMany))
        }
        return pagedFunctions(
            name: "list", pagesName: "pages", itemType: modelType, what: "values", target: target, arguments: arguments,
            request: query + [requestStatement(operation, resource, path: route.path, query: items, body: nil, locals: locals)], pagination: pagination,
            locals: locals)
    }

    /// `save(on:)`: `create` without an id, else `update`.
    private func save(create: OperationDeclaration, update: OperationDeclaration, _ resource: ResourceDeclaration) -> SwiftFunction {
        let createRoute = routeCode(create.route, instance: true)
        let updateRoute = routeCode(update.route, instance: true)
        var arguments = createRoute.arguments
        for argument in updateRoute.arguments where !arguments.contains(argument) { arguments.append(argument) }
        let locals = Locals(avoiding: arguments.map(\.name))
        let passing = Passing(returns: true, tries: true, awaits: true)
        func call(_ name: String, _ arguments: [Argument]) -> SwiftStatement {
            passing.statement(SwiftExpression.identifier("self").member(name).call(arguments.map(\.forwarded) + [locals.clientArgument]))
        }
        return SwiftFunction(
            documentation: ["Creates this value when it has no id yet, else updates it, and returns the server's copy."], isStatic: false, name: "save",
            parameters: arguments.map(\.parameter) + [locals.clientParameter], isAsync: true, thrownError: Self.apiError, returnType: modelType,
            // A `switch` rather than `== nil`: the type checker tries every `==` in scope for the comparison,
            // which made this the costliest operation to check (measured with -debug-time-function-bodies).
            body: [
                .switch(
                    SwiftExpression.identifier("self").member(resource.idProperty),
                    [
                        SwitchCase(pattern: .nil, statement: call("create", createRoute.arguments)),
                        SwitchCase(pattern: .member(nil, "some"), statement: call("update", updateRoute.arguments)),
                    ])
            ]
        )
    }

    // MARK: actions

    /// The `RequestBody` of an action's body value: JSON in the resource's namespace, or a form or
    /// multipart body, which have no namespace.
    private func requestBody(_ value: String, format: BodyFormatSpec, namespace: String?) -> SwiftExpression {
        let requestBody = SwiftExpression.runtime(.requestBody)
        return switch format {
        case .json: requestBody.call([SwiftArgument(nil, .identifier(value))] + namespaceArgument(namespace))
        case .form: requestBody.call([SwiftArgument("form", .identifier(value))])
        case .multipart: requestBody.call([SwiftArgument("multipart", .identifier(value))])
        }
    }

    /// The functions of actions, a resource's or (without `resource`) the API's.
    func functions(for actions: [ActionDeclaration], resource: ResourceDeclaration?) -> [SwiftFunction] {
        actions.flatMap { action in
            let route = routeCode(action.route, instance: false)
            var arguments = route.arguments
            if case let .fields(_, properties) = action.body {
                arguments += properties.map { Argument(name: $0.name, type: $0.type, defaultValue: $0.isOptional ? .nil : nil) }
            }
            arguments += action.query.map { Argument(name: $0.name, type: $0.type, defaultValue: $0.isOptional ? .nil : nil) }
            let locals = Locals(avoiding: arguments.map(\.name))
            var statements: [SwiftStatement] = []
            var body: SwiftExpression?
            switch action.body {
            // The builder makes `.download` of responses only.
            case .none, .download:
                break
            case let .type(type):
                arguments.insert(Argument(name: locals.body, type: type, label: "_"), at: route.arguments.count)
                body = requestBody(locals.body, format: action.bodyFormat, namespace: action.requestNamespace)
            case let .fields(typeName, properties):
                let fields = properties.map { Argument(name: $0.name, type: $0.type).forwarded }
                statements.append(.let(locals.body, typeName, SwiftExpression.member(nil, "init").call(fields)))
                body = requestBody(locals.body, format: action.bodyFormat, namespace: nil)
            }
            let query = action.query.isEmpty ? nil : locals.query
            if !action.query.isEmpty {
                statements.append(.var(locals.query, .array(SwiftType(.urlQueryItem)), .array([])))
                statements += action.query.map { queryStatement($0, into: locals.query) }
            }
            // API-wide actions belong to the API: `operationHeaders[SampleAPI.Operations.login]`.
            statements.append(
                requestStatement(
                    resourceName: resource?.specName ?? SwiftNaming.unescaped(model), operation: action.specName, method: action.method,
                    headers: action.headers, path: route.path, query: query, body: body, locals: locals))
            let target = "`\(action.method.uppercased()) \(action.route.specText)`"
            if let (pagination, itemType) = action.pagination {
                return deprecated(
                    pagedFunctions(
                        name: action.functionName, pagesName: SwiftNaming.unescaped(action.functionName) + "Pages", itemType: itemType,
                        what: "results", target: target, arguments: arguments, request: statements, pagination: pagination, locals: locals,
                        documentation: action.documentation),
                    action.deprecation)
            }
            let returnType: SwiftType?
            var namespace: String?
            var download: (file: SwiftType, url: SwiftType)?
            switch action.response {
            case .none: returnType = nil
            case let .type(type):
                returnType = type
                namespace = action.responseNamespace
            case let .fields(typeName, _): returnType = typeName
            case let .download(memory, file, url):
                returnType = memory
                download = (file, url)
            }
            statements.append(returnOperation(locals, namespaceArgument(namespace)))
            let documentation = action.documentation.isEmpty ? [target + "."] : action.documentation + ["", target + "."]
            var functions = operationFunctions(
                name: action.functionName, isStatic: true, documentation: documentation, arguments: arguments, returnType: returnType, locals: locals,
                builder: statements)
            if let download {
                functions.append(
                    downloadToFile(
                        name: action.functionName, documentation: documentation, arguments: arguments, types: download, locals: locals, builder: statements))
            }
            return deprecated(functions, action.deprecation)
        }
    }

    /// `name(…, to file: URL, on:)` of an action returning a file: sends the operation `builder` builds and
    /// streams the response body to `file` rather than into memory.
    private func downloadToFile(
        name: String, documentation: [String], arguments: [Argument], types: (file: SwiftType, url: SwiftType), locals: Locals, builder: [SwiftStatement]
    ) -> SwiftFunction {
        let variant = Variant(arguments: arguments, forwarded: arguments.map(\.forwarded), preamble: [], documentation: [])
        let downloading: (SwiftExpression) -> SwiftExpression = {
            $0.member("download").call([SwiftArgument("to", .identifier(locals.file)), locals.clientArgument])
        }
        return SwiftFunction(
            documentation: documentation + [
                "",
                "Streams the response body to the file `to:` names as it arrives, replacing a file already there; nothing is left there when the call throws.",
            ],
            isStatic: true, name: name,
            parameters: arguments.map(\.parameter) + [SwiftParameter(label: "to", name: locals.file, type: types.url), locals.clientParameter],
            isAsync: true, thrownError: Self.apiError, returnType: types.file,
            body: applying(
                downloading, passing: Passing(returns: true, tries: true, awaits: true), toBuilderOf: name, isStatic: true, variant: variant, builder: builder))
    }

    /// The first page of a paginated call, every page as an `AsyncSequence`, and the first page's operation.
    private func pagedFunctions(
        name: String, pagesName: String, itemType: SwiftType, what: String, target: String, arguments: [Argument], request: [SwiftStatement],
        pagination: PaginationDeclaration, locals: Locals, documentation: [String] = []
    ) -> [SwiftFunction] {
        let preamble = documentation.isEmpty ? [] : documentation + [""]
        let builder = request + [returnOperation(locals, [SwiftArgument("pagination", Self.pagination(pagination))])]
        // Building the request may throw (a transformed query value); then so does `…Pages`.
        let throwing = builder.contains(where: \.containsTry)
        let page = SwiftType.generic(.page, of: itemType)
        return variants(of: arguments, name: name, isStatic: true).flatMap { variant in
            [
                sendingFunction(
                    name: name, isStatic: true, documentation: preamble + ["The first page of \(what) (\(target)); `page.nextPage(on:)` fetches the next."],
                    variant: variant, returnType: page, locals: locals, builder: builder),
                SwiftFunction(
                    documentation: preamble + [
                        "Every page of \(what) (\(target)), fetched as the sequence is iterated; `.items` walks the \(what) one by one."
                    ] + variant.documentation,
                    isStatic: true, name: pagesName, parameters: variant.arguments.map(\.parameter) + [locals.clientParameter], isAsync: false,
                    thrownError: throwing ? Self.apiError : nil, returnType: .generic(.pageSequence, of: itemType),
                    body: applying(
                        { $0.member("pages").call([locals.clientArgument]) }, passing: Passing(returns: true, tries: throwing, awaits: false),
                        toBuilderOf: name, isStatic: true, variant: variant, builder: builder)
                ),
                builderFunction(name: name, isStatic: true, variant: variant, returnType: page, builder: builder),
            ]
        }
    }

    /// The arguments a call is generated with: all of them, and, when the last one may be left out
    /// (``Argument/omittedValue``), first the overload without it, which passes that value on.
    ///
    /// An instance builder without arguments would clash with a field of its name (`createOperation`); then the
    /// call keeps one overload and the argument its default value.
    private func variants(of arguments: [Argument], name: String, isStatic: Bool) -> [Variant] {
        var arguments = arguments
        let shorter = Array(arguments.dropLast())
        let clashes = !isStatic && shorter.isEmpty && memberNames.contains(Self.builderName(name))
        if clashes, let last = arguments.last, last.omittedValue != nil {
            arguments[arguments.count - 1].defaultValue = last.omittedValue
            arguments[arguments.count - 1].omittedValue = nil
        }
        let full = Variant(
            arguments: arguments, forwarded: arguments.map(\.forwarded), preamble: [],
            documentation: arguments.compactMap(\.documentation).flatMap { ["", $0] })
        guard let last = arguments.last, let value = last.omittedValue else { return [full] }
        return [
            Variant(
                arguments: shorter, forwarded: shorter.map(\.forwarded) + [SwiftArgument(SwiftNaming.argumentLabel(last.label ?? last.name), value)],
                preamble: [.let(last.name, last.type, value)], documentation: []),
            full,
        ]
    }

    /// The arguments of one overload of a call.
    private struct Variant {
        /// The parameters it declares.
        var arguments: [Argument]
        /// What it passes on to the builder of the operation: its parameters, and the value of the one it leaves out.
        var forwarded: [SwiftArgument]
        /// Statements that declare the value it leaves out, for a body that builds the request itself.
        var preamble: [SwiftStatement]
        /// The `- Parameter` lines of its parameters, each after an empty line.
        var documentation: [String]

        /// Whether it is the overload that leaves out the last argument.
        var omitsArgument: Bool { !preamble.isEmpty }
    }

    /// Each overload of a function that sends an operation, and the builder of the operation it sends, which
    /// takes the same arguments but the client and returns the operation as a value.
    private func operationFunctions(
        name: String, isStatic: Bool, documentation: [String], arguments: [Argument], returnType: SwiftType?, locals: Locals, builder: [SwiftStatement]
    ) -> [SwiftFunction] {
        variants(of: arguments, name: name, isStatic: isStatic).flatMap { variant in
            [
                sendingFunction(
                    name: name, isStatic: isStatic, documentation: documentation, variant: variant, returnType: returnType, locals: locals, builder: builder),
                builderFunction(name: name, isStatic: isStatic, variant: variant, returnType: returnType ?? .named("Void"), builder: builder),
            ]
        }
    }

    /// The function that sends the operation `builder` builds.
    private func sendingFunction(
        name: String, isStatic: Bool, documentation: [String], variant: Variant, returnType: SwiftType?, locals: Locals, builder: [SwiftStatement]
    ) -> SwiftFunction {
        let passing = Passing(returns: returnType != nil, tries: true, awaits: true)
        let qualifier = qualifier(isStatic: isStatic, variant: variant)
        // The overload that leaves out an argument calls the function that takes it: a concrete async call
        // costs the compiler less than the generic `send(on:)` (4 % of a compile job, measured).
        let body =
            if variant.omitsArgument, let qualifier {
                [Self.call(name, through: qualifier, arguments: variant.forwarded, locals: locals, passing: passing)]
            } else {
                applying(send(locals), passing: passing, toBuilderOf: name, isStatic: isStatic, variant: variant, builder: builder)
            }
        return SwiftFunction(
            documentation: documentation + variant.documentation, isStatic: isStatic, name: name,
            parameters: variant.arguments.map(\.parameter) + [locals.clientParameter], isAsync: true, thrownError: Self.apiError, returnType: returnType,
            body: body)
    }

    /// The function that returns the operation as a value: `builder` itself, or, in the overload that leaves
    /// out an argument, a call of the one that takes it.
    private func builderFunction(name: String, isStatic: Bool, variant: Variant, returnType: SwiftType, builder: [SwiftStatement]) -> SwiftFunction {
        let throwing = builder.contains(where: \.containsTry)
        let selector = "\(SwiftNaming.unescaped(name))(\((variant.arguments.map(\.selector) + ["on:"]).joined()))"
        return SwiftFunction(
            documentation: ["The operation `\(selector)` sends, as a value: to send later, or to ask for its URL."], isStatic: isStatic,
            name: Self.builderName(name), parameters: variant.arguments.map(\.parameter), isAsync: false, thrownError: throwing ? Self.apiError : nil,
            returnType: .generic(.apiOperation, of: returnType),
            body: variant.omitsArgument
                ? applying(
                    { $0 }, passing: Passing(returns: true, tries: throwing, awaits: false), toBuilderOf: name, isStatic: isStatic, variant: variant,
                    builder: builder)
                : builder
        )
    }

    /// `.send(on: client)` applied to an operation.
    private func send(_ locals: Locals) -> (SwiftExpression) -> SwiftExpression {
        { $0.member("send").call([locals.clientArgument]) }
    }

    /// Statements that pass on `use` applied to the operation the builder of `name` returns: a call of the
    /// builder through `qualifier` (`self`, `Self` or the type's name), so that an argument named like it
    /// cannot hide it, or, when arguments hide both `Self` and the type's name, the builder's own
    /// statements, whose last returns the operation.
    private func applying(
        _ use: (SwiftExpression) -> SwiftExpression, passing: Passing, toBuilder name: String, through qualifier: String?, arguments: [SwiftArgument],
        statements: [SwiftStatement]
    ) -> [SwiftStatement] {
        if let qualifier {
            return [passing.statement(use(SwiftExpression.identifier(qualifier).member(Self.builderName(name)).call(arguments)))]
        }
        guard case let .return(operation)? = statements.last else { return statements }
        return statements.dropLast() + [passing.statement(use(operation))]
    }

    /// ``applying(_:passing:toBuilder:through:arguments:statements:)`` in one overload of a call: its
    /// arguments passed on, and `builder` after the statements that declare the value it leaves out.
    private func applying(
        _ use: (SwiftExpression) -> SwiftExpression, passing: Passing, toBuilderOf name: String, isStatic: Bool, variant: Variant,
        builder: [SwiftStatement]
    ) -> [SwiftStatement] {
        applying(
            use, passing: passing, toBuilder: name, through: qualifier(isStatic: isStatic, variant: variant), arguments: variant.forwarded,
            statements: variant.preamble + builder)
    }

    /// How an overload's body names the type or value its functions belong to: `self` in an instance
    /// function, else `Self` or the type's name unless its parameters hide both.
    private func qualifier(isStatic: Bool, variant: Variant) -> String? {
        isStatic ? typeName(avoiding: variant.arguments.map(\.name)) : "self"
    }

    /// A statement that calls the sending function `name` through `qualifier` and passes on what it returns.
    private static func call(_ name: String, through qualifier: String, arguments: [SwiftArgument], locals: Locals, passing: Passing) -> SwiftStatement {
        passing.statement(SwiftExpression.identifier(qualifier).member(name).call(arguments + [locals.clientArgument]))
    }

    /// The type as a function body can name it: a parameter or property from the spec may be called
    /// like the type or `Self`; `nil` when both are hidden.
    private func typeName(avoiding names: [String]) -> String? {
        // A type named `self` is the instance in an instance method.
        let shadowed = memberNames.union(names.map(SwiftNaming.unescaped)).union(["self"])
        return ["Self", model].first { !shadowed.contains(SwiftNaming.unescaped($0)) }
    }

    /// The name of the function that builds operation `name` as a value: `readOperation`.
    static func builderName(_ name: String) -> String {
        SwiftNaming.unescaped(name) + "Operation"
    }

    /// The runtime's `Pagination` value for a declaration.
    static func pagination(_ pagination: PaginationDeclaration) -> SwiftExpression {
        let style: SwiftExpression =
            switch pagination.style {
            case let .nextURL(keyPath): SwiftExpression.member(nil, "nextURL").call([SwiftArgument("keyPath", .string(keyPath))])
            case let .pageNumber(parameter, next):
                SwiftExpression.member(nil, "pageNumber").call([
                    SwiftArgument("parameter", .string(parameter)), SwiftArgument("next", next.map(SwiftExpression.string) ?? .nil),
                ])
            case let .offset(parameter): SwiftExpression.member(nil, "offset").call([SwiftArgument("parameter", .string(parameter))])
            case let .cursor(parameter, next):
                SwiftExpression.member(nil, "cursor").call([SwiftArgument("parameter", .string(parameter)), SwiftArgument("next", .string(next))])
            case .linkHeader: .member(nil, "linkHeader")
            }
        var arguments = [SwiftArgument("style", style), SwiftArgument("items", .string(pagination.items))]
        if let count = pagination.count { arguments.append(SwiftArgument("count", .string(count))) }
        if let header = pagination.countHeader { arguments.append(SwiftArgument("countHeader", .string(header))) }
        if let size = pagination.size {
            arguments.append(
                SwiftArgument(
                    "size",
                    SwiftExpression.runtime(.pageSize).call([
                        SwiftArgument("parameter", .string(size.parameter)), SwiftArgument("value", .integer(size.value)),
                    ])))
        }
        return SwiftExpression.runtime(.pagination).call(arguments)
    }

    // MARK: pieces

    /// Appends one query parameter: enums by raw value, transformed values as their transform writes them.
    private func queryStatement(_ parameter: QueryParameterDeclaration, into query: String) -> SwiftStatement {
        var value = SwiftExpression.identifier(parameter.name)
        if parameter.isEnum {
            let base = parameter.isOptional ? .optionalChain(value) : value
            value = parameter.arrayStyle == nil ? base.member("rawValue") : base.member("map").call([SwiftArgument(nil, .keyPath("rawValue"))])
        }
        var arguments = [SwiftArgument(nil, .string(parameter.key)), SwiftArgument(nil, value)]
        if let transform = parameter.transform { arguments.append(SwiftArgument("using", .metatype(transform.swiftType))) }
        if let style = parameter.arrayStyle { arguments.append(SwiftArgument("style", .member(nil, style.rawValue))) }
        let append = SwiftExpression.identifier(query).member("append").call(arguments)
        return .expression(parameter.transform == nil ? append : .try(append))
    }

    /// Builds the request and returns it as an operation.
    private func operationStatements(
        _ operation: OperationDeclaration, _ resource: ResourceDeclaration, path: SwiftExpression, query: String?, body: SwiftExpression?, locals: Locals,
        namespace: String?
    ) -> [SwiftStatement] {
        [
            requestStatement(operation, resource, path: path, query: query, body: body, locals: locals),
            returnOperation(locals, operation.returnsModel ? namespaceArgument(namespace) : []),
        ]
    }

    /// `return APIOperation(request: request, …)`.
    private func returnOperation(_ locals: Locals, _ arguments: [SwiftArgument]) -> SwiftStatement {
        .return(SwiftExpression.runtime(.apiOperation).call([SwiftArgument("request", .identifier(locals.request))] + arguments))
    }

    /// ``requestStatement(resourceName:operation:method:headers:path:query:body:locals:)`` for a CRUD operation.
    private func requestStatement(
        _ operation: OperationDeclaration, _ resource: ResourceDeclaration, path: SwiftExpression, query: String?, body: SwiftExpression?, locals: Locals
    ) -> SwiftStatement {
        requestStatement(
            resourceName: resource.specName, operation: operation.kind.rawValue, method: operation.method, headers: operation.headers, path: path,
            query: query, body: body, locals: locals)
    }

    /// `let request = OperationRequest(…)`: what the request is (resource, operation, method) on its first
    /// row, then one row per part.
    private func requestStatement(
        resourceName: String, operation: String, method: String, headers: [(name: String, value: String)], path: SwiftExpression, query: String?,
        body: SwiftExpression?, locals: Locals
    ) -> SwiftStatement {
        var rows = [
            [SwiftArgument("resource", .string(resourceName)), SwiftArgument("operation", .string(operation)), SwiftArgument("method", .member(nil, method))],
            [SwiftArgument("path", path)],
        ]
        if let query { rows.append([SwiftArgument("query", .identifier(query))]) }
        if !headers.isEmpty {
            rows.append([SwiftArgument("headers", .dictionary(headers.map { DictionaryEntry(key: .string($0.name), value: .string($0.value)) }))])
        }
        if let body { rows.append([SwiftArgument("body", body)]) }
        return .let(locals.request, nil, .rowCall(.runtime(.operationRequest), rows))
    }

    /// `namespace: "key"` when there is a namespace.
    private func namespaceArgument(_ namespace: String?) -> [SwiftArgument] {
        namespace.map { [SwiftArgument("namespace", .string($0))] } ?? []
    }

    /// Turns route parts into a path literal, the arguments it needs and the unwrapping of instance values.
    private func routeCode(_ route: [RoutePart], instance: Bool) -> RouteCode {
        var code = RouteCode()
        var segments: [InterpolationSegment] = []
        for part in route {
            switch part {
            case let .literal(text):
                segments.append(.text(text))
            case let .parameter(parameter):
                var value = SwiftExpression.identifier(parameter.name)
                if instance, parameter.source != .argument {
                    let property = SwiftExpression.identifier("self").member(parameter.name)
                    if parameter.isOptionalOnInstance {
                        let unwrap = SwiftStatement.let(
                            parameter.name, nil,
                            .try(
                                SwiftExpression.runtime(.apiClient).member("require").call([
                                    SwiftArgument(nil, property), SwiftArgument(nil, .string(SwiftNaming.unescaped(parameter.name))),
                                ])))
                        if !code.unwraps.contains(unwrap) {
                            code.unwraps.append(unwrap)
                            code.unwrapped.append(parameter.name)
                        }
                    } else {
                        value = property
                    }
                } else {
                    let argument = Argument(name: parameter.name, type: parameter.type)
                    if !code.arguments.contains(argument) { code.arguments.append(argument) }
                }
                if parameter.isEnum { value = value.member("rawValue") }
                segments.append(.value(value))
            }
        }
        code.path = .interpolation(segments)
        return code
    }
}
