import CrudeGenCore
import Foundation
import OpenAPIKit

/// The importer's paths: the document's operations, their success responses, request bodies and parameters.
extension Mapper {
    /// One operation of the document, with where it is.
    struct Endpoint {
        var path: OpenAPI.Path
        var method: String
        var operation: OpenAPI.Operation
        var pathParameters: OpenAPI.Parameter.Array
        var pointer: [String]
    }

    /// The path requests go to for a key of `paths`, and what of the key is not part of it. Documents tell
    /// operations on one path apart by a fragment (Box's `/oauth2/token#refresh`) or a fixed query
    /// (`/items?action=archive`), which no server sees as part of the path.
    static func requestPath(ofKey key: String) -> (path: OpenAPI.Path, dropped: String?) {
        guard let cut = key.firstIndex(where: { $0 == "#" || $0 == "?" }) else { return (OpenAPI.Path(rawValue: key), nil) }
        return (OpenAPI.Path(rawValue: String(key[..<cut])), String(key[cut...]))
    }

    /// The operations `export` kept in a path item's `x-crudegen-operations`: those on a method the path
    /// item already has, which OpenAPI cannot hold (``CrudegenExtension/operations``), with where each is.
    mutating func repeatedOperations(of item: OpenAPI.PathItem, at pointer: [String]) -> [(String, OpenAPI.Operation, [String])] {
        guard let repeated = item.vendorExtensions[CrudegenExtension.operations] else { return [] }
        let place = pointer + [CrudegenExtension.operations]
        guard let json = try? JSONEncoder().encode(repeated), let byMethod = try? JSONDecoder().decode([String: [OpenAPI.Operation]].self, from: json)
        else {
            warn("`\(CrudegenExtension.operations)` is not a mapping of methods to lists of operations; it is left out", at: place)
            return []
        }
        return source.inDocumentOrder(byMethod.map { ($0.key, $0.value) }, at: place).flatMap { method, operations in
            guard LenientDecoding.methods.contains(method.lowercased()) else {
                warn("`\(method)` is not an HTTP method; its operations are left out", at: place + [method])
                return [(String, OpenAPI.Operation, [String])]()
            }
            return operations.enumerated().map { (method.lowercased(), $0.element, place + [method, String($0.offset)]) }
        }
    }

    /// Warns that a header or cookie parameter is left out: a spec sends fixed headers, and no cookies.
    mutating func warnNotImported(_ parameter: OpenAPI.Parameter, of described: String, at pointer: [String]) {
        if parameter.location == .cookie {
            warn("cookie parameter `\(parameter.name)` of \(described) is not imported: a spec has no cookies", at: pointer)
        } else {
            warn(
                "header parameter `\(parameter.name)` of \(described) is not imported: a spec's headers are fixed values", at: pointer,
                hint: "set it per operation through `ClientConfiguration.operationHeaders` or middleware")
        }
    }

