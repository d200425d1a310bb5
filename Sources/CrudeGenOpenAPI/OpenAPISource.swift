import CrudeGenCore
import CrudeGenEngine
import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

/// An OpenAPI document read from YAML or JSON text: OpenAPIKit's model of it, as OpenAPI 3.1, and the
/// composed node tree (``ComposedDocument``) that maps JSON pointers back to lines and columns.
///
/// Reading is lenient, as real documents are rarely fully valid and their users cannot fix them: references
/// to other files are bundled (``ExternalReferences``), flaws whose intent is clear are read as meant
/// (``DocumentRepairs``), and a part OpenAPIKit cannot read is left out (``LenientDecoding``), each with a
/// located warning in ``warnings``.
struct OpenAPISource {
    /// The document; 3.0 documents are converted to 3.1 by OpenAPIKitCompat.
    var document: OpenAPIKit.OpenAPI.Document
    /// The version the document declares (`3.0.3`, `3.1.0`, or `2.0` for Swagger).
    var declaredVersion: String
    /// The path of the document as the user gave it.
    var file: String
    /// What reading left out or read as meant.
    var warnings: [Diagnostic]
    /// The document as read, which keeps every value's line and column.
    private let tree: DocumentTree

    /// Reads `data`, and the files its references name through `readFile`; a document that cannot be read
    /// at all is an error diagnostic naming the place it failed.
    init(_ data: Data, file: String, readFile: @escaping ExternalReferences.FileReader = { try Data(contentsOf: $0) }) throws(DiagnosticsError) {
        self.file = file
        guard let text = String(data: data, encoding: .utf8) else {
            throw DiagnosticsError([.error("`\(file)` is not UTF-8 text", at: nil)])
        }
        // One compose serves both decoding (through JSON, which Foundation decodes far faster than a Codable walk
        // over YAML nodes) and source locations; scalars stay untyped, and `JSONText` types them the way JSON and
        // YAML 1.2 do.
        let composed = try ComposedDocument.compose(text, file: file)
        guard var composed, case var .mapping(top) = composed else {
            throw DiagnosticsError([
                .error("`\(file)` is not an OpenAPI document: its top level is not a mapping", at: SourceLocation(file: file, line: 1, column: 1))
            ])
        }
        var warnings: [Diagnostic] = []
        // A Swagger 2.0 document is converted to OpenAPI 3.0 (SwaggerConversion) and read as one from here on.
        var swaggerVersion: String?
        if top["openapi"] == nil, let swagger = top["swagger"] {
            (composed, warnings) = try SwaggerConversion.openAPI30(from: composed, file: file)
            if case let .mapping(converted) = composed { top = converted }
            swaggerVersion = swagger.scalar?.string
        }
        guard let version = top["openapi"]?.scalar?.string else {
            throw DiagnosticsError([
                .error(
                    "`\(file)` has no `openapi` version; only OpenAPI 3.0 and 3.1 and Swagger 2.0 documents can be imported",
                    at: SourceLocation(file: file, line: 1, column: 1))
            ])
        }
        declaredVersion = swaggerVersion ?? version
        var tree = DocumentTree(root: composed, file: file)
        guard version.hasPrefix("3.0") || version.hasPrefix("3.1") else {
            throw DiagnosticsError([.error("OpenAPI version `\(version)` is not supported; import reads 3.0 and 3.1", at: tree.location(of: ["openapi"]))])
        }
        let bundled = ExternalReferences.bundle(tree, read: readFile)
        tree = bundled.tree
        warnings += bundled.warnings
        let repaired = DocumentRepairs.repair(tree)
        warnings += repaired.warnings
        let decoded = try LenientDecoding.decode(repaired.tree, is30: version.hasPrefix("3.0"))
        document = decoded.document
        self.tree = decoded.tree.indexingLargeMappings()
        self.warnings = warnings + decoded.warnings
    }

    /// Where the value at a JSON pointer's tokens starts, or the nearest enclosing value that exists.
    func location(of pointer: [String]) -> SourceLocation {
        tree.location(of: pointer)
    }

    /// `pairs` in the order their keys have in the mapping at `pointer`. Foundation's JSON decoder does
    /// not keep key order, so OpenAPIKit's ordered dictionaries come out of it shuffled; the composed
    /// YAML remembers the document's order. Where `pointer` names no mapping, the keys' order is the
    /// only one every run agrees on.
    func inDocumentOrder<Value>(_ pairs: [(key: String, value: Value)], at pointer: [String]) -> [(key: String, value: Value)] {
        guard pairs.count > 1 else { return pairs }
        guard case let .mapping(mapping)? = tree.node(at: pointer) else { return pairs.sorted { $0.key < $1.key } }
        var order: [String: Int] = [:]
        for (index, pair) in mapping.enumerated() {
            if let key = pair.key.scalar?.string, order[key] == nil { order[key] = index }
        }
        return pairs.enumerated().sorted { lhs, rhs in
            (order[lhs.element.key] ?? Int.max, lhs.offset) < (order[rhs.element.key] ?? Int.max, rhs.offset)
        }.map(\.element)
    }
}

