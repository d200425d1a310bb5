import CrudeGenCore
import Foundation

/// Describes a crudegen spec as an OpenAPI 3.1 document: every operation and action with its path,
/// verb, parameters, headers, bodies and responses, and every enum, model and resource as a component
/// schema. Envelopes, namespaces and pagination appear in the request and response schemas as the
/// wrapping objects the server sends.
public enum OpenAPIExporter {
    /// The output format.
    public enum Format: Sendable {
        /// YAML (block style, starting with a comment naming the spec) or pretty-printed JSON.
        case yaml, json
    }

    /// An exported document, and what it says in a way only crudegen reads back.
    public struct Exported: Sendable {
        /// The document's text.
        public var text: String
        /// Warnings at the spec's lines: what the document holds only in `x-crudegen-…` extensions, which
        /// other tools ignore.
        public var warnings: [Diagnostic]
    }

    /// Exports the spec at `path`; a spec with errors throws them, as `generate` would.
    public static func export(specAt path: String, format: Format) throws(DiagnosticsError) -> Exported {
        try export(SpecLoader.load(contentsOf: path), format: format)
    }

    /// Exports a spec held in memory; `file` names it in diagnostics.
    public static func export(spec data: Data, file: String, format: Format) throws(DiagnosticsError) -> Exported {
        try export(SpecLoader.load(data, file: file), format: format)
    }

    /// Validates a loaded spec and builds its document; any error stops the export, as it stops `generate`.
    private static func export(_ loaded: (spec: Spec?, diagnostics: [Diagnostic]), format: Format) throws(DiagnosticsError) -> Exported {
        let resolved = try APIResolver.resolve(ValidatedSpec.validate(loaded))
        var builder = DocumentBuilder(resolved)
        let document = builder.document()
        let spec = resolved.spec
        let origin = spec.file.split(separator: "/").last.map(String.init) ?? spec.file
        let text =
            switch format {
            case .yaml: "# \(SpecFile.exportMarker) \(CrudeGenVersion.current) from \(origin).\n" + document.yaml
            case .json: document.json
            }
        return Exported(text: text, warnings: builder.warnings)
    }
}

/// What the description of a field's wire schema says when its transform gives it one and the field has
/// none of its own; import reads it as no description.
enum TransformNote {
    /// The note of a built-in transform, if it has one.
    static func of(_ transform: BuiltinTransform) -> String? {
        switch transform {
        case .epochSeconds: "Seconds since 1970-01-01T00:00:00Z."
        case .epochMilliseconds: "Milliseconds since 1970-01-01T00:00:00Z."
        default: nil
        }
    }

    /// The note of a date written with the `date_format` `format`.
    static func of(dateFormat format: String) -> String {
        "A date written as `\(format)`."
    }
}

/// Builds the document tree for one resolved API: its operations, routes and wire shapes as the generated
/// client and `crudegen serve` see them, and, as `x-crudegen-…` extensions, what the spec writes that
/// OpenAPI cannot hold.
private struct DocumentBuilder {
    let resolved: ResolvedAPI
    /// The resolved resources, kept: their operations and their schemas are written in two passes.
    let resources: [ResolvedResource]
    let spec: Spec
    let symbols: SymbolTable
    /// Paths in the order the spec first uses them, each with its operations by method, and the
    /// operations on a method another operation of the path already has, which OpenAPI cannot hold.
    private var paths: [(path: String, operations: [(method: String, operation: DocumentValue)], repeated: [(method: String, operation: DocumentValue)])] =
        []
    /// What the document says only to crudegen.
    private(set) var warnings: [Diagnostic] = []
    /// The error responses some operation lists, whose components the document then holds.
    private var errorResponsesUsed: Set<ErrorResponse> = []
    /// The `operationId`s given so far, which OpenAPI requires to be unique in the document.
    private var operationIDs: Set<String> = []

    /// Prepares to describe `resolved`.
    init(_ resolved: ResolvedAPI) {
        self.resolved = resolved
        resources = Array(resolved.resources)
        spec = resolved.spec
        symbols = resolved.validated.symbols
    }

    /// The keys of `api.envelope`, outermost first.
    private var envelope: [String] { resolved.envelope }

    /// The whole document: paths in the spec's order (resources, their actions, then API actions), then schemas.
    mutating func document() -> DocumentValue {
        for resource in resources {
            for operation in resource.operations { addCRUD(operation, of: resource) }
            for action in resource.actions { addAction(action, of: resource) }
        }
        for action in resolved.actions { addAction(action, of: nil) }
        var info: [(key: String, value: DocumentValue)] = [("title", .string(spec.api.name.value)), ("version", .string("1.0.0"))]
        let origin = spec.file.split(separator: "/").last.map(String.init) ?? spec.file
        info.append(("description", .string("\(SpecFile.exportMarker) \(CrudeGenVersion.current) from \(origin).")))
        var top: [(key: String, value: DocumentValue)] = [("openapi", .string("3.1.0")), ("info", .object(info))]
        if let baseURL = spec.api.baseURL {
            top.append(("servers", .array([.object([("url", .string(baseURL.value))])])))
        }
        top += apiExtensions()
        top.append(
            (
                "paths",
                .object(
                    paths.map { path in
                        (path.path, .object(path.operations.map { ($0.method.lowercased(), $0.operation) } + Self.repeatedOperations(path.repeated)))
                    })
            ))
        var components: [(key: String, value: DocumentValue)] = [("schemas", .object(schemas() + ErrorResponse.schemas(for: errorResponsesUsed)))]
        if !errorResponsesUsed.isEmpty {
            components.append(("responses", .object(errorResponsesUsed.sorted().map { ($0.componentName, $0.component) })))
        }
        top.append(("components", .object(components)))
        return .object(top)
    }

