import CrudeGenEngine
import CrudeYAML

/// Walks a YAML node tree for ``SpecLoader``, reporting every shape mismatch as a located diagnostic.
///
/// It visits an aliased node at each of its aliases; the composer has already rejected a spec whose aliases
/// would make that walk unbounded (`YAMLError.expansionLimit`).
struct NodeReader {
    /// The entries of a mapping whose keys were checked against the allowed ones.
    struct Entries {
        /// Where the mapping starts.
        var location: SourceLocation
        private var values: [String: (key: Located<String>, value: YAMLNode)]

        init(location: SourceLocation, values: [String: (key: Located<String>, value: YAMLNode)]) {
            self.location = location
            self.values = values
        }

        subscript(key: String) -> YAMLNode? { values[key]?.value }

        /// Where the key itself was written.
        func keyLocation(_ key: String) -> SourceLocation? { values[key]?.key.location }
    }

    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
    }

    func location(of node: YAMLNode) -> SourceLocation {
        SourceLocation(file: file, line: node.mark.line, column: node.mark.column)
    }

    mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    mutating func error(_ message: String, at node: YAMLNode, hint: String? = nil) {
        report(.error(message, at: location(of: node), hint: hint))
    }

    /// A scalar's text, or an error naming what was expected.
    mutating func scalar(_ node: YAMLNode, _ what: String) -> Located<String>? {
        guard case let .scalar(scalar) = node else {
            error("\(what) must be a single value, not a \(kind(of: node))", at: node)
            return nil
        }
        var location = location(of: node)
        if scalar.style == .singleQuoted || scalar.style == .doubleQuoted {
            location.column += 1
        }
        return Located(scalar.string, at: location)
    }

    /// A non-empty scalar.
    mutating func text(_ node: YAMLNode, _ what: String) -> Located<String>? {
        guard let value = scalar(node, what) else { return nil }
        guard !value.value.isEmpty else {
            error("\(what) must not be empty", at: node)
            return nil
        }
        return value
    }

    /// A YAML boolean (`true`/`false`).
    mutating func bool(_ node: YAMLNode, _ what: String) -> Bool? {
        guard let value = scalar(node, what) else { return nil }
        guard let flag = Self.flag(value.value) else {
            error("\(what) must be `true` or `false`, not `\(value.value)`", at: node)
            return nil
        }
        return flag
    }

    /// The flag a scalar spells, as YAML writes `true` and `false`, or `nil` for any other text.
    static func flag(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE", "yes": true
        case "false", "False", "FALSE", "no": false
        default: nil
        }
    }

    /// The items of a sequence.
    mutating func sequence(_ node: YAMLNode, _ what: String) -> [YAMLNode]? {
        guard case let .sequence(sequence) = node else {
            error("\(what) must be a list, not a \(kind(of: node))", at: node)
            return nil
        }
        return Array(sequence)
    }

    /// A mapping's pairs in file order, with scalar keys.
    ///
    /// YAML merge keys (`<<: *timestamps`, `<<: [*a, *b]`) insert the pairs of the merged mappings where
    /// they stand, as YAML 1.1 defines them: a key the mapping writes itself wins over a merged one, and
    /// among merged mappings the first wins.
    mutating func pairs(_ node: YAMLNode, _ what: String) -> [(key: Located<String>, value: YAMLNode)]? {
        guard case let .mapping(mapping) = node else {
            error("\(what) must be a mapping of `key: value` pairs, not a \(kind(of: node))", at: node)
            return nil
        }
        var written: [(key: Located<String>, value: YAMLNode)] = []
        var merged: [(key: Located<String>, value: YAMLNode)] = []
        var order: [(isMerged: Bool, index: Int)] = []
        written.reserveCapacity(mapping.count)
        for (key, value) in mapping {
            if case let .scalar(scalar) = key, scalar.string == "<<", scalar.style == .plain {
                for pair in mergedPairs(value, what) {
                    order.append((true, merged.count))
                    merged.append(pair)
                }
                continue
            }
            guard let name = scalar(key, "a key in \(what)") else { continue }
            order.append((false, written.count))
            written.append((name, value))
        }
        guard !merged.isEmpty else { return written }
        var seen = Set(written.map(\.key.value))
        return order.compactMap { entry in
            guard entry.isMerged else { return written[entry.index] }
            let pair = merged[entry.index]
            return seen.insert(pair.key.value).inserted ? pair : nil
        }
    }

    /// The pairs a merge key's value brings: one mapping, or a list of mappings.
    private mutating func mergedPairs(_ value: YAMLNode, _ what: String) -> [(key: Located<String>, value: YAMLNode)] {
        switch value {
        case .mapping:
            return pairs(value, what) ?? []
        case let .sequence(items):
            return items.flatMap { item -> [(key: Located<String>, value: YAMLNode)] in
                guard case .mapping = item else {
                    error(
                        "a merge key `<<` in \(what) takes mappings, not a \(kind(of: item))", at: item,
                        hint: "merge a mapping defined with an anchor, as `<<: *timestamps`")
                    return []
                }
                return pairs(item, what) ?? []
            }
        default:
            error(
                "a merge key `<<` in \(what) takes a mapping or a list of mappings, not a \(kind(of: value))", at: value,
                hint: "merge a mapping defined with an anchor, as `<<: *timestamps`")
            return []
        }
    }

    /// A mapping with a fixed set of keys: unknown keys get a "did you mean" hint, missing required keys an
    /// error. Keys starting with `x-` are left to tools and YAML anchors, as OpenAPI's extensions are.
    mutating func entries(_ node: YAMLNode, _ what: String, keys: MappingKeys) -> Entries? {
        let allowed = keys.allowed
        guard let pairs = pairs(node, what) else { return nil }
        var values: [String: (key: Located<String>, value: YAMLNode)] = [:]
        for pair in pairs where !pair.key.value.hasPrefix("x-") {
            guard allowed.contains(pair.key.value) else {
                var hint = Suggestions.didYouMean(pair.key.value, in: allowed) ?? "allowed keys: " + allowed.map { "`\($0)`" }.joined(separator: ", ")
                // `{ description: one, two }` reads `two` as a key: the usual cause of a key with a space or no value.
                if pair.key.value.contains(" ") || pair.value.scalar?.string.isEmpty == true {
                    hint = "inside `{ … }` a comma ends a value: quote values that contain commas"
                }
                report(.error("unknown key `\(pair.key.value)` in \(what)", at: pair.key.location, hint: hint))
                continue
            }
            values[pair.key.value] = pair
        }
        let entries = Entries(location: location(of: node), values: values)
        for key in keys.required where values[key] == nil {
            error("\(what) is missing the required key `\(key)`", at: node)
        }
        return entries
    }

    func kind(of node: YAMLNode) -> String {
        switch node {
        case .scalar: "single value"
        case .mapping: "mapping"
        case .sequence: "list"
        }
    }
}
