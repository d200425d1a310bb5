import CrudeGenCore
import Foundation
import OpenAPIKit

/// The importer's resources: a collection path and its item path become a resource with the CRUD operations whose shapes fit.
extension Mapper {
    /// The endpoints that may become a resource's CRUD operations.
    struct CRUDEndpoints {
        var list, create, read, update, patch, delete: Endpoint?

        /// Each operation with its endpoint, in the spec's order of operations.
        var all: [(CRUDOperation, Endpoint?)] { [(.list, list), (.create, create), (.read, read), (.update, update), (.patch, patch), (.delete, delete)] }
    }

    /// A resource for `collection` and `itemPath`, when they have CRUD operations over one model, among
    /// `operations` by path and method.
    mutating func resource(collection: OpenAPI.Path, itemPath: OpenAPI.Path, operations: [OpenAPI.Path: [String: Endpoint]]) -> ResourceOutcome? {
        let at = { (path: OpenAPI.Path, method: String) in operations[path]?[method] }
        let candidates = CRUDEndpoints(
            list: at(collection, "GET"), create: at(collection, "POST") ?? at(collection, "PUT"), read: at(itemPath, "GET"),
            // With both verbs (Django REST Framework's viewsets), PUT updates and PATCH patches.
            update: at(itemPath, "PUT") ?? at(itemPath, "PATCH"), patch: at(itemPath, "PUT").flatMap { _ in at(itemPath, "PATCH") },
            delete: at(itemPath, "DELETE")
        )
        guard candidates.all.contains(where: { $0.1 != nil }) else { return nil }
        // The model: what a read returns, else what a create returns, else what a list's items are; the first
        // of them that has an id, as Xero's read answers a one-element list (`{"Accounts": [ … ]}`) whose
        // items only are the model.
        var models: [(component: String, typeName: String)] = []
        if let read = candidates.read, let model = successSchema(read.operation).flatMap({ modelWithNamespace($0.schema)?.model }) { models.append(model) }
        if let create = candidates.create, let model = successSchema(create.operation).flatMap({ modelWithNamespace($0.schema)?.model }) {
            models.append(model)
        }
        if let list = candidates.list, let shape = successSchema(list.operation).flatMap({ listShape($0.schema) }) { models.append(shape.model) }
        let idParameter = String(itemPath.components.last!.dropFirst().dropLast())
        let segment = collection.components.last { !$0.contains("{") }
        let hasID = { (model: (component: String, typeName: String)) in
            ResourceMatching.idField(
                in: self.componentFields[model.typeName] ?? [], parameter: idParameter, collectionSegment: segment, modelName: model.typeName) != nil
        }
        // Without a model that has an id, an object in place in a wrapper (Hetzner's `get_placementgroup_response`)
        // is the model, declared below.
        let chosen = models.first(where: hasID) ?? (models.contains { wrapsObjectInPlace($0.component) } ? nil : models.first)
        guard var model = chosen else {
            // An object written in place in the responses (Linode's, Sentry's) is the model when a resource
            // comes of it; else nothing of it is declared here, and its operations' actions declare their own.
            let before = self
            guard let inline = declareInlineModel(collection: collection, candidates: candidates) else {
                return .rejected(because: "no read, create or list of theirs answers with an object, which a resource's model must be")
            }
            let outcome = resource(model: inline.model, candidates: candidates, path: route(collection), idParameter: idParameter, inline: inline)
            if case .rejected = outcome { self = before }
            return outcome
        }
        // One component served at several paths (one serializer behind several viewsets): each path after the
        // first gets a resource of its own, named after the path, with the same fields.
        if let taken = spec.resources.first(where: { $0.name.value == model.typeName }) {
            model.typeName = declareCopy(of: taken, servedAt: collection)
        }
        return resource(model: model, candidates: candidates, path: route(collection), idParameter: idParameter)
    }

