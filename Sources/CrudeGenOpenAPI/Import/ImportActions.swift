import CrudeGenCore
import Foundation
import OpenAPIKit

/// The importer's actions: every operation no resource took becomes an action.
extension Mapper {
    /// The action for an endpoint no resource took, with the resource it belongs to (`x-crudegen-resource`)
    /// when it is one's; `nil`, with a warning, when a spec cannot call it.
    mutating func action(_ endpoint: Endpoint, names actionNames: inout Set<String>) -> (action: ActionSpec, owner: String?)? {
        let operation = endpoint.operation
        let described = "\(endpoint.method) \(endpoint.path.rawValue)"
        guard ActionSpec.httpMethods.contains(endpoint.method) else {
            warn("\(described) is left out: a spec has no \(endpoint.method) calls", at: endpoint.pointer)
            return nil
        }
        var body: PayloadSpec?
        var bodySchema: JSONSchema?
        var bodyPointer = endpoint.pointer
        var form: (format: BodyFormatSpec, schema: JSONSchema, pointer: [String])?
        if let request = requestSchema(operation) {
            bodyPointer += request.pointer
            if let others = request.otherTypes {
                form = formRequest(operation)
                guard form != nil else {
                    let named = others.isEmpty ? "of no media type" : others.map { "`\($0)`" }.joined(separator: " or ")
                    warn(
                        "\(described) is left out: its request body is \(named), and a spec sends JSON, forms and multipart bodies of objects only",
                        at: endpoint.pointer + ["requestBody"])
                    return nil
                }
            }
            bodySchema = request.schema
        }
        // An action `export` marked keeps its name, and goes back to its resource when it had one.
        let markedName = (operation.vendorExtensions[CrudegenExtension.action]?.value as? String).flatMap { SpecInterop.isActionName($0) ? $0 : nil }
        let marked = markedName.flatMap { name in
            (operation.vendorExtensions[CrudegenExtension.resource]?.value as? String).flatMap { owner in
                spec.resources.first { $0.name.value == owner }.map { (owner: $0, name: name) }
            }
        }
        let base =
            markedName
            ?? operation.operationId.map {
                OperationIDs.authorsName(of: $0, path: endpoint.path.rawValue, method: endpoint.method).camelCased(uppercaseFirst: false)
            }
            ?? (endpoint.method.lowercased() + " "
            + endpoint.path.components.map { $0.replacingOccurrences(of: "{", with: "by ").replacingOccurrences(of: "}", with: "") }.joined(separator: " "))
            .camelCased(uppercaseFirst: false)
        let scope = marked.map { $0.owner.name.value + "." } ?? ""
        var name = base
        var number = 2
        while actionNames.contains(scope + name) || actionNames.contains((scope + name).lowercased()) {
            name = "\(base)\(number)"
            number += 1
        }
        actionNames.insert(scope + name)
        actionNames.insert((scope + name).lowercased())
        let typeBase = (marked?.owner.name.value ?? "") + SpecInterop.payloadTypeName(action: name, suffix: "")
        if let form {
            // Declared in place, where a property can be a `File`; the component the body names (FastAPI's
            // `Body_login_token_post`) is dropped unless something else refers to it. A body left out leaves
            // nothing behind: reading its fields may have declared types named after them.
            let beforeBody = self
            guard let fields = formFields(form, owner: typeBase + "Body", pointer: endpoint.pointer + form.pointer), names.claimExactly(typeBase + "Body")
            else {
                self = beforeBody
                warn(
                    "\(described) is left out: its `\(form.format == .form ? "application/x-www-form-urlencoded" : "multipart/form-data")` body is not an object of fields a form can carry",
                    at: endpoint.pointer + form.pointer, hint: "a form field is a scalar, an enum, a file (in multipart bodies) or an array of them")
                return nil
            }
            if let model = referencedModel(form.schema) { consumedModels.insert(model.typeName) }
            body = .fields(fields, at: .unwritten)
        } else if let bodySchema {
            body = payload(withoutNamespace(bodySchema, of: marked?.owner), typeName: typeBase + "Body", pointer: bodyPointer)
        } else if operation.requestBody != nil {
            body = .type(Located(unwritten: .named("JSON")))
        }
        // A body declared in place is all sent: what its schema marks read-only (DRF's `token` beside the
        // `username` and `password` of `AuthTokenSerializer`) is not an argument, and write-only says nothing.
        if case let .fields(fields, location)? = body {
            body = .fields(
                fields.filter { !$0.readOnly }.map { field in
                    var sent = field
                    sent.writeOnly = false
                    return sent
                }, at: location)
        }
        var returns: PayloadSpec?
        var pagination = Self.paginationExtension(operation.vendorExtensions)
        if let success = successSchema(operation) {
            // A paged action returns the items' array, found at its key path inside the page (the body itself
            // for `Link` header pages); without one there, it is no paged action.
            var items: TypeExpression?
            if let page = pagination, let schema = success.schema {
                let keys = page.resolved.items.split(separator: ".").map(String.init)
                let array = keys.reduce(Optional(schema)) { found, key in
                    guard case let .object(_, object)? = found?.value else { return nil }
                    return object.properties[key]
                }
                let pointer = endpoint.pointer + success.pointer + keys.flatMap { ["properties", $0] }
                if let array, case let (.array(element), _) = typeExpression(of: array, hint: typeBase + "Item", pointer: pointer) { items = .array(element) }
            }
            if items == nil { pagination = nil }
            if let items {
                returns = .type(Located(unwritten: items))
            } else if let schema = success.schema, case .string = schema.value, Self.isFile(schema) {
                // Binary bytes under a JSON-like media type (springdoc writes `*/*` for a `byte[]`): a file too.
                returns = .type(Located(unwritten: .named("File")))
            } else if let schema = success.schema {
                returns = payload(withoutNamespace(schema, of: marked?.owner), typeName: typeBase + "Response", pointer: endpoint.pointer + success.pointer)
            } else if success.contentType != nil {
                // Not JSON (a PDF, an image, a CSV, `application/octet-stream`): the bytes as they are.
                returns = .type(Located(unwritten: .named("File")))
            }
        } else {
            warn(
                "\(described) declares no 2xx response, so the action returns nothing", at: endpoint.pointer + ["responses"],
                hint: "a `default` response is not taken as the success; read the response yourself with `APIClient.request` if it has a body")
        }
        var action = ActionSpec(
            name: Located(unwritten: name), description: (operation.description ?? operation.summary).keptDescription,
            path: Located(unwritten: route(endpoint.path)), body: body, returns: returns)
        action.bodyFormat = form.map { Located(unwritten: $0.format) }
        action.pagination = pagination
        action.cache = Self.cachePolicy(operation.vendorExtensions).map(Located.init(unwritten:))
        action.deprecated = Self.deprecation(of: operation).map(Located.init(unwritten:))
        let pageQuery = pagination.map(Self.pageQueryNames) ?? []
        // In a resource's action, the id and fields in the route are the resource's, not params, unless the
        // parameter is another type (an action's own `name` param beside the resource's `name` id).
        var ownTypes: [String: TypeExpression] = [:]
        if let owner = marked?.owner {
            ownTypes[owner.id.name.value] = owner.id.type.value
            for field in owner.fields {
                for name in [field.documentKey] + (field.givenName.map { [$0] } ?? []) where ownTypes[name] == nil {
                    ownTypes[name] = field.type.value.nonOptional
                }
            }
        }
        if endpoint.method != ActionSpec.defaultMethod(sendsBody: body != nil) { action.method = Located(unwritten: endpoint.method) }
        let markedHeaders = Self.markedHeaders(endpoint.operation.vendorExtensions)
        action.headers = (markedHeaders ?? []).map(HeaderSpec.init(imported:))
        for (parameter, pointer) in parameters(of: endpoint) {
            let schema = parameterSchema(parameter)
            switch parameter.location {
            case .path:
                if let ownType = ownTypes[parameter.name] {
                    // An inline enum would be declared just to compare it: only references and scalars are typed here.
                    let isInlineEnum = schema.map { schema in if case .reference = schema.value { false } else { enumValues(of: schema) != nil } } ?? true
                    guard let schema, !isInlineEnum, pathType(of: schema, hint: "", pointer: pointer) != ownType
                    else { continue }
                }
                let type =
                    schema.map { pathType(of: $0, hint: typeBase + SpecInterop.identifier(parameter.name, uppercaseFirst: true), pointer: pointer) }
                    ?? .named("String")
                action.params.append(routeParam(parameter.name, type: type, declared: parameter))
            case .query:
                guard !pageQuery.contains(parameter.name) else { continue }
                if let field = queryField(parameter, at: pointer, typeBase: typeBase, of: described) { action.query.append(field) }
            case .header:
                if let markedHeaders {
                    if !markedHeaders.contains(where: { $0.0 == parameter.name }) { warnNotImported(parameter, of: described, at: pointer) }
                } else if let value = schema.flatMap(constantValue) {
                    action.headers.append(HeaderSpec(imported: (parameter.name, value)))
                } else {
                    warnNotImported(parameter, of: described, at: pointer)
                }
            case .cookie:
                warnNotImported(parameter, of: described, at: pointer)
            case .querystring:
                warn("query string parameter `\(parameter.name)` of \(described) is not imported", at: pointer)
            }
        }
        // Every `{name}` of the route needs a param, even when the document forgot to declare one.
        for name in parameterNames(endpoint.path) where !action.params.contains(where: { $0.name.value == name }) && ownTypes[name] == nil {
            action.params.append(routeParam(name, type: .named("String"), declared: nil))
        }
        warnCallbacks(endpoint)
        return (action, marked?.owner.name.value)
    }

