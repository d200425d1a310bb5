import CrudeGenEngine

/// How import recognises one resource in the shapes frameworks give their paths and schemas: which
/// field a member path's parameter names, whether another operation's schema is the same resource seen
/// through another model, and what the resource is called.
enum ResourceMatching {
    /// The singular of an English plural path segment by the regular rules (`heroes` → `hero`, `categories`
    /// → `category`, `boxes` → `box`, `items` → `item`); an irregular plural (`people`) stays as it is.
    static func singular(of plural: String) -> String {
        if plural.hasSuffix("ies"), plural.count > 3 { return plural.dropLast(3) + "y" }
        if ["sses", "xes", "zes", "ches", "shes", "oes"].contains(where: plural.hasSuffix) { return String(plural.dropLast(2)) }
        if plural.hasSuffix("s"), !plural.hasSuffix("ss"), plural.count > 1 { return String(plural.dropLast()) }
        return plural
    }

    /// `hero_id`, `heroId`, `hero-pk` → `hero`: the stem a parameter adds to `id` or `pk`, lowercased without
    /// separators; `nil` for a parameter that is not the id of something.
    static func idStem(of parameter: String) -> String? {
        let letters = normalized(parameter)
        for suffix in ["id", "pk"] where letters.hasSuffix(suffix) && letters.count > suffix.count {
            return String(letters.dropLast(suffix.count))
        }
        return nil
    }

    /// Where the id of a resource is among `fields`, for the member path parameter `parameter`, and whether
    /// that parameter stands for it in the route.
    ///
    /// The parameter identifies the item: a field it names (`{slug}`, `{uuid}`), else the primary key under
    /// any of its conventional names: `{id}` and `{pk}` (Django REST Framework's alias of the primary key,
    /// whichever of `id` and `pk` the serializer shows), and `{hero_id}` in a collection of heroes (FastAPI's
    /// tutorials). Any other parameter (`{username}` beside an `id`) is not the id: the route keeps it as a
    /// parameter of its own and the `id` field, when there is one, is the resource's id.
    static func idField(
        in fields: [FieldSpec], parameter: String, collectionSegment: String?, modelName: String
    ) -> (index: Int, parameterIsID: Bool)? {
        // Docker's `{id}` names its `Id` and `ID`, Jellyfin's `{name}` its `Name`.
        let spoken = normalized(parameter)
        if let exact = fields.firstIndex(where: { $0.givenName == parameter || $0.documentKey == parameter })
            ?? fields.firstIndex(where: { normalized($0.documentKey) == spoken })
        {
            return (exact, true)
        }
        // `{pool_name}` of `pools` names a pool's `name`, `{allocation_gid}` an allocation's `gid`.
        let names = [collectionSegment.map(normalized), normalized(modelName)].compactMap { $0 }
        for (index, field) in fields.enumerated() {
            let key = normalized(field.documentKey)
            guard !key.isEmpty, spoken.hasSuffix(key), case let stem = spoken.dropLast(key.count), !stem.isEmpty else { continue }
            if names.contains(where: { $0.contains(stem) }) { return (index, true) }
        }
        let primaryKey =
            fields.firstIndex { $0.documentKey == "id" } ?? fields.firstIndex { $0.documentKey == "pk" }
            ?? fields.firstIndex { normalized($0.documentKey) == "id" }
        guard let primaryKey else { return nil }
        let lowered = parameter.lowercased()
        if lowered == "id" || lowered == "pk" { return (primaryKey, true) }
        if let stem = idStem(of: parameter) {
            // `{hero_id}` of `heroes` or of `HeroPublic` whose key is `pk`, `{key_id}` of `admin_api_keys`: the
            // collection's or the model's name contains the stem.
            if names.contains(where: { $0.contains(stem) }) { return (primaryKey, true) }
        }
        return (primaryKey, false)
    }

    /// Whether the end of a model's name after its resource's is only words generators add to a
    /// resource's name (`ResponseObjectResource`, `Public`, `Read`, `Output`), so that the resource reads
    /// better without them.
    static func isNoise(_ suffix: String) -> Bool {
        let noise: Set<String> = ["response", "object", "resource", "public", "read", "detail", "details", "full", "output", "data", "dto", "schema", "model"]
        let words = SpecInterop.words(of: suffix)
        return !words.isEmpty && words.allSatisfy { noise.contains($0.lowercased()) }
    }

    /// A name lowercased without separators, as names are compared: `pool_name`, `poolName` and `PoolName` are one.
    static func normalized(_ name: String) -> String {
        name.lowercased().filter { $0.isLetter || $0.isNumber }
    }

    /// Whether a value of a model with `other`'s fields decodes as the resource whose fields are `fields`:
    /// it has every field the resource requires, required and of the same type, and no field of the
    /// resource's with another type. FastAPI returns `HeroPublic` from create and `HeroPublicWithTeam` from
    /// read; both are one hero.
    static func decodes(_ other: [FieldSpec], as fields: [FieldSpec], idKey: String) -> Bool {
        let byKey = Dictionary(other.map { ($0.documentKey, $0.type.value) }, uniquingKeysWith: { first, _ in first })
        guard byKey[idKey] != nil else { return false }
        for field in fields {
            guard let type = byKey[field.documentKey] else {
                if field.type.value.isOptional { continue }
                return false
            }
            if type.nonOptional != field.type.value.nonOptional { return false }
            if !field.type.value.isOptional && type.isOptional { return false }
        }
        return true
    }

    /// Whether the resource can send what a request body of `body`'s fields takes: no key the two share
    /// has another type in the body (OpenAI's `CreateAssistantRequest.model` is a string or an enum where
    /// the assistant's is a string). Such a call stays an action, which sends the body's own type.
    static func canSend(_ body: [FieldSpec], as fields: [FieldSpec]) -> Bool {
        let byKey = Dictionary(fields.map { ($0.documentKey, $0.type.value) }, uniquingKeysWith: { first, _ in first })
        return body.allSatisfy { field in byKey[field.documentKey].map { $0.nonOptional == field.type.value.nonOptional } ?? true }
    }
}