    /// What the `api` section and `transforms` say that OpenAPI cannot, as top-level extensions.
    private func apiExtensions() -> [(key: String, value: DocumentValue)] {
        var result: [(key: String, value: DocumentValue)] = []
        let name = spec.api.name.value
        if Self.needsName(name) || Mapper.apiName(fromTitle: name) != name { result.append((CrudegenExtension.name, .string(name))) }
        if !spec.api.headers.isEmpty {
            // OpenAPI has no headers sent with every request, and ignores header parameters named
            // Authorization, Accept or Content-Type: keep them for tools that know, and for `import`.
            result.append(Self.headersExtension(spec.api.headers))
        }
        // Always, an empty one too: import would otherwise find an envelope in a namespace every resource shares.
        result.append((CrudegenExtension.envelope, .string(spec.api.envelope?.value ?? "")))
        if spec.api.access != .public { result.append((CrudegenExtension.access, .string(spec.api.access.rawValue))) }
        if let cache = spec.api.cache { result.append((CrudegenExtension.cache, .string(cache.value.rawValue))) }
        // Always, `verbatim` too: import would otherwise choose a style from the keys, and snake-case keys of a
        // verbatim spec (`access_token`) would come back as other field names.
        result.append((CrudegenExtension.keys, .string(spec.api.keyStyle.rawValue)))
        if let store = spec.api.store { result.append((CrudegenExtension.store, .bool(store.value))) }
        // The paths group operations by route, which may put actions in another order than the spec's.
        let scopes: [(owner: String?, actions: [ActionSpec])] = [(nil, spec.actions)] + spec.resources.map { ($0.name.value, $0.actions) }
        if scopes.contains(where: { $0.actions.count > 1 }) {
            let order = scopes.flatMap { scope in
                scope.actions.map { action in
                    DocumentValue.object(
                        (scope.owner.map { [(CrudegenExtension.resourceKey, DocumentValue.string($0))] } ?? []) + [("action", .string(action.name.value))])
                }
            }
            result.append((CrudegenExtension.actions, .array(order)))
        }
        if !spec.transforms.isEmpty {
            let transforms = spec.transforms.map { transform -> (key: String, value: DocumentValue) in
                switch transform.kind {
                case let .dateFormat(format, timeZone):
                    var keys: [(key: String, value: DocumentValue)] = [("date_format", .string(format.value))]
                    if let timeZone { keys.append(("time_zone", .string(timeZone.value))) }
                    return (transform.name.value, .object(keys))
                case let .custom(valueType, swiftType):
                    return (transform.name.value, .object([("type", .string(valueType.value.description)), ("swift", .string(swiftType.value))]))
                }
            }
            result.append((CrudegenExtension.transforms, .object(transforms)))
        }
        return result
    }

    /// Whether `import` would name a type titled or keyed `name` otherwise, so the name must travel in `x-crudegen-name`.
    static func needsName(_ name: String) -> Bool {
        name.camelCased(uppercaseFirst: true) != name || TypeNames.isAvoided(name) || componentKey(name) != name
    }

    /// A spec's `pagination` with only the keys it sets, for `import` to read back exactly.
    private func paginationExtension(_ pagination: PaginationSpec) -> (key: String, value: DocumentValue) {
        var keys: [(key: String, value: DocumentValue)] = []
        if pagination.style != .nextURL { keys.append(("style", .string(pagination.style.rawValue))) }
        for (key, value) in [
            ("items", pagination.items), ("next", pagination.next), ("count", pagination.count), ("count_header", pagination.countHeader),
            ("parameter", pagination.parameter), ("size_parameter", pagination.sizeParameter),
        ] {
            if let value { keys.append((key, .string(value.value))) }
        }
        if let size = pagination.size { keys.append(("size", .integer(size.value))) }
        return (CrudegenExtension.pagination, .object(keys))
    }

    // MARK: operations

    /// Adds an operation under its path, merging with the operations already on that path. A path item
    /// holds one operation per method; a second one on the same method goes into the path item's
    /// `x-crudegen-operations`, and a warning at `location` (the spec's operation) says so.
    private mutating func add(_ operation: DocumentValue, method: String, route: String, location: SourceLocation?, describing name: String) {
        let path = "/" + route
        guard let index = paths.firstIndex(where: { $0.path == path }) else {
            paths.append((path, [(method, operation)], []))
            return
        }
        guard paths[index].operations.contains(where: { $0.method.lowercased() == method.lowercased() }) else {
            paths[index].operations.append((method, operation))
            return
        }
        paths[index].repeated.append((method, operation))
        warnings.append(
            .warning(
                "\(name) is another operation on `\(method.uppercased()) \(path)`; OpenAPI holds one per path and method, so it is exported in the path's `\(CrudegenExtension.operations)`, which only crudegen reads",
                at: location, hint: "give it a path or method of its own for other tools to see it"))
    }

    /// The `x-crudegen-operations` of a path item: the operations on a method the path item already has,
    /// by method, in the spec's order.
    private static func repeatedOperations(_ repeated: [(method: String, operation: DocumentValue)]) -> [(key: String, value: DocumentValue)] {
        guard !repeated.isEmpty else { return [] }
        var methods: [String] = []
        for (method, _) in repeated where !methods.contains(method.lowercased()) { methods.append(method.lowercased()) }
        let byMethod = methods.map { method in
            (method, DocumentValue.array(repeated.filter { $0.method.lowercased() == method }.map(\.operation)))
        }
        return [(CrudegenExtension.operations, .object(byMethod))]
    }

    /// `base`, or `base` and the first number from 2 that makes it an id no operation has yet. Names the
    /// spec keeps apart can meet here: resources `any` and `Any` both delete by `deleteAny`, an action
    /// `createPerson` meets resource `Person`'s create. `import` reads which operation each is from its
    /// `x-crudegen-…` marks, not from the id.
    private mutating func uniqueOperationID(_ base: String) -> String {
        var id = base
        var number = 2
        while !operationIDs.insert(id).inserted {
            id = base + String(number)
            number += 1
        }
        return id
    }