    /// Maps the paths: resources first (path pairs), then every operation no resource took as an action.
    mutating func mapPaths() {
        var endpoints: [Endpoint] = []
        for (rawPath, item) in orderedPaths {
            let pointer = ["paths", rawPath]
            let (path, dropped) = Self.requestPath(ofKey: rawPath)
            if let dropped {
                warn(
                    "the `\(dropped)` of path `\(rawPath)` is not part of a route; its operations are sent to `\(path.rawValue)`", at: pointer,
                    hint: dropped.hasPrefix("?") ? "send the query through the operation's query parameters" : nil)
            }
            guard let item = document.components[item] else {
                warn("path item reference is not resolvable; the path is left out", at: pointer)
                continue
            }
            let standard = item.endpoints.map { ($0.method.rawValue.lowercased(), $0.operation, pointer + [$0.method.rawValue.lowercased()]) }
            for (method, operation, operationPointer) in standard + repeatedOperations(of: item, at: pointer) {
                guard selection.takes(path: path, operationTags: operation.tags) else {
                    summary.notSelected += 1
                    continue
                }
                endpoints.append(
                    Endpoint(path: path, method: method.uppercased(), operation: operation, pathParameters: item.parameters, pointer: operationPointer))
            }
        }
        var consumed = Set<String>()
        // The models resources took leave `models`, and references to a renamed one follow it, once every
        // resource is found: doing either per resource made import quadratic in the resources.
        var adopted: Set<String> = []
        var renamed: [String: String] = [:]
        let adopt = { (mapper: inout Mapper, resource: ResourceSpec, used: [[String]], model: String) in
            for pointer in used { consumed.insert(JSONPointer.text(pointer)) }
            adopted.insert(model)
            mapper.spec.resources.append(resource)
            if resource.name.value != model {
                renamed[model] = resource.name.value
                mapper.renameComponent(model, to: resource.name.value)
            }
        }
        for case let .resource(resource, used, model) in markedResources(endpoints: endpoints) { adopt(&self, resource, used, model) }
        // Each path's operations by method, and each collection's item path (the first in document order),
        // found once: searching them for every path made import quadratic in the paths.
        var operations: [OpenAPI.Path: [String: Endpoint]] = [:]
        // An operation `export` marked as an action stays one, whatever its path.
        let isMarkedAction = { (endpoint: Endpoint) in endpoint.operation.vendorExtensions[CrudegenExtension.action] != nil }
        for endpoint in endpoints
        where !consumed.contains(JSONPointer.text(endpoint.pointer)) && !isMarkedAction(endpoint) && operations[endpoint.path]?[endpoint.method] == nil {
            operations[endpoint.path, default: [:]][endpoint.method] = endpoint
        }
        var itemPaths: [[String]: OpenAPI.Path] = [:]
        for (rawPath, _) in orderedPaths.reversed() {
            let path = Self.requestPath(ofKey: rawPath).path
            if let last = path.components.last, isSingleParameter(last) { itemPaths[Array(path.components.dropLast())] = path }
        }
        for (rawPath, _) in orderedPaths {
            let collection = Self.requestPath(ofKey: rawPath).path
            guard let itemPath = itemPaths[collection.components] else { continue }
            switch resource(collection: collection, itemPath: itemPath, operations: operations) {
            case let .resource(resource, used, model)?: adopt(&self, resource, used, model)
            case let .rejected(reason)?:
                warn(
                    "`\(rawPath)` and its item path are not imported as a resource: \(reason); their operations become actions", at: ["paths", rawPath])
            case nil: break
            }
        }
        spec.models.removeAll { adopted.contains($0.name.value) }
        modelIndex = Dictionary(uniqueKeysWithValues: spec.models.enumerated().map { ($0.element.name.value, $0.offset) })
        renameReferences(renamed)
        summary.operations = endpoints.count
        summary.resources = spec.resources.count
        summary.resourceOperations = endpoints.count { consumed.contains(JSONPointer.text($0.pointer)) }
        var actionNames = Set<String>()
        for endpoint in endpoints where !consumed.contains(JSONPointer.text(endpoint.pointer)) {
            guard let (action, owner) = action(endpoint, names: &actionNames) else {
                summary.leftOut += 1
                continue
            }
            summary.actions += 1
            if let owner, let index = spec.resources.firstIndex(where: { $0.name.value == owner }) {
                spec.resources[index].actions.append(action)
            } else {
                spec.actions.append(action)
            }
        }
        restoreActionOrder()
        // A verb every resource uses for an operation is the API's (`api.methods`).
        for kind in CRUDOperation.allCases {
            let methods = Set(spec.resources.filter { $0.operations.contains { $0.value == kind } }.map { $0.methods[kind]?.value ?? kind.defaultMethod })
            guard methods.count == 1, let only = methods.first, only != kind.defaultMethod else { continue }
            spec.api.methods[kind] = Located(unwritten: only)
            for index in spec.resources.indices { spec.resources[index].methods[kind] = nil }
        }
    }