    /// Declares the model of a resource whose operations answer an object written in place: the read's
    /// object (or the one its single key holds), else the create's, else the list's items, named after the
    /// collection's path.
    mutating func declareInlineModel(collection: OpenAPI.Path, candidates: CRUDEndpoints) -> InlineModel? {
        var found: (schema: JSONSchema, pointer: [String])?
        for endpoint in [candidates.read, candidates.create].compactMap({ $0 }) where found == nil {
            guard let success = successSchema(endpoint.operation), let schema = success.schema else { continue }
            let pointer = endpoint.pointer + success.pointer
            if InlineModel.isObjectInPlace(schema) {
                found = (schema, pointer)
            } else if let held = heldProperty(of: schema), InlineModel.isObjectInPlace(held.inner) {
                // Hetzner's `get_placementgroup_response`: a wrapper component around an object in place.
                found = (held.inner, (held.component.map { ["components", "schemas", $0] } ?? pointer) + ["properties", held.key])
            }
        }
        if found == nil, let list = candidates.list, let success = successSchema(list.operation), let schema = success.schema {
            let pointer = list.pointer + success.pointer
            if case let .array(_, array) = schema.value, let items = array.items, InlineModel.isObjectInPlace(items) {
                found = (items, pointer + ["items"])
            } else if let properties = objectProperties(schema, at: pointer) {
                let arrays = properties.compactMap { key, value -> (String, JSONSchema)? in
                    guard case let .array(_, array) = value.value, let items = array.items, InlineModel.isObjectInPlace(items) else { return nil }
                    return (key, items)
                }
                if arrays.count == 1, let (key, items) = arrays.first { found = (items, pointer + ["properties", key, "items"]) }
            }
        }
        guard let (schema, pointer) = found else { return nil }
        let name = inlineModel(schema, hint: Self.nameFromPath(collection.components).camelCased(uppercaseFirst: true), pointer: pointer)
        let component = JSONPointer.text(pointer)
        components[component] = .model(name)
        componentFields[name] = modelIndex[name].map { spec.models[$0].fields }
        return InlineModel(
            model: (component, name), schema: schema, properties: objectProperties(schema, at: pointer) ?? [], required: requiredKeys(of: schema))
    }

    /// Whether a component is an object whose one property is an object written in place.
    func wrapsObjectInPlace(_ component: String) -> Bool {
        heldProperty(of: componentSchema(named: component)).map { InlineModel.isObjectInPlace($0.inner) } ?? false
    }

    /// The keys an object schema requires, with those of its `allOf` members.
    func requiredKeys(of schema: JSONSchema, depth: Int = 0) -> Set<String> {
        guard depth < 8 else { return [] }
        switch schema.value {
        case let .object(_, object): return Set(object.requiredProperties)
        case let .all(of: members, _): return members.reduce(into: []) { $0.formUnion(requiredKeys(of: $1, depth: depth + 1)) }
        case let .reference(reference, _): return reference.name.flatMap(componentSchema(named:)).map { requiredKeys(of: $0, depth: depth + 1) } ?? []
        default: return []
        }
    }

    /// Whether a schema written in place is the inline model's object: it has every key the model
    /// requires, shares most of its keys, and no key they share has another kind of value. A list's items
    /// are often a shorter or longer version of the read's object (Sentry's), decoded as the model.
    func isInline(_ schema: JSONSchema, _ inline: InlineModel) -> Bool {
        guard InlineModel.isObjectInPlace(schema), let properties = objectProperties(schema) else { return false }
        let theirs = Dictionary(properties, uniquingKeysWith: { first, _ in first })
        guard inline.required.allSatisfy({ theirs[$0] != nil }) else { return false }
        var shared = 0
        for (key, value) in inline.properties {
            guard let other = theirs[key] else { continue }
            guard InlineModel.kind(of: resolved(value)) == InlineModel.kind(of: resolved(other)) else { return false }
            shared += 1
        }
        return shared * 2 >= inline.properties.count && shared > 0
    }

    /// Declares a model with the id and fields of `resource`, named after `collection`, for the resource at
    /// that path.
    mutating func declareCopy(of resource: ResourceSpec, servedAt collection: OpenAPI.Path) -> String {
        let name = names.claim(Self.nameFromPath(collection.components))
        var id = FieldSpec(imported: resource.id.documentKey, type: resource.id.type.value)
        id.givenName = resource.id.name.value
        id.transform = resource.id.transform
        let index = reserveModel(name, pointer: modelPointers[resource.name.value] ?? ["components", "schemas"])
        spec.models[index] = ModelSpec(imported: name, description: resource.description, fields: [id] + resource.fields)
        if let type = resource.jsonAPIType { jsonAPIObjects[name] = JSONAPIObject(type: type.value, original: [id] + resource.fields) }
        return name
    }

