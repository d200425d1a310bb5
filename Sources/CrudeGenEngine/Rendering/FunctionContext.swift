/// Writes the Swift functions of generated operations and actions: signatures and bodies that call the
/// runtime's `APIClient`, for the `functions` template to lay out.
struct FunctionContext {
    /// One generated function.
    struct Function {
        var documentation: [String]
        var signature: String
        var body: [String]

        var context: [String: TemplateValue] {
            // Laid out for the `functions` template: signatures after 4 spaces and an access modifier (at most
            // `package `) and before ` {`, body lines after 8 spaces.
            [
                "documentation": TemplateContext.comment(documentation),
                "signature": .string(TemplateContext.wrapped(signature, indent: 4, prefix: "package ".count, suffix: " {".count)),
                "body": .strings(body.map { TemplateContext.wrapped($0, indent: 8) }),
            ]
        }
    }

    /// A route turned into code: arguments it needs, statements that unwrap instance values, the path literal.
    struct RouteCode {
        var arguments: [Argument] = []
        var unwraps: [String] = []
        /// The Swift names the unwrapping statements declare.
        var unwrapped: [String] = []
        var pathLiteral = ""

        /// Every name from the spec this route puts into a function's scope.
        var names: [String] { arguments.map(\.name) + unwrapped }
    }

    /// A parameter of a generated function.
    struct Argument: Equatable {
        /// The escaped Swift parameter name.
        var name: String
        var type: String
        /// The default value's expression, if any.
        var defaultValue: String?
        /// The argument label when it differs from the name: `_`, or `nils` for a parameter renamed `nils_`.
        var label: String?
        /// The value an overload without this argument passes for it (`.omit` for `nils`, `[]` for `query`).
        ///
        /// The standard operations' optional last arguments are overloads rather than default arguments: a
        /// public default argument is a function of its own that the module-interface job, which every edit
        /// runs over the whole module, checks, lowers and serializes. Overloads made that job 13 % faster at
        /// N = 1000 (Benchmarks/README.md), and callers write the same code.
        var omittedValue: String?
        /// The `- Parameter` line documenting it, if any.
        var documentation: String?

        init(name: String, type: String, defaultValue: String? = nil, label: String? = nil, omittedValue: String? = nil, documentation: String? = nil) {
            self.name = name
            self.type = type
            self.defaultValue = defaultValue
            self.label = label == name ? nil : label
            self.omittedValue = omittedValue
            self.documentation = documentation
        }

        var declaration: String { (label.map { "\($0) " } ?? "") + "\(name): \(type)" + (defaultValue.map { " = \($0)" } ?? "") }
        /// `name: name`, as a call passes it on.
        var forwarded: String { label == "_" ? name : "\(SwiftNaming.argumentLabel(label ?? name)): \(name)" }
        /// The label as a function's selector writes it: `id:`, `_:`.
        var selector: String { SwiftNaming.unescaped(label ?? name) + ":" }
    }

    /// The names generated functions declare themselves, renamed when the spec uses the same name for a
    /// parameter (a route parameter `{client}` must not redeclare `on client: APIClient`).
    struct Locals {
        var client = "client"
        var request = "request"
        var body = "body"
        var nils = "nils"
        var query = "query"
        /// The query items a list with typed query parameters sends: its `query` argument's and theirs.
        var queryItems = "queryItems"
        var patch = "patch"

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
        }

