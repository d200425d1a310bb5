import CrudeGenCore
import CrudeYAML
import Yams

/// An OpenAPI document's text as the node tree the importer walks: composed by crudegen's own readers (``JSONReader``
/// for JSON, ``YAMLComposer`` for YAML, as for specs), then given Yams' node types, which OpenAPIKit's documents
/// decode from and the importer's repairs and conversions are written against.
enum ComposedDocument {
    /// The node of the one document in `text`, nil when it holds none; a reading error is a located diagnostic.
    static func compose(_ text: String, file: String) throws(DiagnosticsError) -> Node? {
        if JSONReader.looksLikeJSON(text) {
            // The YAML scanner rejects valid JSON (surrogate pairs, `\/`); JSON gets a reader of its own that
            // builds the same nodes.
            return YamsNodes().node(try JSONReader.read(text, file: file))
        }
        do throws(YAMLError) {
            return try YAMLComposer.compose(text).map { YamsNodes().node($0) }
        } catch {
            throw DiagnosticsError([YAMLDocument.diagnostic(for: error, in: text, file: file)])
        }
    }
}

/// Converts crudegen's nodes into Yams' with the same text, tags, styles and marks, as `Yams.compose(yaml:,
/// .basic)` would have built them.
private struct YamsNodes {
    /// Tags as the basic resolver gives them: an untagged node's implicit, a quoted scalar's `!!str`. Yams
    /// resolves an implicit tag in place (a tag is a class) the first time it is asked, as a mapping key is when
    /// it is hashed; readers of the tree tell a plain scalar from a string by its tag still being implicit, so
    /// each scalar gets a tag of its own. Collections share one per kind, which resolves to that kind alike.
    let mappingTag = Tag(.implicit, .basic, .default)
    let sequenceTag = Tag(.implicit, .basic, .default)
    let stringTag = Tag(.str, .basic, .default)

    func node(_ node: YAMLNode) -> Node {
        switch node {
        case let .scalar(scalar):
            return .scalar(Node.Scalar(scalar.string, tag(scalar.tag, implicit: Tag(.implicit, .basic, .default)), style(scalar.style), mark(scalar.mark)))
        case let .mapping(mapping):
            return .mapping(
                Node.Mapping(
                    mapping.pairs.map { (self.node($0.key), self.node($0.value)) }, tag(mapping.tag, implicit: mappingTag), style(mapping.style),
                    mark(mapping.mark)))
        case let .sequence(sequence):
            return .sequence(
                Node.Sequence(sequence.items.map { self.node($0) }, tag(sequence.tag, implicit: sequenceTag), style(sequence.style), mark(sequence.mark)))
        }
    }

    private func tag(_ name: String?, implicit: Tag) -> Tag {
        switch name {
        case nil: implicit
        case YAMLComposer.stringTag?: stringTag
        case let name?: Tag(Tag.Name(rawValue: name), .basic, .default)
        }
    }

    private func style(_ style: YAMLScalarStyle) -> Node.Scalar.Style {
        switch style {
        case .plain: .plain
        case .singleQuoted: .singleQuoted
        case .doubleQuoted: .doubleQuoted
        case .literal: .literal
        case .folded: .folded
        }
    }

    private func style(_ style: YAMLCollectionStyle) -> Node.Mapping.Style {
        style == .flow ? .flow : .block
    }

    private func style(_ style: YAMLCollectionStyle) -> Node.Sequence.Style {
        style == .flow ? .flow : .block
    }

    /// A Yams mark. `Mark` has no public initializer (its memberwise one is internal, and no public API
    /// returns a mark for a chosen place), but `Node.Scalar`, `Node.Mapping` and `Node.Sequence` take one
    /// publicly. Its two stored properties, `line` then `column`, are laid out like a tuple of two `Int`s (Swift
    /// lays out a non-resilient struct's stored properties in declaration order, as it does a tuple's elements;
    /// Yams is built without library evolution). `unsafeBitCast` traps if the sizes ever differ, and the import
    /// tests check lines and columns, so a reordering in Yams would fail them rather than go unnoticed.
    private func mark(_ mark: YAMLNode.Mark) -> Mark {
        unsafeBitCast((mark.line, mark.column), to: Mark.self)
    }
}
