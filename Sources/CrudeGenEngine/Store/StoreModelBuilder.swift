/// Decides what the local store needs from a resolved API and its Swift code model: which resources are
/// tables, how each field becomes a column, which types hold stored resources and which operations'
/// responses are kept.
package enum StoreModelBuilder {
    /// The store's declarations, or `nil` when the spec keeps no resource in the store.
    package static func build(_ resolved: ResolvedAPI, model: CodeModel) -> StoreDeclaration? {
        let spec = resolved.spec
        let stored = Set(spec.resources.filter { ($0.store ?? spec.api.store)?.value == true }.map(\.name.value))
        guard !stored.isEmpty else { return nil }
        let builder = StoreBuilder(resolved: resolved, resources: Array(resolved.resources), stored: stored)
        return builder.declaration(for: model)
    }
}

private struct StoreBuilder {
    let resolved: ResolvedAPI
    /// The resolved resources, kept: the store reads them more than once.
    let resources: [ResolvedResource]
    let symbols: SymbolTable
    /// The spec names of stored resources.
    let stored: Set<String>
    /// The resolved models and resources by spec name (unique once validated): `reaches` looks one up for
    /// every property of every model.
    private let modelsByName: [String: ResolvedModel]
    private let resourcesByName: [String: ResolvedResource]