    /// A query parameter as a field of an action's or a list's `query`, `nil` (with a warning) when its type
    /// cannot be sent in a query.
    mutating func queryField(_ parameter: OpenAPI.Parameter, at pointer: [String], typeBase: String, of described: String) -> FieldSpec? {
        let schema = parameterSchema(parameter)
        let type =
            schema.map {
                typeExpression(of: $0, hint: typeBase + SpecInterop.identifier(parameter.name, uppercaseFirst: true), pointer: pointer + ["schema"]).0
            }
            ?? .named("String")
        guard isQueryType(type) else {
            warn("query parameter `\(parameter.name)` of \(described) is not imported: a spec's query values are scalars or arrays of scalars", at: pointer)
            return nil
        }
        var field = FieldSpec(imported: parameter.name, type: parameter.required ? type : type.optionalized, description: parameter.description)
        // OpenAPI's default for query arrays is `form` exploded: `ids=1&ids=2`, the spec's default too.
        if case .array = type, case let .a(context) = parameter.schemaOrContent, !context.explode { field.arrayStyle = Located(unwritten: "comma") }
        applyExtensions(parameter.vendorExtensions, to: &field)
        if field.transform == nil, let schema, isDateOnly(schema) { field.transform = Located(unwritten: dateOnlyTransform()) }
        // The schema's example, or the parameter's own (`example:` beside `schema`, as vendors write it).
        let parameterExample: Any? = if case let .a(context) = parameter.schemaOrContent { context.example?.value } else { nil }
        field.example = fittingExample(schema.flatMap(Self.example(of:)) ?? Self.example(parameterExample), of: field.type.value, at: pointer).map(
            Located.init(unwritten:))
        return field
    }

    /// Whether a query parameter of `type` can be sent: a scalar the spec writes in a query, an enum, or an array of them.
    func isQueryType(_ type: TypeExpression) -> Bool {
        switch type {
        case let .named(name): return BuiltinType(rawValue: name)?.isQueryParameterType == true || spec.enums.contains { $0.name.value == name }
        case let .array(element): return !element.isOptional && isQueryType(element)
        case .optional, .dictionary: return false
        }
    }

    /// A header's only possible value: its `const`, single enum value or default.
    func constantValue(_ schema: JSONSchema) -> String? {
        if let values = schema.allowedValues, values.count == 1 { return "\(values[0].value)" }
        return schema.defaultValue.map { "\($0.value)" }
    }

    /// A body or response: a named type, or an object declared in place as fields.
    mutating func payload(_ schema: JSONSchema, typeName: String, pointer: [String]) -> PayloadSpec {
        if case let .object(_, object) = schema.value, !object.properties.isEmpty, names.claimExactly(typeName) {
            return .fields(fields(of: schema, owner: typeName, pointer: pointer), at: .unwritten)
        }
        let (type, _) = typeExpression(of: schema, hint: typeName, pointer: pointer)
        return .type(Located(unwritten: type))
    }
}