    /// Puts actions back in the spec's order `export` kept (`x-crudegen-actions`): the paths group
    /// operations by route. Actions it does not list keep their place after those it does.
    mutating func restoreActionOrder() {
        guard let entries = (document.vendorExtensions[CrudegenExtension.actions]?.value as? [Any])?.compactMap({ $0 as? [String: Any] }) else { return }
        let order = entries.enumerated().reduce(into: [String?: [String: Int]]()) { order, entry in
            guard let name = entry.element["action"] as? String else { return }
            order[entry.element[CrudegenExtension.resourceKey] as? String, default: [:]][name] = entry.offset
        }
        let sorted = { (actions: [ActionSpec], ranks: [String: Int]?) in
            actions.enumerated().sorted {
                (ranks?[$0.element.name.value] ?? entries.count + $0.offset) < (ranks?[$1.element.name.value] ?? entries.count + $1.offset)
            }
            .map(\.element)
        }
        spec.actions = sorted(spec.actions, order[nil])
        for index in spec.resources.indices {
            spec.resources[index].actions = sorted(spec.resources[index].actions, order[spec.resources[index].name.value])
        }
    }

    /// An inline object with one required property and nothing else: the shape of an envelope, stricter
    /// than a namespace's (``heldProperty(of:)``), as every response of the API must share it.
    func singleKeyWrapper(_ schema: JSONSchema?) -> (key: String, inner: JSONSchema)? {
        guard case let .object(_, object)? = schema?.value, object.properties.count == 1, let (key, inner) = object.properties.first,
            object.requiredProperties == [key]
        else { return nil }
        return (key, inner)
    }

    /// The envelope: the wrapper keys every JSON success response shares, when there are at least two
    /// such responses (one alone cannot tell an envelope from a namespace).
    mutating func detectEnvelope() {
        // What `export` wrote wins over the shapes: a namespace every resource shares looks like one.
        if let marked = document.vendorExtensions[CrudegenExtension.envelope]?.value as? String {
            envelope = marked.isEmpty ? [] : marked.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            spec.api.envelope = marked.isEmpty ? nil : Located(unwritten: marked)
            return
        }
        var chains: [[String]] = []
        for (_, item) in document.paths {
            guard let item = document.components[item] else { continue }
            for endpoint in item.endpoints {
                guard let success = rawSuccess(endpoint.operation), let schema = success.schema else { continue }
                var chain: [String] = []
                var current: JSONSchema? = schema
                while chain.count < 4, let (key, inner) = singleKeyWrapper(current) {
                    chain.append(key)
                    current = inner
                }
                chains.append(chain)
            }
        }
        guard chains.count >= 2, var common = chains.first else { return }
        for chain in chains.dropFirst() {
            common = Array(zip(common, chain).prefix { $0.0 == $0.1 }.map(\.0))
        }
        envelope = common
        if !envelope.isEmpty { spec.api.envelope = Located(unwritten: envelope.joined(separator: ".")) }
    }

    /// `schema` without the envelope's wrappers; `nil` when it is not wrapped in them.
    func withoutEnvelope(_ schema: JSONSchema?) -> JSONSchema? {
        var current = schema
        for key in envelope {
            guard let (found, inner) = singleKeyWrapper(current), found == key else { return nil }
            current = inner
        }
        return current
    }

    /// `schema` without `owner`'s namespace where a resource's action sends or answers the resource (or, answering,
    /// an array of it) wrapped in it, as the generated action does; else `schema` itself.
    func withoutNamespace(_ schema: JSONSchema, of owner: ResourceSpec?) -> JSONSchema {
        guard let owner, let (key, inner, _) = heldProperty(of: schema) else { return schema }
        if key == owner.namespace?.one?.value, referencedModel(inner)?.typeName == owner.name.value { return inner }
        if key == owner.namespace?.many?.value, case let .array(_, array) = inner.value, referencedModel(array.items)?.typeName == owner.name.value {
            return inner
        }
        return schema
    }