    /// Describes one CRUD operation of a resource with its route, verb, parameters, body and response.
    private mutating func addCRUD(_ resolvedOperation: ResolvedOperation, of resolvedResource: ResolvedResource) {
        let resource = resolvedResource.spec
        let kind = resolvedOperation.kind
        let name = resource.name.value
        let route = resolvedOperation.route.template
        let method = resolvedOperation.method.rawValue
        let returnsModel = resolvedOperation.returnsModel
        let model = reference(name)
        // A JSON:API resource's bodies are JSON:API documents, of their own media type.
        let mediaType = resolvedResource.mediaType
        var operation: [(key: String, value: DocumentValue)] = [
            ("operationId", .string(uniqueOperationID(kind.rawValue + SpecInterop.identifier(name, uppercaseFirst: true))))
        ]
        operation.append(("summary", .string(summary(of: kind, name))))
        operation += deprecation(resolvedOperation.deprecation)
        // Which resource and operation this is, whatever its route: `import` reads them back.
        operation += [(CrudegenExtension.resource, .string(name)), (CrudegenExtension.operation, .string(kind.rawValue))]
        if let cache = resource.cache[kind] { operation.append((CrudegenExtension.cache, .string(cache.value.rawValue))) }
        if kind == .list, let pagination = resource.pagination { operation.append(paginationExtension(pagination)) }
        operation += Self.ignoredHeadersExtension(resource.headers[kind] ?? [])
        let parameters =
            routeParameters(resolvedOperation.route) + queryParameters(kind == .list ? resolvedResource.query : [])
            + headerParameters(resource.headers[kind] ?? [])
        if !parameters.isEmpty { operation.append(("parameters", .array(parameters))) }
        if kind == .create || kind == .update {
            operation.append(("requestBody", requestBody(wrapped(model, in: wrappingKeys(resolvedResource.requestNamespace)), mediaType: mediaType)))
        } else if kind == .patch {
            // A patch sends only the fields it sets or clears: the writable fields, none required.
            let writable = resolvedResource.patchFields
            let patch =
                resolvedResource.jsonAPIType == nil
                ? object(writable, description: nil, requiring: false)
                : resourceObject(resolvedResource, fields: writable, description: nil, requiring: false)
            operation.append(("requestBody", requestBody(wrapped(patch, in: wrappingKeys(resolvedResource.requestNamespace)), mediaType: mediaType)))
        }
        let response: DocumentValue
        switch (kind, returnsModel) {
        case (.list, _):
            if let pagination = resolvedResource.pagination {
                response = jsonResponse(wrapped(page(of: model, pagination), in: envelope), description: "A page of \(name) values.", mediaType: mediaType)
                let queries = pageQueryParameters(pagination)
                if !queries.isEmpty {
                    let index = operation.firstIndex { $0.key == "parameters" }
                    if let index, case let .array(existing) = operation[index].value {
                        operation[index].value = .array(existing + queries)
                    } else {
                        operation.append(("parameters", .array(queries)))
                    }
                }
            } else {
                response = jsonResponse(
                    wrapped(.object([("type", .string("array")), ("items", model)]), in: wrappingKeys(resolvedResource.responseNamespaceMany)),
                    description: "The \(name) values.", mediaType: mediaType)
            }
        case (_, true):
            response = jsonResponse(
                wrapped(model, in: wrappingKeys(resolvedResource.responseNamespaceOne)), description: "The \(name).", mediaType: mediaType)
        case (_, false):
            response = Self.bodyNotRead
        }
        let status = kind == .create ? "201" : (returnsModel || kind == .list ? "200" : "204")
        var responses: [(key: String, value: DocumentValue)] = [(status, response)]
        // `crudegen serve` answers a create whose body the client does not read with 204.
        if kind == .create && !returnsModel { responses.append(("204", Self.noContent)) }
        let takesBody = kind.sendsBody
        var errors: [ErrorResponse] = []
        // GETs carry an ETag, so a client revalidating its copy gets 304.
        if resolvedOperation.method == .get && (returnsModel || kind == .list) { errors.append(.notModified) }
        // The page, offset or cursor of a paginated list is read too: a bad one is a 400.
        if takesBody || kind == .list && (!resolvedResource.query.isEmpty || resolvedResource.pagination != nil) { errors.append(.invalid) }
        if kind != .create && kind != .list || resolvedOperation.route.hasParameters { errors.append(.notFound) }
        if kind == .create { errors.append(.conflict) }
        if takesBody { errors += [.contentTooLarge, .unsupportedMediaType] }
        operation.append(("responses", .object(responses + errorResponses(errors))))
        add(.object(operation), method: method, route: route, location: resource.name.location, describing: "the `\(kind.rawValue)` of `\(name)`")
    }

    /// `deprecated: true` and the message, if any, for a deprecated operation; nothing otherwise.
    private func deprecation(_ deprecation: DeprecationSpec?) -> [(key: String, value: DocumentValue)] {
        guard let deprecation else { return [] }
        return [("deprecated", .bool(true))] + (deprecation.message.map { [(CrudegenExtension.deprecationMessage, .string($0))] } ?? [])
    }

    /// A one-line summary of a CRUD operation, as the generated doc comments say it.
    private func summary(of kind: CRUDOperation, _ name: String) -> String {
        let one = "\(Self.indefiniteArticle(for: name)) \(name)"
        return switch kind {
        case .create: "Creates \(one)."
        case .read: "Reads \(one) by its id."
        case .update: "Updates \(one)."
        case .patch: "Updates some fields of \(one)."
        case .delete: "Deletes \(one)."
        case .list: "Lists \(name) values."
        }
    }

    /// `a` or `an` before a type name, by how it is spoken: an Author, a User, an HTTPRequest, a URL.
    ///
    /// Spelling only approximates sound; these rules cover the names specs use (the exceptions of English
    /// such as "an hour" or "a one-off" are listed), and a wrong guess costs only a summary's grammar.
    private static func indefiniteArticle(for name: String) -> String {
        let capitals = name.prefix { $0.isUppercase }
        // An acronym is spelled letter by letter: `HTTPRequest` starts with "aitch", `URL` with "you".
        if capitals.count > 1, let first = capitals.first {
            return "AEFHILMNORSX".contains(first) ? "an" : "a"
        }
        let word = name.lowercased()
        if ["hour", "honest", "honor", "honour", "heir"].contains(where: word.hasPrefix) { return "an" }
        if ["one", "once", "eu", "ewe", "uni", "use", "usu", "uti", "ura", "ure", "uro", "ubi", "ufo"].contains(where: word.hasPrefix) { return "a" }
        return word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }

