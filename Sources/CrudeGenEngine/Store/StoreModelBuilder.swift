/// Decides what the local store needs from a validated spec and its code model: which resources are
/// tables, how each field becomes a column, which types hold stored resources and which operations'
/// responses are kept.
package enum StoreModelBuilder {
    /// The store's declarations, or `nil` when the spec keeps no resource in the store.
    package static func build(_ validated: ValidatedSpec, model: CodeModel) -> StoreDeclaration? {
        let spec = validated.spec
        let stored = Set(spec.resources.filter { ($0.store ?? spec.api.store)?.value == true }.map(\.name.value))
        guard !stored.isEmpty else { return nil }
        return StoreBuilder(spec: spec, symbols: validated.symbols, stored: stored).declaration(for: model)
    }
}

private struct StoreBuilder {
    let spec: Spec
    let symbols: SymbolTable
    /// The spec names of stored resources.
    let stored: Set<String>

    func declaration(for model: CodeModel) -> StoreDeclaration {
        // `model.models` holds the spec's models, then its resources, each in spec order.
        let specNames = spec.models.map(\.name.value) + spec.resources.map(\.name.value)
        var tables: [StoredTableDeclaration] = []
        var containers: [StoreContainerDeclaration] = []
        for (declaration, specName) in zip(model.models, specNames) {
            let nested = declaration.properties.filter { reaches($0.typeExpression) }.map(\.name)
            if stored.contains(specName), let resource = declaration.resource {
                tables.append(table(declaration, resource, specName: specName, nested: nested))
            } else if !nested.isEmpty {
                containers.append(StoreContainerDeclaration(name: declaration.name, nested: nested))
            }
        }
        for payload in model.api.payloadModels {
            let nested = payload.properties.filter { reaches($0.typeExpression) }.map(\.name)
            if !nested.isEmpty { containers.append(StoreContainerDeclaration(name: payload.name, nested: nested)) }
        }
        let containerNames = Set(containers.map(\.name))
        return StoreDeclaration(apiName: model.api.name, tables: tables, containers: containers, operations: operations(model, containers: containerNames))
    }

    // MARK: tables

    private func table(_ declaration: ModelDeclaration, _ resource: ResourceDeclaration, specName: String, nested: [String]) -> StoredTableDeclaration {
        let columns = declaration.properties.enumerated().map { index, property in column(property, at: index, isID: index == 0) }
        var indexes: [String] = []
        let routes = resource.operations.map(\.route) + resource.actions.map(\.route)
        for case let .parameter(parameter) in routes.joined() where parameter.source == .field {
            guard let property = declaration.properties.first(where: { $0.name == parameter.name }), !indexes.contains(property.key) else { continue }
            indexes.append(property.key)
        }
        return StoredTableDeclaration(
            name: declaration.name, tableName: specName, columns: columns, indexes: indexes,
            idProperty: resource.idProperty, idType: resource.idType, nested: nested)
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
                if let enumeration = spec.enums.first(where: { $0.name.value == name }) { return "enum " + enumeration.rawType.rawValue }
                if let union = spec.unions.first(where: { $0.name.value == name }), !visiting.contains(name) {
                    let variants = union.variants.map { $0.name.value + ":" + shape(of: $0.type.value, visiting: visiting.union([name])) }
                    return "(" + (union.discriminator.map { $0.value + "|" } ?? "") + variants.joined(separator: "|") + ")"
                }
                return name
            }
            guard !visiting.contains(name) else { return "@" + name }
            let inner = fields.map { field in
                field.jsonKey(style: spec.api.keyStyle) + ":" + shape(of: field.type.value, visiting: visiting.union([name]))
                    + (field.transform.map { " " + $0.value } ?? "")
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

    /// The fields of the model or resource the spec calls `name` (a resource's id first).
    private func fields(of name: String) -> [FieldSpec]? {
        if let model = spec.models.first(where: { $0.name.value == name }) { return model.fields }
        if let resource = spec.resources.first(where: { $0.name.value == name }) { return [resource.id.field(optional: false)] + resource.fields }
        return nil
    }

    /// Whether a value of `type` can hold a stored resource.
    func reaches(_ type: TypeExpression, visiting: Set<String> = []) -> Bool {
        let name = type.baseName
        if stored.contains(name) { return true }
        guard !visiting.contains(name), let fields = fields(of: name) else { return false }
        return fields.contains { reaches($0.type.value, visiting: visiting.union([name])) }
    }

    // MARK: operations

    private func operations(_ model: CodeModel, containers: Set<String>) -> [SwiftExpression] {
        var entries: [SwiftExpression] = []
        let apiResource = SwiftNaming.unescaped(model.api.name)
        for declaration in model.models {
            guard let resource = declaration.resource else { continue }
            let type = declaration.name
            let isStored = stored.contains(resource.specName)
            if isStored || containers.contains(type) {
                for operation in resource.operations {
                    let key = "\(resource.specName).\(operation.kind.rawValue)"
                    let one = resource.namespaceOne.map { [SwiftArgument("at", .string($0))] } ?? []
                    let items = (resource.pagination?.items ?? resource.namespaceMany).flatMap { $0.isEmpty ? nil : [SwiftArgument("at", .string($0))] } ?? []
                    let route = [SwiftArgument("route", .string(pattern(operation.route, of: resource.specName)))]
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
            let owner = spec.resources.first { $0.name.value == resource.specName }
            entries += actions(resource.actions, specs: owner?.actions ?? [], resourceName: resource.specName)
        }
        entries += actions(model.api.actions, specs: spec.actions, resourceName: apiResource)
        return entries
    }

    /// The entries of actions whose responses hold stored resources.
    private func actions(_ declarations: [ActionDeclaration], specs: [ActionSpec], resourceName: String) -> [SwiftExpression] {
        zip(declarations, specs).compactMap { declaration, action in
            let holdsStored: Bool =
                switch action.returns {
                case let .type(type)?: reaches(type.value)
                case let .fields(fields, _)?: fields.contains { reaches($0.type.value) }
                case .none?, nil: false
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
    func pattern(_ route: [RoutePart], of resource: String) -> String {
        let fields = spec.resources.first { $0.name.value == resource }?.fields ?? []
        return route.map { part in
            switch part {
            case let .literal(text):
                return text
            case let .parameter(parameter):
                if parameter.source == .id { return "{id}" }
                guard parameter.source == .field, let field = fields.first(where: { $0.name.value == parameter.specName }) else { return "{*}" }
                let key = field.jsonKey(style: spec.api.keyStyle)
                return key.contains(where: { "{}/".contains($0) }) ? "{*}" : "{=\(key)}"
            }
        }.joined()
    }
}
