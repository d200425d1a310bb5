import CrudeGenCore
import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

/// Decodes a document with OpenAPIKit, leaving out each part it cannot read instead of refusing the whole
/// document: one header without a schema must not cost a vendor's other 387 operations.
///
/// OpenAPIKit stops at the first part it cannot decode and says where; that part (the parameter, header,
/// response, operation, property or component around the place) is removed with a located warning and
/// the document decoded again, until it reads.
enum LenientDecoding {
    /// How many parts may be left out before the document counts as unreadable.
    static let limit = 500

    /// The keys whose entries can be left out one by one.
    private static let collections: Set<String> = [
        "paths", "parameters", "headers", "responses", "content", "properties", "patternProperties", "schemas", "requestBodies", "securitySchemes",
        "links", "callbacks", "encoding", "allOf", "anyOf", "oneOf", "security", "tags", "servers", "variables", "pathItems", "webhooks",
    ]

    /// The operations' keys in a path item.
    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The document `tree` holds, as OpenAPI 3.1 (`is30` documents are converted), with the tree as read
    /// and a warning for each part left out.
    static func decode(_ tree: DocumentTree, is30: Bool) throws(DiagnosticsError) -> (
        document: OpenAPIKit.OpenAPI.Document, tree: DocumentTree, warnings: [Diagnostic]
    ) {
        // Most documents read at once. Documents in the field write numbers where strings belong (`enum: ['443',
        // 8443]`), which swift-openapi-generator accepts because Yams decodes any scalar as a string; only a
        // document that does not read strictly pays for reading its parts one by one, and only one with such
        // numbers for the slower decoding of the whole.
        if let document = try? strict(tree.root, is30: is30) { return (document, tree, []) }
        var (tree, warnings, needsScalarsAsStrings) = partsRead(tree, is30: is30)
        var triedScalarsAsStrings = false
        for _ in 0...limit {
            let failure: Swift.Error
            do {
                let document = try needsScalarsAsStrings ? scalarsAsStrings(tree.root, is30: is30) : strict(tree.root, is30: is30)
                return (document, tree, warnings)
            } catch {
                failure = error
            }
            // Outside the parts (a server variable's `enum`), numbers may stand for strings too.
            if !needsScalarsAsStrings && !triedScalarsAsStrings {
                triedScalarsAsStrings = true
                if let document = try? scalarsAsStrings(tree.root, is30: is30) { return (document, tree, warnings) }
            }
            let described = OpenAPIKit.OpenAPI.Error(from: failure)
            let pointer = described.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            guard let place = removablePlace(on: pointer, in: tree) else {
                throw DiagnosticsError([
                    .error(
                        "not a valid OpenAPI document: \(described.localizedDescription)", at: tree.location(of: pointer),
                        hint: pointer.isEmpty ? nil : "at " + JSONPointer.text(pointer))
                ])
            }
            warnings.append(leftOut(place, because: described, in: tree))
            tree.remove(at: place)
        }
        throw DiagnosticsError([
            .error(
                "not a valid OpenAPI document: more than \(limit) parts cannot be read", at: SourceLocation(file: tree.file, line: 1, column: 1),
                hint: "the warnings above say which")
        ])
    }

