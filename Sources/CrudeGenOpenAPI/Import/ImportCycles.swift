import CrudeGenCore

/// The importer's finishing: types nothing uses are dropped, and value cycles broken.
extension Mapper {
    /// Drops the models a resource consumed (its page, its wrappers, its bodies) with the types only they
    /// use (the page's `meta`), unless something else refers to them: another consumed model keeps nothing alive.
    mutating func dropConsumedModels() {
        guard !consumedModels.isEmpty else { return }
        let parts = reachableTypes(from: consumedModels)
        let allTypes = Set(spec.models.map(\.name.value) + spec.enums.map(\.name.value) + spec.unions.map(\.name.value))
        let roots = operationTypeNames().union(spec.resources.map(\.name.value)).union(allTypes.subtracting(parts))
        let kept = reachableTypes(from: roots)
        _ = removeTypes { parts.contains($0) && !kept.contains($0) }
    }

    /// Keeps only the models and enums the selected operations use, directly or through other models:
    /// a selection's spec declares what its own operations need and nothing of the rest of the document.
    mutating func dropUnusedTypes() {
        let used = reachableTypes(from: operationTypeNames())
        summary.unusedTypes = removeTypes { !used.contains($0) }
    }

    /// Drops the types that only error responses use (FastAPI's `HTTPValidationError` and its
    /// `ValidationError`): the runtime reads error bodies itself (`APIError.validation`, `serverMessage`),
    /// so no generated function takes or returns them. The summary counts them.
    mutating func dropErrorOnlyTypes() {
        var errorTypes: Set<String> = []
        for (_, item) in orderedPaths {
            for endpoint in document.components[item]?.endpoints ?? [] {
                for (status, response) in endpoint.operation.responses where !status.isSuccess {
                    guard let response = document.components[response] else { continue }
                    for content in response.content.values {
                        if let model = referencedModel(document.components[content]?.schema) { errorTypes.insert(model.typeName) }
                    }
                }
            }
        }
        guard !errorTypes.isEmpty else { return }
        // Every type the error types do not reach stays, and with it every type it uses, error type or not.
        let errorOnly = reachableTypes(from: errorTypes)
        let allTypes = Set(spec.models.map(\.name.value) + spec.enums.map(\.name.value) + spec.unions.map(\.name.value))
        let used = reachableTypes(from: operationTypeNames().union(allTypes.subtracting(errorOnly)))
        summary.errorTypes = removeTypes { allTypes.contains($0) && !used.contains($0) }
    }

    /// Removes the models and enums whose names are `dropped`, marks their components dropped (so that
    /// their warnings are left out too) and returns how many types went.
    private mutating func removeTypes(_ dropped: (String) -> Bool) -> Int {
        let typeCount = spec.models.count + spec.enums.count + spec.unions.count
        spec.models.removeAll { dropped($0.name.value) }
        spec.enums.removeAll { dropped($0.name.value) }
        spec.unions.removeAll { dropped($0.name.value) }
        for (name, component) in components {
            switch component {
            case let .model(type), let .enumeration(type), let .union(type): if dropped(type) { droppedComponents.insert(name) }
            case .alias: break
            }
        }
        return typeCount - spec.models.count - spec.enums.count - spec.unions.count
    }

    /// `names` and every type their models' fields and unions' variants use, directly or through others.
    private func reachableTypes(from names: Set<String>) -> Set<String> {
        var uses = Dictionary(spec.models.map { ($0.name.value, $0.fields.map(\.type.value.baseName)) }, uniquingKeysWith: { first, _ in first })
        for union in spec.unions { uses[union.name.value, default: []] += union.variants.map(\.type.value.baseName) }
        var reached: Set<String> = []
        var pending = Array(names)
        while let name = pending.popLast() {
            guard reached.insert(name).inserted else { continue }
            pending += uses[name] ?? []
        }
        return reached
    }