    /// The resources `export` marked: component schemas carrying `x-crudegen-path` (a resource even without
    /// operations) and operations carrying `x-crudegen-resource` and `x-crudegen-operation`, whatever their
    /// routes, so that route overrides survive the round trip.
    mutating func markedResources(endpoints: [Endpoint]) -> [ResourceOutcome] {
        var groups: [(name: String, candidates: CRUDEndpoints)] = componentSchemas.compactMap { name, schema in
            schema.vendorExtensions[CrudegenExtension.path]?.value is String ? (name, CRUDEndpoints()) : nil
        }
        // A resource is marked by its spec name, which is its component's key unless OpenAPI does not allow it as one.
        let keysByName = Dictionary(
            componentSchemas.compactMap { key, schema in (schema.vendorExtensions[CrudegenExtension.name]?.value as? String).map { ($0, key) } },
            uniquingKeysWith: { first, _ in first })
        for endpoint in endpoints {
            guard let marked = endpoint.operation.vendorExtensions[CrudegenExtension.resource]?.value as? String,
                case let name = components[marked] == nil ? keysByName[marked] ?? marked : marked,
                let kind = (endpoint.operation.vendorExtensions[CrudegenExtension.operation]?.value as? String).flatMap(CRUDOperation.init(rawValue:))
            else { continue }
            let index =
                groups.firstIndex { $0.name == name }
                ?? {
                    groups.append((name, CRUDEndpoints()))
                    return groups.count - 1
                }()
            switch kind {
            case .list: groups[index].candidates.list = endpoint
            case .create: groups[index].candidates.create = endpoint
            case .read: groups[index].candidates.read = endpoint
            case .update: groups[index].candidates.update = endpoint
            case .patch: groups[index].candidates.patch = endpoint
            case .delete: groups[index].candidates.delete = endpoint
            }
        }
        return groups.compactMap { group in
            guard case let .model(typeName)? = components[group.name] else { return nil }
            let candidates = group.candidates
            let member = [candidates.read, candidates.update, candidates.patch, candidates.delete].compactMap { $0 }.first
            // A marked path whose parameters no operation declares could not be called: the routes decide then.
            let declared = Set(candidates.all.compactMap(\.1).flatMap { parameterNames($0.path) })
            let markedPath = (componentSchema(named: group.name)?.vendorExtensions[CrudegenExtension.path]?.value as? String).flatMap { path in
                !path.isEmpty && parameterNames(OpenAPI.Path(rawValue: path)).allSatisfy(declared.contains) ? path : nil
            }
            let collection =
                (candidates.list ?? candidates.create)?.path
                ?? member.map { OpenAPI.Path(Array($0.path.components.dropLast()), trailingSlash: $0.path.trailingSlash) }
            guard let path = markedPath ?? collection.map({ route($0) }) else { return nil }
            let idParameter =
                member.flatMap { $0.path.components.last.flatMap { isSingleParameter($0) ? String($0.dropFirst().dropLast()) : nil } }
                ?? componentSchema(named: group.name)?.vendorExtensions[CrudegenExtension.id]?.value as? String ?? "id"
            return resource(
                model: (group.name, typeName), candidates: candidates, path: path, idParameter: idParameter, isMarked: true,
                withoutOperations: markedPath != nil)
        }
    }

    /// A resource's model declared from an object written in place in an operation, which other
    /// operations' objects are recognised as by their shape (see ``Mapper/isInline(_:_:)``).
    struct InlineModel {
        /// The model: a JSON pointer in place of a component's name, and its type.
        var model: (component: String, typeName: String)
        /// The object it was declared from.
        var schema: JSONSchema
        /// The object's properties.
        var properties: [(key: String, value: JSONSchema)]
        /// The keys the object requires.
        var required: Set<String>

        /// Whether a schema is an object written in place (not a reference) with properties.
        static func isObjectInPlace(_ schema: JSONSchema) -> Bool {
            switch schema.value {
            case let .object(_, object): !object.properties.isEmpty
            case let .all(of: members, _): members.contains { if case .object = $0.value { true } else { false } }
            default: false
            }
        }

        /// The kind of value a schema describes, as far as telling two objects apart goes.
        static func kind(of schema: JSONSchema) -> String {
            switch schema.value {
            case .object, .all: "object"
            case .array: "array"
            case .string: "string"
            case .integer, .number: "number"
            case .boolean: "boolean"
            default: "any"
            }
        }
    }

    /// What a collection path and its item path make.
    enum ResourceOutcome {
        /// A resource, with the pointers of the operations it took and the model it was made of.
        case resource(ResourceSpec, used: [[String]], model: String)
        /// No resource, for the reason given; the operations become actions.
        case rejected(because: String)
    }