    /// `tree` without the path items and components that do not decode on their own, and a warning for each
    /// part left out. Each is decoded alone first: a flaw a vendor repeats in every operation (Jellyfin's
    /// headers) would otherwise cost a decoding of the whole document per operation.
    /// `needsScalarsAsStrings` says whether a part read only with any scalar read as a string.
    private static func partsRead(_ tree: DocumentTree, is30: Bool) -> (DocumentTree, [Diagnostic], needsScalarsAsStrings: Bool) {
        var tree = tree
        var warnings: [Diagnostic] = []
        var needsScalarsAsStrings = false
        func check<Part: Decodable>(_ collection: [String], as _: Part.Type) {
            guard case let .mapping(entries)? = tree.node(at: collection) else { return }
            for index in entries.indices {
                guard let key = entries[index].key.scalar?.string else { continue }
                // Most parts read: only one that does not is looked up again, as the tree changes.
                let entry = entries[index].value
                if entry[key: "$ref"] != nil { continue }
                if let reading = reading(entry, as: Part.self) {
                    needsScalarsAsStrings = needsScalarsAsStrings || reading == .scalarsAsStrings
                    continue
                }
                let pointer = collection + [key]
                for _ in 0...limit {
                    // A reference is resolved where it is used; only the parts themselves are read here.
                    guard let part = tree.node(at: pointer), part[key: "$ref"] == nil else { break }
                    let failure: Swift.Error
                    do {
                        let json = JSONText.data(of: part)
                        _ = try decoder(for: json).decode(Part.self, from: json)
                        break
                    } catch {
                        if reading(part, as: Part.self) == .scalarsAsStrings {
                            needsScalarsAsStrings = true
                            break
                        }
                        failure = error
                    }
                    let described = OpenAPIKit.OpenAPI.Error(from: failure)
                    let inner = described.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
                    let place = removablePlace(on: pointer + inner, in: tree, within: pointer) ?? pointer
                    warnings.append(leftOut(place, because: described, in: tree))
                    tree.remove(at: place)
                    if place == pointer { break }
                }
            }
        }
        if is30 {
            check(["paths"], as: OpenAPIKit30.OpenAPI.PathItem.self)
            check(["components", "schemas"], as: OpenAPIKit30.JSONSchema.self)
            check(["components", "parameters"], as: OpenAPIKit30.OpenAPI.Parameter.self)
            check(["components", "responses"], as: OpenAPIKit30.OpenAPI.Response.self)
            check(["components", "requestBodies"], as: OpenAPIKit30.OpenAPI.Request.self)
            check(["components", "headers"], as: OpenAPIKit30.OpenAPI.Header.self)
            check(["components", "securitySchemes"], as: OpenAPIKit30.OpenAPI.SecurityScheme.self)
        } else {
            check(["paths"], as: OpenAPIKit.OpenAPI.PathItem.self)
            check(["webhooks"], as: OpenAPIKit.OpenAPI.PathItem.self)
            check(["components", "pathItems"], as: OpenAPIKit.OpenAPI.PathItem.self)
            check(["components", "schemas"], as: OpenAPIKit.JSONSchema.self)
            check(["components", "parameters"], as: OpenAPIKit.OpenAPI.Parameter.self)
            check(["components", "responses"], as: OpenAPIKit.OpenAPI.Response.self)
            check(["components", "requestBodies"], as: OpenAPIKit.OpenAPI.Request.self)
            check(["components", "headers"], as: OpenAPIKit.OpenAPI.Header.self)
            check(["components", "securitySchemes"], as: OpenAPIKit.OpenAPI.SecurityScheme.self)
        }
        return (tree, warnings, needsScalarsAsStrings)
    }

    /// How a part reads.
    private enum Reading {
        /// As it is written.
        case strictly
        /// With any scalar read as a string where a string is expected.
        case scalarsAsStrings
    }

    /// How `part` decodes as `Part`; `nil` when it does not.
    private static func reading<Part: Decodable>(_ part: Node, as _: Part.Type) -> Reading? {
        let json = JSONText.data(of: part)
        if (try? decoder(for: json).decode(Part.self, from: json)) != nil { return .strictly }
        return (try? YAMLDecoder().decode(Part.self, from: part, userInfo: userInfo(for: json))) != nil ? .scalarsAsStrings : nil
    }

    /// The warning for a part left out: what it is, and OpenAPIKit's reason without the place, which it
    /// words from where decoding started (a part decoded alone has no path) and the warning's location gives.
    private static func leftOut(_ place: [String], because described: OpenAPIKit.OpenAPI.Error, in tree: DocumentTree) -> Diagnostic {
        var reason = described.localizedDescription.trimmingCharacters(in: .whitespacesAndNewlines)
        for context in [" in .", " in Document.", " for the ", " under `"] {
            if let cut = reason.range(of: context) { reason = String(reason[..<cut.lowerBound]) }
        }
        return .warning(
            "\(partName(place)) cannot be read and is left out: \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason) (\(JSONPointer.text(place)))",
            at: tree.location(of: place))
    }