    init(resolved: ResolvedAPI, resources: [ResolvedResource], stored: Set<String>) {
        self.resolved = resolved
        self.resources = resources
        self.symbols = resolved.validated.symbols
        self.stored = stored
        modelsByName = Dictionary(resolved.models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        resourcesByName = Dictionary(resources.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func declaration(for model: CodeModel) -> StoreDeclaration {
        // `model.models` holds the spec's models, then its resources, each in spec order, as the resolved API does.
        let resources = zip(model.models.dropFirst(resolved.ownModels.count), self.resources)
        var tables: [StoredTableDeclaration] = []
        var containers: [StoreContainerDeclaration] = []
        for declaration in model.models.prefix(resolved.ownModels.count) {
            let nested = declaration.properties.filter { reaches($0.typeExpression) }.map(\.name)
            if !nested.isEmpty { containers.append(StoreContainerDeclaration(name: declaration.name, nested: nested)) }
        }
        for (declaration, resource) in resources {
            let nested = declaration.properties.filter { reaches($0.typeExpression) }.map(\.name)
            if stored.contains(resource.name), let declared = declaration.resource {
                tables.append(table(declaration, declared, resource, nested: nested))
            } else if !nested.isEmpty {
                containers.append(StoreContainerDeclaration(name: declaration.name, nested: nested))
            }
        }
        for payload in model.api.payloadModels {
            let nested = payload.properties.filter { reaches($0.typeExpression) }.map(\.name)
            if !nested.isEmpty { containers.append(StoreContainerDeclaration(name: payload.name, nested: nested)) }
        }
        let containerNames = Set(containers.map(\.name))
        return StoreDeclaration(
            apiName: model.api.name, tables: tables, containers: containers,
            operations: operations(model, resources: Array(resources), containers: containerNames))
    }

    // MARK: tables

    /// The table of a stored resource; a field its routes name is looked up by, so its column is indexed.
    private func table(
        _ declaration: ModelDeclaration, _ declared: ResourceDeclaration, _ resource: ResolvedResource, nested: [String]
    ) -> StoredTableDeclaration {
        let columns = declaration.properties.enumerated().map { index, property in column(property, at: index, isID: index == 0) }
        var indexes: [String] = []
        let routes = resource.operations.map(\.route) + resource.actions.map(\.route)
        for parameter in routes.flatMap(\.parameters) {
            guard case let .field(field) = parameter.source, !indexes.contains(field.key) else { continue }
            indexes.append(field.key)
        }
        return StoredTableDeclaration(
            name: declaration.name, tableName: resource.name, columns: columns, indexes: indexes,
            idProperty: declared.idProperty, idType: declared.idType, nested: nested)
    }

    /// The column of a property and the statement reading it: scalars and enums in columns of their SQLite
    /// type, transformed fields as their transform writes them, everything else as JSON text.
    private func column(_ property: PropertyDeclaration, at index: Int, isID: Bool) -> (column: SwiftExpression, read: SwiftStatement) {
        let position = SwiftArgument("at", .integer(index))
        func column(_ kind: String, _ more: [SwiftArgument] = []) -> SwiftExpression {
            SwiftExpression.member(nil, kind).call([SwiftArgument(nil, .string(property.key)), SwiftArgument(nil, .keyPath(property.name))] + more)
        }
        func read(_ method: String, _ more: [SwiftArgument] = []) -> SwiftStatement {
            .assign(SwiftExpression.identifier("self").member(property.name), .try(SwiftExpression.identifier("row").member(method).call([position] + more)))
        }
        // The id is always its Swift value, so deletes and reads by id compare like with like.
        if !isID, let transform = property.transform {
            let using = SwiftArgument("using", .metatype(transform.swiftType))
            return (column("transformed", [using]), read("transformed", [using]))
        }
        let type = property.typeExpression.nonOptional
        if case let .named(base) = type {
            switch symbols.resolve(base) {
            case let .builtin(type)? where type.isStoreScalar:
                return (column("scalar"), read("scalar"))
            case .enumeration?:
                return (column("openEnum"), read("openEnum"))
            default:
                break
            }
        }
        let shape = SwiftArgument("shape", .string(Self.fingerprint(shape(of: type))))
        return (column("json", [shape]), read(property.isOptional ? "jsonIfPresent" : "json"))
    }

    /// What decoding a JSON column depends on: the nested types' keys, types and transforms, spelled out
    /// recursively (a type met again inside itself is named only).
    private func shape(of type: TypeExpression, visiting: Set<String> = []) -> String {
        switch type {
        case let .optional(wrapped): return shape(of: wrapped, visiting: visiting) + "?"
        case let .array(element): return "[" + shape(of: element, visiting: visiting) + "]"
        case let .dictionary(value): return "[:" + shape(of: value, visiting: visiting) + "]"
        case let .named(name):
            guard let fields = fields(of: name) else {
                if let enumeration = resolved.spec.enums.first(where: { $0.name.value == name }) { return "enum " + enumeration.rawType.rawValue }
                if let union = resolved.spec.unions.first(where: { $0.name.value == name }), !visiting.contains(name) {
                    let variants = union.variants.map { $0.name.value + ":" + shape(of: $0.type.value, visiting: visiting.union([name])) }
                    return "(" + (union.discriminator.map { $0.value + "|" } ?? "") + variants.joined(separator: "|") + ")"
                }
                return name
            }
            guard !visiting.contains(name) else { return "@" + name }
            let inner = fields.map { field in
                field.key + ":" + shape(of: field.type, visiting: visiting.union([name])) + (field.transform.map { " " + $0 } ?? "")
            }
            return "{" + inner.joined(separator: ",") + "}"
        }
    }

    /// The 64-bit FNV-1a hash of `text` in hex: a short, stable stand-in for a long shape.
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    // MARK: reaching stored resources

    /// The fields of the model or resource the spec calls `name` (a resource's id first), each with its
    /// JSON key, the type the spec declares (an id's without the optional a creatable value gives it) and the
    /// name of the transform it writes, as the shape of a JSON column spells them.
    private func fields(of name: String) -> [(key: String, type: TypeExpression, transform: String?)]? {
        func described(_ field: ResolvedField) -> (key: String, type: TypeExpression, transform: String?) {
            (field.key, field.declaredType, field.spec.transform?.value)
        }
        if let model = modelsByName[name] { return model.fields.map(described) }
        guard let resource = resourcesByName[name] else { return nil }
        return [(resource.id.key, resource.spec.id.type.value, resource.spec.id.transform?.value)] + resource.fields.map(described)
    }

    /// Whether a value of `type` can hold a stored resource.
    func reaches(_ type: TypeExpression, visiting: Set<String> = []) -> Bool {
        let name = type.baseName
        if stored.contains(name) { return true }
        guard !visiting.contains(name), let fields = fields(of: name) else { return false }
        return fields.contains { reaches($0.type, visiting: visiting.union([name])) }
    }

    // MARK: operations

    private func operations(
        _ model: CodeModel, resources: [(declaration: ModelDeclaration, resolved: ResolvedResource)], containers: Set<String>
    ) -> [SwiftExpression] {
        var entries: [SwiftExpression] = []
        let apiResource = SwiftNaming.unescaped(model.api.name)
        for (declaration, resolvedResource) in resources {
            guard let resource = declaration.resource else { continue }
            let type = declaration.name
            let isStored = stored.contains(resource.specName)
            if isStored || containers.contains(type) {
                for (operation, resolvedOperation) in zip(resource.operations, resolvedResource.operations) {
                    let key = "\(resource.specName).\(operation.kind.rawValue)"
                    let one = resource.namespaceOne.map { [SwiftArgument("at", .string($0))] } ?? []
                    let items = (resource.pagination?.items ?? resource.namespaceMany).flatMap { $0.isEmpty ? nil : [SwiftArgument("at", .string($0))] } ?? []
                    let route = [SwiftArgument("route", .string(pattern(resolvedOperation.route)))]
                    let single = SwiftType.named(type)
                    switch (operation.kind, isStored) {
                    case (.delete, true): entries.append(Self.entry("delete", single, key, route))
                    case (.delete, false): continue
                    case (_, _) where !operation.returnsModel: continue
                    case (.read, true): entries.append(Self.entry("read", single, key, route + one))
                    case (.list, true): entries.append(Self.entry("list", single, key, route + items))
                    case (.list, false): entries.append(Self.entry("response", .array(single), key, items))
                    default: entries.append(Self.entry("response", single, key, one))
                    }
                }
            }
            entries += actions(resource.actions, resolved: resolvedResource.actions, resourceName: resource.specName)
        }
        entries += actions(model.api.actions, resolved: resolved.actions, resourceName: apiResource)
        return entries
    }

    /// The entries of actions whose responses hold stored resources.
    private func actions(_ declarations: [ActionDeclaration], resolved actions: [ResolvedAction], resourceName: String) -> [SwiftExpression] {
        zip(declarations, actions).compactMap { declaration, action in
            let holdsStored: Bool =
                switch action.response {
                case let .type(type): reaches(type)
                case let .fields(_, fields): fields.contains { reaches($0.type) }
                case .none, .file: false
                }
            guard holdsStored else { return nil }
            let key = "\(resourceName).\(declaration.specName)"
            if let (pagination, itemType) = declaration.pagination {
                let items = pagination.items.isEmpty ? [] : [SwiftArgument("at", .string(pagination.items))]
                return Self.entry("response", .array(itemType), key, items)
            }
            switch declaration.response {
            case let .type(type): return Self.entry("response", type, key)
            case let .fields(typeName, _): return Self.entry("response", typeName, key)
            case .none, .download: return nil
            }
        }
    }

    /// A `StoreOperation` entry: `.kind(T.self, "resource.operation", …)`.
    private static func entry(_ kind: String, _ type: SwiftType, _ key: String, _ more: [SwiftArgument] = []) -> SwiftExpression {
        SwiftExpression.member(nil, kind).call([SwiftArgument(nil, .metatype(type)), SwiftArgument(nil, .string(key))] + more)
    }

    /// A route as CrudeStore matches it: `{id}` for the resource's id, `{=key}` for a field (its column, by
    /// JSON key), `{*}` for other parameters and for keys a pattern cannot spell.
    func pattern(_ route: ResolvedRoute) -> String {
        route.parts.map { part in
            switch part {
            case let .literal(text):
                return text
            case let .parameter(parameter):
                switch parameter.source {
                case .id: return "{id}"
                case let .field(field): return field.key.contains(where: { "{}/".contains($0) }) ? "{*}" : "{=\(field.key)}"
                case .argument: return "{*}"
                }
            }
        }.joined()
    }
}