    /// The spec's id type for a field's type: the id types as they are, an `Int32` as `Int`, which holds
    /// every one, and a number as `Int64`, since vendors write `number` for integer ids; `nil` for others.
    static func idType(_ fieldType: String) -> String? {
        switch fieldType {
        case "Int32": "Int"
        case "Double": "Int64"
        default: BuiltinType(rawValue: fieldType)?.canIdentify == true ? fieldType : nil
        }
    }

    /// The resource of `model` at `path` with the CRUD operations among `candidates` whose shapes fit,
    /// routes where an operation's differs from the default, and the id the member path's parameter
    /// `idParameter` identifies (see ``ResourceMatching/idField(in:parameter:collectionSegment:modelName:)``);
    /// rejected when no operation fits, unless the resource may be `withoutOperations`. A resource `export`
    /// marked keeps its name; another seen through several models is named after its path.
    mutating func resource(
        model: (component: String, typeName: String), candidates: CRUDEndpoints, path: String, idParameter: String, isMarked: Bool = false,
        withoutOperations: Bool = false, inline: InlineModel? = nil
    ) -> ResourceOutcome {
        guard let index = modelIndex[model.typeName], !spec.resources.contains(where: { $0.name.value == model.typeName }) else {
            return .rejected(because: "`\(model.typeName)` is already another resource's model")
        }
        // A JSON:API resource rejected after its operations are weighed leaves the mapper as it was.
        let before = jsonAPIObjects[model.typeName] != nil ? self : nil
        let modelFields = spec.models[index].fields
        var fields = modelFields
        let segment = path.split(separator: "/").last { !$0.contains("{") }.map(String.init)
        guard let (idIndex, parameterIsID) = ResourceMatching.idField(in: fields, parameter: idParameter, collectionSegment: segment, modelName: model.typeName)
        else {
            return .rejected(
                because: "`\(model.typeName)` has no field `\(idParameter)`, `id` or `pk` for the item path's `{\(idParameter)}` to identify; "
                    + "a resource needs its id among its fields")
        }
        let idField = fields[idIndex]
        guard case let .named(declaredType) = idField.type.value.nonOptional, let idTypeName = Self.idType(declaredType) else {
            return .rejected(
                because: "the id `\(idField.documentKey)` of `\(model.typeName)` is `\(idField.type.value)`; a resource's id is an integer, a string or a UUID")
        }
        fields.remove(at: idIndex)
        // The key is the id's name as it stands (`user id`, `_`, `APIClient`): the generator makes a Swift name
        // of it; but the item path's parameter names it when its snake case is the key (`{allCases}` for
        // `all_cases`), as `export` writes the routes of a snake_case spec.
        let idName =
            idField.givenName ?? (SpecInterop.jsonKey(forField: idParameter, style: .snakeCase) == idField.documentKey ? idParameter : idField.documentKey)
        let id = IDSpec(
            name: Located(unwritten: idName), type: Located(unwritten: .named(idTypeName)), key: Located(unwritten: idField.documentKey),
            transform: idField.transform)
        var resource = ResourceSpec(
            name: Located(unwritten: model.typeName), description: spec.models[index].description, path: Located(unwritten: path), id: id, operations: [],
            fields: fields)
        resource.swiftName = spec.models[index].swiftName
        // The keys wrapping the resource's objects (`namespace`), decided as its operations are weighed.
        var namespace: (one: String?, many: String?, direction: NamespaceSpec.Direction?)
        var used: [[String]] = []
        // The member route's parameter is the id when it identifies the id field; else it is a param.
        let routeID = parameterIsID ? idParameter : idField.documentKey
        let renaming = [routeID: idName]
        // Another component is the same resource when its values decode as the model (FastAPI's `HeroPublic`
        // beside `HeroPublicWithTeam`); it is then consumed like a page component.
        let componentFields = self.componentFields
        var related: Set<String> = []
        let isResource = { (found: (component: String, typeName: String)) -> Bool in
            if found.component == model.component { return true }
            guard let other = componentFields[found.typeName], ResourceMatching.decodes(other, as: modelFields, idKey: idField.documentKey) else {
                return false
            }
            related.insert(found.typeName)
            return true
        }
        // Single objects must all use the same namespace (or none), as the spec has one per resource.
        var namespaceOne: String??
        // Wrapper components (`get_server_response`) say nothing the namespace does not.
        var wrappers: Set<String> = []
        func returnsModel(_ endpoint: Endpoint) -> Bool? {
            guard let success = successSchema(endpoint.operation) else { return nil }
            if success.schema == nil && success.contentType == nil { return false }
            guard let found = modelWithNamespace(success.schema, inline: inline), isResource(found.model) else { return nil }
            if let chosen = namespaceOne, chosen != found.namespace { return nil }
            namespaceOne = found.namespace
            if found.namespace != nil, let wrapper = heldProperty(of: success.schema)?.component, case let .model(typeName)? = components[wrapper] {
                wrappers.insert(typeName)
            }
            return true
        }
        if let list = candidates.list, let pagination = Self.paginationExtension(list.operation.vendorExtensions) {
            resource.operations.append(Located(unwritten: .list))
            resource.pagination = pagination
            used.append(list.pointer)
        } else if let list = candidates.list, let success = successSchema(list.operation), case let query = listQuery(list),
            let shape = listShape(success.schema, query: query, inline: inline), isResource(shape.model)
        {
            resource.operations.append(Located(unwritten: .list))
            resource.pagination = shape.pagination
            // Django REST Framework's LimitOffsetPagination: the page of PageNumberPagination, asked for by `limit` and `offset`.
            if shape.pagination == PaginationSpec.nextURLDefaults, query.isSuperset(of: ["limit", "offset"]) { resource.pagination?.style = .offset }
            if shape.pagination == nil, shape.namespace == nil { resource.pagination = headerPagination(list, query: query) }
            namespace.many = shape.namespace
            used.append(list.pointer)
        }
        let unknownPaging = candidates.list.flatMap { list in used.contains(list.pointer) ? nil : unrecognisedPaging(list, inline: inline) }
        let otherItems = candidates.list.flatMap { list in used.contains(list.pointer) ? nil : listOfAnotherModel(list) }
        // A page component (`PaginatedPersonList`) and the parts of a page (PagerDuty's `Pagination`, Hetzner's
        // `meta`) say nothing `pagination` or the namespace does not.
        if let list = candidates.list, used.contains(list.pointer), resource.pagination != nil || namespace.many != nil,
            let page = successSchema(list.operation)?.schema
        {
            consumedModels.formUnion(pageParts(of: page, besides: model.component))
        }
        // A body of a model of its own fits when the resource can send it (see `adoptRequestBodies`); a body
        // that is not JSON (an upload's multipart) never does, as resources send JSON.
        func bodyFits(_ endpoint: Endpoint) -> Bool {
            if requestSchema(endpoint.operation)?.otherTypes != nil { return false }
            guard let body = requestModel(endpoint), body.component != model.component, let bodyFields = componentFields[body.typeName] else { return true }
            return ResourceMatching.canSend(bodyFields, as: modelFields)
        }
        /// Keeps the verb of the resource's `kind` when it is not the operation's default.
        func keepMethod(of kind: CRUDOperation, _ endpoint: Endpoint) {
            if endpoint.method != kind.defaultMethod { resource.methods[kind] = Located(unwritten: endpoint.method) }
        }
        if let create = candidates.create, bodyFits(create), let returns = returnsModel(create) {
            resource.operations.append(Located(unwritten: .create))
            keepMethod(of: .create, create)
            if !returns { resource.responses[.create] = Located(unwritten: .none) }
            used.append(create.pointer)
        }
        if let read = candidates.read, returnsModel(read) == true {
            resource.operations.append(Located(unwritten: .read))
            used.append(read.pointer)
        }
        if let update = candidates.update, bodyFits(update), let returns = returnsModel(update) {
            resource.operations.append(Located(unwritten: .update))
            keepMethod(of: .update, update)
            if !returns { resource.responses[.update] = Located(unwritten: .none) }
            used.append(update.pointer)
        }
        if let patch = candidates.patch, bodyFits(patch), let returns = returnsModel(patch) {
            resource.operations.append(Located(unwritten: .patch))
            keepMethod(of: .patch, patch)
            if !returns { resource.responses[.patch] = Located(unwritten: .none) }
            used.append(patch.pointer)
        }
        // An unmarked delete is the item path's DELETE; one `export` marked may have any verb (`methods`).
        if let delete = candidates.delete, delete.method == CRUDOperation.delete.defaultMethod || isMarked, successSchema(delete.operation) != nil {
            resource.operations.append(Located(unwritten: .delete))
            keepMethod(of: .delete, delete)
            used.append(delete.pointer)
        }
        if let read = candidates.read, used.contains(read.pointer) { keepMethod(of: .read, read) }
        if let list = candidates.list, used.contains(list.pointer) { keepMethod(of: .list, list) }
        guard !resource.operations.isEmpty || withoutOperations else {
            return .rejected(because: "none of their operations answers with `\(model.typeName)` or a model whose values decode as one")
        }
        let tookBodies = adoptRequestBodies(candidates, used: used, model: model, idKey: idField.documentKey, into: &resource)
        for case let (kind, endpoint?) in candidates.all where kind.sendsBody && used.contains(endpoint.pointer) {
            if let wrapper = requestSchema(endpoint.operation)?.schema.flatMap(namespaceWrapper)?.component, case let .model(typeName)? = components[wrapper] {
                wrappers.insert(typeName)
            }
        }
        consumedModels.formUnion(related.union(wrappers))
        resource.operations.sort { $0.value < $1.value }
        namespace.one = namespaceOne ?? nil
        namespaceOfRequests(candidates, used: used, into: &namespace)
        resource.store = (componentSchema(named: model.component)?.vendorExtensions[CrudegenExtension.store]?.value as? Bool).map(Located.init(unwritten:))
        if let marked = componentSchema(named: model.component)?.vendorExtensions[CrudegenExtension.namespace]?.value as? [String: Any] {
            // What `export` wrote wins over the shapes, which do not show `many` beside a page.
            let key = { (name: String) in (marked[name] as? String).flatMap { $0.isEmpty ? nil : $0 } }
            namespace = (key("one"), key("many"), key("applies_to").flatMap(NamespaceSpec.Direction.init(rawValue:)))
        }
        for kind in [CRUDOperation.read, .list] {
            if let endpoint = kind == .read ? candidates.read : candidates.list, used.contains(endpoint.pointer) {
                resource.cache[kind] = Self.cachePolicy(endpoint.operation.vendorExtensions).map(Located.init(unwritten:))
            }
        }
        let fieldNames = Set(fields.flatMap { [$0.documentKey] + ($0.givenName.map { [$0] } ?? []) })
        for case let (kind, endpoint?) in candidates.all where used.contains(endpoint.pointer) {
            resource.deprecated[kind] = Self.deprecation(of: endpoint.operation).map(Located.init(unwritten:))
            let written = route(endpoint.path, renaming: renaming)
            let member = path.hasSuffix("/") ? "\(path){\(idName)}/" : "\(path)/{\(idName)}"
            if written != ([.list, .create].contains(kind) ? path : member) { resource.routes[kind] = Located(unwritten: written) }
            // Route parameters that are neither the id nor a field are the resource's params.
            for name in parameterNames(endpoint.path) where name != routeID && !fieldNames.contains(name) {
                guard !resource.params.contains(where: { $0.name.value == name }) else { continue }
                let declared = parameters(of: endpoint).first { $0.parameter.name == name && $0.parameter.location == .path }
                let type =
                    declared.flatMap { parameterSchema($0.parameter) }.map {
                        pathType(
                            of: $0, hint: model.typeName + SpecInterop.identifier(name, uppercaseFirst: true), pointer: declared?.pointer ?? endpoint.pointer)
                    } ?? .named("String")
                resource.params.append(routeParam(name, type: type, declared: declared?.parameter))
            }
            let markedHeaders = Self.markedHeaders(endpoint.operation.vendorExtensions)
            if let markedHeaders, !markedHeaders.isEmpty { resource.headers[kind] = markedHeaders.map(HeaderSpec.init(imported:)) }
            for (parameter, pointer) in parameters(of: endpoint) where parameter.location == .header || parameter.location == .cookie {
                if parameter.location == .header, let markedHeaders {
                    if markedHeaders.contains(where: { $0.0 == parameter.name }) { continue }
                } else if parameter.location == .header, let value = parameterSchema(parameter).flatMap(constantValue) {
                    resource.headers[kind, default: []].append(HeaderSpec(imported: (parameter.name, value)))
                    continue
                }
                warnNotImported(parameter, of: "\(endpoint.method) \(endpoint.path.rawValue)", at: pointer)
            }
            // A list's query parameters are its typed `query`, but for a paged list's position and page size,
            // which its pages send (in their next URLs, for Django REST Framework's paginators).
            let pageQuery = kind == .list ? resource.pagination.map { Self.pageQueryNames($0).union(Self.pagingQueryNames) } ?? [] : []
            for (parameter, pointer) in parameters(of: endpoint) where parameter.location == .query && !pageQuery.contains(parameter.name) {
                guard kind == .list else {
                    warn(
                        "query parameter `\(parameter.name)` of \(endpoint.method) \(endpoint.path.rawValue) is not imported: only `list` takes a query",
                        at: pointer)
                    continue
                }
                let described = "\(endpoint.method) \(endpoint.path.rawValue)"
                if let field = queryField(parameter, at: pointer, typeBase: model.typeName, of: described) { resource.query.append(field) }
            }
            warnCallbacks(endpoint)
        }
        // A resource seen through several models (`HeroCreate`, `HeroPublic`, `HeroPublicWithTeam`) is named
        // after its path (`Hero`) when the model's name starts with that, and so is one whose model's name
        // only adds the words generators add to it (Klaviyo's `AccountResponseObjectResource`).
        let preferred = Self.nameFromPath(path.split(separator: "/").map(String.init)).camelCased(uppercaseFirst: true)
        if !isMarked, preferred != model.typeName, model.typeName.lowercased().hasPrefix(preferred.lowercased()),
            !related.isEmpty || tookBodies || ResourceMatching.isNoise(String(model.typeName.dropFirst(preferred.count))),
            names.claimExactly(preferred)
        {
            resource.name.value = preferred
        }
        if let (list, keys) = unknownPaging {
            warn(
                "\(list.method) \(list.path.rawValue) is an action, not the list of `\(resource.name.value)`: import does not recognise how its pages go on (\(keys) beside the items)",
                at: list.pointer, hint: "give the resource a `pagination` that says how it pages (docs/spec.md, Pagination)")
        } else if let (list, items) = otherItems, items != model.typeName {
            // Asana's lists answer `GoalCompact`, which lacks fields its `GoalResponse` requires or has them of another type.
            warn(
                "\(list.method) \(list.path.rawValue) is an action, not the list of `\(resource.name.value)`: its items are `\(items)`, which do not decode as `\(resource.name.value)`",
                at: list.pointer)
        }
        if let object = jsonAPIObjects[model.typeName] {
            // A JSON:API resource's documents hold its objects under `data`, which `jsonapi` says.
            let keys = [namespace.one, namespace.many, resource.pagination?.items?.value].compactMap { $0 }
            if let other = keys.first(where: { $0 != "data" }), let before {
                self = before
                return .rejected(because: "`\(model.typeName)` is a JSON:API resource object, but their bodies hold it under `\(other)`, not `data`")
            }
            resource.jsonAPIType = Located(unwritten: object.type ?? segment ?? resource.name.value)
            namespace = (nil, nil, nil)
        }
        if declaredType == "Double" {
            warn(
                "the id `\(idField.documentKey)` of `\(resource.name.value)` is a number, read as `Int64`: an id in a path is written without a fraction (`\(path)/5`, not `5.0`)",
                at: modelPointers[model.typeName] ?? used.first ?? ["paths"])
        }
        resource.namespace = NamespaceSpec(imported: namespace)
        return .resource(resource, used: used, model: model.typeName)
    }

