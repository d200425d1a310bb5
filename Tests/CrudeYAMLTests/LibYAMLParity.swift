import CrudeYAML
import Yams

/// What a composed document or its error says, in one comparable string, from crudegen's composer and from Yams'
/// (LibYAML): every node's kind, style, tag, line and column and text, or the error's stage, context, problem
/// and marks. Two readers agree on a text exactly when these are equal.
enum LibYAMLParity {
    /// crudegen's reading of `text`.
    static func ours(_ text: String) -> String {
        do throws(YAMLError) {
            return try YAMLComposer.compose(text).map(describe) ?? "empty"
        } catch {
            if !error.duplicateKeys.isEmpty {
                return "duplicate \(error.duplicateKeys) at \(error.problemMark.line + 1):\(error.problemMark.column + 1)"
            }
            if error.stage == .reader {
                // Yams reports a character error some bytes before the character (154 early in sendgrid.json);
                // the offset is checked against the text itself in `YAMLComposerTests`.
                return "reader: \(error.problem)"
            }
            let context = error.context.map { "\($0) at \(error.contextMark.map { "\($0.line + 1):\($0.column + 1)" } ?? "?"); " } ?? ""
            return "\(error.stage): \(context)\(error.problem) at \(error.problemMark.line + 1):\(error.problemMark.column + 1)"
        }
    }

    /// LibYAML's reading of `text`, through Yams.
    static func libYAML(_ text: String) -> String {
        do {
            return try Yams.compose(yaml: text, .basic).map(describe) ?? "empty"
        } catch let error as YamlError {
            func at(_ mark: Yams.Mark) -> String { "\(mark.line):\(mark.column)" }
            func context(_ context: YamlError.Context?) -> String { context.map { "\($0.text) at \(at($0.mark)); " } ?? "" }
            switch error {
            case let .scanner(context: found, problem, mark, _): return "scanner: \(context(found))\(problem) at \(at(mark))"
            case let .parser(context: found, problem, mark, _): return "parser: \(context(found))\(problem) at \(at(mark))"
            case let .composer(context: found, problem, mark, _): return "composer: \(context(found))\(problem) at \(at(mark))"
            case let .duplicatedKeysInMapping(duplicates, found): return "duplicate \(duplicates) at \(at(found.mark))"
            case let .reader(problem, _, _, _): return "reader: \(problem)"
            default: return "other: \(error)"
            }
        } catch {
            return "other: \(error)"
        }
    }

    /// A tag as written, or nothing for none. Yams resolves an untagged node's tag in place when the node is
    /// hashed (as every mapping key is, to find repeated keys), so its untagged keys read `!!str`: a tag that
    /// says nothing more than the node's kind is left out on both sides. Collection styles are left out too: Yams
    /// takes them from the collection's end event, which carries none.
    private static func tag(_ tag: String?, kind: String) -> String {
        guard let tag, !tag.isEmpty, tag != "tag:yaml.org,2002:\(kind)" else { return "" }
        return "<\(tag)>"
    }

    /// Yams makes a scalar's text with Foundation's `String(bytes:encoding:)`, which drops a U+FEFF that starts
    /// it; LibYAML keeps it, as this reader does.
    private static func withoutLeadingByteOrderMark(_ text: String) -> String {
        text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    }

    private static func describe(_ node: YAMLNode) -> String {
        let at = "\(node.mark.line):\(node.mark.column)"
        switch node {
        case let .scalar(scalar):
            return "S\(scalar.style)\(tag(scalar.tag, kind: "str"))@\(at)\(String(reflecting: withoutLeadingByteOrderMark(scalar.string)))"
        case let .mapping(mapping):
            return "M\(tag(mapping.tag, kind: "map"))@\(at){" + mapping.pairs.map { describe($0.key) + ": " + describe($0.value) }.joined(separator: ", ") + "}"
        case let .sequence(sequence):
            return "Q\(tag(sequence.tag, kind: "seq"))@\(at)[" + sequence.items.map(describe).joined(separator: ", ") + "]"
        }
    }

    private static func describe(_ node: Yams.Node) -> String {
        let at = node.mark.map { "\($0.line):\($0.column)" } ?? "?"
        switch node {
        case let .scalar(scalar):
            let style: String =
                switch scalar.style {
                case .singleQuoted: "singleQuoted"
                case .doubleQuoted: "doubleQuoted"
                case .literal: "literal"
                case .folded: "folded"
                default: "plain"
                }
            return "S\(style)\(tag(scalar.tag.rawValue, kind: "str"))@\(at)\(String(reflecting: scalar.string))"
        case let .mapping(mapping):
            return "M\(tag(mapping.tag.rawValue, kind: "map"))@\(at){" + mapping.map { describe($0.key) + ": " + describe($0.value) }.joined(separator: ", ")
                + "}"
        case let .sequence(sequence):
            return "Q\(tag(sequence.tag.rawValue, kind: "seq"))@\(at)[" + sequence.map(describe).joined(separator: ", ") + "]"
        case let .alias(alias):
            return "A@\(at)\(alias)"
        }
    }
}