    /// The model a response names, directly or wrapped in one namespace key (see ``namespaceWrapper(_:)``).
    func modelWithNamespace(_ schema: JSONSchema?, inline: InlineModel? = nil) -> (model: (component: String, typeName: String), namespace: String?)? {
        if let (key, model, _) = namespaceWrapper(schema) { return (model, key) }
        // Before the wrapper's own component: Hetzner's `get_placementgroup_response` holds the object in place.
        if let inline, let held = heldProperty(of: schema), isInline(held.inner, inline) { return (inline.model, held.key) }
        if let model = referencedModel(schema) { return (model, nil) }
        guard let inline, let schema, isInline(schema, inline) else { return nil }
        return (inline.model, nil)
    }

    /// An object whose one property is a model component (Hetzner's `get_server_response`,
    /// `{"server": …}`; a JSON:API document's `data` beside its `links` and `meta`), with the wrapper's
    /// component name when it is one: the shape of a namespace, whether or not the document says the key
    /// is required. Such an object is never a resource itself, as it has no id.
    func namespaceWrapper(_ schema: JSONSchema?) -> (key: String, model: (component: String, typeName: String), component: String?)? {
        guard let held = heldProperty(of: schema), let model = referencedModel(held.inner) else { return nil }
        return (held.key, model, held.component)
    }

    /// The one property an object holds, the object written in place or a component of its own (named
    /// then); a JSON:API document holds its `data`, beside top-level members that are no part of it.
    func heldProperty(of schema: JSONSchema?) -> (key: String, inner: JSONSchema, component: String?)? {
        guard let schema else { return nil }
        var component: String?
        var object = schema
        if case let .reference(reference, _) = schema.value, let name = reference.name, let target = componentSchema(named: name) {
            (component, object) = (name, target)
        }
        guard case let .object(_, properties) = object.value else { return nil }
        let held = properties.properties.filter { !(properties.properties["data"] != nil && Self.jsonAPIMembers.contains($0.key)) }
        guard held.count == 1, let (key, inner) = held.first else { return nil }
        return (key, inner, component)
    }

    /// The members of a JSON:API document beside its `data` (jsonapi.org, "Top Level").
    static let jsonAPIMembers: Set<String> = ["links", "meta", "included", "jsonapi"]

    /// The model a response or body schema names by reference, when it is a model component.
    func referencedModel(_ schema: JSONSchema?) -> (component: String, typeName: String)? {
        guard case let .reference(reference, _)? = schema?.value, let name = reference.name, case let .model(typeName)? = components[name] else { return nil }
        return (name, typeName)
    }

    /// An operation's success response: its status, its JSON schema inside the envelope (`nil` for a
    /// success without a body or with another media type, named by `contentType`), and where the schema
    /// is relative to the operation.
    typealias Success = (status: String, schema: JSONSchema?, contentType: String?, pointer: [String])

    /// The JSON schema of an operation's success response inside the envelope.
    func successSchema(_ operation: OpenAPI.Operation) -> Success? {
        guard let success = rawSuccess(operation) else { return nil }
        guard success.schema != nil, !envelope.isEmpty, let inner = withoutEnvelope(success.schema) else { return success }
        return (success.status, inner, success.contentType, success.pointer + envelope.flatMap { ["properties", $0] })
    }

    /// The JSON schema of an operation's lowest success response as written.
    func rawSuccess(_ operation: OpenAPI.Operation) -> Success? {
        guard let (status, response) = lowestSuccess(operation) else { return nil }
        let pointer = ["responses", status]
        guard !response.content.isEmpty else { return (status, nil, nil, pointer) }
        if let (type, content) = jsonContent(response.content) {
            return (status, content.schema, "json", pointer + ["content", type, "schema"])
        }
        return (status, nil, Self.mediaTypes(of: response.content).first?.rawValue, pointer)
    }