        /// The client parameter every operation ends with.
        var clientParameter: String { "on \(client): APIClient" }
    }

    /// The escaped Swift name of the type the functions extend.
    let model: String
    /// The unescaped names of the type's properties, which hide a type of the same name (and `Self`) in
    /// its functions, static ones included.
    let memberNames: Set<String>

    // MARK: resources

    func functions(for resource: ResourceDeclaration) -> [Function] {
        var functions: [Function] = []
        let operations = Dictionary(resource.operations.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        if let create = operations[.create] {
            functions += instanceWrite(create, resource, verb: "create", summary: "Creates this value on the server", nilDefault: ".omit")
        }
        if let read = operations[.read] {
            functions += staticCall(read, resource, name: "read", summary: "Reads the value with the given id")
            functions.append(instanceCall(read, resource, name: "read", summary: "Reads this value again, returning the server's current copy"))
        }
        if let update = operations[.update] {
            functions += instanceWrite(update, resource, verb: "update", summary: "Sends this value to the server", nilDefault: ".null")
        }
        if let partial = resource.partialUpdate {
            functions += partialUpdate(partial, resource)
        }
        if let delete = operations[.delete] {
            functions += staticCall(delete, resource, name: "delete", summary: "Deletes the value with the given id")
            functions.append(instanceCall(delete, resource, name: "delete", summary: "Deletes this value"))
        }
        if let list = operations[.list] {
            functions += listFunctions(list, resource)
        }
        if let create = operations[.create], let update = operations[.update], create.returnsModel, update.returnsModel {
            functions.append(save(create: create, update: update, resource))
        }
        return functions
    }

    private func instanceWrite(_ operation: OperationDeclaration, _ resource: ResourceDeclaration, verb: String, summary: String, nilDefault: String)
        -> [Function]
    {
        let route = routeCode(operation.route, instance: true)
        let locals = Locals(avoiding: route.names)
        let nils = Argument(
            name: locals.nils, type: "ModelEncodingOptions.NilEncoding", label: "nils", omittedValue: nilDefault,
            documentation: "- Parameter nils: Whether `nil` properties are sent as `null` or left out (the call without `nils` uses `\(nilDefault)`).")
        let body = "RequestBody(self\(namespaceArgument(resource.requestNamespace)), nils: \(locals.nils))"
        return operationFunctions(
            name: verb, isStatic: false,
            documentation: [
                "\(summary) (`\(operation.method.uppercased()) \(routeText(operation.route))`)\(operation.returnsModel ? " and returns the server's copy" : "")."
            ],
            arguments: route.arguments + [nils], returnType: operation.returnsModel ? model : nil, locals: locals,
            builder: route.unwraps
                + operationLines(operation, resource, path: route.pathLiteral, query: nil, body: body, locals: locals, namespace: resource.namespaceOne))
    }

    private func staticCall(_ operation: OperationDeclaration, _ resource: ResourceDeclaration, name: String, summary: String) -> [Function] {
        let route = routeCode(operation.route, instance: false)
        let locals = Locals(avoiding: route.names)
        return operationFunctions(
            name: name, isStatic: true, documentation: ["\(summary) (`\(operation.method.uppercased()) \(routeText(operation.route))`)."],
            arguments: route.arguments, returnType: operation.returnsModel ? model : nil, locals: locals,
            builder: operationLines(operation, resource, path: route.pathLiteral, query: nil, body: nil, locals: locals, namespace: resource.namespaceOne))
    }

    /// The instance twin of ``staticCall(_:_:name:summary:)``: it calls the static function with the values
    /// it holds rather than building the same request a second time, which halves the code the compiler
    /// checks and lowers for each read and delete, and a concrete async call costs the compiler less than
    /// the generic `send(on:)`. It has no builder of its own: one without arguments would clash with a field
    /// of the same name.
    private func instanceCall(_ operation: OperationDeclaration, _ resource: ResourceDeclaration, name: String, summary: String) -> Function {
        let route = routeCode(operation.route, instance: true)
        let locals = Locals(avoiding: route.names)
        let inScope = Set(route.names)
        let values = routeCode(operation.route, instance: false).arguments.map { argument in
            "\(SwiftNaming.argumentLabel(argument.name)): \(inScope.contains(argument.name) ? argument.name : "self.\(argument.name)")"
        }
        let prefix = operation.returnsModel ? "return try await " : "try await "
        let qualifier = typeName(avoiding: route.names)
        let body =
            qualifier.map { [Self.call(name, through: $0, arguments: values, client: locals.client, prefix: prefix)] }
            ?? applying(
                ".send(on: \(locals.client))", prefix: prefix, toBuilder: name, through: nil, arguments: values,
                lines: operationLines(operation, resource, path: route.pathLiteral, query: nil, body: nil, locals: locals, namespace: resource.namespaceOne))
        return Function(
            documentation: ["\(summary) (`\(operation.method.uppercased()) \(routeText(operation.route))`)."],
            signature:
                "func \(name)(\((route.arguments.map(\.declaration) + [locals.clientParameter]).joined(separator: ", "))) async throws(APIError)\(operation.returnsModel ? " -> \(model)" : "")",
            body: route.unwraps + body
        )
    }

    private func partialUpdate(_ operation: OperationDeclaration, _ resource: ResourceDeclaration) -> [Function] {
        let route = routeCode(operation.route, instance: false)
        let locals = Locals(avoiding: route.names)
        let body = "RequestBody(\(locals.patch)\(namespaceArgument(resource.requestNamespace)))"
        return operationFunctions(
            name: "update", isStatic: true,
            documentation: [
                "Sends only the fields `patch` sets or clears (`\(operation.method.uppercased()) \(routeText(operation.route))`)\(operation.returnsModel ? " and returns the server's copy" : "")."
            ],
            arguments: route.arguments + [Argument(name: locals.patch, type: "Patch", label: "_")], returnType: operation.returnsModel ? model : nil,
            locals: locals,
            builder: operationLines(operation, resource, path: route.pathLiteral, query: nil, body: body, locals: locals, namespace: resource.namespaceOne))
    }

    /// `list` and, when it pages, `pages`: the list route's arguments, then the spec's typed query
    /// parameters, then untyped query items (an overload leaves them out), which go first in the query.
    private func listFunctions(_ operation: OperationDeclaration, _ resource: ResourceDeclaration) -> [Function] {
        let route = routeCode(operation.route, instance: false)
        let typed = resource.listQuery.map { Argument(name: $0.name, type: $0.type, defaultValue: $0.isOptional ? "nil" : nil) }
        let locals = Locals(avoiding: route.names + typed.map(\.name))
        let arguments =
            route.arguments + typed + [
                Argument(
                    name: locals.query, type: "[URLQueryItem]", label: "query", omittedValue: "[]",
                    documentation: "- Parameter query: Query items to send with the request.")
            ]
        var query: [String] = []
        if !resource.listQuery.isEmpty {
            query = ["var \(locals.queryItems) = \(locals.query)"] + resource.listQuery.map { queryLine($0, into: locals.queryItems) }
        }
        let items = query.isEmpty ? locals.query : locals.queryItems
        let target = "`\(operation.method.uppercased()) \(routeText(operation.route))`"
        guard let pagination = resource.pagination else {
            return operationFunctions(
                name: "list", isStatic: true, documentation: ["Lists values (\(target))."], arguments: arguments, returnType: "[\(model)]", locals: locals,
                builder: query
                    + operationLines(operation, resource, path: route.pathLiteral, query: items, body: nil, locals: locals, namespace: resource.namespaceMany))
        }
        return pagedFunctions(
            name: "list", pagesName: "pages", itemType: model, what: "values", target: target, arguments: arguments,
            request: query + requestLines(operation, resource, path: route.pathLiteral, query: items, body: nil, locals: locals), pagination: pagination,
            locals: locals)
    }

    private func save(create: OperationDeclaration, update: OperationDeclaration, _ resource: ResourceDeclaration) -> Function {
        let createRoute = routeCode(create.route, instance: true)
        let updateRoute = routeCode(update.route, instance: true)
        var arguments = createRoute.arguments
        for argument in updateRoute.arguments where !arguments.contains(argument) { arguments.append(argument) }
        let locals = Locals(avoiding: arguments.map(\.name))
        func forward(_ arguments: [Argument]) -> String { arguments.map { $0.forwarded + ", " }.joined() }
        return Function(
            documentation: ["Creates this value when it has no id yet, else updates it, and returns the server's copy."],
            signature: "func save(\((arguments.map(\.declaration) + [locals.clientParameter]).joined(separator: ", "))) async throws(APIError) -> \(model)",
            // A `switch` rather than `== nil`: the type checker tries every `==` in scope for the comparison,
            // which made this the costliest operation to check (measured with -debug-time-function-bodies).
            body: [
                "switch self.\(resource.idProperty) {",
                "case nil: return try await self.create(\(forward(createRoute.arguments))on: \(locals.client))",
                "case .some: return try await self.update(\(forward(updateRoute.arguments))on: \(locals.client))",
                "}",
            ]
        )
    }

    // MARK: actions

    /// The `RequestBody` of an action's body value: JSON in the resource's namespace, or a form or
    /// multipart body, which have no namespace.
    private func requestBody(_ value: String, format: BodyFormatSpec, namespace: String?) -> String {
        switch format {
        case .json: "RequestBody(\(value)\(namespaceArgument(namespace)))"
        case .form: "RequestBody(form: \(value))"
        case .multipart: "RequestBody(multipart: \(value))"
        }
    }

    func functions(for actions: [ActionDeclaration], resource: ResourceDeclaration?) -> [Function] {
        actions.flatMap { action in
            let route = routeCode(action.route, instance: false)
            var arguments = route.arguments
            if case let .fields(_, properties) = action.body {
                arguments += properties.map { Argument(name: $0.name, type: $0.type, defaultValue: $0.isOptional ? "nil" : nil) }
            }
            arguments += action.query.map { Argument(name: $0.name, type: $0.type, defaultValue: $0.isOptional ? "nil" : nil) }
            let locals = Locals(avoiding: arguments.map(\.name))
            var lines: [String] = []
            var body: String?
            switch action.body {
            case .none:
                break
            case let .type(type):
                arguments.insert(Argument(name: locals.body, type: type, label: "_"), at: route.arguments.count)
                let namespace = type == model ? resource?.requestNamespace : nil
                body = requestBody(locals.body, format: action.bodyFormat, namespace: namespace)
            case let .fields(typeName, properties):
                let fields = properties.map { Argument(name: $0.name, type: $0.type).forwarded }
                lines.append("let \(locals.body): \(typeName) = .init(\(fields.joined(separator: ", ")))")
                body = requestBody(locals.body, format: action.bodyFormat, namespace: nil)
            }
            let query = action.query.isEmpty ? nil : locals.query
            if !action.query.isEmpty {
                lines.append("var \(locals.query): [URLQueryItem] = []")
                lines += action.query.map { queryLine($0, into: locals.query) }
            }
            // API-wide actions belong to the API: `operationHeaders[SampleAPI.Operations.login]`.
            lines += requestLines(
                resourceName: resource?.specName ?? SwiftNaming.unescaped(model), operation: action.specName, method: action.method, headers: action.headers,
                path: route.pathLiteral, query: query, body: body, locals: locals)
            let target = "`\(action.method.uppercased()) \(routeText(action.route))`"
            if let (pagination, itemType) = action.pagination {
                return pagedFunctions(
                    name: action.functionName, pagesName: SwiftNaming.unescaped(action.functionName) + "Pages", itemType: itemType,
                    what: "results", target: target, arguments: arguments, request: lines, pagination: pagination, locals: locals,
                    documentation: action.documentation)
            }
            let returnType: String?
            var namespace: String?
            switch action.response {
            case .none: returnType = nil
            case let .type(type):
                returnType = type
                namespace = responseNamespace(of: type, resource)
            case let .fields(typeName, _): returnType = typeName
            }
            lines.append("return APIOperation(request: \(locals.request)\(namespaceArgument(namespace)))")
            return operationFunctions(
                name: action.functionName, isStatic: true,
                documentation: action.documentation.isEmpty ? [target + "."] : action.documentation + ["", target + "."], arguments: arguments,
                returnType: returnType, locals: locals, builder: lines)
        }
    }

    /// The namespace a resource's action unwraps from a response of `type`: the resource's own when the action
    /// returns the resource or an array of it, as ApiModel's `apiNamespace` holds for `find` (`GET user.json`) too.
    private func responseNamespace(of type: String, _ resource: ResourceDeclaration?) -> String? {
        guard let resource else { return nil }
        if type == model { return resource.namespaceOne }
        if type == "[\(model)]" { return resource.namespaceMany }
        return nil
    }

    /// The first page of a paginated call, every page as an `AsyncSequence`, and the first page's operation.
    private func pagedFunctions(
        name: String, pagesName: String, itemType: String, what: String, target: String, arguments: [Argument], request: [String],
        pagination: PaginationDeclaration, locals: Locals, documentation: [String] = []
    ) -> [Function] {
        let preamble = documentation.isEmpty ? [] : documentation + [""]
        let builder = request + ["return APIOperation(request: \(locals.request), pagination: \(Self.paginationLiteral(pagination)))"]
        // Building the request may throw (a transformed query value); then so does `…Pages`.
        let throwing = Self.throws(builder)
        return variants(of: arguments, name: name, isStatic: true).flatMap { variant in
            [
                sendingFunction(
                    name: name, isStatic: true, documentation: preamble + ["The first page of \(what) (\(target)); `page.nextPage(on:)` fetches the next."],
                    variant: variant, returnType: "Page<\(itemType)>", locals: locals, builder: builder),
                Function(
                    documentation: preamble + [
                        "Every page of \(what) (\(target)), fetched as the sequence is iterated; `.items` walks the \(what) one by one."
                    ] + variant.documentation,
                    signature:
                        "static func \(pagesName)(\((variant.arguments.map(\.declaration) + [locals.clientParameter]).joined(separator: ", ")))\(throwing ? " throws(APIError)" : "") -> PageSequence<\(itemType)>",
                    body: applying(
                        ".pages(on: \(locals.client))", prefix: throwing ? "return try " : "return ", toBuilderOf: name, isStatic: true, variant: variant,
                        builder: builder)
                ),
                builderFunction(name: name, isStatic: true, variant: variant, returnType: "Page<\(itemType)>", builder: builder),
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
                arguments: shorter, forwarded: shorter.map(\.forwarded) + ["\(SwiftNaming.argumentLabel(last.label ?? last.name)): \(value)"],
                preamble: ["let \(last.name): \(last.type) = \(value)"], documentation: []),
            full,
        ]
    }

    /// The arguments of one overload of a call.
    private struct Variant {
        /// The parameters it declares.
        var arguments: [Argument]
        /// What it passes on to the builder of the operation: its parameters, and the value of the one it leaves out.
        var forwarded: [String]
        /// Statements that declare the value it leaves out, for a body that builds the request itself.
        var preamble: [String]
        /// The `- Parameter` lines of its parameters, each after an empty line.
        var documentation: [String]

        /// Whether it is the overload that leaves out the last argument.
        var omitsArgument: Bool { !preamble.isEmpty }
    }

    /// Whether building a request throws: when it unwraps an instance value or transforms a query value; only
    /// those statements start so (a spec's text stays inside string literals).
    private static func `throws`(_ builder: [String]) -> Bool {
        builder.contains { $0.hasPrefix("try ") || ($0.hasPrefix("let ") && $0.contains(" = try ")) }
    }

    /// Each overload of a function that sends an operation, and the builder of the operation it sends, which
    /// takes the same arguments but the client and returns the operation as a value.
    private func operationFunctions(
        name: String, isStatic: Bool, documentation: [String], arguments: [Argument], returnType: String?, locals: Locals, builder: [String]
    ) -> [Function] {
        variants(of: arguments, name: name, isStatic: isStatic).flatMap { variant in
            [
                sendingFunction(
                    name: name, isStatic: isStatic, documentation: documentation, variant: variant, returnType: returnType, locals: locals, builder: builder),
                builderFunction(name: name, isStatic: isStatic, variant: variant, returnType: returnType ?? "Void", builder: builder),
            ]
        }
    }

    /// The function that sends the operation `builder` builds.
    private func sendingFunction(
        name: String, isStatic: Bool, documentation: [String], variant: Variant, returnType: String?, locals: Locals, builder: [String]
    ) -> Function {
        let prefix = returnType == nil ? "try await " : "return try await "
        let qualifier = qualifier(isStatic: isStatic, variant: variant)
        // The overload that leaves out an argument calls the function that takes it: a concrete async call
        // costs the compiler less than the generic `send(on:)` (4 % of a compile job, measured).
        let body =
            if variant.omitsArgument, let qualifier {
                [Self.call(name, through: qualifier, arguments: variant.forwarded, client: locals.client, prefix: prefix)]
            } else {
                applying(".send(on: \(locals.client))", prefix: prefix, toBuilderOf: name, isStatic: isStatic, variant: variant, builder: builder)
            }
        return Function(
            documentation: documentation + variant.documentation,
            signature:
                "\(isStatic ? "static func " : "func ")\(name)(\((variant.arguments.map(\.declaration) + [locals.clientParameter]).joined(separator: ", "))) async throws(APIError)\(returnType.map { " -> \($0)" } ?? "")",
            body: body
        )
    }

    /// The function that returns the operation as a value: `builder` itself, or, in the overload that leaves
    /// out an argument, a call of the one that takes it.
    private func builderFunction(name: String, isStatic: Bool, variant: Variant, returnType: String, builder: [String]) -> Function {
        let throwing = Self.throws(builder)
        let selector = "\(SwiftNaming.unescaped(name))(\((variant.arguments.map(\.selector) + ["on:"]).joined()))"
        return Function(
            documentation: ["The operation `\(selector)` sends, as a value: to send later, or to ask for its URL."],
            signature:
                "\(isStatic ? "static func " : "func ")\(Self.builderName(name))(\(variant.arguments.map(\.declaration).joined(separator: ", ")))\(throwing ? " throws(APIError)" : "") -> APIOperation<\(returnType)>",
            body: variant.omitsArgument
                ? applying("", prefix: throwing ? "return try " : "return ", toBuilderOf: name, isStatic: isStatic, variant: variant, builder: builder)
                : builder
        )
    }

    /// Statements that apply `use` (`.send(on: client)`) to the operation the builder of `name` returns: a
    /// call of the builder through `qualifier` (`self`, `Self` or the type's name), so that an argument
    /// named like it cannot hide it, or, when arguments hide both `Self` and the type's name, the builder's
    /// own statements (`lines`, ending with `return <operation>`).
    private func applying(_ use: String, prefix: String, toBuilder name: String, through qualifier: String?, arguments: [String], lines: [String])
        -> [String]
    {
        if let qualifier {
            return ["\(prefix)\(qualifier).\(Self.builderName(name))(\(arguments.joined(separator: ", ")))\(use)"]
        }
        return lines.dropLast() + ["\(prefix)\(lines.last?.dropFirst("return ".count) ?? "")\(use)"]
    }

    /// ``applying(_:prefix:toBuilder:through:arguments:lines:)`` in one overload of a call: its arguments passed
    /// on, and `builder` after the statements that declare the value it leaves out.
    private func applying(_ use: String, prefix: String, toBuilderOf name: String, isStatic: Bool, variant: Variant, builder: [String]) -> [String] {
        applying(
            use, prefix: prefix, toBuilder: name, through: qualifier(isStatic: isStatic, variant: variant), arguments: variant.forwarded,
            lines: variant.preamble + builder)
    }

    /// How an overload's body names the type or value its functions belong to: `self` in an instance
    /// function, else `Self` or the type's name unless its parameters hide both.
    private func qualifier(isStatic: Bool, variant: Variant) -> String? {
        isStatic ? typeName(avoiding: variant.arguments.map(\.name)) : "self"
    }

    /// A statement that calls the sending function `name` through `qualifier` and passes on what it returns.
    private static func call(_ name: String, through qualifier: String, arguments: [String], client: String, prefix: String) -> String {
        "\(prefix)\(qualifier).\(name)(\((arguments + ["on: \(client)"]).joined(separator: ", ")))"
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
    static func paginationLiteral(_ pagination: PaginationDeclaration) -> String {
        let literal = SwiftNaming.stringLiteral
        let style =
            switch pagination.style {
            case let .nextURL(keyPath): ".nextURL(keyPath: \(literal(keyPath)))"
            case let .pageNumber(parameter, next): ".pageNumber(parameter: \(literal(parameter)), next: \(next.map(literal) ?? "nil"))"
            case let .offset(parameter): ".offset(parameter: \(literal(parameter)))"
            case let .cursor(parameter, next): ".cursor(parameter: \(literal(parameter)), next: \(literal(next)))"
            case .linkHeader: ".linkHeader"
            }
        var arguments = "style: \(style), items: \(literal(pagination.items))"
        if let count = pagination.count { arguments += ", count: \(literal(count))" }
        if let header = pagination.countHeader { arguments += ", countHeader: \(literal(header))" }
        if let size = pagination.size { arguments += ", size: PageSize(parameter: \(literal(size.parameter)), value: \(size.value))" }
        return "Pagination(\(arguments))"
    }

    // MARK: pieces

    /// Appends one query parameter: enums by raw value, transformed values as their transform writes them.
    private func queryLine(_ parameter: QueryParameterDeclaration, into query: String) -> String {
        let optional = parameter.isOptional ? "?" : ""
        var value = parameter.name
        if parameter.isEnum {
            value += parameter.arrayStyle == nil ? "\(optional).rawValue" : "\(optional).map(\\.rawValue)"
        }
        var arguments = "\(parameter.keyLiteral), \(value)"
        if let transform = parameter.transform { arguments += ", using: \(transform.swiftType).self" }
        if let style = parameter.arrayStyle { arguments += ", style: \(style)" }
        return "\(parameter.transform == nil ? "" : "try ")\(query).append(\(arguments))"
    }

    /// Builds the request and returns it as an operation.
    private func operationLines(
        _ operation: OperationDeclaration, _ resource: ResourceDeclaration, path: String, query: String?, body: String?, locals: Locals,
        namespace: String?
    ) -> [String] {
        requestLines(operation, resource, path: path, query: query, body: body, locals: locals)
            + ["return APIOperation(request: \(locals.request)\(operation.returnsModel ? namespaceArgument(namespace) : ""))"]
    }

    private func requestLines(_ operation: OperationDeclaration, _ resource: ResourceDeclaration, path: String, query: String?, body: String?, locals: Locals)
        -> [String]
    {
        requestLines(
            resourceName: resource.specName, operation: operation.kind.rawValue, method: operation.method, headers: operation.headers, path: path, query: query,
            body: body, locals: locals)
    }

    private func requestLines(
        resourceName: String, operation: String, method: String, headers: [(name: String, value: String)], path: String, query: String?, body: String?,
        locals: Locals
    ) -> [String] {
        var arguments = [
            "resource: \(SwiftNaming.stringLiteral(resourceName)), operation: \(SwiftNaming.stringLiteral(operation)), method: .\(method),",
            "path: \(path)",
        ]
        if let query { arguments.append("query: \(query)") }
        if !headers.isEmpty {
            arguments.append(
                "headers: [" + headers.map { "\(SwiftNaming.stringLiteral($0.name)): \(SwiftNaming.stringLiteral($0.value))" }.joined(separator: ", ") + "]")
        }
        if let body { arguments.append("body: \(body)") }
        for index in 1..<arguments.count - 1 { arguments[index] += "," }
        return ["let \(locals.request) = OperationRequest("] + arguments.map { "    " + $0 } + [")"]
    }

    private func namespaceArgument(_ namespace: String?) -> String {
        namespace.map { ", namespace: \(SwiftNaming.stringLiteral($0))" } ?? ""
    }

    /// Turns route parts into a `RoutePath` literal, the arguments it needs and the unwrapping of instance values.
    private func routeCode(_ route: [RoutePart], instance: Bool) -> RouteCode {
        var code = RouteCode()
        var literal = "\""
        for part in route {
            switch part {
            case let .literal(text):
                literal += SwiftNaming.literalContents(text)
            case let .parameter(parameter):
                var value = parameter.name
                if instance, parameter.source != .argument {
                    if parameter.isOptionalOnInstance {
                        let unwrap =
                            "let \(parameter.name) = try APIClient.require(self.\(parameter.name), \(SwiftNaming.stringLiteral(SwiftNaming.unescaped(parameter.name))))"
                        if !code.unwraps.contains(unwrap) {
                            code.unwraps.append(unwrap)
                            code.unwrapped.append(parameter.name)
                        }
                    } else {
                        value = "self.\(parameter.name)"
                    }
                } else {
                    let argument = Argument(name: parameter.name, type: parameter.type)
                    if !code.arguments.contains(argument) { code.arguments.append(argument) }
                }
                if parameter.isEnum { value += ".rawValue" }
                literal += "\\(\(value))"
            }
        }
        code.pathLiteral = literal + "\""
        return code
    }

    /// The route as the spec writes it, for documentation.
    private func routeText(_ route: [RoutePart]) -> String {
        route.map { part in
            switch part {
            case let .literal(text): text
            case let .parameter(parameter): "{\(parameter.specName)}"
            }
        }.joined()
    }
}
