import CrudeGenEngine

/// Assembles a ``SpecDraft`` into a ``Spec``, deciding what only the whole draft tells: each field's name
/// from its JSON key once the key style is known, and explicit keys where the style does not derive them.
/// ``SpecSerializer`` writes the result.
///
/// Every value is located at `file`'s first line: the spec has no text yet, and the text the serializer
/// writes is what is loaded, validated and located afterwards.
extension SpecDraft {
    /// The spec the draft describes, its values located at the start of `file`.
    func spec(file: String) -> Spec {
        let assembler = SpecAssembler(style: api.keyStyle, location: SourceLocation(file: file, line: 1, column: 1))
        return assembler.spec(of: self)
    }

    /// The field name import gives a JSON key: the key, camel-cased when the style is `snake_case`.
    static func derivedName(forKey key: String, style: KeyStyle) -> String {
        guard style == .snakeCase, key.contains("_") else { return key }
        return SpecInterop.identifier(
            key.split(separator: "_").enumerated().map { $0.offset == 0 ? String($0.element) : String($0.element).capitalizedFirst }.joined(),
            uppercaseFirst: false)
    }
}

/// The draft's parts as the spec's, all at one synthesized `location`; `style` decides which fields need an explicit key.
private struct SpecAssembler {
    let style: KeyStyle
    let location: SourceLocation

    func located<T>(_ value: T) -> Located<T> {
        Located(value, at: location)
    }

    func spec(of draft: SpecDraft) -> Spec {
        var api = draft.api
        api.location = location
        var spec = Spec(file: location.file, api: api)
        spec.transforms = draft.transforms
        spec.enums = draft.enums
        spec.unions = draft.unions.map(union)
        spec.models = draft.models.map { model in
            var spec = model
            spec.fields = fields(model.fields)
            return spec
        }
        spec.resources = draft.resources.map(resource)
        spec.actions = draft.actions.map(action)
        return spec
    }

    func headers(_ headers: [(name: String, value: String)]) -> [HeaderSpec] {
        headers.map { HeaderSpec(name: located($0.name), value: located($0.value)) }
    }

    // MARK: types

    /// Variants listed by type when none has a name of its own, else each under its name (a listed
    /// one's is its type's spelling).
    func union(_ union: UnionSpec) -> UnionSpec {
        var union = union
        let listed = union.variants.allSatisfy(\.isListed)
        for index in union.variants.indices { union.variants[index].isListed = listed }
        return union
    }

    // MARK: fields

    /// `fields` named: a name the document gives kept when it is free, else one derived from the JSON key,
    /// with the explicit key the style does not derive; no property name is one of `taken` or another field's.
    func fields(_ fields: [FieldSpec], taken: Set<String> = []) -> [FieldSpec] {
        var used = taken
        return fields.map { field in
            let documentKey = field.documentKey
            var named = field
            named.description = field.description.keptDescription
            if let given = field.givenName, !used.contains(SpecInterop.propertyName(given)) {
                used.insert(SpecInterop.propertyName(given))
                named.key = SpecInterop.jsonKey(forField: given, style: style) == documentKey ? nil : located(documentKey)
                return named
            }
            var name = SpecDraft.derivedName(forKey: documentKey, style: style)
            var key: String? = SpecInterop.jsonKey(forField: name, style: style) == documentKey ? nil : documentKey
            if key != nil, !SpecInterop.isIdentifier(name) {
                name = SpecInterop.identifier(name, uppercaseFirst: false)
            }
            var number = 2
            let base = name
            while used.contains(SpecInterop.propertyName(name)) {
                name = "\(SpecInterop.propertyName(base))\(number)"
                number += 1
                key = documentKey
            }
            if key == nil, SpecInterop.jsonKey(forField: name, style: style) != documentKey { key = documentKey }
            used.insert(SpecInterop.propertyName(name))
            (named.name, named.key) = (located(name), key.map(located))
            return named
        }
    }