    /// The keys of a list's page that speak of paging (`` `next_token` ``) when its items are the model's but
    /// how it pages is not recognised, which keeps it an action.
    func unrecognisedPaging(_ list: Endpoint, inline: InlineModel?) -> (list: Endpoint, keys: String)? {
        guard let schema = successSchema(list.operation)?.schema, listShape(schema, query: listQuery(list), inline: inline) == nil,
            let properties = objectProperties(schema), let page = page(properties, query: listQuery(list), inline: inline)
        else { return nil }
        let keys = pageLeaves(properties.filter { $0.key != page.items }).map(\.path).filter(Self.speaksOfPages)
        guard !keys.isEmpty else { return nil }
        return (list, keys.map { "`" + $0.joined(separator: ".") + "`" }.joined(separator: ", "))
    }

    /// The type of a list's items when they are a model, which then is not the resource's.
    func listOfAnotherModel(_ list: Endpoint) -> (list: Endpoint, items: String)? {
        guard let shape = successSchema(list.operation).flatMap({ listShape($0.schema, query: listQuery(list)) }) else { return nil }
        return (list, shape.model.typeName)
    }

    /// The names of a list's query parameters.
    func listQuery(_ list: Endpoint) -> Set<String> {
        Set(parameters(of: list).filter { $0.parameter.location == .query }.map(\.parameter.name))
    }

