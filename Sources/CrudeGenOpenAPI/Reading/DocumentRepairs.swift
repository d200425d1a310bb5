import CrudeGenCore
import Yams

/// Flaws of published documents whose intent is clear, read as meant before OpenAPIKit, which refuses a
/// whole document for any one of them, decodes it. Each repair is a located warning.
enum DocumentRepairs {
    /// `tree` with its clear flaws repaired, and a warning for each.
    static func repair(_ tree: DocumentTree) -> (tree: DocumentTree, warnings: [Diagnostic]) {
        let version = tree.root[key: "openapi"]?.scalar?.string ?? ""
        var finder = FlawFinder(tree: tree, declaredSchemes: declaredSecuritySchemes(in: tree.root), isVersion30: version.hasPrefix("3.0"))
        var pointer: [String] = []
        finder.visit(tree.root, pointer: &pointer, parentKey: nil)
        guard !finder.repairs.isEmpty else { return (tree, []) }
        var repaired = tree
        // A vendor's generator repeats a flaw everywhere (Jellyfin's 776 headers): one warning, at the first place,
        // says how many more there are.
        var counts: [String: Int] = [:]
        for repair in finder.repairs { counts[repair.message, default: 0] += 1 }
        var warnings: [Diagnostic] = []
        for repair in finder.repairs {
            if let count = counts.removeValue(forKey: repair.message) {
                let more = count > 1 ? "; the same at \(count - 1) more place\(count == 2 ? "" : "s")" : ""
                warnings.append(.warning(repair.message + more + " (\(JSONPointer.text(repair.pointer)))", at: tree.location(of: repair.pointer)))
            }
            repaired.replace(at: repair.pointer, with: repair.value)
        }
        return (repaired, warnings)
    }

    /// A plain `true`, which readers type as a boolean (a quoted one is text).
    static var plainTrue: Node { .scalar(Node.Scalar("true", .implicit, .plain)) }

    /// The names under `components/securitySchemes`.
    private static func declaredSecuritySchemes(in root: Node) -> Set<String> {
        guard case let .mapping(schemes)? = root[key: "components"]?[key: "securitySchemes"] else { return [] }
        return Set(schemes.compactMap { $0.key.scalar?.string })
    }

    /// One value replaced, and why.
    private struct Repair {
        var pointer: [String]
        var value: Node
        var message: String
    }

    /// Walks a document once, collecting its repairs.
    private struct FlawFinder {
        /// The document, where references point.
        let tree: DocumentTree
        /// The security schemes requirements may name.
        let declaredSchemes: Set<String>
        /// Whether the document is OpenAPI 3.0, which says `nullable` where 3.1 lists `null`.
        let isVersion30: Bool
        /// What to replace, in document order.
        var repairs: [Repair] = []

        /// Visits `node`, at `pointer`, which it leaves as it found it (one array for the whole walk).
        mutating func visit(_ node: Node, pointer: inout [String], parentKey: String?) {
            switch node {
            case let .mapping(mapping):
                check(mapping, pointer: pointer, parentKey: parentKey)
                for index in mapping.indices {
                    guard let key = mapping[index].key.scalar?.string, !key.hasPrefix("x-"), key != "example", key != "examples" else { continue }
                    pointer.append(key)
                    visit(mapping[index].value, pointer: &pointer, parentKey: key)
                    pointer.removeLast()
                }
            case let .sequence(sequence):
                if parentKey == "security" { checkSecurity(sequence, pointer: pointer) }
                for index in sequence.indices {
                    // The elements of `parameters` are parameters, which `check` knows by this key.
                    pointer.append(String(index))
                    visit(sequence[index], pointer: &pointer, parentKey: parentKey == "parameters" ? "parameter" : nil)
                    pointer.removeLast()
                }
            case .scalar, .alias:
                return
            }
        }