    /// Names each field a route names as the route does, by its JSON key (`{site_id}`), with the name its
    /// key would give it (`siteId`) as its `swift_name`, so that the route stays the document's path. Names
    /// are decided here, as the key style is known only once every key is.
    func routeFieldsNamed(in resource: inout SpecDraft.Resource) {
        let routeNames = Set(resource.params.map(\.name.value) + [resource.idName])
        let written = Set(([resource.path] + resource.routes.values).flatMap(SpecInterop.parameterNames(inRoute:)))
        for (index, named) in fields(resource.fields, taken: [SpecInterop.propertyName(resource.idName)]).enumerated() {
            let documentKey = resource.fields[index].documentKey
            guard named.name.value != documentKey, written.contains(documentKey), !routeNames.contains(documentKey) else { continue }
            resource.fields[index].givenName = documentKey
            if resource.fields[index].swiftName == nil { resource.fields[index].swiftName = located(SpecInterop.propertyName(named.name.value)) }
        }
    }

    // MARK: resources and actions

    func resource(_ draft: SpecDraft.Resource) -> ResourceSpec {
        var draft = draft
        routeFieldsNamed(in: &draft)
        let idKeyDerived = SpecInterop.jsonKey(forField: draft.idName, style: style) == draft.idKey
        let id = IDSpec(
            name: located(draft.idName), type: located(draft.idType), key: idKeyDerived ? nil : located(draft.idKey), transform: draft.idTransform.map(located))
        var namespace: NamespaceSpec?
        if draft.namespaceOne != nil || draft.namespaceMany != nil {
            namespace = NamespaceSpec(one: draft.namespaceOne.map(located), many: draft.namespaceMany.map(located))
            namespace?.direction = draft.namespaceDirection ?? .both
        }
        var resource = ResourceSpec(
            name: located(draft.name), description: draft.description.keptDescription, path: located(draft.path), id: id,
            operations: draft.operations.map(located), namespace: namespace, routes: draft.routes.mapValues(located),
            methods: draft.methods.mapValues(located), headers: draft.headers.mapValues(headers),
            responses: Dictionary(uniqueKeysWithValues: draft.responsesNone.map { ($0, located(ResponseKind.none)) }), params: draft.params,
            pagination: draft.pagination, fields: fields(draft.fields, taken: [SpecInterop.propertyName(draft.idName)]),
            actions: draft.actions.map(action))
        resource.swiftName = draft.swiftName.map(located)
        resource.store = draft.store.map(located)
        resource.jsonAPIType = draft.jsonAPIType.map(located)
        resource.query = fields(draft.query, taken: Set(["query"] + draft.params.map(\.propertyName)))
        resource.cache = draft.cache.mapValues(located)
        resource.deprecated = draft.deprecated.mapValues(located)
        return resource
    }

    /// An action with its fields named. The route's parameters, the fields of a body declared in place
    /// and the query all become arguments of one function, so their Swift names must differ (Intercom's
    /// `{jobIdentifier}` route beside a `jobIdentifier` query parameter).
    func action(_ action: ActionSpec) -> ActionSpec {
        var action = action
        let routeNames = Set(action.params.map(\.propertyName))
        action.body = action.body.flatMap { payload($0, taken: routeNames) }
        var bodyNames: Set<String> = []
        if case let .fields(fields, _)? = action.body { bodyNames = Set(fields.map { SpecInterop.propertyName($0.name.value) }) }
        action.query = fields(action.query, taken: routeNames.union(bodyNames))
        action.returns = action.returns.flatMap { payload($0) }
        return action
    }

    /// A body or response whose fields declared in place are named apart from `taken`; none for an object
    /// declared without fields, which gives a call nothing to send or read.
    func payload(_ payload: PayloadSpec, taken: Set<String> = []) -> PayloadSpec? {
        switch payload {
        case .type, .none: payload
        case let .fields(fields, location): fields.isEmpty ? nil : .fields(self.fields(fields, taken: taken), at: location)
        }
    }
}

/// Capitalization for derived names.
extension String {
    /// The string with its first character uppercased.
    var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
