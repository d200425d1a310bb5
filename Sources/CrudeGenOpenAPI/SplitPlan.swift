import CrudeGenCore
import Foundation

/// The cut of one imported spec into specs that share types (`crudegen import --split`).
///
/// Each resource and API action belongs to the part of its route; each type to the one part whose
/// resources and actions reach it, or to the shared spec when several parts (or none) do. A resource
/// another part's types reach is shared too, with its operations, and so is everything a shared type
/// reaches, so that the shared spec needs no part. Transforms are shared.
struct SplitPlan {
    /// One spec of the cut, for the target `target`.
    struct TargetSpec {
        var target: String
        var spec: Spec
        var uses: [String]
    }

    /// The shared spec first, when anything is shared, then the parts in the order their first resource or
    /// action comes in the whole spec.
    private(set) var specs: [TargetSpec] = []

    /// `threads/{}/runs`: a route without its slashes at the ends and its parameters' names, as the
    /// importer may rename parameters.
    static func routeKey(_ path: String) -> String {
        var key = ""
        var inParameter = false
        for character in path.trimmingCharacters(in: CharacterSet(charactersIn: "/")) {
            switch character {
            case "{":
                inParameter = true
                key.append("{")
            case "}":
                inParameter = false
                key.append("}")
            default: if !inParameter { key.append(character) }
            }
        }
        return key
    }

    /// Cuts `whole`, whose resource or action at a route and method is in the part `partOf` names.
    init(_ whole: Spec, partOf: (String, String?) -> String, sharedTarget: String) {
        let graph = TypeGraph(whole)
        var parts: [String] = []
        func part(_ name: String) -> String {
            let part = name == sharedTarget ? name + "Part" : name
            if !parts.contains(part) { parts.append(part) }
            return part
        }
        let resourceParts = whole.resources.map { part(partOf($0.path.value, nil)) }
        let actionParts = whole.actions.map { part(partOf($0.path.value, $0.resolvedMethod)) }

        // The types each part's resources and actions reach, and the parts reaching each type.
        var reachedBy: [String: Set<String>] = [:]
        for part in parts {
            var roots = zip(whole.resources, resourceParts).filter { $0.1 == part }.flatMap { [$0.0.name.value] + graph.references(of: $0.0) }
            roots += zip(whole.actions, actionParts).filter { $0.1 == part }.flatMap { graph.references(of: $0.0) }
            for name in graph.reachable(from: roots) { reachedBy[name, default: []].insert(part) }
        }
        var shared: Set<String> = []
        for name in graph.declared {
            let parts = reachedBy[name] ?? []
            if let index = whole.resources.firstIndex(where: { $0.name.value == name }) {
                if !parts.subtracting([resourceParts[index]]).isEmpty { shared.insert(name) }
            } else if parts.count != 1 {
                shared.insert(name)
            }
        }
        shared = graph.reachable(from: Array(shared))
        func owner(ofType name: String) -> String? { shared.contains(name) ? nil : reachedBy[name]?.first }

        let usesShared = !shared.isEmpty || !whole.transforms.isEmpty
        if usesShared {
            var spec = whole
            spec.api.name = Located(unwritten: sharedTarget + "API")
            spec.enums = whole.enums.filter { shared.contains($0.name.value) }
            spec.unions = whole.unions.filter { shared.contains($0.name.value) }
            spec.models = whole.models.filter { shared.contains($0.name.value) }
            spec.resources = whole.resources.filter { shared.contains($0.name.value) }
            spec.actions = []
            specs.append(TargetSpec(target: sharedTarget, spec: spec, uses: []))
        }
        for part in parts {
            var spec = whole
            spec.api.name = Located(unwritten: part + "API")
            spec.uses = usesShared ? [SpecUse(reference: Located(unwritten: .target(sharedTarget)))] : []
            spec.transforms = []
            spec.enums = whole.enums.filter { owner(ofType: $0.name.value) == part }
            spec.unions = whole.unions.filter { owner(ofType: $0.name.value) == part }
            spec.models = whole.models.filter { owner(ofType: $0.name.value) == part }
            spec.resources = zip(whole.resources, resourceParts).filter { $0.1 == part && !shared.contains($0.0.name.value) }.map(\.0)
            spec.actions = zip(whole.actions, actionParts).filter { $0.1 == part }.map(\.0)
            // A part whose resources all went to the shared spec has nothing of its own.
            guard !spec.resources.isEmpty || !spec.actions.isEmpty else { continue }
            specs.append(TargetSpec(target: part, spec: spec, uses: usesShared ? [sharedTarget] : []))
        }
    }
}

/// Which declared types each declaration of a spec names.
private struct TypeGraph {
    /// Every declared type: enums, unions, models, resources.
    let declared: [String]
    private var edges: [String: [String]] = [:]
    /// Resources by their JSON:API type, which a relationship field names.
    private let resourcesByJSONAPIType: [String: String]
    private let names: Set<String>

    init(_ spec: Spec) {
        declared = spec.enums.map(\.name.value) + spec.unions.map(\.name.value) + spec.models.map(\.name.value) + spec.resources.map(\.name.value)
        names = Set(declared)
        resourcesByJSONAPIType = Dictionary(
            spec.resources.compactMap { resource in resource.jsonAPIType.map { ($0.value, resource.name.value) } }, uniquingKeysWith: { first, _ in first })
        for union in spec.unions { edges[union.name.value] = union.variants.map(\.type.value.baseName).filter(names.contains) }
        for model in spec.models { edges[model.name.value] = model.fields.flatMap(references(of:)) }
        for resource in spec.resources { edges[resource.name.value] = references(of: resource) }
    }

    /// The declared types a field names: its type, and the resource of its relationship.
    func references(of field: FieldSpec) -> [String] {
        [field.type.value.baseName].filter(names.contains) + (field.relationship.flatMap { resourcesByJSONAPIType[$0.value] }.map { [$0] } ?? [])
    }

    /// What a resource's id, fields, parameters and actions name.
    func references(of resource: ResourceSpec) -> [String] {
        [resource.id.type.value.baseName].filter(names.contains)
            + (resource.fields + resource.params + resource.query).flatMap(references(of:)) + resource.actions.flatMap(references(of:))
    }

    /// What an action's parameters, query, body and result name.
    func references(of action: ActionSpec) -> [String] {
        func payload(_ payload: PayloadSpec?) -> [String] {
            switch payload {
            case let .type(type)?: [type.value.baseName].filter(names.contains)
            case let .fields(fields, _)?: fields.flatMap(references(of:))
            case .none?, nil: []
            }
        }
        return (action.params + action.query).flatMap(references(of:)) + payload(action.body) + payload(action.returns)
    }

    /// `roots` and every type they reach.
    func reachable(from roots: [String]) -> Set<String> {
        var seen: Set<String> = []
        var pending = roots.filter(names.contains)
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            pending += edges[name] ?? []
        }
        return seen
    }
}
