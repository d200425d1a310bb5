import CrudeGenEngine

/// A JSON value whose objects keep their keys in the order they were built, so that an exported
/// document reads like the spec and is byte-for-byte the same on every run.
enum DocumentValue: Sendable {
    /// A string, quoted in JSON and wherever YAML could read it as something else.
    case string(String)
    /// A whole number.
    case integer(Int)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// A list, in order.
    case array([DocumentValue])
    /// An object whose keys keep the order they were added in.
    case object([(key: String, value: DocumentValue)])

    /// Pretty-printed JSON, two spaces per level, ending with a newline.
    var json: String {
        var output = ""
        writeJSON(to: &output, indent: 0)
        return output + "\n"
    }

    /// Block-style YAML, two spaces per level, strings quoted whenever a plain scalar could read differently.
    var yaml: String {
        var output = ""
        switch self {
        case let .object(pairs) where !pairs.isEmpty:
            writeYAMLPairs(pairs, to: &output, indent: 0)
        case let .array(items) where !items.isEmpty:
            writeYAMLItems(items, to: &output, indent: 0)
        default:
            output = inlineYAML + "\n"
        }
        return output
    }

    /// Appends the value as JSON indented for `indent` levels, without a trailing newline.
    private func writeJSON(to output: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        switch self {
        case let .array(items) where !items.isEmpty:
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += pad
                item.writeJSON(to: &output, indent: indent + 1)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "]"
        case let .object(pairs) where !pairs.isEmpty:
            output += "{\n"
            for (index, pair) in pairs.enumerated() {
                output += pad + SpecSerializer.doubleQuoted(pair.key) + ": "
                pair.value.writeJSON(to: &output, indent: indent + 1)
                output += index == pairs.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "}"
        default:
            output += inlineJSON
        }
    }

    /// A scalar or empty collection as JSON.
    private var inlineJSON: String {
        if case let .string(text) = self { return SpecSerializer.doubleQuoted(text) }
        return inlineYAML
    }

    /// The value on one line: scalars, and empty collections as `[]` and `{}`.
    private var inlineYAML: String {
        switch self {
        case let .string(text): SpecSerializer.scalar(text)
        case let .integer(value): String(value)
        case let .bool(value): value ? "true" : "false"
        case .null: "null"
        case .array: "[]"
        case .object: "{}"
        }
    }

    /// Appends the pairs of a mapping as block YAML, one per line at `indent` levels.
    private func writeYAMLPairs(_ pairs: [(key: String, value: DocumentValue)], to output: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent)
        for pair in pairs {
            let key = Self.plainKey(pair.key)
            switch pair.value {
            case let .object(children) where !children.isEmpty:
                output += pad + key + ":\n"
                writeYAMLPairs(children, to: &output, indent: indent + 1)
            case let .array(items) where !items.isEmpty:
                output += pad + key + ":\n"
                writeYAMLItems(items, to: &output, indent: indent + 1)
            default:
                output += pad + key + ": " + pair.value.inlineYAML + "\n"
            }
        }
    }

    /// Appends the items of a sequence as block YAML, `- ` items at `indent` levels.
    private func writeYAMLItems(_ items: [DocumentValue], to output: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent)
        for item in items {
            switch item {
            case let .object(children) where !children.isEmpty:
                // The first pair shares the dash's line; the rest line up under it.
                var nested = ""
                writeYAMLPairs(children, to: &nested, indent: indent + 1)
                output += pad + "- " + nested.dropFirst(pad.count + 2)
            case let .array(elements) where !elements.isEmpty:
                var nested = ""
                writeYAMLItems(elements, to: &nested, indent: indent + 1)
                output += pad + "- " + nested.dropFirst(pad.count + 2)
            default:
                output += pad + "- " + item.inlineYAML + "\n"
            }
        }
    }

    /// A mapping key: plain when it is a simple word or path, else quoted.
    private static func plainKey(_ key: String) -> String {
        let simple =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-./{}$".unicodeScalars.contains($0)) }
            && key.first.map { $0.isLetter || $0 == "/" || $0 == "_" || $0 == "$" } == true
            && !["true", "false", "null", "yes", "no", "on", "off", "y", "n"].contains(key.lowercased())
        return simple ? key : SpecSerializer.doubleQuoted(key)
    }
}
