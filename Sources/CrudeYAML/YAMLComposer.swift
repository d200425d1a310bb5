/// Composes YAML text into the node tree of its single document, as `Yams.compose(yaml:, .basic)` does: the
/// same nodes, tags, styles and marks, and the same errors.
public enum YAMLComposer {
    /// The tag Yams gives a quoted or block scalar written without one.
    public static let stringTag = "tag:yaml.org,2002:str"

    /// The node of the one document in `text` (UTF-8), or nil when the text holds none (empty, or only
    /// comments).
    public static func compose(_ text: String) throws(YAMLError) -> YAMLNode? {
        var composer = Composer(parser: YAMLParser(Array(text.utf8)))
        return try composer.singleDocument()
    }
}

/// The composer's state over one stream of events. Iterative, not recursive: a document nests up to the
/// parser's 1000 levels, deeper than a secondary thread's stack allows a recursive walk in a debug build.
private struct Composer {
    /// A collection whose items are still being read.
    private enum Open {
        case sequence(anchor: String?, tag: String?, style: YAMLCollectionStyle, mark: YAMLNode.Mark, items: [YAMLNode])
        case mapping(anchor: String?, tag: String?, style: YAMLCollectionStyle, mark: YAMLNode.Mark, pairs: [(key: YAMLNode, value: YAMLNode)], key: YAMLNode?)
    }

    var parser: YAMLParser
    /// The anchored nodes, with how many nodes each holds with its aliases expanded.
    private var anchors: [String: (node: YAMLNode, expandedSize: Int)] = [:]
    /// The nodes read so far as written (an alias counts one) and as expanded (an alias counts its node's
    /// size): whoever walks the composed tree visits the expanded ones.
    private var writtenNodes = 0
    private var expandedNodes = 0
    /// `expandedNodes` where each open collection started.
    private var expandedAtStart: [Int] = []

    init(parser: YAMLParser) {
        self.parser = parser
    }

    mutating func singleDocument() throws(YAMLError) -> YAMLNode? {
        guard case .streamStart = try parser.next().kind else { return nil }
        guard case .documentStart = try parser.next().kind else { return nil }
        let root = try document()
        let next = try parser.next()
        if case .streamEnd = next.kind { return root }
        throw YAMLError(
            .composer, context: "expected a single document in the stream", contextMark: YAMLMark(index: 0, line: 0, column: 0),
            problem: "but found another document", problemMark: next.start)
    }

    /// The nodes of a document whose start was read, through its end.
    private mutating func document() throws(YAMLError) -> YAMLNode {
        var open: [Open] = []
        while true {
            let event = try parser.next()
            let mark = YAMLNode.Mark(line: event.start.line + 1, column: event.start.column + 1)
            var node: YAMLNode
            switch event.kind {
            case let .scalar(anchor, tag, value, _, quotedImplicit, style):
                node = .scalar(YAMLNode.Scalar(value, tag: quotedImplicit ? YAMLComposer.stringTag : tag, style: style, mark: mark))
                count(expanded: 1)
                register(anchor, node, expandedSize: 1)
            case let .alias(anchor):
                guard let aliased = anchors[anchor] else {
                    throw YAMLError(.composer, problem: "found undefined alias", problemMark: event.start)
                }
                node = aliased.node
                count(expanded: aliased.expandedSize)
                let limit = Self.expansionLimit(writtenNodes: writtenNodes)
                if expandedNodes > limit {
                    var error = YAMLError(
                        .composer, problem: "the aliases expand the document past \(limit) nodes", problemMark: event.start)
                    error.expansionLimit = limit
                    throw error
                }
            case let .sequenceStart(anchor, tag, _, style):
                count(expanded: 1)
                expandedAtStart.append(expandedNodes - 1)
                open.append(.sequence(anchor: anchor, tag: tag, style: style, mark: mark, items: []))
                continue
            case let .mappingStart(anchor, tag, _, style):
                count(expanded: 1)
                expandedAtStart.append(expandedNodes - 1)
                open.append(.mapping(anchor: anchor, tag: tag, style: style, mark: mark, pairs: [], key: nil))
                continue
            case .sequenceEnd, .mappingEnd:
                let expandedSize = expandedNodes - expandedAtStart.removeLast()
                switch open.removeLast() {
                case let .sequence(anchor, tag, style, start, items):
                    node = .sequence(YAMLNode.Sequence(items, tag: tag, style: style, mark: start))
                    register(anchor, node, expandedSize: expandedSize)
                case let .mapping(anchor, tag, style, start, pairs, _):
                    try Self.checkDuplicates(pairs.map(\.key))
                    node = .mapping(YAMLNode.Mapping(pairs, tag: tag, style: style, mark: start))
                    register(anchor, node, expandedSize: expandedSize)
                }
            case .streamStart, .streamEnd, .documentStart, .documentEnd:
                // The parser gives these only around a document's node, never inside one.
                continue
            }
            guard let top = open.popLast() else {
                _ = try parser.next()  // the document's end
                return node
            }
            switch top {
            case .sequence(let anchor, let tag, let style, let start, var items):
                items.append(node)
                open.append(.sequence(anchor: anchor, tag: tag, style: style, mark: start, items: items))
            case .mapping(let anchor, let tag, let style, let start, var pairs, let key):
                if let key {
                    pairs.append((key: key, value: node))
                    open.append(.mapping(anchor: anchor, tag: tag, style: style, mark: start, pairs: pairs, key: nil))
                } else {
                    open.append(.mapping(anchor: anchor, tag: tag, style: style, mark: start, pairs: pairs, key: node))
                }
            }
        }
    }

