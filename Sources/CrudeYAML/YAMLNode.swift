/// A node of a YAML document: a scalar, a mapping or a sequence, each where it starts in the text.
///
/// Aliases are resolved: an alias is the node its anchor names (the arrays are shared, not copied, so an
/// alias bomb costs what its text costs until something walks it). Scalars stay text: a spec's reader
/// decides what `yes` or `1.0` means where it reads it.
public enum YAMLNode: Sendable {
    /// A single value.
    case scalar(Scalar)
    /// Key and value pairs, in the order written.
    case mapping(Mapping)
    /// Items, in the order written.
    case sequence(Sequence)

    /// Where a node starts, from 1 as editors count: the line, and the column in Unicode scalars.
    public struct Mark: Sendable, Equatable {
        /// The line, from 1.
        public var line: Int
        /// The column, from 1.
        public var column: Int

        /// Creates a mark.
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// A scalar: its text, how it is written and its tag.
    public struct Scalar: Sendable {
        /// The text, escapes and line folding applied.
        public var string: String
        /// The tag written with it (`tag:yaml.org,2002:str` for `!!str`), or for a quoted or block scalar
        /// without one `tag:yaml.org,2002:str`, as Yams tags it; nil for a plain scalar without one.
        public var tag: String?
        /// How it is written.
        public var style: YAMLScalarStyle
        /// Where it starts.
        public var mark: Mark

        /// Creates a scalar.
        public init(_ string: String, tag: String? = nil, style: YAMLScalarStyle = .plain, mark: Mark) {
            self.string = string
            self.tag = tag
            self.style = style
            self.mark = mark
        }
    }

    /// A mapping: its pairs in the order written.
    public struct Mapping: Sendable, RandomAccessCollection {
        /// The pairs, in the order written.
        public var pairs: [(key: YAMLNode, value: YAMLNode)]
        /// The tag written with it, if any.
        public var tag: String?
        /// How it is written.
        public var style: YAMLCollectionStyle
        /// Where it starts.
        public var mark: Mark

        /// Creates a mapping.
        public init(_ pairs: [(key: YAMLNode, value: YAMLNode)], tag: String? = nil, style: YAMLCollectionStyle = .block, mark: Mark) {
            self.pairs = pairs
            self.tag = tag
            self.style = style
            self.mark = mark
        }

        public var startIndex: Int { pairs.startIndex }
        public var endIndex: Int { pairs.endIndex }
        public subscript(position: Int) -> (key: YAMLNode, value: YAMLNode) { pairs[position] }

        /// The value of the first pair whose key is the scalar `key`.
        public subscript(key: String) -> YAMLNode? {
            pairs.first { $0.key.string == key }?.value
        }

        /// The keys, in the order written.
        public var keys: [YAMLNode] { pairs.map(\.key) }
    }

    /// A sequence: its items in the order written.
    public struct Sequence: Sendable, RandomAccessCollection {
        /// The items, in the order written.
        public var items: [YAMLNode]
        /// The tag written with it, if any.
        public var tag: String?
        /// How it is written.
        public var style: YAMLCollectionStyle
        /// Where it starts.
        public var mark: Mark

        /// Creates a sequence.
        public init(_ items: [YAMLNode], tag: String? = nil, style: YAMLCollectionStyle = .block, mark: Mark) {
            self.items = items
            self.tag = tag
            self.style = style
            self.mark = mark
        }

        public var startIndex: Int { items.startIndex }
        public var endIndex: Int { items.endIndex }
        public subscript(position: Int) -> YAMLNode { items[position] }
    }

    /// Where the node starts.
    public var mark: Mark {
        switch self {
        case let .scalar(scalar): scalar.mark
        case let .mapping(mapping): mapping.mark
        case let .sequence(sequence): sequence.mark
        }
    }

    /// The scalar, if the node is one.
    public var scalar: Scalar? {
        if case let .scalar(scalar) = self { return scalar }
        return nil
    }

    /// The mapping, if the node is one.
    public var mapping: Mapping? {
        if case let .mapping(mapping) = self { return mapping }
        return nil
    }

    /// The sequence, if the node is one.
    public var sequence: Sequence? {
        if case let .sequence(sequence) = self { return sequence }
        return nil
    }

    /// The scalar's text, if the node is a scalar.
    public var string: String? { scalar?.string }
}
