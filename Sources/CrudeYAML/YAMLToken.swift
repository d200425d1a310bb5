/// How a scalar is written.
public enum YAMLScalarStyle: Sendable, Equatable {
    /// Unquoted.
    case plain
    /// In `'…'`.
    case singleQuoted
    /// In `"…"`.
    case doubleQuoted
    /// A `|` block.
    case literal
    /// A `>` block.
    case folded
}

/// How a sequence or mapping is written.
public enum YAMLCollectionStyle: Sendable, Equatable {
    /// Indented lines.
    case block
    /// In `[…]` or `{…}`.
    case flow
}

/// A token of YAML text, as LibYAML's scanner (`scanner.c`) produces them.
struct YAMLToken: Equatable {
    enum Kind: Equatable {
        case streamStart
        case streamEnd
        /// `%YAML major.minor`.
        case versionDirective(major: Int, minor: Int)
        /// `%TAG handle prefix`.
        case tagDirective(handle: String, prefix: String)
        /// `---`.
        case documentStart
        /// `...`.
        case documentEnd
        case blockSequenceStart
        case blockMappingStart
        case blockEnd
        case flowSequenceStart
        case flowSequenceEnd
        case flowMappingStart
        case flowMappingEnd
        /// `-` in a block sequence.
        case blockEntry
        /// `,` in a flow collection.
        case flowEntry
        /// Before a mapping key (`?`, or a simple key found later).
        case key
        /// `:`.
        case value
        /// `*name`.
        case alias(String)
        /// `&name`.
        case anchor(String)
        /// `!handle!suffix`, `!suffix` or `!<verbatim>` (handle empty).
        case tag(handle: String, suffix: String)
        /// A scalar's value, its escapes and line folding applied.
        case scalar(String, YAMLScalarStyle)
    }

    var kind: Kind
    var start: YAMLMark
    var end: YAMLMark
}

/// An event of YAML text, as LibYAML's parser (`parser.c`) produces them.
struct YAMLEvent: Equatable {
    enum Kind: Equatable {
        case streamStart
        case streamEnd
        case documentStart(implicit: Bool)
        case documentEnd(implicit: Bool)
        case alias(anchor: String)
        /// `tag` is the resolved tag (the `%TAG` prefix or `!!`'s `tag:yaml.org,2002:` joined with the suffix), nil
        /// when none is written; `plainImplicit` and `quotedImplicit` as LibYAML sets them.
        case scalar(anchor: String?, tag: String?, value: String, plainImplicit: Bool, quotedImplicit: Bool, style: YAMLScalarStyle)
        case sequenceStart(anchor: String?, tag: String?, implicit: Bool, style: YAMLCollectionStyle)
        case sequenceEnd
        case mappingStart(anchor: String?, tag: String?, implicit: Bool, style: YAMLCollectionStyle)
        case mappingEnd
    }

    var kind: Kind
    var start: YAMLMark
    var end: YAMLMark
}