        /// Repairs of one mapping: a path parameter not marked required, a header written as a parameter,
        /// an array's items written as a boolean or a list.
        mutating func check(_ mapping: Node.Mapping, pointer: [String], parentKey: String?) {
            if let reference = mapping.value(forKey: "$ref")?.scalar?.string, let target = Self.partOfComponent(reference) {
                // PagerDuty shares the first member of `Tag`'s `allOf` as `#/components/schemas/Tag/allOf/0`.
                guard let value = tree.node(at: target) else { return }
                repairs.append(
                    Repair(
                        pointer: pointer, value: inlined(value, depth: 0),
                        message: "a `$ref` points inside a component or a path, which OpenAPI's references do not; read as the value it points to"))
                return
            }
            let isParameter = parentKey == "parameter" || (pointer.count == 3 && pointer[0] == "components" && pointer[1] == "parameters")
            if isParameter, mapping.value(forKey: "in")?.scalar?.string == "path",
                mapping.value(forKey: "required")?.scalar?.string != "true"
            {
                repairs.append(
                    Repair(
                        pointer: pointer, value: .mapping(mapping.setting("required", to: DocumentRepairs.plainTrue)),
                        message: "a path parameter is always required; read as `required: true`"))
            }
            let isHeader = pointer.count >= 2 && pointer[pointer.count - 2] == "headers" && (pointer.count < 3 || pointer[pointer.count - 3] != "properties")
            let parameterOnly = mapping.compactMap { $0.key.scalar?.string }.filter { ["name", "in", "allowEmptyValue"].contains($0) }
            if isHeader, !parameterOnly.isEmpty {
                // Jellyfin writes every 503's headers as parameters (`allowEmptyValue`); a header has its name as its key.
                let kept = mapping.filter { !parameterOnly.contains($0.key.scalar?.string ?? "") }.map { ($0.key, $0.value) }
                repairs.append(
                    Repair(
                        pointer: pointer, value: .mapping(Node.Mapping(kept, mapping.tag, mapping.style, mapping.mark)),
                        message: "a header object has no `\(parameterOnly.joined(separator: "`, `"))`, which only parameters have; read without"))
            }
            let unboundedLimits = ["minimum", "maximum"].filter { key in
                guard mapping.value(forKey: "type")?.scalar?.string == "integer", let limit = mapping.value(forKey: key)?.scalar?.string else { return false }
                // `1.0` decodes as an integer; `18446744073709552000` and `0.5` do not.
                let fits = Double(limit).map { $0.rounded() == $0 && abs($0) < 9.2e18 } ?? false
                return Int(limit) == nil && !fits
            }
            if !unboundedLimits.isEmpty {
                // DigitalOcean bounds 64-bit integers by `18446744073709552000`, which no integer type holds: the
                // type's own bound is meant.
                let kept = mapping.filter { !unboundedLimits.contains($0.key.scalar?.string ?? "") }.map { ($0.key, $0.value) }
                repairs.append(
                    Repair(
                        pointer: pointer, value: .mapping(Node.Mapping(kept, mapping.tag, mapping.style, mapping.mark)),
                        message: "an integer's `\(unboundedLimits.joined(separator: "` and `"))` is not a value a 64-bit integer can have; read without"))
            }
            if isVersion30, case let .sequence(values)? = mapping.value(forKey: "enum"), values.contains(where: Self.isNull) {
                // OpenAPI 3.0 says a value may be null with `nullable`; Plaid lists `null` among the values instead.
                var pairs = mapping.map { ($0.key, $0.value) }
                if let index = pairs.firstIndex(where: { $0.0.scalar?.string == "enum" }) {
                    pairs[index].1 = .sequence(Node.Sequence(values.filter { !Self.isNull($0) }, values.tag, values.style, values.mark))
                }
                let repaired = Node.mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark).setting("nullable", to: DocumentRepairs.plainTrue))
                repairs.append(Repair(pointer: pointer, value: repaired, message: "`null` is listed among an enum's values; read as `nullable: true`"))
            }
            guard let items = mapping.value(forKey: "items") else { return }
            switch items {
            case .scalar:
                // `items: false` beside `prefixItems` is a tuple (Meilisearch's `[String, String]`): its
                // elements are any of the prefix's types.
                let prefix = mapping.value(forKey: "prefixItems")?.sequence.map(Array.init) ?? []
                repairs.append(
                    Repair(
                        pointer: pointer + ["items"], value: Self.union(of: prefix, at: items),
                        message: "`items` is a boolean, which OpenAPI's schemas do not take; read as "
                            + (prefix.isEmpty ? "any value" : "any of `prefixItems`")))
            case let .sequence(schemas):
                repairs.append(
                    Repair(
                        pointer: pointer + ["items"], value: Self.union(of: Array(schemas), at: items),
                        message: "`items` is a list of schemas (a tuple of JSON Schema draft 4); read as an array of any of them"))
            case .mapping, .alias:
                return
            }
        }

        /// The pointer tokens of a reference to a part of a component (`#/components/schemas/Tag/allOf/0`)
        /// or of a path; `nil` for a reference to a whole component or another document.
        static func partOfComponent(_ reference: String) -> [String]? {
            guard reference.hasPrefix("#/") else { return nil }
            let tokens = reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false).map(JSONPointer.unescaped)
            return tokens.first == "paths" || (tokens.first == "components" && tokens.count > 3) ? tokens : nil
        }

        /// `node` with the references to parts of components inside it replaced by those parts too, a few
        /// levels deep (a part referring to itself stays a reference there).
        func inlined(_ node: Node, depth: Int) -> Node {
            guard depth < 8 else { return node }
            switch node {
            case let .mapping(mapping):
                if let reference = mapping.value(forKey: "$ref")?.scalar?.string, let target = Self.partOfComponent(reference),
                    let value = tree.node(at: target)
                {
                    return inlined(value, depth: depth + 1)
                }
                let pairs = mapping.map { ($0.key, inlined($0.value, depth: depth + 1)) }
                return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
            case let .sequence(sequence):
                return .sequence(Node.Sequence(sequence.map { inlined($0, depth: depth + 1) }, sequence.tag, sequence.style, sequence.mark))
            case .scalar, .alias:
                return node
            }
        }

        /// Drops the names a security requirement gives that no security scheme declares.
        mutating func checkSecurity(_ requirements: Node.Sequence, pointer: [String]) {
            for (index, requirement) in requirements.enumerated() {
                guard case let .mapping(names) = requirement else { continue }
                let undeclared = names.compactMap { $0.key.scalar?.string }.filter { !declaredSchemes.contains($0) }
                guard !undeclared.isEmpty else { continue }
                let kept = names.filter { pair in pair.key.scalar.map { declaredSchemes.contains($0.string) } ?? false }.map { ($0.key, $0.value) }
                repairs.append(
                    Repair(
                        pointer: pointer + [String(index)], value: .mapping(Node.Mapping(kept, names.tag, names.style, names.mark)),
                        message:
                            "the security requirement names `\(undeclared.joined(separator: "`, `"))`, which `components/securitySchemes` does not declare; left out"
                    ))
            }
        }

        /// Whether `node` is a plain `null`.
        static func isNull(_ node: Node) -> Bool {
            guard case let .scalar(scalar) = node, scalar.style == .plain else { return false }
            return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
        }

        /// The schema of a value that is any of `schemas`: the one schema when they are all the same, an
        /// empty schema (any value) when there is none.
        static func union(of schemas: [Node], at place: Node) -> Node {
            // A tuple of one type (`[String, String]`) is an array of that type.
            if let first = schemas.first, schemas.dropFirst().allSatisfy({ JSONText.data(of: $0) == JSONText.data(of: first) }) { return first }
            let pairs: [(Node, Node)] = schemas.isEmpty ? [] : [(Node("anyOf"), .sequence(Node.Sequence(schemas)))]
            return .mapping(Node.Mapping(pairs, .implicit, .any, place.mark))
        }
    }
}