    /// Describes an action with its route, verb, parameters, headers, body and response.
    private mutating func addAction(_ resolvedAction: ResolvedAction, of resource: ResolvedResource?) {
        let action = resolvedAction.spec
        let owner = resolvedAction.owner
        var operation: [(key: String, value: DocumentValue)] = [
            ("operationId", .string(uniqueOperationID((owner.map { SpecInterop.identifier($0, uppercaseFirst: false) + "_" } ?? "") + action.name.value)))
        ]
        // Every action says it is one, with its name: `import` would name an API action by its operationId in
        // lower camel case (`URLSession12` as `uRLSession12`), and could take one on a resource's route for
        // that resource's operation.
        operation += (owner.map { [(CrudegenExtension.resource, DocumentValue.string($0))] } ?? []) + [(CrudegenExtension.action, .string(action.name.value))]
        if let cache = action.cache { operation.append((CrudegenExtension.cache, .string(cache.value.rawValue))) }
        if let pagination = action.pagination { operation.append(paginationExtension(pagination)) }
        operation += Self.ignoredHeadersExtension(action.headers)
        if let description = action.description { operation.append(("description", .string(description))) }
        operation += deprecation(action.deprecated?.value)
        var parameters = routeParameters(resolvedAction.route) + queryParameters(resolvedAction.query)
        parameters += headerParameters(action.headers)
        if let pagination = resolvedAction.pagination { parameters += pageQueryParameters(pagination.declaration) }
        if !parameters.isEmpty { operation.append(("parameters", .array(parameters))) }
        if let schema = payloadSchema(resolvedAction.body) {
            switch resolvedAction.bodyFormat {
            case .json: operation.append(("requestBody", jsonBody(wrapped(schema, in: wrappingKeys(resolvedAction.requestNamespace)))))
            // Forms have neither envelope nor namespace.
            case .form: operation.append(("requestBody", requestBody(schema, mediaType: "application/x-www-form-urlencoded")))
            case .multipart: operation.append(("requestBody", requestBody(schema, mediaType: "multipart/form-data")))
            }
        }
        var responses: [(key: String, value: DocumentValue)]
        if let pagination = resolvedAction.pagination {
            // A paginated action returns its items (`"[Issue]"`) inside the page object.
            responses = [
                (
                    "200",
                    jsonResponse(
                        wrapped(page(of: schema(ofValue: pagination.itemType), pagination.declaration), in: envelope), description: "A page of the items.")
                )
            ]
        } else if case .file = resolvedAction.response {
            // A download, whatever its media type; the spec does not say which.
            responses = [
                (
                    "200",
                    .object([
                        ("description", .string("The file.")),
                        ("content", .object([("application/octet-stream", .object([("schema", schema(ofValue: .named(BuiltinType.file.rawValue)))]))])),
                    ])
                )
            ]
        } else if let schema = payloadSchema(resolvedAction.response) {
            // A resource's action returning the resource or an array of it answers in the resource's namespace.
            responses = [("200", jsonResponse(wrapped(schema, in: wrappingKeys(resolvedAction.responseNamespace)), description: "The response."))]
        } else {
            // `crudegen serve` answers an action that returns nothing with 204.
            responses = [("200", Self.bodyNotRead), ("204", Self.noContent)]
        }
        let takesBody = operation.contains { $0.key == "requestBody" }
        var errors: [ErrorResponse] = []
        if takesBody || !resolvedAction.query.isEmpty || resolvedAction.pagination != nil { errors.append(.invalid) }
        if resolvedAction.route.hasParameters { errors.append(.notFound) }
        if takesBody { errors += [.contentTooLarge, .unsupportedMediaType] }
        // What an action answers is the server's own logic, which a stand-in such as `crudegen serve` may not have.
        errors.append(.notImplemented)
        operation.append(("responses", .object(responses + errorResponses(errors))))
        add(
            .object(operation), method: resolvedAction.method.rawValue, route: resolvedAction.route.template, location: action.name.location,
            describing: "action `\(action.name.value)`" + (owner.map { " of `\($0)`" } ?? ""))
    }

    /// The schema of an action's body or JSON response; `nil` when it has none.
    private func payloadSchema(_ payload: ResolvedPayload) -> DocumentValue? {
        switch payload {
        case let .type(type): schema(ofValue: type)
        // Declared in place in the spec, so in place in the document too.
        case let .fields(_, fields): object(fields, description: nil)
        case .none, .file: nil
        }
    }

    /// Keys wrapping a body: the envelope (the client wraps requests by default, and every response is in
    /// it) and a namespace.
    private func wrappingKeys(_ namespace: String?) -> [String] {
        envelope + (namespace.map { [$0] } ?? [])
    }

    /// The path parameters of a route, typed by what they resolve to. A value is written into the path as
    /// its type writes it, whatever transform its field or param names (the generated client applies none).
    private func routeParameters(_ route: ResolvedRoute) -> [DocumentValue] {
        // A route may use a parameter twice (`{id}/{id}`); OpenAPI declares each one once.
        var seen: Set<String> = []
        return route.parameters.filter { seen.insert($0.name).inserted }.map { parameter in
            var pairs: [(String, DocumentValue)] = [
                ("name", .string(parameter.name)), ("in", .string("path")), ("required", .bool(true)), ("schema", schema(ofValue: parameter.type)),
            ]
            guard case let .argument(param) = parameter.source else { return .object(pairs) }
            // Import names a parameter's argument in camel case; a spec that names it otherwise says so.
            let swiftName = param.swiftName?.value ?? SpecInterop.propertyName(parameter.name)
            if swiftName != Mapper.parameterName(parameter.name) { pairs.append((CrudegenExtension.swiftName, .string(swiftName))) }
            return .object(pairs)
        }
    }

