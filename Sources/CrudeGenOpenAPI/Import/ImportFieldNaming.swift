import CrudeGenEngine

/// Names the fields of an imported spec, which only the whole spec can: a field is named by its JSON key
/// (or by the name the document gives it) while the document is read, and by the key style once every
/// key is known. ``SpecSerializer`` writes the result.
extension Spec {
    /// The spec with every field named by `api.keyStyle`, explicit keys only where the style does not
    /// derive them, and unions listing their variants by type only when none has a name of its own.
    func namedByKeyStyle() -> Spec {
        let namer = FieldNamer(style: api.keyStyle)
        var spec = self
        spec.unions = unions.map(namer.union)
        spec.models = models.map { model in
            var model = model
            model.fields = namer.fields(model.fields)
            return model
        }
        spec.resources = resources.map(namer.resource)
        spec.actions = actions.map(namer.action)
        return spec
    }
}

extension FieldSpec {
    /// The field name import gives a JSON key: the key, camel-cased when the style is `snake_case`.
    static func importedName(forKey key: String, style: KeyStyle) -> String {
        guard style == .snakeCase, key.contains("_") else { return key }
        return SpecInterop.identifier(
            key.split(separator: "_").enumerated().map { $0.offset == 0 ? String($0.element) : String($0.element).capitalizedFirst }.joined(),
            uppercaseFirst: false)
    }
}

/// Names fields by one key style (`style`), which decides which of them keep an explicit key.
private struct FieldNamer {
    let style: KeyStyle

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
                named.key = SpecInterop.jsonKey(forField: given, style: style) == documentKey ? nil : Located(unwritten: documentKey)
                return named
            }
            var name = FieldSpec.importedName(forKey: documentKey, style: style)
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
            (named.name, named.key) = (Located(unwritten: name), key.map(Located.init(unwritten:)))
            return named
        }
    }

    /// Names each field a route names as the route does, by its JSON key (`{site_id}`), with the name its
    /// key would give it (`siteId`) as its `swift_name`, so that the route stays the document's path. Names
    /// are decided here, as the key style is known only once every key is.
    func routeFieldsNamed(in resource: inout ResourceSpec) {
        let routeNames = Set(resource.params.map(\.name.value) + [resource.id.name.value])
        let written = Set(([resource.path.value] + resource.routes.values.map(\.value)).flatMap(SpecInterop.parameterNames(inRoute:)))
        for (index, named) in fields(resource.fields, taken: [SpecInterop.propertyName(resource.id.name.value)]).enumerated() {
            let documentKey = resource.fields[index].documentKey
            guard named.name.value != documentKey, written.contains(documentKey), !routeNames.contains(documentKey) else { continue }
            resource.fields[index].givenName = documentKey
            if resource.fields[index].swiftName == nil { resource.fields[index].swiftName = Located(unwritten: SpecInterop.propertyName(named.name.value)) }
        }
    }

    // MARK: resources and actions

    /// A resource with its fields named: a field its routes name keeps the route's name, and the id's key
    /// is explicit only when the style does not derive it from the id's name.
    func resource(_ resource: ResourceSpec) -> ResourceSpec {
        var resource = resource
        routeFieldsNamed(in: &resource)
        if SpecInterop.jsonKey(forField: resource.id.name.value, style: style) == resource.id.documentKey { resource.id.key = nil }
        resource.fields = fields(resource.fields, taken: [SpecInterop.propertyName(resource.id.name.value)])
        resource.query = fields(resource.query, taken: Set(["query"] + resource.params.map(\.propertyName)))
        resource.actions = resource.actions.map(action)
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
