/// Resolves the `{name}` parameters of a route against the resource and action that own it.
struct RouteParameters {
    /// What a parameter name refers to.
    enum Resolution {
        case id(IDSpec)
        case field(FieldSpec)
        case param(FieldSpec)
    }

    /// Types a parameter can have: they print as one path segment.
    static let pathTypes: Set<String> = ["Int", "Int32", "Int64", "UInt", "String", "UUID", "Double", "Bool"]

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

    /// Every name a route may use, for "did you mean" hints.
    var knownNames: [String] {
        var names = action?.params.map(\.name.value) ?? []
        if let resource {
            names += [resource.id.name.value] + resource.fields.map(\.name.value) + resource.params.map(\.name.value)
        }
        return names
    }

    /// The route of a CRUD operation: the override, else the resource path for collection operations and
    /// `path/{id}` for member operations (keeping a trailing slash style such as `users/` → `users/{id}/`).
    static func defaultRoute(for operation: CRUDOperation, of resource: ResourceSpec) -> Located<String> {
        if let route = resource.routes[operation] { return route }
        switch operation {
        case .create, .list:
            return resource.path
        case .read, .update, .delete:
            let path = resource.path.value
            let member = path.hasSuffix("/") ? "\(path){\(resource.id.name.value)}/" : "\(path)/{\(resource.id.name.value)}"
            return Located(member, at: resource.path.location)
        }
    }
}