/// JSON pointers (RFC 6901), which name places in a document that has no line numbers to give.
enum JSONPointer {
    /// `#/components/schemas/Pet`, escaping `~` and `/` inside tokens.
    static func text(_ tokens: [String]) -> String {
        "#/" + tokens.map { $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined(separator: "/")
    }

    /// The name a token of a reference's fragment stands for: percent escapes (which references in URIs may
    /// use) decoded first, then `~1` as `/` and `~0` as `~`.
    static func unescaped<Token: StringProtocol>(_ token: Token) -> String {
        let decoded = token.removingPercentEncoding ?? String(token)
        return decoded.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
}

/// Writes a composed YAML node tree as JSON text for OpenAPIKit, without what import never reads.
enum JSONText {
    /// The JSON for `node`; plain scalars are typed as YAML 1.2's core schema types them. Vendor
    /// extensions (`x-…`, but those ``isRead(extension:)`` names) and examples are left out, but for the first
    /// of a list of examples and an `example` that are one value (a field's `example`): OpenAPIKit decodes
    /// them into `AnyCodable` trees, which took two fifths of importing a document rich in them.
    static func data(of node: Node) -> Data {
        var output = [UInt8]()
        output.reserveCapacity(1 << 16)
        write(node, parentKey: nil, to: &output)
        return Data(output)
    }

    /// Mappings whose keys are names chosen by the document's author, never extensions or examples.
    private static let namedEntries: Set<String> = [
        "properties", "patternProperties", "schemas", "$defs", "definitions", "parameters", "headers", "examples", "requestBodies",
        "responses", "securitySchemes", "links", "callbacks", "pathItems", "variables", "encoding", "mapping", "content", "webhooks", "paths",
    ]

    /// Whether an extension is one import reads: what `export` writes to keep what OpenAPI cannot say
    /// (``CrudegenExtension``), and `x-enum-varnames`, which other generators write for enum case names too.
    static func isRead(extension key: String) -> Bool {
        key.hasPrefix("x-crudegen-") || key == "x-enum-varnames"
    }

    /// Whether a key is an extension or example OpenAPIKit need not decode: not when `parentKey` holds
    /// names, nor an example that is one value (`example: 42`, `examples: [42, …]`, written as `[42]`).
    private static func isSkipped(_ key: String, _ value: Node, in parentKey: String?) -> Bool {
        guard parentKey.map({ !namedEntries.contains($0) }) ?? true else { return false }
        switch (key, value) {
        case ("example", .scalar): return false
        case ("examples", .sequence(let examples)): return examples.first?.scalar == nil
        case ("example", _), ("examples", _): return true
        default: return key.hasPrefix("x-") && !isRead(extension: key)
        }
    }

    /// Appends `node` as JSON; `parentKey` is the key it is the value of. With `asStrings`, scalars but
    /// `null` are strings: the values of a string schema's `enum`, `default` and `const`, which documents
    /// write as numbers and booleans (Plaid's `type: string, enum: [4.1, 4, '3_lite']`), meaning their text.
    private static func write(_ node: Node, parentKey: String?, asStrings: Bool = false, to output: inout [UInt8]) {
        switch node {
        case let .scalar(scalar):
            if scalar.style == .plain, let literal = literal(scalar.string), !asStrings || literal == "null" {
                output += literal.utf8
            } else {
                writeString(scalar.string, to: &output)
            }
        case let .mapping(mapping):
            output.append(UInt8(ascii: "{"))
            let isStringSchema = mapping.value(forKey: "type")?.scalar?.string == "string"
            var first = true
            for pair in mapping {
                let key = pair.key.scalar?.string ?? ""
                if isSkipped(key, pair.value, in: parentKey) { continue }
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                let valuesAreText =
                    isStringSchema && (key == "enum" || key == "default" || key == "const") && parentKey.map { !namedEntries.contains($0) } ?? true
                if key == "examples", case let .sequence(examples) = pair.value, parentKey.map({ !namedEntries.contains($0) }) ?? true {
                    output.append(UInt8(ascii: "["))
                    write(examples[0], parentKey: nil, to: &output)
                    output.append(UInt8(ascii: "]"))
                } else {
                    write(pair.value, parentKey: key, asStrings: valuesAreText, to: &output)
                }
            }
            output.append(UInt8(ascii: "}"))
        case let .sequence(sequence):
            output.append(UInt8(ascii: "["))
            for (index, element) in sequence.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, parentKey: nil, asStrings: asStrings, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .alias:
            // Yams resolves aliases while composing; an unresolved one has no value.
            output += "null".utf8
        }
    }

    /// The JSON literal a plain scalar stands for (`null`, a boolean or a number), or `nil` for a string.
    private static func literal(_ text: String) -> String? {
        switch text {
        case "", "~", "null", "Null", "NULL": return "null"
        case "true", "True", "TRUE": return "true"
        case "false", "False", "FALSE": return "false"
        default: break
        }
        guard let first = text.utf8.first,
            first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return nil }
        if text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }), let value = Int(text) {
            return String(value)
        }
        guard text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || "+-.eE".utf8.contains($0) }), let value = Double(text),
            value.isFinite
        else { return nil }
        return "\(value)"
    }

    /// Appends `text` as a JSON string literal.
    private static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += "\\\"".utf8
            case UInt8(ascii: "\\"): output += "\\\\".utf8
            case UInt8(ascii: "\n"): output += "\\n".utf8
            case UInt8(ascii: "\r"): output += "\\r".utf8
            case UInt8(ascii: "\t"): output += "\\t".utf8
            case 0..<0x20:
                output += "\\u00".utf8
                output += String(byte, radix: 16).leftPadded(to: 2).utf8
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

/// Padding for the `\u00XX` escapes of control characters.
extension String {
    /// The string with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
