import CrudeGenCore
import Foundation
import Yams

/// Schemas and references: what Swagger's JSON Schema says differently from OpenAPI 3.0's, and `$ref`s to
/// the places components moved to.
extension SwaggerConverter {
    /// The keywords of a non-body parameter, a form field, a header or their `items` that describe its value.
    static let valueKeywords: Set<String> = [
        "type", "format", "items", "enum", "default", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength",
        "pattern", "maxItems", "minItems", "uniqueItems", "multipleOf", "x-nullable",
    ]

    /// A schema with `x-nullable` as `nullable`, a file as binary string, a `discriminator` naming its property
    /// as an object, and every reference rewritten; the rest of OpenAPI 3.0's JSON Schema is kept as it is,
    /// and keywords it does not have (`patternProperties`, misspellings such as `desc`) are left out.
    mutating func schema(_ node: Node, at pointer: [String]) -> Node? {
        guard case let .mapping(schema) = node else {
            warn("a schema must be a mapping; it is left out", at: node, pointer)
            return nil
        }
        let isFile = schema.value(forKey: "type")?.scalar?.string == "file"
        var converted: [(Node, Node)] = []
        for pair in schema {
            guard let key = pair.key.scalar?.string else { continue }
            let here = pointer + [key]
            switch key {
            case "$ref":
                converted.append((pair.key, reference(pair.value, at: here)))
            case "x-nullable":
                converted.append((.text("nullable", at: pair.key.mark), pair.value))
            case "type":
                converted += type(pair, isFile: isFile, at: here)
            case "format" where isFile:
                continue
            case "discriminator" where pair.value.scalar != nil:
                converted.append((pair.key, .object([("propertyName", pair.value)], at: pair.value.mark)))
            case "properties":
                converted.append((pair.key, namedEntries(pair.value, at: here) { $0.schema($1, at: $2) }))
            case "items":
                if case .sequence = pair.value {
                    warn("a list of `items` has no place in OpenAPI 3.0; the items are any value", at: pair.value, here)
                    converted.append((pair.key, .object([], at: pair.value.mark)))
                } else {
                    converted.append((pair.key, self.schema(pair.value, at: here) ?? .object([], at: pair.value.mark)))
                }
            case "additionalProperties", "not":
                if case .mapping = pair.value, let converted1 = self.schema(pair.value, at: here) {
                    converted.append((pair.key, converted1))
                } else if key == "additionalProperties", pair.value.scalar != nil {
                    converted.append((pair.key, pair.value))
                }
            case "allOf", "anyOf", "oneOf":
                guard case let .sequence(members) = pair.value else {
                    warn("`\(key)` must be a list of schemas; it is left out", at: pair.value, here)
                    continue
                }
                let schemas = members.enumerated().compactMap { self.schema($0.element, at: here + [String($0.offset)]) }
                converted.append((pair.key, .list(schemas, at: pair.value.mark)))
            case _ where Self.schemaKeywords.contains(key) || key.hasPrefix("x-"):
                converted.append((pair.key, pair.value))
            default:
                warn("`\(key)` is not a keyword of an OpenAPI 3.0 schema; it is left out", at: pair.value, here)
            }
        }
        return .mapping(Node.Mapping(converted, .implicit, .any, node.mark))
    }

    /// The keywords of an OpenAPI 3.0 schema this conversion keeps as they are.
    static let schemaKeywords: Set<String> = [
        "title", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems",
        "minItems", "uniqueItems", "maxProperties", "minProperties", "required", "enum", "description", "format", "default", "nullable",
        "discriminator", "readOnly", "writeOnly", "example", "externalDocs", "deprecated", "xml",
    ]

    /// The types OpenAPI 3.0 knows.
    static let types: Set<String> = ["string", "number", "integer", "boolean", "array", "object"]

    /// A schema's `type`: a file is a binary string; `null`, alone or in a list beside one type (JSON Schema's
    /// way, which Swagger 2.0 and OpenAPI 3.0 do not have), is `nullable`; another type is left out.
    mutating func type(_ pair: Node.Mapping.Element, isFile: Bool, at pointer: [String]) -> [(Node, Node)] {
        let mark = pair.value.mark
        if isFile {
            return [(pair.key, .text("string", at: mark)), (.text("format", at: mark), .text("binary", at: mark))]
        }
        guard case let .sequence(types) = pair.value else {
            let name = pair.value.scalar?.string ?? ""
            if Self.types.contains(name) { return [(pair.key, pair.value)] }
            if name == "null" {
                warn("`type: null` is not Swagger 2.0; the value is of any type, and nullable", at: pair.value, pointer)
                return [(.text("nullable", at: mark), .flag(true, at: mark))]
            }
            warn("`type: \(name)` is not a type; the value is of any type", at: pair.value, pointer)
            return []
        }
        let names = types.compactMap { $0.scalar?.string }
        let others = names.filter { $0 != "null" }
        guard others.count == 1, Self.types.contains(others[0]) else {
            warn("a list of types has no place in OpenAPI 3.0; the value is of any type", at: pair.value, pointer)
            return []
        }
        return [(pair.key, .text(others[0], at: mark))] + (names.contains("null") ? [(.text("nullable", at: mark), .flag(true, at: mark))] : [])
    }