    /// The models a page's schema is made of, but for the items' model `items`: the components it refers
    /// to, through properties and the members of `allOf`, `anyOf` and `oneOf`, and theirs.
    func pageParts(of page: JSONSchema, besides items: String) -> Set<String> {
        var parts: Set<String> = []
        var visited: Set<String> = [items]
        var pending = [page]
        while let schema = pending.popLast() {
            switch schema.value {
            case let .reference(reference, _):
                guard let name = reference.name, visited.insert(name).inserted, let target = componentSchema(named: name) else { continue }
                if case let .model(typeName)? = components[name] { parts.insert(typeName) }
                pending.append(target)
            case let .object(_, object): pending += object.properties.values
            case let .all(of: members, _), let .any(of: members, _), let .one(of: members, _): pending += members
            case let .array(_, array): pending += array.items.map { [$0] } ?? []
            default: continue
            }
        }
        return parts
    }

    /// Makes the resource send what its create, update and partial update take when their bodies are models
    /// of their own (FastAPI's `HeroCreate` and `HeroUpdate`, drf-spectacular's `PatchedPerson`): a field
    /// only a body has is added as `write_only` (FastAPI's `UserCreate.password`), a field no body has is
    /// `read_only` (what the server sets), and the body models are consumed. Returns whether a body was
    /// such a model.
    mutating func adoptRequestBodies(
        _ candidates: CRUDEndpoints, used: [[String]], model: (component: String, typeName: String), idKey: String, into resource: inout ResourceSpec
    ) -> Bool {
        var sentKeys: Set<String> = []
        var everyBodyKnown = true
        for case let (kind, endpoint?) in candidates.all where kind.sendsBody && used.contains(endpoint.pointer) {
            guard let body = requestModel(endpoint), body.component != model.component else {
                everyBodyKnown = false
                continue
            }
            let bodyFields = componentFields[body.typeName] ?? []
            sentKeys.formUnion(bodyFields.map(\.documentKey))
            consumedModels.insert(body.typeName)
            for var field in bodyFields where field.documentKey != idKey && !resource.fields.contains(where: { $0.documentKey == field.documentKey }) {
                (field.readOnly, field.writeOnly) = (false, true)
                resource.fields.append(field)
            }
        }
        guard everyBodyKnown, !sentKeys.isEmpty else { return !sentKeys.isEmpty }
        for index in resource.fields.indices where !sentKeys.contains(resource.fields[index].documentKey) && !resource.fields[index].writeOnly {
            resource.fields[index].readOnly = true
        }
        return true
    }