    private mutating func register(_ anchor: String?, _ node: YAMLNode, expandedSize: Int) {
        if let anchor { anchors[anchor] = (node, expandedSize) }
    }

    /// Counts a node read: one written, `expanded` when its aliases are expanded.
    private mutating func count(expanded: Int) {
        writtenNodes += 1
        expandedNodes += expanded
    }

    /// How many nodes a document that has written `writtenNodes` so far may expand to through its aliases: ten
    /// times that, and at least a million; checked at each alias, so the bound holds before the expansion.
    /// Composing shares an aliased node, but every walk of the tree (decoding, conversion, validation) visits
    /// it at each alias, so a few lines of nested aliases (a "billion laughs" document) would take any
    /// reader's time and memory without bound.
    static func expansionLimit(writtenNodes: Int) -> Int {
        max(1_000_000, 10 * writtenNodes)
    }

    /// Rejects a mapping that repeats a key, as Yams does: keys equal as nodes (a scalar by its text and tag,
    /// `!!str` for one without), reported in sorted order at the first place the first of them is written.
    private static func checkDuplicates(_ keys: [YAMLNode]) throws(YAMLError) {
        guard keys.count > 1 else { return }
        var seen: [NodeKey: YAMLNode] = [:]
        var repeated: [NodeKey: YAMLNode] = [:]
        for key in keys {
            let identity = NodeKey(key)
            if let first = seen[identity] {
                if repeated[identity] == nil { repeated[identity] = first }
            } else {
                seen[identity] = key
            }
        }
        guard !repeated.isEmpty else { return }
        let sorted = repeated.sorted { $0.key < $1.key }
        let first = sorted[0].value.mark
        var error = YAMLError(
            .composer, problem: "duplicate keys", problemMark: YAMLMark(index: 0, line: first.line - 1, column: first.column - 1))
        error.duplicateKeys = sorted.map { $0.value.string ?? "<uncovertable>" }
        throw error
    }
}

/// A mapping key as Yams compares keys: a scalar by its text and its tag (`!!str` when none is written), a
/// collection by its items and tag; ordered as Yams sorts duplicates (scalars by text).
private indirect enum NodeKey: Hashable, Comparable {
    case scalar(String, tag: String)
    case sequence([NodeKey], tag: String)
    case mapping([NodeKey], tag: String)

    init(_ node: YAMLNode) {
        switch node {
        case let .scalar(scalar): self = .scalar(scalar.string, tag: scalar.tag ?? YAMLComposer.stringTag)
        case let .sequence(sequence): self = .sequence(sequence.items.map(NodeKey.init), tag: sequence.tag ?? "tag:yaml.org,2002:seq")
        case let .mapping(mapping):
            self = .mapping(mapping.pairs.flatMap { [NodeKey($0.key), NodeKey($0.value)] }, tag: mapping.tag ?? "tag:yaml.org,2002:map")
        }
    }

    static func < (lhs: NodeKey, rhs: NodeKey) -> Bool {
        switch (lhs, rhs) {
        case let (.scalar(left, _), .scalar(right, _)): left < right
        case let (.sequence(left, _), .sequence(right, _)), let (.mapping(left, _), .mapping(right, _)): left.lexicographicallyPrecedes(right)
        case (.scalar, _): true
        case (.sequence, .mapping): true
        default: false
        }
    }
}