    /// The schema of a parameter, form field or header, whose value keywords sit beside its other keys in
    /// Swagger; a file is a binary string.
    mutating func simpleSchema(_ value: Node.Mapping, at node: Node, _ pointer: [String]) -> Node {
        let isFile = value.value(forKey: "type")?.scalar?.string == "file"
        var converted: [(Node, Node)] = []
        for pair in value {
            guard let key = pair.key.scalar?.string, Self.valueKeywords.contains(key) else { continue }
            switch key {
            case "type":
                converted += type(pair, isFile: isFile, at: pointer + [key])
            case "format" where isFile:
                continue
            case "x-nullable":
                converted.append((.text("nullable", at: pair.key.mark), pair.value))
            case "items":
                guard case let .mapping(items) = pair.value else {
                    warn("`items` must be a mapping; the items are any value", at: pair.value, pointer + [key])
                    converted.append((pair.key, .object([], at: pair.value.mark)))
                    continue
                }
                let schema =
                    items.value(forKey: "$ref") != nil ? self.schema(pair.value, at: pointer + [key]) : simpleSchema(items, at: pair.value, pointer + [key])
                converted.append((pair.key, schema ?? .object([], at: pair.value.mark)))
            default:
                converted.append((pair.key, pair.value))
            }
        }
        if value.value(forKey: "type")?.scalar?.string == "array", value.value(forKey: "items") == nil {
            warn("an array needs `items`; the items are any value", at: node, pointer)
            converted.append((.text("items", at: node.mark), .object([], at: node.mark)))
        }
        return .mapping(Node.Mapping(converted, .implicit, .any, node.mark))
    }

    /// A `$ref` pointing where OpenAPI 3.0 keeps what it named: `#/definitions/X` becomes
    /// `#/components/schemas/X`, in this file or another (`other.yaml#/definitions/X`).
    mutating func reference(_ node: Node, at pointer: [String]) -> Node {
        guard let text = node.scalar?.string else {
            warn("a `$ref` must be a string", at: node, pointer)
            return node
        }
        return .text(rewritten(reference: text), at: node.mark)
    }

    /// `text` with its fragment moved from Swagger's places to OpenAPI 3.0's components, under the names
    /// ``componentNames`` gave them. A reference to a body parameter of this document names its request body;
    /// another file's parameters stay parameters, and its names are kept.
    func rewritten(reference text: String) -> String {
        guard let hash = text.firstIndex(of: "#") else { return text }
        let file = text[..<hash]
        let fragment = text[text.index(after: hash)...]
        let moves = [("definitions", "schemas"), ("responses", "responses"), ("parameters", "parameters")]
        for (section, component) in moves where fragment.hasPrefix("/\(section)/") {
            let token = fragment.dropFirst(section.count + 2)
            var target = component
            var name = String(token)
            if file.isEmpty, let original = Self.unescaped(token) {
                if section == "parameters", sharedParameters[original]?.value(forKey: "in")?.scalar?.string == "body" { target = "requestBodies" }
                if let renamed = componentNames[section]?[original] { name = renamed }
            }
            return file + "#/components/" + target + "/" + name
        }
        return text
    }

    /// The name of this document's shared parameter a reference (`#/parameters/X`) names.
    static func sharedParameterName(_ reference: String) -> String? {
        reference.hasPrefix("#/parameters/") ? unescaped(reference.dropFirst("#/parameters/".count)) : nil
    }

    /// A JSON pointer's last token as the name it stands for: `~1` is `/`, `~0` is `~`, and percent escapes
    /// (which references in URIs may use) are decoded. `nil` when it is more than one token.
    static func unescaped(_ token: Substring) -> String? {
        token.contains("/") ? nil : JSONPointer.unescaped(token)
    }

    /// New names for the `definitions`, `parameters` and `responses` whose names OpenAPI 3.0 does not allow
    /// as component names (`^[a-zA-Z0-9._-]+$`; SendGrid's `domain_authentication:domain_spf`): every other
    /// character becomes `_`, as swagger2openapi renames them, and a number follows a name already taken.
    static func componentNames(of top: Node.Mapping) -> [String: [String: String]] {
        var renames: [String: [String: String]] = [:]
        for section in ["definitions", "parameters", "responses"] {
            guard case let .mapping(entries)? = top.value(forKey: section) else { continue }
            let names = entries.compactMap { $0.key.scalar?.string }
            var claimed = ComponentNames(taken: Set(names))
            for name in names where !ComponentNames.isAllowed(name) {
                renames[section, default: [:]][name] = claimed.claim(name)
            }
        }
        return renames
    }
}