    /// The header parameters OpenAPI ignores, lowercased: the media types and authorization say them.
    private static let ignoredHeaderParameters: Set<String> = ["accept", "content-type", "authorization"]

    /// `x-crudegen-headers`: fixed headers as `[{ name, value }]`, in the spec's order.
    private static func headersExtension(_ headers: [HeaderSpec]) -> (key: String, value: DocumentValue) {
        (CrudegenExtension.headers, .array(headers.map { .object([("name", .string($0.name.value)), ("value", .string($0.value.value))]) }))
    }

    /// An operation's `x-crudegen-headers` when it has a header no parameter can carry (an `Accept`), so
    /// that `import` gives every header back, in order; nothing otherwise.
    private static func ignoredHeadersExtension(_ headers: [HeaderSpec]) -> [(key: String, value: DocumentValue)] {
        headers.contains { ignoredHeaderParameters.contains($0.name.value.lowercased()) } ? [headersExtension(headers)] : []
    }

    /// Fixed header values as required header parameters whose only value is the spec's, but for those
    /// OpenAPI ignores as parameters.
    private func headerParameters(_ headers: [HeaderSpec]) -> [DocumentValue] {
        headers.filter { !Self.ignoredHeaderParameters.contains($0.name.value.lowercased()) }.map { header in
            .object([
                ("name", .string(header.name.value)), ("in", .string("header")), ("required", .bool(true)),
                ("schema", .object([("type", .string("string")), ("const", .string(header.value.value))])),
            ])
        }
    }

    /// A success whose body, if any, the client ignores.
    private static let bodyNotRead = DocumentValue.object([("description", .string("Done; the body, if any, is not read."))])

    /// A success without a body.
    private static let noContent = DocumentValue.object([("description", .string("Done."))])

    /// The `responses` entries of `errors`, by status, each a reference to its component, which the
    /// document then holds.
    private mutating func errorResponses(_ errors: [ErrorResponse]) -> [(key: String, value: DocumentValue)] {
        errorResponsesUsed.formUnion(errors)
        return errors.sorted().map { ($0.status, $0.reference) }
    }

    /// A required JSON request body of `schema`.
    private func jsonBody(_ schema: DocumentValue) -> DocumentValue {
        requestBody(schema, mediaType: "application/json")
    }

    /// A required request body of `schema` in `mediaType`.
    private func requestBody(_ schema: DocumentValue, mediaType: String) -> DocumentValue {
        .object([("required", .bool(true)), ("content", .object([(mediaType, .object([("schema", schema)]))]))])
    }

    /// A JSON response of `schema`.
    private func jsonResponse(_ schema: DocumentValue, description: String, mediaType: String = "application/json") -> DocumentValue {
        .object([("description", .string(description)), ("content", .object([(mediaType, .object([("schema", schema)]))]))])
    }

    /// `schema` inside objects keyed by `keys`, outermost first: the envelope and namespace on the wire.
    private func wrapped(_ schema: DocumentValue, in keys: [String]) -> DocumentValue {
        keys.reversed().reduce(schema) { inner, key in
            .object([("type", .string("object")), ("required", .array([.string(key)])), ("properties", .object([(key, inner)]))])
        }
    }

    /// What a paginated list returns: the items (an array of `item`) at their key path, with the next
    /// link, page or cursor and the total where the pagination says, inside objects for every key of a
    /// dotted path; the array itself for `Link` header pagination.
    private func page(of item: DocumentValue, _ paths: PaginationDeclaration) -> DocumentValue {
        let items = DocumentValue.object([("type", .string("array")), ("items", item)])
        guard !paths.items.isEmpty else { return items }
        var members: [(path: [String], schema: DocumentValue, required: Bool)] = []
        if let count = paths.count { members.append((count.split(separator: ".").map(String.init), .object([("type", .string("integer"))]), true)) }
        if let next = paths.next {
            let link: DocumentValue =
                switch paths.style {
                case .nextURL: .object([("type", .array([.string("string"), .string("null")])), ("format", .string("uri"))])
                case .pageNumber: .object([("type", .array([.string("integer"), .string("null")]))])
                default: .object([("type", .array([.string("string"), .string("null")]))])
                }
            members.append((next.split(separator: ".").map(String.init), link, false))
            if paths.style == .nextURL(keyPath: "next"), paths.items == "results" {
                members.append((["previous"], link, false))
            }
        }
        members.append((paths.items.split(separator: ".").map(String.init), items, true))
        return merged(members)
    }

    /// An object holding each member's schema at its key path, nested objects shared between paths.
    private func merged(_ members: [(path: [String], schema: DocumentValue, required: Bool)]) -> DocumentValue {
        var keys: [String] = []
        for member in members where !keys.contains(member.path[0]) { keys.append(member.path[0]) }
        var properties: [(key: String, value: DocumentValue)] = []
        var required: [DocumentValue] = []
        for key in keys {
            let here = members.filter { $0.path[0] == key }
            if let leaf = here.first(where: { $0.path.count == 1 }) {
                properties.append((key, leaf.schema))
                if leaf.required { required.append(.string(key)) }
            } else {
                properties.append((key, merged(here.map { (Array($0.path.dropFirst()), $0.schema, $0.required) })))
                if here.contains(where: \.required) { required.append(.string(key)) }
            }
        }
        var object: [(key: String, value: DocumentValue)] = [("type", .string("object"))]
        if !required.isEmpty { object.append(("required", .array(required))) }
        object.append(("properties", .object(properties)))
        return .object(object)
    }

    /// Query parameters declared as fields: an action's `query`, or a resource's for its list.
    private func queryParameters(_ fields: [ResolvedField]) -> [DocumentValue] {
        fields.map { field in
            var parameter: [(key: String, value: DocumentValue)] = [("name", .string(field.key)), ("in", .string("query"))]
            if !field.declaredType.isOptional { parameter.append(("required", .bool(true))) }
            if let description = field.spec.description { parameter.append(("description", .string(description))) }
            let valueSchema = schema(of: field.declaredType.nonOptional, transform: field.transform)
            parameter.append(
                ("schema", field.spec.example.map { Self.adding([examples($0.value, of: field.declaredType)], to: valueSchema) } ?? valueSchema))
            if field.spec.arrayStyle?.value == "comma" { parameter += [("style", .string("form")), ("explode", .bool(false))] }
            parameter += fieldExtensions(field)
            return .object(parameter)
        }
    }

