/// Resolves the `{name}` parameters of a route against the resource and action that own it.
struct RouteParameters {
    /// What a parameter name refers to.
    enum Resolution {
        case id(IDSpec)
        case field(FieldSpec)
        case param(FieldSpec)
    }

    let resource: ResourceSpec?
    let action: ActionSpec?

    func resolve(_ name: String) -> Resolution? {
        if let param = action?.params.first(where: { $0.name.value == name }) { return .param(param) }
        guard let resource else { return nil }
        if resource.id.name.value == name { return .id(resource.id) }
        if let field = resource.fields.first(where: { $0.name.value == name }) { return .field(field) }
        if let param = resource.params.first(where: { $0.name.value == name }) { return .param(param) }
        return nil
    }

    /// The Swift name of the argument or property a parameter stands for.
    func swiftName(of name: String) -> String {
        switch resolve(name) {
        case let .field(field)?, let .param(field)?: Self.swiftName(of: name, field: field)
        case .id?, nil: Self.swiftName(of: name, field: nil)
        }
    }

    /// The Swift name of the argument or property the parameter `name` stands for: the property name of
    /// the field or param it names, else (the id) one derived from the name.
    static func swiftName(of name: String, field: FieldSpec?) -> String {
        field?.propertyName ?? SwiftNaming.propertyName(name)
    }

    /// Every name a route may use, for "did you mean" hints.
    var knownNames: [String] {
        var names = action?.params.map(\.name.value) ?? []
        if let resource {
            names += [resource.id.name.value] + resource.fields.map(\.name.value) + resource.params.map(\.name.value)
        }
        return names
    }

    /// The route of a CRUD operation: the override, else the resource path for collection operations and
    /// the member route below it (`path/{id}`, or `path{id}/` when `path` ends with a slash) for the others.
    /// `nil` when the written route does not parse, which the validator reports.
    static func template(for operation: CRUDOperation, of resource: ResourceSpec) -> RouteTemplate? {
        if let route = resource.routes[operation] { return try? RouteTemplate.parse(route.value).get() }
        guard let collection = try? RouteTemplate.parse(resource.path.value).get() else { return nil }
        switch operation {
        case .create, .list: return collection
        case .read, .update, .patch, .delete: return collection.appendingMember(resource.id.name.value)
        }
    }
}