    /// Drops the variants through which a union would hold itself (reading it would never finish), with a
    /// warning, and gives a union left without variants one that keeps any value.
    mutating func repairUnions() {
        let unions = spec.unions
        let unionNames = Set(unions.map(\.name.value))
        let unionVariants = { (name: String) in
            (unions.first { $0.name.value == name }?.variants ?? []).compactMap { variant -> String? in
                if case let .named(inner) = variant.type.value, unionNames.contains(inner) { inner } else { nil }
            }
        }
        for (index, union) in unions.enumerated() {
            let kept = union.variants.filter { variant in
                guard case let .named(inner) = variant.type.value, unionNames.contains(inner),
                    UnionSpec.variantPath(from: inner, to: union.name.value, unionVariants: unionVariants) != nil
                else { return true }
                warn(
                    "union `\(union.name.value)` would hold itself through its variant `\(inner)`; the variant is left out",
                    at: modelPointers[union.name.value] ?? ["components", "schemas"])
                return false
            }
            spec.unions[index].variants = kept.isEmpty ? [UnionSpec.Variant(listed: .named("JSON"))] : kept
        }
    }

    /// The type names the resources and actions use: fields, route and query parameters, bodies and
    /// return types.
    private func operationTypeNames() -> Set<String> {
        var referenced: Set<String> = []
        for resource in spec.resources {
            referenced.insert(resource.id.type.value.baseName)
            referenced.formUnion(
                resource.fields.map(\.type.value.baseName) + resource.params.map(\.type.value.baseName) + resource.query.map(\.type.value.baseName))
        }
        for action in spec.actions + spec.resources.flatMap(\.actions) {
            referenced.formUnion(action.params.map(\.type.value.baseName) + action.query.map(\.type.value.baseName))
            for payload in [action.body, action.returns] {
                switch payload {
                case let .type(type)?: referenced.insert(type.value.baseName)
                case let .fields(fields, _)?: referenced.formUnion(fields.map(\.type.value.baseName))
                case .none?, nil: break
                }
            }
        }
        return referenced
    }

    /// Replaces fields that make a type contain itself by value (which Swift cannot lay out) with `JSON`.
    mutating func breakValueCycles() {
        while let (owner, fieldIndex, cycle) = findValueCycle() {
            let field: FieldSpec
            if let model = spec.models.firstIndex(where: { $0.name.value == owner }) {
                field = spec.models[model].fields[fieldIndex]
                spec.models[model].fields[fieldIndex].type.value = field.type.value.isOptional ? .optional(.named("JSON")) : .named("JSON")
            } else if let resource = spec.resources.firstIndex(where: { $0.name.value == owner }) {
                field = spec.resources[resource].fields[fieldIndex]
                spec.resources[resource].fields[fieldIndex].type.value = field.type.value.isOptional ? .optional(.named("JSON")) : .named("JSON")
            } else {
                return
            }
            let place = (modelPointers[owner] ?? ["components", "schemas"]) + ["properties", field.documentKey]
            let warning = Diagnostic.warning(
                "field `\(field.documentKey)` of `\(owner)` makes it contain itself by value (\(cycle)); approximated as `JSON` (\(JSONPointer.text(place)))",
                at: source.location(of: place), hint: "Swift cannot store a struct inside itself; hold it in an array or refer to it by id")
            // Cycles are found among the types the spec keeps, so the warning is never dropped with its schema.
            warnings.append((warning, component: nil))
        }
    }

    /// The first field that closes a by-value cycle between models, with the cycle's description.
    func findValueCycle() -> (owner: String, field: Int, cycle: String)? {
        var edges: [String: [(field: Int, target: String)]] = [:]
        let types = Set(spec.models.map(\.name.value) + spec.resources.map(\.name.value))
        for (owner, fields) in spec.models.map({ ($0.name.value, $0.fields) }) + spec.resources.map({ ($0.name.value, $0.fields) }) {
            for (index, field) in fields.enumerated() {
                if let target = field.type.value.valueContainedName, types.contains(target) {
                    edges[owner, default: []].append((index, target))
                }
            }
        }
        for start in edges.keys.sorted() {
            var stack: [(node: String, path: [String])] = [(start, [start])]
            var visited: Set<String> = [start]
            while let (node, path) = stack.popLast() {
                for edge in edges[node] ?? [] {
                    if edge.target == start {
                        return (node, edge.field, (path + [start]).map { "`\($0)`" }.joined(separator: " → "))
                    }
                    if visited.insert(edge.target).inserted {
                        stack.append((edge.target, path + [edge.target]))
                    }
                }
            }
        }
        return nil
    }
}

/// What a value holds inline, for finding value cycles.
extension TypeExpression {
    /// The named type stored inline (through optionals, not arrays or dictionaries).
    var valueContainedName: String? {
        switch self {
        case let .named(name): name
        case let .optional(wrapped): wrapped.valueContainedName
        case .array, .dictionary: nil
        }
    }
}