    /// The JSON media type of a content map: `application/json`, else another `+json` type
    /// (`application/problem+json`), else `*/*`.
    func jsonContent(_ content: OpenAPI.Content.Map) -> (String, OpenAPI.Content)? {
        for type in Self.mediaTypes(of: content) where Self.jsonRank(of: type) != nil {
            guard let value = content[type], let resolved = document.components[value] else { continue }
            return (type.rawValue, resolved)
        }
        return nil
    }

    /// The media types of `content`, JSON ones first (as `jsonContent` prefers them), then by name. Not the
    /// map's own order: Foundation's JSON decoding hands OpenAPIKit a mapping's keys in hash order, which
    /// changes from run to run, and the choice and the warnings must not.
    static func mediaTypes(of content: OpenAPI.Content.Map) -> [OpenAPI.ContentType] {
        content.keys.sorted { lhs, rhs in
            (jsonRank(of: lhs) ?? 3, lhs.rawValue) < (jsonRank(of: rhs) ?? 3, rhs.rawValue)
        }
    }

    /// How much import prefers a JSON media type: 0 for `application/json`, 1 for another `+json` type, 2 for
    /// `*/*`; `nil` for a type that is not JSON.
    static func jsonRank(of type: OpenAPI.ContentType) -> Int? {
        let raw = type.typeAndSubtype
        if raw == "application/json" { return 0 }
        if raw.hasSuffix("+json") { return 1 }
        return raw == "*/*" ? 2 : nil
    }

    /// An operation's JSON request body inside the envelope (where it is, relative to the operation), or
    /// the media types it has instead (none when its `content` is empty).
    func requestSchema(_ operation: OpenAPI.Operation) -> (schema: JSONSchema?, otherTypes: [String]?, pointer: [String])? {
        guard let body = operation.requestBody, let request = document.components[body] else { return nil }
        guard let (type, content) = jsonContent(request.content) else {
            return (nil, Self.mediaTypes(of: request.content).map(\.rawValue), ["requestBody"])
        }
        let pointer = ["requestBody", "content", type, "schema"]
        if !envelope.isEmpty, let inner = withoutEnvelope(content.schema) {
            return (inner, nil, pointer + envelope.flatMap { ["properties", $0] })
        }
        return (content.schema, nil, pointer)
    }

    /// An operation's form body, when it has no JSON one: `application/x-www-form-urlencoded` as `form`,
    /// else `multipart/form-data` as `multipart`, with its schema and where it is relative to the operation.
    func formRequest(_ operation: OpenAPI.Operation) -> (format: BodyFormatSpec, schema: JSONSchema, pointer: [String])? {
        guard let body = operation.requestBody, let request = document.components[body] else { return nil }
        for (mediaType, format) in [("application/x-www-form-urlencoded", BodyFormatSpec.form), ("multipart/form-data", .multipart)] {
            guard let (type, content) = request.content.first(where: { $0.key.typeAndSubtype == mediaType }), let resolved = document.components[content],
                let schema = resolved.schema
            else { continue }
            return (format, schema, ["requestBody", "content", type.rawValue, "schema"])
        }
        return nil
    }

    /// The fields of a form body, its file properties typed `File` in a multipart body; `nil` when a field
    /// is something a form cannot carry, such as an object.
    mutating func formFields(_ form: (format: BodyFormatSpec, schema: JSONSchema, pointer: [String]), owner: String, pointer: [String]) -> [FieldSpec]? {
        var object = form.schema
        if case let .reference(reference, _) = object.value, let name = reference.name, let target = componentSchema(named: name) { object = target }
        guard case let .object(_, properties) = object.value, !properties.properties.isEmpty else { return nil }
        var fields = fields(of: form.schema, owner: owner, pointer: pointer)
        for index in fields.indices {
            if form.format == .multipart, let property = properties.properties[fields[index].documentKey], Self.isFile(property) {
                fields[index].type.value = Self.fileType(fields[index].type.value)
            } else if !isQueryType(fields[index].type.value.nonOptional),
                ![.named("Data"), .array(.named("Data"))].contains(fields[index].type.value.nonOptional)
            {
                return nil  // forms also carry `Data`, as base64
            }
        }
        return fields
    }