    /// How a warning names the part at `place`: `header \`Message\``, `operation \`get\``.
    private static func partName(_ place: [String]) -> String {
        guard let last = place.last else { return "the document" }
        let parent = place.count >= 2 ? place[place.count - 2] : ""
        let kinds: [String: String] = [
            "paths": "path", "parameters": "parameter", "headers": "header", "responses": "response", "content": "media type",
            "properties": "property", "patternProperties": "property", "schemas": "schema", "requestBodies": "request body",
            "securitySchemes": "security scheme", "links": "link", "callbacks": "callback", "encoding": "encoding", "allOf": "`allOf` member",
            "anyOf": "`anyOf` member", "oneOf": "`oneOf` member", "security": "security requirement", "tags": "tag", "servers": "server",
            "variables": "server variable", "pathItems": "path item", "webhooks": "webhook",
        ]
        // The entries of lists are counted from 1; those of mappings (a response's `200`) are named.
        let lists: Set<String> = ["parameters", "allOf", "anyOf", "oneOf", "security", "tags", "servers"]
        if let kind = kinds[parent] { return lists.contains(parent) ? Int(last).map { "\(kind) \($0 + 1)" } ?? kind : "\(kind) `\(last)`" }
        return methods.contains(last) ? "operation `\(last)`" : "`\(last)`"
    }

    /// A decoder for `json`, which decodes no vendor extensions when it has none that import reads
    /// (``JSONText/isRead(extension:)``). OpenAPIKit finds a schema's extensions by decoding the whole schema
    /// again as untyped values, at every level of nesting: three quarters of reading Sentry's fully
    /// dereferenced document. `JSONText` keeps only the extensions import reads, so most documents have none.
    private static func decoder(for json: Data) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo = userInfo(for: json)
        return decoder
    }

    /// The decoders' settings for `json`: vendor extensions off when it has none import reads.
    private static func userInfo(for json: Data) -> [CodingUserInfoKey: any Sendable] {
        let readsExtensions = json.range(of: Data(#""x-crudegen-"#.utf8)) != nil || json.range(of: Data(#""x-enum-varnames""#.utf8)) != nil
        return readsExtensions ? [:] : [OpenAPIKit.VendorExtensionsConfiguration.enabledKey: false]
    }

    /// Decodes through JSON, which Foundation decodes far faster than a Codable walk over YAML nodes.
    private static func strict(_ root: Node, is30: Bool) throws -> OpenAPIKit.OpenAPI.Document {
        let json = JSONText.data(of: root)
        return is30
            ? try decoder(for: json).decode(OpenAPIKit30.OpenAPI.Document.self, from: json).convert(to: .v3_1_0)
            : try decoder(for: json).decode(OpenAPIKit.OpenAPI.Document.self, from: json)
    }

    /// Decodes the YAML nodes, reading any scalar as a string where a string is expected.
    private static func scalarsAsStrings(_ root: Node, is30: Bool) throws -> OpenAPIKit.OpenAPI.Document {
        let settings = userInfo(for: JSONText.data(of: root))
        return is30
            ? try YAMLDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: root, userInfo: settings).convert(to: .v3_1_0)
            : try YAMLDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: root, userInfo: settings)
    }

    /// The smallest part around the place `pointer` names that can be left out: an entry of a collection
    /// (a parameter, a header, a property, a component…) or an operation.
    /// The place is inside `within` when that is given.
    private static func removablePlace(on pointer: [String], in tree: DocumentTree, within: [String] = []) -> [String]? {
        let reached = tree.deepestNode(at: pointer).reached
        for length in stride(from: reached, through: max(2, within.count + 1), by: -1) {
            let place = Array(pointer[..<length])
            let parent = place[length - 2]
            let isOperation = methods.contains(place[length - 1]) && length >= 3 && place[length - 3] == "paths"
            if collections.contains(parent) || isOperation { return place }
        }
        return nil
    }
}
