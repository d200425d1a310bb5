import CrudeGenCore
import CrudeGenOpenAPI
import Foundation
import RandomSpecs
import TestTags
import Testing
import Yams

/// Documents companies publish for their real APIs (`Fixtures/published-documents`, with their licences):
/// each imports, and its Swift compiles; damaged at random, none crashes the import or makes it write a
/// spec crudegen rejects.
@Suite struct PublishedDocumentTests {
    static let folder = OpenAPITestSupport.packageRoot.appendingPathComponent("Fixtures/published-documents")

    static let documents = ["airflow.yaml", "meilisearch.json", "ory-kratos.json", "spotify.yaml"]

    @Test(.tags(.integration), .skippedWhenQuick, arguments: documents) func importsAndItsSwiftCompiles(_ name: String) async throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        let result = try OpenAPIImporter.importDocument(data, file: name)
        #expect(result.summary.operations > 50)
        #expect(result.summary.resourceOperations + result.summary.actions + result.summary.leftOut == result.summary.operations)
        #expect(result.warnings.allSatisfy { $0.location?.file == name && ($0.location?.line ?? 0) > 0 }, "every warning names its line")
        #expect(try await OpenAPITestSupport.typecheckGenerated(result.yaml) == "")
    }

    /// The property: whatever is removed from or written over a real document, the import writes a spec that
    /// loads and validates (``OpenAPIImporter`` checks it, and an invalid one would be an internal error) or
    /// fails with located errors. Damage is drawn from a seeded generator, so a failure names its seed.
    @Test(arguments: documents) func damagedDocumentsImportOrFailWithALocatedError(_ name: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        let parsed: Any? = name.hasSuffix(".json") ? try JSONSerialization.jsonObject(with: Data(text.utf8)) : try Yams.load(yaml: text)
        let original = try #require(parsed)
        for seed in 1...4 {
            var generator = SeededGenerator(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(name.utf8.count))
            var document = original
            for _ in 0..<12 { document = Damage.apply(to: document, using: &generator) }
            let damaged = try Yams.dump(object: document, allowUnicode: true, sortKeys: true)
            do {
                _ = try OpenAPIImporter.importDocument(Data(damaged.utf8), file: "damaged-\(seed).yaml")
            } catch {
                for diagnostic in error.diagnostics {
                    #expect(!diagnostic.message.contains("internal error"), "seed \(seed) of \(name): \(diagnostic.description)")
                    #expect(diagnostic.location != nil, "seed \(seed) of \(name): an error without a place: \(diagnostic.description)")
                }
            }
        }
    }

    /// Klaviyo's document (the shared corpus, `../shared/openapi-corpus`, beside the package; the test is
    /// skipped without it), all JSON:API: its collection and item paths answer resource objects under
    /// `data`, so they become `jsonapi:` resources, and a pair that does not says why at its path.
    static let klaviyo = OpenAPITestSupport.packageRoot.appendingPathComponent("../shared/openapi-corpus/klaviyo.json").standardizedFileURL

    @Test(.enabled(if: FileManager.default.fileExists(atPath: klaviyo.path), "needs ../shared/openapi-corpus/klaviyo.json"))
    func klaviyosJSONAPIPairsBecomeJSONAPIResources() throws {
        let data = try Data(contentsOf: Self.klaviyo)
        let result = try OpenAPIImporter.importDocument(data, file: "klaviyo.json")
        let jsonAPIResources = result.yaml.split(separator: "\n").filter { $0.hasPrefix("    jsonapi: ") }.count
        #expect(jsonAPIResources >= Self.klaviyoJSONAPIResources, "\(jsonAPIResources) JSON:API resources")
        // Profiles and templates, whose read's `data` is an `allOf` of a partial object and the resource object,
        // still read JSON:API documents through a namespace.
        #expect(result.yaml.components(separatedBy: "    namespace: data\n").count - 1 <= 2, "resources reading JSON:API documents through a namespace")
        // Every collection with GET or POST beside its item path with GET is a resource or has a warning saying why not.
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        for (collection, operations) in paths where operations["get"] != nil || operations["post"] != nil {
            guard
                paths.contains(where: { path, item in
                    path.hasPrefix(collection + "/{") && path.dropFirst(collection.count + 1).allSatisfy { $0 != "/" } && item["get"] != nil
                })
            else { continue }
            let route = String(collection.dropFirst())
            let isResource = result.yaml.contains("    path: \(route)\n") || result.yaml.contains("    path: \(route)/\n")
            let reason = result.warnings.first { $0.message.contains("`\(collection)` and its item path are not imported as a resource") }
            #expect(isResource || reason != nil, "\(collection): neither a resource nor a warning")
        }
    }

    /// How many of Klaviyo's pairs are `jsonapi:` resources.
    static let klaviyoJSONAPIResources = 43
}

/// Random damage to a document: a value removed, or replaced by one of the wrong kind or by a name no
/// Swift or YAML writer expects.
enum Damage {
    /// Values that break names, routes, YAML and Swift where a writer forgets to quote or check.
    static var hostile: [Any] {
        [
            "", "#", "?", "{", "}", "{id", "*alias: x", "&anchor", "a: b", "- x", "\"quoted\"", "'", "\\", "\n", "class", "Type", "self", "_", "1abc",
            "é ü", "🙂", "/{id}/{id}", "x-crudegen-name", "$ref", 0, -1, 1e308, true, NSNull(), [Any](), [String: Any](),
        ]
    }

    /// `value` with one random place in it damaged.
    static func apply(to value: Any, using generator: inout SeededGenerator) -> Any {
        damage(value, depth: 0, using: &generator)
    }

    private static func damage(_ value: Any, depth: Int, using generator: inout SeededGenerator) -> Any {
        let descend = depth < 12 && Int.random(in: 0..<10, using: &generator) < 8
        switch value {
        case var object as [String: Any] where !object.isEmpty:
            let keys = object.keys.sorted()
            let key = keys[Int.random(in: 0..<keys.count, using: &generator)]
            if descend, let child = object[key] {
                object[key] = damage(child, depth: depth + 1, using: &generator)
            } else {
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: object.removeValue(forKey: key)
                case 1: object[key] = hostile[Int.random(in: 0..<hostile.count, using: &generator)]
                default:
                    // A key renamed to something hostile keeps its value.
                    let value = object.removeValue(forKey: key)
                    object["\(hostile[Int.random(in: 0..<hostile.count, using: &generator)])"] = value
                }
            }
            return object
        case var array as [Any] where !array.isEmpty:
            let index = Int.random(in: 0..<array.count, using: &generator)
            if descend {
                array[index] = damage(array[index], depth: depth + 1, using: &generator)
            } else if Bool.random(using: &generator) {
                array.remove(at: index)
            } else {
                array[index] = hostile[Int.random(in: 0..<hostile.count, using: &generator)]
            }
            return array
        default:
            return hostile[Int.random(in: 0..<hostile.count, using: &generator)]
        }
    }
}