    /// Whether a property is a file: `format: binary` (OpenAPI 3.0), `contentMediaType` or
    /// `contentEncoding: binary` (3.1; FastAPI's `UploadFile`), an array of files, or one of them or `null`.
    static func isFile(_ schema: JSONSchema) -> Bool {
        switch schema.value {
        case let .string(core, string): core.format.rawValue == "binary" || string.contentMediaType != nil || string.contentEncoding?.rawValue == "binary"
        case let .array(_, array): array.items.map(isFile) ?? false
        case let .any(of: members, _), let .one(of: members, _): members.contains(where: isFile)
        default: false
        }
    }

    /// `type` with its scalar replaced by `File`: `String?` → `File?`, `[String]` → `[File]`.
    static func fileType(_ type: TypeExpression) -> TypeExpression {
        switch type {
        case .named, .dictionary: .named("File")
        case let .optional(wrapped): .optional(fileType(wrapped))
        case let .array(element): .array(fileType(element))
        }
    }

    /// All parameters of an endpoint, the operation's overriding the path item's of the same name and place.
    func parameters(of endpoint: Endpoint) -> [(parameter: OpenAPI.Parameter, pointer: [String])] {
        var result: [(OpenAPI.Parameter, [String])] = []
        for (index, parameter) in endpoint.operation.parameters.enumerated() {
            guard let resolved = document.components[parameter] else { continue }
            result.append((resolved, endpoint.pointer + ["parameters", String(index)]))
        }
        for (index, parameter) in endpoint.pathParameters.enumerated() {
            guard let resolved = document.components[parameter], !result.contains(where: { $0.0.name == resolved.name && $0.0.location == resolved.location })
            else { continue }
            result.append((resolved, Array(endpoint.pointer.dropLast()) + ["parameters", String(index)]))
        }
        return result
    }

    /// The schema of a parameter, from `schema` or from its first content type.
    func parameterSchema(_ parameter: OpenAPI.Parameter) -> JSONSchema? {
        switch parameter.schemaOrContent {
        // A reference stays one, so that a parameter of a component enum has that enum's type.
        case let .a(context): context.schema.a.map { JSONSchema.reference($0.jsonReference) } ?? context.schema.b
        case let .b(content): content.values.first.flatMap { document.components[$0]?.schema }
        }
    }

    /// The names of the headers an operation's lowest success response declares.
    func successHeaderNames(_ operation: OpenAPI.Operation) -> [String] {
        lowestSuccess(operation).map { Array(($0.response.headers ?? [:]).keys) } ?? []
    }

    /// An operation's lowest 2xx response, resolved, with its status: the one import reads.
    func lowestSuccess(_ operation: OpenAPI.Operation) -> (status: String, response: OpenAPI.Response)? {
        let successes = operation.responses.compactMap { status, response -> (String, OpenAPI.Response)? in
            guard status.isSuccess, let response = document.components[response] else { return nil }
            return (status.rawValue, response)
        }
        return successes.min { $0.0 < $1.0 }
    }

    /// Reports the callbacks of an endpoint, which import leaves out.
    mutating func warnCallbacks(_ endpoint: Endpoint) {
        for (name, _) in endpoint.operation.callbacks {
            warn("callback `\(name)` of \(endpoint.method) \(endpoint.path.rawValue) is not imported", at: endpoint.pointer + ["callbacks", name])
        }
    }
}
