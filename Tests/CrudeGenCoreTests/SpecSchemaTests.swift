import Foundation
import RandomSpecs
import TestTags
import Testing
import Yams

@testable import CrudeGenCore
@testable import CrudeGenEngine

/// Keeps the JSON Schema editors use (`Schemas/crudegen-spec.schema.json`) true to the loader: the same keys
/// in every mapping in both directions, the same choices, the compiled-in copy current, and every spec in
/// the repository valid under the reference Python validator.
@Suite struct SpecSchemaTests {
    static let schemaFile = TestSupport.packageRoot.appendingPathComponent("Schemas/crudegen-spec.schema.json")
    static let swiftFile = TestSupport.packageRoot.appendingPathComponent("Sources/CrudeGenCore/Loading/SpecSchema.swift")

    /// The repository's schema, parsed.
    static func schema() throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: schemaFile)) as? [String: Any])
    }

    /// The schema object describing a mapping the loader reads: the root for the spec, else the definition
    /// named like the case.
    static func object(for keys: MappingKeys, in schema: [String: Any]) -> [String: Any]? {
        keys == .spec ? schema : (schema["definitions"] as? [String: Any])?[keys.rawValue] as? [String: Any]
    }

    @Test func compiledInSchemaMatchesSchemasFolder() throws {
        let source = try String(contentsOf: Self.schemaFile, encoding: .utf8)
        let expected = """
            // swift-format-ignore-file
            // Generated from Schemas/crudegen-spec.schema.json by `CRUDEGEN_RECORD=1 swift test`. Do not edit.

            /// The JSON Schema of the spec language, compiled in so that `crudegen schema` works from a copied binary.
            public enum SpecSchema {
                /// The schema's JSON text, as in `Schemas/crudegen-spec.schema.json`.
                public static let json = #\"\"\"
            \(source.hasSuffix("\n") ? String(source.dropLast()) : source)
            \"\"\"#
            }

            """
        let committed = try String(contentsOf: Self.swiftFile, encoding: .utf8)
        if TestSupport.isRecording, committed != expected {
            try expected.write(to: Self.swiftFile, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            committed == expected,
            "Schemas/crudegen-spec.schema.json changed: run `CRUDEGEN_RECORD=1 swift test` to compile it in\n\(TestSupport.diff(expected: expected, actual: committed, name: "SpecSchema.swift"))"
        )
        #expect(SpecSchema.json + "\n" == source)
    }

    /// Every key the loader accepts is in the schema, and every key the schema allows is accepted.
    @Test func schemaAndLoaderAcceptTheSameKeys() throws {
        let schema = try Self.schema()
        for keys in MappingKeys.allCases where keys != .configuration {
            let object = try #require(Self.object(for: keys, in: schema), "the schema has no definition `\(keys.rawValue)` for the loader's mapping")
            let properties = try #require(object["properties"] as? [String: Any], "`\(keys.rawValue)` lists no properties")
            #expect(
                Set(properties.keys) == Set(keys.allowed),
                "`\(keys.rawValue)`: the loader accepts \(keys.allowed.sorted()), the schema \(properties.keys.sorted())")
            #expect(Set(object["required"] as? [String] ?? []) == Set(keys.required), "`\(keys.rawValue)`: required keys differ")
            #expect(object["additionalProperties"] as? Bool == false, "`\(keys.rawValue)` must reject unknown keys, as the loader does")
            #expect((object["patternProperties"] as? [String: Any])?.keys.sorted() == ["^x-"], "`\(keys.rawValue)` must allow `x-` keys, as the loader does")
        }
        // The other direction: every closed mapping in the schema is one the loader reads.
        var closed: [String] = []
        func walk(_ value: Any, at path: String) {
            if let object = value as? [String: Any] {
                if object["additionalProperties"] as? Bool == false { closed.append(path) }
                for (key, child) in object { walk(child, at: path + "/" + key) }
            } else if let array = value as? [Any] {
                for (index, child) in array.enumerated() { walk(child, at: path + "/\(index)") }
            }
        }
        walk(schema, at: "#")
        let expected = MappingKeys.allCases.filter { $0 != .configuration }.map { $0 == .spec ? "#" : "#/definitions/\($0.rawValue)" }
        #expect(closed.sorted() == expected.sorted())
    }

    /// The schema's fixed choices are the ones the loader and validator accept.
    @Test func schemaChoicesMatchTheGenerator() throws {
        let definitions = try #require(try Self.schema()["definitions"] as? [String: Any])
        func choices(_ path: [String]) -> [String]? {
            var value: Any? = definitions
            for key in path { value = (value as? [String: Any])?[key] }
            return (value as? [String: Any])?["enum"] as? [String]
        }
        #expect(choices(["api", "properties", "keys"]) == KeyStyle.allCases.map(\.rawValue))
        #expect(choices(["api", "properties", "access"]) == AccessLevel.allCases.map(\.rawValue))
        #expect(choices(["operation"]) == CRUDOperation.allCases.map(\.rawValue))
        #expect(choices(["resource", "properties", "responses", "additionalProperties"]) == ResponseKind.allCases.map(\.rawValue))
        #expect(choices(["httpMethod"]) == ActionSpec.httpMethods)
        #expect(choices(["field", "properties", "array_style"]) == SpecValidator.arrayStyles)
        #expect(choices(["pagination", "properties", "style"]) == PaginationSpec.Style.allCases.map(\.rawValue))
        #expect(choices(["namespace", "properties", "applies_to"]) == NamespaceSpec.Direction.allCases.map(\.rawValue))
        #expect(choices(["cachePolicy"]) == CachePolicySpec.allCases.map(\.rawValue))
        #expect(choices(["enum", "properties", "type"]) == [EnumSpec.RawType.string, .int].map(\.rawValue))
    }

    /// Every spec in the repository: fixtures, examples and benchmark specs.
    static func repositorySpecs() throws -> [String] {
        let root = TestSupport.packageRoot
        var specs: [String] = []
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Fixtures").path)
        specs += fixtures.map { "Fixtures/\($0)/spec.yaml" }.filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
        for folder in ["Examples", "Benchmarks/Specs"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                if path.hasSuffix(".crude.yaml") || (folder == "Benchmarks/Specs" && path.hasSuffix(".yaml")) {
                    specs.append("\(folder)/\(path)")
                }
            }
        }
        return specs.sorted()
    }

    @Test func everyRepositorySpecValidates() async throws {
        let specs = try Self.repositorySpecs()
        #expect(specs.contains("Fixtures/crude-futures/spec.yaml"))
        #expect(specs.contains("Examples/Household/Sources/HouseholdModels/Household.crude.yaml"))
        #expect(specs.contains("Benchmarks/Specs/Bench.crude.yaml"))
        try await TestSupport.withTemporaryDirectory { folder in
            let documents = try specs.map { try Self.jsonDocument(for: TestSupport.packageRoot.appendingPathComponent($0), named: $0, in: folder) }
            let run = try await PythonTools.run(script: "Scripts/validate-specs.py", arguments: [Self.schemaFile.path] + documents)
            #expect(run.status == 0, "\(run.output)")
        }
    }

    /// Writes a spec as JSON, read by Yams as crudegen reads it, to `folder/name.json`; returns its path.
    static func jsonDocument(for spec: URL, named name: String, in folder: URL) throws -> String {
        let text = try String(contentsOf: spec, encoding: .utf8)
        let node = try #require(try Yams.compose(yaml: text), "\(name) is empty")
        let file = folder.appendingPathComponent(name + ".json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: jsonValue(node), options: [.sortedKeys]).write(to: file)
        return file.path
    }

    /// A YAML node as the JSON value editors validate: scalars typed by the tag YAML resolves for them,
    /// and merge keys (`<<: *timestamps`) resolved as the loader and the YAML language server resolve
    /// them: a key the mapping writes wins over a merged one, and among merged mappings the first wins.
    static func jsonValue(_ node: Node) -> Any {
        switch node {
        case let .scalar(scalar):
            switch Resolver.default.resolveTag(of: node) {
            case .bool: return node.bool ?? scalar.string
            case .int: return node.int ?? scalar.string
            case .float: return node.float ?? scalar.string
            case .null: return NSNull()
            default: return scalar.string
            }
        case let .mapping(mapping):
            var object: [String: Any] = [:]
            var merged: [String: Any] = [:]
            for (key, value) in mapping {
                guard case let .scalar(scalar) = key, scalar.string == "<<", scalar.style == .plain else {
                    object[key.string ?? ""] = jsonValue(value)
                    continue
                }
                let sources: [Node] = if case let .sequence(items) = value { Array(items) } else { [value] }
                for case let source as [String: Any] in sources.map(jsonValue) {
                    for (name, item) in source where merged[name] == nil { merged[name] = item }
                }
            }
            for (name, item) in merged where object[name] == nil { object[name] = item }
            return object
        case let .sequence(sequence):
            return sequence.map(jsonValue)
        case .alias:
            // The repository's specs use no aliases; an unexpanded one would make validation meaningless.
            Issue.record("aliases are not converted")
            return NSNull()
        }
    }

    /// Random specs crudegen accepts (RandomSpecGenerator's corners: renames, hostile text, every
    /// declaration kind) validate too, so the schema never flags a spec the generator takes.
    @Test func randomValidSpecsValidate() async throws {
        try await TestSupport.withTemporaryDirectory { folder in
            var documents: [String] = []
            for seed in UInt64(1)...100 {
                var generator = RandomSpecGenerator(seed: seed)
                let yaml = generator.spec()
                guard (try? Generator().generate(spec: Data(yaml.utf8), file: "random.crude.yaml")) != nil else { continue }
                let spec = folder.appendingPathComponent("random-\(seed).yaml")
                try yaml.write(to: spec, atomically: true, encoding: .utf8)
                documents.append(try Self.jsonDocument(for: spec, named: "random-\(seed)", in: folder))
            }
            #expect(documents.count >= 75)
            let run = try await PythonTools.run(script: "Scripts/validate-specs.py", arguments: [Self.schemaFile.path] + documents)
            #expect(run.status == 0, "\(run.output.prefix(3000))")
        }
    }

    /// Merge keys validate as what they merge: shared fields pass, and a misspelt key a merge brings in is
    /// flagged by its own name.
    @Test func mergeKeysValidateAsTheirMergedEntries() async throws {
        try await TestSupport.withTemporaryDirectory { folder in
            let spec = folder.appendingPathComponent("merged.yaml")
            try """
            api: { name: Notes }
            x-timestamps: &timestamps
              createdAt: Date
              updatedAt: Date?
            x-collection: &collection
              pth: notes
            models:
              Note:
                fields:
                  title: String
                  <<: *timestamps
            resources:
              Folder:
                <<: [*collection, { path: folders }]
                fields: { name: String }
            """.write(to: spec, atomically: true, encoding: .utf8)
            let document = try Self.jsonDocument(for: spec, named: "merged", in: folder)
            let run = try await PythonTools.run(script: "Scripts/validate-specs.py", arguments: [Self.schemaFile.path, document])
            #expect(run.status == 1)
            #expect(run.output.contains("resources/Folder: 'pth' does not match any of the regexes: '^x-'"))
            #expect(!run.output.contains("<<"))
            #expect(!run.output.contains("models/Note"))
            let (_, diagnostics) = SpecLoader.load(try Data(contentsOf: spec), file: spec.path)
            #expect(diagnostics.map(\.message).contains("unknown key `pth` in resource `Folder`"))
        }
    }

    /// The validator run above can fail: a misspelt key, a wrong choice and a missing key are reported.
    @Test(.tags(.integration), .skippedWhenQuick) func theSchemaFlagsMistakes() async throws {
        try await TestSupport.withTemporaryDirectory { folder in
            let spec = folder.appendingPathComponent("broken.yaml")
            try """
            api: { name: Shop, keys: snake }
            models:
              Price: { fields: { amount: { type: Double, transfrom: lenient } } }
            resources:
              Item: { pth: items }
            x-anchors: { anything: goes }
            """.write(to: spec, atomically: true, encoding: .utf8)
            let document = try Self.jsonDocument(for: spec, named: "broken", in: folder)
            let run = try await PythonTools.run(script: "Scripts/validate-specs.py", arguments: [Self.schemaFile.path, document])
            #expect(run.status == 1)
            #expect(run.output.contains("api/keys: 'snake' is not one of"))
            #expect(run.output.contains("resources/Item: 'path' is a required property"))
            #expect(run.output.contains("resources/Item: 'pth' does not match any of the regexes: '^x-'"))
            #expect(run.output.contains("models/Price/fields/amount: {'transfrom': 'lenient', 'type': 'Double'} is not valid"))
            #expect(!run.output.contains("x-anchors"))
            // The loader agrees on each of them.
            let (_, diagnostics) = SpecLoader.load(try Data(contentsOf: spec), file: spec.path)
            let messages = diagnostics.map(\.message)
            #expect(messages.contains { $0.contains("`api.keys` must be one of") })
            #expect(messages.contains("unknown key `pth` in resource `Item`"))
            #expect(messages.contains("unknown key `transfrom` in field `amount`"))
        }
    }
}

/// Runs the repository's Python tools in the pinned environment `Scripts/python-env.sh` provides.
enum PythonTools {
    /// The environment's python, created on first use (which may install packages for minutes).
    private static let python = Task { () throws -> String in
        let run = try await TestSupport.run(["/bin/bash", TestSupport.packageRoot.appendingPathComponent("Scripts/python-env.sh").path])
        guard run.status == 0 else { throw PythonToolsError(message: "Scripts/python-env.sh failed:\n\(run.output)") }
        return run.output.split(separator: "\n").last.map(String.init) ?? ""
    }

    /// Runs a script of the repository with the environment's python.
    static func run(script: String, arguments: [String]) async throws -> TestSupport.CommandRun {
        try await TestSupport.run([python.value, TestSupport.packageRoot.appendingPathComponent(script).path] + arguments)
    }
}

/// Why the Python tools could not be set up.
struct PythonToolsError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
