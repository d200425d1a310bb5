import CrudeGenCore
import Foundation
import Yams

/// Bundles a document kept in several files (DigitalOcean's 2,907) into one tree: every `$ref` to
/// another file, at any level, is resolved relative to the file it is written in.
///
/// A schema another file holds becomes a component schema named after its file or its fragment's last
/// token, so that it is one named type however many places use it; anything else (a path item, an
/// operation, a parameter, a response, a description) is put in place of its reference. The tree
/// remembers which file each bundled part came from, so warnings about it name that file.
struct ExternalReferences {
    /// Reads a referenced file; the default reads from disk.
    typealias FileReader = (URL) throws -> Data

    /// The tree being bundled.
    private var tree: DocumentTree
    /// Reads the files references name.
    private let read: FileReader
    /// The files read so far, composed, by path; `nil` for a file that cannot be read.
    private var files: [String: Node?] = [:]
    /// The component name each external schema became, by its file and fragment.
    private var hoisted: [String: String] = [:]
    /// The component schemas' names, taken or claimed.
    private var schemaNames = ComponentNames()
    /// Schemas hoisted but not yet added to the components, in order.
    private var pendingSchemas: [(name: String, node: Node, file: URL)] = []
    /// The references being put in place, to stop a part that refers to itself.
    private var inlining: Set<String> = []
    /// What could not be resolved.
    private(set) var warnings: [Diagnostic] = []

    /// The keys whose value is a schema.
    private static let schemaKeys: Set<String> = [
        "schema", "items", "additionalProperties", "not", "additionalItems", "contains", "propertyNames", "if", "then", "else",
    ]
    /// The keys whose value maps names to schemas.
    private static let schemaMapKeys: Set<String> = ["properties", "patternProperties", "definitions", "$defs"]
    /// The keys whose value lists schemas.
    private static let schemaListKeys: Set<String> = ["allOf", "oneOf", "anyOf", "prefixItems"]

    /// What a node is, as far as references to schemas care.
    private enum Place {
        case schema, schemaMap, schemaList, other
    }

    /// Bundles the external references of `tree`, whose entry file is read from `tree.file`'s folder.
    static func bundle(_ tree: DocumentTree, read: @escaping FileReader) -> (tree: DocumentTree, warnings: [Diagnostic]) {
        guard Self.hasExternalReference(tree.root) else { return (tree, []) }
        var bundler = ExternalReferences(tree: tree, read: read)
        if case let .mapping(schemas)? = tree.root[key: "components"]?[key: "schemas"] {
            bundler.schemaNames = ComponentNames(taken: Set(schemas.compactMap { $0.key.scalar?.string }))
        }
        let entry = URL(fileURLWithPath: tree.file).standardizedFileURL
        var root = tree.root
        bundler.resolve(&root, place: .other, in: entry, pointer: [])
        // Hoisted schemas may refer to further files; each is bundled in its own file's folder as it is added.
        var added: [(Node, Node)] = []
        while !bundler.pendingSchemas.isEmpty {
            var (name, node, file) = bundler.pendingSchemas.removeFirst()
            bundler.resolve(&node, place: .schema, in: file, pointer: ["components", "schemas", name])
            bundler.tree.origins[["components", "schemas", name]] = file.path
            added.append((Node(name), node))
        }
        if !added.isEmpty { root = Self.adding(schemas: added, to: root) }
        bundler.tree.root = root
        return (bundler.tree, bundler.warnings)
    }

    private init(tree: DocumentTree, read: @escaping FileReader) {
        self.tree = tree
        self.read = read
    }

    /// Whether any `$ref` below `node` names another file: most documents have none and skip bundling.
    private static func hasExternalReference(_ node: Node) -> Bool {
        switch node {
        case let .mapping(mapping):
            for (key, value) in mapping {
                if key.scalar?.string == "$ref", let target = value.scalar?.string, !target.hasPrefix("#") { return true }
                if hasExternalReference(value) { return true }
            }
            return false
        case let .sequence(sequence): return sequence.contains(where: hasExternalReference)
        case .scalar, .alias: return false
        }
    }

    /// Resolves the references below `node`, which is in `file` at `pointer` of the bundled tree; `false`
    /// when there were none, so that the nodes around them are not copied for nothing.
    @discardableResult
    private mutating func resolve(_ node: inout Node, place: Place, in file: URL, pointer: [String]) -> Bool {
        switch node {
        case var .mapping(mapping):
            if let target = mapping.value(forKey: "$ref")?.scalar?.string {
                guard let resolved = reference(target, place: place, in: file, pointer: pointer, at: node) else { return false }
                node = resolved
                return true
            }
            var changed = false
            for index in mapping.indices {
                let key = mapping[index].key.scalar?.string ?? ""
                // Code samples and examples are never imported: their files are not read.
                if key.hasPrefix("x-") || key == "example" || key == "examples" { continue }
                var value = mapping[index].value
                guard resolve(&value, place: Self.place(ofValueAt: key, in: place), in: file, pointer: pointer + [key]) else { continue }
                mapping[index] = (mapping[index].key, value)
                changed = true
            }
            if changed { node = .mapping(mapping) }
            return changed
        case var .sequence(sequence):
            let elementPlace: Place = place == .schemaList ? .schema : .other
            var changed = false
            for index in sequence.indices {
                var value = sequence[index]
                guard resolve(&value, place: elementPlace, in: file, pointer: pointer + [String(index)]) else { continue }
                sequence[index] = value
                changed = true
            }
            if changed { node = .sequence(sequence) }
            return changed
        case .scalar, .alias:
            return false
        }
    }