    /// The query parameters a paginated list sends: the page, offset or cursor and the page size.
    private func pageQueryParameters(_ resolved: PaginationDeclaration) -> [DocumentValue] {
        var result: [DocumentValue] = []
        if let parameter = resolved.parameter {
            let type = if case .cursor = resolved.style { "string" } else { "integer" }
            result.append(.object([("name", .string(parameter)), ("in", .string("query")), ("schema", .object([("type", .string(type))]))]))
        }
        if let size = resolved.size {
            result.append(.object([("name", .string(size.parameter)), ("in", .string("query")), ("schema", .object([("type", .string("integer"))]))]))
        }
        return result
    }

    // MARK: schemas

    /// A reference to the component schema `name`.
    private func reference(_ name: String) -> DocumentValue {
        .object([("$ref", .string("#/components/schemas/" + Self.componentKey(name)))])
    }

    /// The key of a type's component schema: its name, when OpenAPI allows it as one (letters, digits,
    /// `.`, `_`, `-` in ASCII); else each other character as its code point between dots (`Ünïcode` →
    /// `.DC.n.EF.code`), which no spec name has, as they hold no dots. `x-crudegen-name` keeps the name.
    static func componentKey(_ name: String) -> String {
        name.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
                ? String(scalar) : "." + String(scalar.value, radix: 16, uppercase: true) + "."
        }.joined()
    }

    /// The component schemas: enums, models, then resources (with their id property), in spec order.
    private func schemas() -> [(key: String, value: DocumentValue)] {
        var result: [(key: String, value: DocumentValue)] = []
        for enumeration in spec.enums {
            var schema: [(key: String, value: DocumentValue)] = [("type", .string(enumeration.rawType == .int ? "integer" : "string"))]
            if let description = enumeration.description { schema.append(("description", .string(description))) }
            schema.append(
                ("enum", .array(enumeration.cases.map { enumeration.rawType == .int ? .integer(Int($0.rawValue.value) ?? 0) : .string($0.rawValue.value) })))
            if !enumeration.derivesCaseNames {
                // The names the spec gives its cases, under the extension other generators read too.
                schema.append(("x-enum-varnames", .array(enumeration.cases.map { .string($0.name.value) })))
            }
            result.append((enumeration.name.value, declaration(.object(schema), name: enumeration.name.value, swiftName: enumeration.swiftName?.value)))
        }
        for union in spec.unions {
            result.append((union.name.value, declaration(schema(of: union), name: union.name.value, swiftName: union.swiftName?.value)))
        }
        for model in resolved.models {
            result.append((model.name, declaration(object(model.fields, description: model.description), name: model.name, swiftName: model.swiftName)))
        }
        for resolvedResource in resources {
            let resource = resolvedResource.spec
            let schema =
                resolvedResource.jsonAPIType == nil
                ? object([resolvedResource.id] + resolvedResource.fields, description: resource.description)
                : resourceObject(resolvedResource, fields: resolvedResource.fields, description: resource.description, idRequired: !resolvedResource.creates)
            // Without an operation on its item path, nothing names the id but the spec.
            let hasMember = resource.operations.contains { ![.create, .list].contains($0.value) }
            result.append(
                (
                    resource.name.value,
                    declaration(
                        schema, name: resource.name.value, swiftName: resource.swiftName?.value, path: resource.path.value,
                        id: hasMember ? nil : resource.id.name.value,
                        namespace: resource.namespace, store: resource.store)
                ))
        }
        return result.map { (Self.componentKey($0.key), $0.value) }
    }

    /// A JSON:API resource object of `resource` (jsonapi.org, "Resource Objects"): its `type`, its `id`
    /// (required when `idRequired`), the fields of `fields` that are no relationship as its
    /// `attributes` and the others as its `relationships`, each holding `data`: a resource identifier
    /// (`null` when the relationship may be empty), or an array of them. `requiring` is as ``object(_:description:requiring:)``'s.
    private func resourceObject(
        _ resource: ResolvedResource, fields: [ResolvedField], description: String?, idRequired: Bool = false, requiring: Bool = true
    ) -> DocumentValue {
        let type = resource.jsonAPIType ?? resource.name
        var properties: [(key: String, value: DocumentValue)] = [("type", .object([("type", .string("string")), ("enum", .array([.string(type)]))]))]
        var required: [DocumentValue] = requiring ? [.string("type")] : []
        properties.append(("id", property(resource.id, type: resource.spec.id.type.value)))
        if idRequired && requiring { required.append(.string("id")) }
        let attributes = fields.filter { $0.jsonAPIMember == .attribute }
        properties.append(("attributes", object(attributes, description: nil, requiring: requiring)))
        if requiring && attributes.contains(where: \.isRequiredInBodies) { required.append(.string("attributes")) }
        let relationships = fields.filter { $0.jsonAPIMember != .attribute }
        if !relationships.isEmpty {
            var members: [(key: String, value: DocumentValue)] = []
            var requiredMembers: [DocumentValue] = []
            for resolvedField in relationships {
                let field = resolvedField.spec
                let key = resolvedField.key
                // A UUID id is a string of format `uuid`, as the resource's own id is.
                let id: [(key: String, value: DocumentValue)] =
                    [("type", .string("string"))] + (field.type.value.baseName == "UUID" ? [("format", .string("uuid"))] : [])
                let identifier = DocumentValue.object([
                    ("type", .string("object")), ("required", .array([.string("type"), .string("id")])),
                    (
                        "properties",
                        .object([
                            ("type", .object([("type", .string("string")), ("enum", .array([.string(field.relationship?.value ?? "")]))])),
                            ("id", .object(id)),
                        ])
                    ),
                ])
                let data: DocumentValue
                if case .array = field.type.value.nonOptional {
                    data = .object([("type", .string("array")), ("items", identifier)])
                } else if field.type.value.isOptional {
                    data = .object([("anyOf", .array([identifier, .object([("type", .string("null"))])]))])
                } else {
                    data = identifier
                }
                var member: [(key: String, value: DocumentValue)] = [
                    ("type", .string("object")), ("required", .array([.string("data")])), ("properties", .object([("data", data)])),
                ]
                if field.readOnly { member.append(("readOnly", .bool(true))) }
                if field.writeOnly { member.append(("writeOnly", .bool(true))) }
                if let description = field.description { member.append(("description", .string(description))) }
                if let example = field.example { member.append(("examples", .array([.string(example.value)]))) }
                member += fieldExtensions(resolvedField)
                members.append((key, .object(member)))
                if requiring && !field.type.value.isOptional { requiredMembers.append(.string(key)) }
            }
            var object: [(key: String, value: DocumentValue)] = [("type", .string("object"))]
            if !requiredMembers.isEmpty { object.append(("required", .array(requiredMembers))) }
            object.append(("properties", .object(members)))
            properties.append(("relationships", .object(object)))
            if !requiredMembers.isEmpty { required.append(.string("relationships")) }
        }
        var result: [(key: String, value: DocumentValue)] = [("type", .string("object"))]
        if let description { result.append(("description", .string(description))) }
        if !required.isEmpty { result.append(("required", .array(required))) }
        result.append(("properties", .object(properties)))
        // The object shows the attributes, then the relationships; the spec's order, where it mixes them, travels apart.
        if fields.map({ $0.jsonAPIMember != .attribute }) != attributes.map({ _ in false }) + relationships.map({ _ in true }) {
            result.append((CrudegenExtension.fields, .array(fields.map { .string($0.key) })))
        }
        return .object(result)
    }

    /// A union's schema: `oneOf` with its discriminator and a mapping of each tag, or `anyOf` for variants
    /// tried in order (a value may be more than one of them). `x-crudegen-variants` keeps names and Swift
    /// names that `import` would not derive from the types or tags.
    private func schema(of union: UnionSpec) -> DocumentValue {
        var pairs: [(key: String, value: DocumentValue)] = []
        if let description = union.description { pairs.append(("description", .string(description))) }
        var members: [DocumentValue] = []
        var seen: Set<String> = []
        for variant in union.variants where seen.insert(variant.type.value.description).inserted {
            members.append(schema(ofValue: variant.type.value))
        }
        if let key = union.discriminator {
            pairs.append(("oneOf", .array(members)))
            let mapping = union.variants.map { ($0.name.value, DocumentValue.string("#/components/schemas/" + Self.componentKey($0.type.value.baseName))) }
            pairs.append(("discriminator", .object([("propertyName", .string(key.value)), ("mapping", .object(mapping))])))
        } else {
            pairs.append(("anyOf", .array(members)))
        }
        // A union of one variant says so too: import reads an `anyOf` of one member as that member's type.
        if union.variants.count == 1 || union.variants.contains(where: { $0.swiftName != nil || (union.discriminator == nil && !$0.isListed) }) {
            let variants = union.variants.map { variant in
                DocumentValue.object(
                    [("name", .string(variant.name.value))] + (variant.swiftName.map { [("swift_name", DocumentValue.string($0.value))] } ?? []))
            }
            pairs.append((CrudegenExtension.variants, .array(variants)))
        }
        return .object(pairs)
    }

    /// An object schema of `fields` by JSON key, requiring every field that is not optional or is `required`
    /// (unless not `requiring`): a required optional field is a required key whose schema allows `null`.
    private func object(_ fields: [ResolvedField], description: String?, requiring: Bool = true) -> DocumentValue {
        var result: [(key: String, value: DocumentValue)] = [("type", .string("object"))]
        if let description { result.append(("description", .string(description))) }
        let required = fields.filter { requiring && $0.isRequiredInBodies }.map { DocumentValue.string($0.key) }
        if !required.isEmpty { result.append(("required", .array(required))) }
        if !fields.isEmpty {
            result.append(("properties", .object(fields.map { field in (field.key, property(field)) })))
        }
        return .object(result)
    }

    /// A field's schema, of the type it declares (or `type`), with its read-only flag and description; a
    /// reference takes them through `allOf`.
    private func property(_ resolvedField: ResolvedField, type: TypeExpression? = nil) -> DocumentValue {
        let field = resolvedField.spec
        let base = schema(of: type ?? resolvedField.declaredType, transform: resolvedField.transform)
        var extra: [(key: String, value: DocumentValue)] = []
        if field.readOnly { extra.append(("readOnly", .bool(true))) }
        if field.writeOnly { extra.append(("writeOnly", .bool(true))) }
        if let description = field.description { extra.append(("description", .string(description))) }
        if let example = field.example { extra.append(examples(example.value, of: field.type.value)) }
        extra += fieldExtensions(resolvedField)
        guard case var .object(pairs) = base else { return base }
        // The field's own description replaces what the wire schema says of its transform.
        if field.description != nil { pairs.removeAll { $0.key == "description" } }
        return Self.adding(extra, to: .object(pairs))
    }

    /// `schema` with more keywords; a reference takes them through `allOf`, as a reference's siblings are
    /// not read by every tool.
    private static func adding(_ keywords: [(key: String, value: DocumentValue)], to schema: DocumentValue) -> DocumentValue {
        guard !keywords.isEmpty, case let .object(pairs) = schema else { return schema }
        return pairs.contains(where: { $0.key == "$ref" }) ? .object([("allOf", .array([schema]))] + keywords) : .object(pairs + keywords)
    }

    /// A field's example as the schema's `examples`, the JSON it stands for: a whole number or a flag of a
    /// field of that type when it reads back as the same text, else the text (a decimal keeps its spelling so).
    private func examples(_ example: String, of type: TypeExpression) -> (key: String, value: DocumentValue) {
        let value: DocumentValue
        switch type.nonOptional {
        case let .named(name):
            switch symbols.resolve(name) {
            case .builtin(.int)?, .builtin(.int32)?, .builtin(.int64)?, .builtin(.uint)?:
                value = Int(example).flatMap { String($0) == example ? .integer($0) : nil } ?? .string(example)
            case .builtin(.bool)? where example == "true" || example == "false": value = .bool(example == "true")
            default: value = .string(example)
            }
        default: value = .string(example)
        }
        return ("examples", .array([value]))
    }

    /// What OpenAPI cannot say about a field, for `import` to read back: a name it would not derive from
    /// the key, a Swift name, a transform with the spec type it applies to (the schema shows the wire's).
    private func fieldExtensions(_ resolvedField: ResolvedField) -> [(key: String, value: DocumentValue)] {
        var result: [(key: String, value: DocumentValue)] = []
        let field = resolvedField.spec
        if field.name.value != FieldSpec.importedName(forKey: resolvedField.key, style: spec.api.keyStyle) {
            result.append((CrudegenExtension.name, .string(field.name.value)))
        }
        if let swiftName = field.swiftName { result.append((CrudegenExtension.swiftName, .string(swiftName.value))) }
        if let transform = field.transform {
            result += [(CrudegenExtension.transform, .string(transform.value)), (CrudegenExtension.type, .string(field.type.value.description))]
        }
        return result
    }

    /// A component schema with what OpenAPI cannot say about the type: its spec name where `import` would
    /// derive another, its Swift name, and a resource's path, namespace and store setting.
    private func declaration(
        _ schema: DocumentValue, name: String, swiftName: String?, path: String? = nil, id: String? = nil, namespace: NamespaceSpec? = nil,
        store: Located<Bool>? = nil
    ) -> DocumentValue {
        guard case var .object(pairs) = schema else { return schema }
        if Self.needsName(name) { pairs.append((CrudegenExtension.name, .string(name))) }
        if let swiftName { pairs.append((CrudegenExtension.swiftName, .string(swiftName))) }
        if let path { pairs.append((CrudegenExtension.path, .string(path))) }
        if let id { pairs.append((CrudegenExtension.id, .string(id))) }
        if let namespace {
            var keys: [(key: String, value: DocumentValue)] = []
            if let one = namespace.one { keys.append(("one", .string(one.value))) }
            if let many = namespace.many { keys.append(("many", .string(many.value))) }
            if namespace.direction != .both { keys.append(("applies_to", .string(namespace.direction.rawValue))) }
            pairs.append((CrudegenExtension.namespace, .object(keys)))
        }
        if let store { pairs.append((CrudegenExtension.store, .bool(store.value))) }
        return .object(pairs)
    }

    /// The JSON schema of values of a spec type under their type's default transform (a `Date` is ISO 8601).
    private func schema(ofValue type: TypeExpression) -> DocumentValue {
        schema(of: type, transform: resolved.defaultTransform(of: type))
    }

    /// The JSON schema of a spec type; `transform` (applied to each element) changes how values look on the wire.
    private func schema(of type: TypeExpression, transform: ResolvedTransform?) -> DocumentValue {
        switch type {
        case let .optional(wrapped):
            let inner = schema(of: wrapped, transform: transform)
            guard case let .object(pairs) = inner else { return inner }
            if let index = pairs.firstIndex(where: { $0.key == "type" }), case let .string(single) = pairs[index].value {
                var nullable = pairs
                nullable[index].value = .array([.string(single), .string("null")])
                return .object(nullable)
            }
            // `JSON?` too: `{}` allows `null` already, but `[JSON?]` and `[JSON]` are other Swift types.
            return .object([("anyOf", .array([inner, .object([("type", .string("null"))])]))])
        case let .array(element):
            return .object([("type", .string("array")), ("items", schema(of: element, transform: transform))])
        case let .dictionary(value):
            return .object([("type", .string("object")), ("additionalProperties", schema(of: value, transform: transform))])
        case let .named(name):
            switch SpecInterop.kind(of: name, in: symbols) {
            case .enumeration?, .union?, .model?, .resource?:
                return reference(name)
            case .builtin?, nil:
                return builtin(name, transform: transform)
            }
        }
    }

    /// The schema of a built-in spec type as its transform writes it on the wire (the type's own schema
    /// for a transform that writes the type as it is, and without one).
    private func builtin(_ name: String, transform: ResolvedTransform?) -> DocumentValue {
        switch transform {
        case let .builtin(builtin, type)?:
            switch builtin {
            case .epochSeconds, .epochMilliseconds:
                return .object([("type", .string("integer")), ("format", .string("int64")), ("description", .string(TransformNote.of(builtin) ?? ""))])
            // 100 is the whole, but a share may be more (growth) or less (a loss): the runtime reads any number.
            case .percentage: return .object([("type", .string("number"))])
            case .lenient:
                // The runtime's lenient transforms read every scalar into the type (`true` as 1, `4.7` as 4, `"yes"`
                // as true); the type's own comes first.
                let accepted = [type.jsonType] + ["string", "number", "boolean"].filter { $0 != type.jsonType }
                return .object([("type", .array(accepted.map(DocumentValue.string)))])
            case .stringID: return .object([("type", .array([.string("string"), .string("integer")]))])
            case .iso8601, .iso8601Fractional, .url: break
            }
        case let .dateFormat(_, format, _)?:
            return format == "yyyy-MM-dd"
                ? .object([("type", .string("string")), ("format", .string("date"))])
                : .object([("type", .string("string")), ("description", .string(TransformNote.of(dateFormat: format)))])
        // Only the user's Swift knows the JSON side of their transform.
        case .custom?: return .object([])
        case nil: break
        }
        return .object(
            (BuiltinType(rawValue: name)?.jsonSchema ?? []).map { keyword, value in
                switch value {
                case let .string(text): (keyword, .string(text))
                case let .integer(number): (keyword, .integer(number))
                }
            })
    }
}
