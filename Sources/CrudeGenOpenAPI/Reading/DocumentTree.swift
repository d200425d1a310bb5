import CrudeGenCore
import Yams

/// A document's composed node tree as the reading stages shape it (external references bundled, Swagger
/// converted, flaws repaired or left out), and where each of its values came from.
///
/// Every node keeps the line and column of the text it was read from; ``origins`` says which file that
/// text is in where it is not the entry document, so a warning about a bundled part names its own file.
struct DocumentTree {
    /// The document, as a mapping once reading has checked its top level.
    var root: Node
    /// The entry document's path, as the user gave it.
    let file: String
    /// The files of bundled parts, by the JSON pointer tokens of the place they were put; the deepest
    /// place on a pointer decides.
    var origins: [[String]: String] = [:]
    /// The position of each key in the document's large mappings near the root (`paths`,
    /// `components/schemas`), by their pointers: the mapper looks a schema up once for each of thousands,
    /// and a search from the start made that quadratic. Built by ``indexingLargeMappings()`` once the tree
    /// no longer changes; any change drops it.
    private var keyIndexes: [[String]: [String: Int]] = [:]

    /// The tree of a document read from `file`.
    init(root: Node, file: String) {
        self.root = root
        self.file = file
    }

    /// The node at a JSON pointer's tokens; `nil` when the document has no such place.
    func node(at pointer: [String]) -> Node? {
        let (node, reached) = deepestNode(at: pointer)
        return reached == pointer.count ? node : nil
    }

    /// Where the value at a JSON pointer's tokens starts, or the nearest enclosing value that exists.
    func location(of pointer: [String]) -> SourceLocation {
        let (node, reached) = deepestNode(at: pointer)
        var file = self.file
        if !origins.isEmpty {
            for length in stride(from: reached, through: 1, by: -1) {
                if let origin = origins[Array(pointer[..<length])] {
                    file = origin
                    break
                }
            }
        }
        guard let mark = node.mark else { return SourceLocation(file: file, line: 1, column: 1) }
        return SourceLocation(file: file, line: mark.line, column: mark.column)
    }

    /// The deepest node a pointer's tokens lead to, and how many tokens it followed.
    func deepestNode(at pointer: [String]) -> (node: Node, reached: Int) {
        var node = root
        for (index, token) in pointer.enumerated() {
            let next: Node?
            if index <= 2, case let .mapping(mapping) = node, let keys = keyIndexes[Array(pointer[..<index])] {
                next = keys[token].map { mapping[$0].value }
            } else {
                next = node.child(token)
            }
            guard let next else { return (node, index) }
            node = next
        }
        return (node, pointer.count)
    }

    /// The tree with its large mappings near the root indexed by key, for lookups that no longer search.
    func indexingLargeMappings() -> DocumentTree {
        var indexed = self
        func index(_ node: Node, at pointer: [String]) {
            guard case let .mapping(mapping) = node else { return }
            if mapping.count > 32 {
                var keys: [String: Int] = [:]
                for (offset, pair) in mapping.enumerated() {
                    if let key = pair.key.scalar?.string, keys[key] == nil { keys[key] = offset }
                }
                indexed.keyIndexes[pointer] = keys
            }
            guard pointer.count < 2 else { return }
            for (key, value) in mapping {
                if let key = key.scalar?.string { index(value, at: pointer + [key]) }
            }
        }
        index(root, at: [])
        return indexed
    }

    /// Removes the value at `pointer` from its mapping or sequence; `false` when there is none.
    @discardableResult
    mutating func remove(at pointer: [String]) -> Bool {
        guard !pointer.isEmpty, node(at: pointer) != nil else { return false }
        keyIndexes = [:]
        Self.change(&root, at: pointer[...]) { $0 = nil }
        return true
    }

    /// Replaces the value at `pointer`, which must exist.
    mutating func replace(at pointer: [String], with value: Node) {
        keyIndexes = [:]
        Self.change(&root, at: pointer[...]) { $0 = value }
    }

    /// Applies `change` to the value at `pointer` below `node`; setting it to `nil` removes it.
    private static func change(_ node: inout Node, at pointer: ArraySlice<String>, _ change: (inout Node?) -> Void) {
        guard let token = pointer.first else { return }
        switch node {
        case var .mapping(mapping):
            guard let index = mapping.firstIndex(where: { $0.key.scalar?.string == token }) else { return }
            if pointer.count == 1 {
                var value: Node? = mapping[index].value
                change(&value)
                var pairs = mapping.map { ($0.key, $0.value) }
                if let value { pairs[index].1 = value } else { pairs.remove(at: index) }
                mapping = Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark)
            } else {
                var child = mapping[index].value
                Self.change(&child, at: pointer.dropFirst(), change)
                mapping[index] = (mapping[index].key, child)
            }
            node = .mapping(mapping)
        case var .sequence(sequence):
            guard let index = Int(token), sequence.indices.contains(index) else { return }
            if pointer.count == 1 {
                var value: Node? = sequence[index]
                change(&value)
                var nodes = Array(sequence)
                if let value { nodes[index] = value } else { nodes.remove(at: index) }
                sequence = Node.Sequence(nodes, sequence.tag, sequence.style, sequence.mark)
            } else {
                var child = sequence[index]
                Self.change(&child, at: pointer.dropFirst(), change)
                sequence[index] = child
            }
            node = .sequence(sequence)
        case .scalar, .alias:
            return
        }
    }
}

extension Node {
    /// The value under a JSON pointer token: a mapping's value for that key, a sequence's element at that index.
    func child(_ token: String) -> Node? {
        switch self {
        case let .mapping(mapping): mapping.value(forKey: token)
        case let .sequence(sequence): Int(token).flatMap { sequence.indices.contains($0) ? sequence[$0] : nil }
        case .scalar, .alias: nil
        }
    }

    /// A mapping's value for `key`.
    subscript(key key: String) -> Node? {
        guard case let .mapping(mapping) = self else { return nil }
        return mapping.value(forKey: key)
    }
}

extension Node.Mapping {
    /// The mapping with `key` set to `value`, added last when it is new.
    func setting(_ key: String, to value: Node) -> Node.Mapping {
        var pairs = map { ($0.key, $0.value) }
        if let index = pairs.firstIndex(where: { $0.0.scalar?.string == key }) { pairs[index].1 = value } else { pairs.append((Node(key), value)) }
        return Node.Mapping(pairs, tag, style, mark)
    }

    /// The value for `key`, found by index: a mapping's iterator copies all of its pairs first, which made
    /// every lookup in a large mapping (a document's 2,000 schemas) cost as much as the mapping.
    func value(forKey key: String) -> Node? {
        firstIndex { $0.key.scalar?.string == key }.map { self[$0].value }
    }
}