    /// What the value under `key` of a node at `place` is.
    private static func place(ofValueAt key: String, in place: Place) -> Place {
        switch place {
        case .schemaMap: return .schema
        case .schema:
            if schemaKeys.contains(key) { return .schema }
            if schemaMapKeys.contains(key) { return .schemaMap }
            return schemaListKeys.contains(key) ? .schemaList : .other
        case .schemaList, .other:
            if key == "schema" { return .schema }
            return key == "schemas" || key == "definitions" ? .schemaMap : .other
        }
    }

    /// What a `$ref` to `target`, written in `file`, becomes in the bundled tree; `nil` to keep it as it is.
    private mutating func reference(_ target: String, place: Place, in file: URL, pointer: [String], at node: Node) -> Node? {
        let isEntry = file == URL(fileURLWithPath: tree.file).standardizedFileURL
        if target.hasPrefix("#") && isEntry { return nil }
        let (path, fragment) = Self.split(target)
        let targetFile = path.isEmpty ? file : URL(fileURLWithPath: path, relativeTo: file.deletingLastPathComponent()).standardizedFileURL
        let key = targetFile.path + "#" + fragment
        let location = SourceLocation(file: isEntry ? tree.file : file.path, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        guard let document = load(targetFile) else {
            warnings.append(.warning("`\(target)` cannot be read; what refers to it is left as an unresolved reference", at: location))
            return nil
        }
        let tokens = fragment.split(separator: "/", omittingEmptySubsequences: true).map(JSONPointer.unescaped)
        guard let found = DocumentTree(root: document, file: targetFile.path).node(at: tokens) else {
            warnings.append(.warning("`\(target)` names nothing in `\(targetFile.lastPathComponent)`; the reference is left unresolved", at: location))
            return nil
        }
        if place == .schema {
            if let name = hoisted[key] { return Self.schemaReference(to: name, like: node) }
            let name = schemaNames.claim(tokens.last ?? targetFile.deletingPathExtension().lastPathComponent)
            hoisted[key] = name
            pendingSchemas.append((name, found, targetFile))
            return Self.schemaReference(to: name, like: node)
        }
        guard inlining.insert(key).inserted else {
            warnings.append(.warning("`\(target)` refers to itself; the inner reference is left unresolved", at: location))
            return nil
        }
        var inlined = found
        resolve(&inlined, place: place, in: targetFile, pointer: pointer)
        inlining.remove(key)
        tree.origins[pointer] = targetFile.path
        return inlined
    }

    /// A file's node tree, read and composed once.
    private mutating func load(_ url: URL) -> Node? {
        if let known = files[url.path] { return known }
        var node: Node?
        if let data = try? read(url), let text = String(data: data, encoding: .utf8) {
            node = (try? ComposedDocument.compose(text, file: url.path)) ?? nil
        }
        files[url.path] = node
        return node
    }

    /// A reference's file part and fragment (`models/pet.yaml#/Pet` → `models/pet.yaml`, `/Pet`).
    private static func split(_ target: String) -> (path: String, fragment: String) {
        guard let hash = target.firstIndex(of: "#") else { return (target, "") }
        return (String(target[..<hash]), String(target[target.index(after: hash)...]))
    }

    /// `{$ref: '#/components/schemas/name'}` at the place of the reference it replaces.
    private static func schemaReference(to name: String, like node: Node) -> Node {
        .mapping(Node.Mapping([(Node("$ref"), Node(JSONPointer.text(["components", "schemas", name])))], .implicit, .any, node.mark))
    }

    /// `root` with `schemas` added to its component schemas.
    private static func adding(schemas: [(Node, Node)], to root: Node) -> Node {
        var tree = DocumentTree(root: root, file: "")
        if tree.node(at: ["components"]) == nil, case let .mapping(top) = tree.root {
            tree.root = .mapping(top.setting("components", to: .mapping(Node.Mapping([]))))
        }
        let existing: [(Node, Node)] =
            if case let .mapping(mapping)? = tree.node(at: ["components", "schemas"]) { mapping.map { ($0.key, $0.value) } } else { [] }
        guard case let .mapping(components)? = tree.node(at: ["components"]) else { return root }
        tree.replace(at: ["components"], with: .mapping(components.setting("schemas", to: .mapping(Node.Mapping(existing + schemas)))))
        return tree.root
    }
}