    /// The model an operation's request body names, directly or wrapped in one namespace key (see
    /// ``namespaceWrapper(_:)``).
    func requestModel(_ endpoint: Endpoint) -> (component: String, typeName: String)? {
        guard let schema = requestSchema(endpoint.operation)?.schema else { return nil }
        return namespaceWrapper(schema)?.model ?? referencedModel(schema)
    }

    /// Compares the namespace of request bodies with that of responses: a namespace only responses have is
    /// `applies_to: responses`, one only requests have `applies_to: requests`.
    func namespaceOfRequests(
        _ candidates: CRUDEndpoints, used: [[String]], into namespace: inout (one: String?, many: String?, direction: NamespaceSpec.Direction?)
    ) {
        var requestKey: String??
        for case let (kind, endpoint?) in [(CRUDOperation.create, candidates.create), (.update, candidates.update), (.patch, candidates.patch)]
        where used.contains(endpoint.pointer) && requestKey == nil {
            guard let schema = requestSchema(endpoint.operation)?.schema else { continue }
            // A body of a model of its own in a wrapper (Asana's `{"data": TaskRequest}`) is sent in it too; one
            // sent bare (Hetzner's `CreateServerRequest`) says requests have no namespace.
            if let (key, _, _) = namespaceWrapper(schema) {
                requestKey = key
            } else if let held = heldProperty(of: schema), kind == .patch {
                requestKey = held.key
            } else if referencedModel(schema) != nil || (InlineModel.isObjectInPlace(schema) && !holdsObject(schema)) {
                requestKey = .some(nil)
            }
        }
        switch (namespace.one, requestKey) {
        case (_?, nil?): namespace.direction = .responses
        case let (nil, key??):
            namespace.one = key
            namespace.direction = .requests
        default: break
        }
    }

    /// Whether a schema's one property holds an object, as a namespace does (`{"data": {…}}`, not `{"name": "…"}`).
    func holdsObject(_ schema: JSONSchema) -> Bool {
        guard let held = heldProperty(of: schema) else { return false }
        return referencedModel(held.inner) != nil || InlineModel.isObjectInPlace(held.inner)
    }

    /// Whether a path segment is exactly one parameter, as `{id}`.
    func isSingleParameter(_ segment: String) -> Bool {
        segment.hasPrefix("{") && segment.hasSuffix("}") && segment.dropFirst().dropLast().allSatisfy { $0 != "{" && $0 != "}" } && segment.count > 2
    }
}
