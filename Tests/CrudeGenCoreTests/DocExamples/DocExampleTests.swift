import Foundation
import Testing

@testable import CrudeGenCore

/// Every code example of README.md, docs/*.md and the DocC articles is checked for what it is (see ``DocExample``): specs
/// and fragments generate and compile, configurations load, manifests evaluate, declarations compile, and
/// statements of README.md and docs/ run in `swift test` against a loopback server
/// (`Tests/GeneratedCodeTests/DocExamples-*.swift`, written from the docs by
/// `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests` and kept current here), and the articles'
/// statements compile against the code of their spec.
@Suite struct DocExampleTests {
    static let root = TestSupport.packageRoot
    static let examples = (try? DocExample.all(in: root)) ?? []

    @Test func everyBlockIsAKnownKindOfExample() {
        #expect(Self.examples.count > 20, "README.md and docs/ were not found")
        for example in Self.examples {
            #expect(example.kind != nil, "\(example.place): a ```\(example.language) block DocExample does not know; give it a language and shape it checks")
        }
    }

    @Test func specsAndFragmentsGenerateAndCompile() async throws {
        for example in Self.examples where example.kind == .spec || example.kind == .specFragment {
            let yaml = example.kind == .spec ? example.code : example.completedSpec
            let output: Generator.Output
            do {
                output = try Generator().generate(spec: Data(yaml.utf8), file: example.place)
            } catch {
                Issue.record("\(example.place): crudegen rejects this example:\n\(error.diagnostics.map(\.description).joined(separator: "\n"))")
                continue
            }
            #expect(output.warnings.isEmpty, "\(example.place): \(output.warnings.map(\.description))")
            let result = try await SwiftCompiler.compile(output.files.map { ($0.name, $0.contents) })
            #expect(result.succeeded, "\(example.place): the generated code does not compile:\n\(result.output.prefix(2000))")
        }
    }

    @Test func configurationsLoad() async throws {
        for example in Self.examples where example.kind == .configuration {
            #expect(throws: Never.self, "\(example.place)") {
                try GeneratorConfiguration.load(Data(example.code.utf8), file: Self.root.appendingPathComponent("crudegen-config.yaml").path)
            }
        }
    }

    @Test func declarationsCompile() async throws {
        for example in Self.examples where example.kind == .declarations {
            let imports = example.code.contains("import ") ? "" : "import CrudeRuntime\nimport Foundation\n\n"
            let result = try await SwiftCompiler.compile([("Example.swift", imports + example.code)])
            #expect(result.succeeded, "\(example.place) does not compile:\n\(result.output.prefix(2000))")
        }
    }

    @Test func manifestsEvaluate() async throws {
        for example in Self.examples where example.kind == .manifest {
            let manifest =
                example.code.hasPrefix("// swift-tools-version")
                ? example.code
                : "// swift-tools-version: 6.1\nimport PackageDescription\n\nlet package = Package(\n    name: \"App\",\n" + example.code + ")\n"
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-manifest-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
            let result = try await SwiftCompiler.run(["swift", "package", "--package-path", folder.path, "dump-package"])
            #expect(result.succeeded, "\(example.place) is not a valid manifest:\n\(result.output.prefix(2000))")
        }
    }

    /// The runnable examples, grouped by the fixture whose spec they are written against, are what the
    /// committed `DocExamples-<fixture>.swift` files hold.
    @Test func statementExamplesRunInTheTestSuite() async throws {
        let statements = Self.examples.filter { $0.kind == .statements && !$0.isArticle }
        var byFixture: [String: [DocExample]] = [:]
        for example in statements {
            guard let spec = example.governingSpec, let fixture = try Self.fixture(withSpec: spec) else {
                Issue.record(
                    "\(example.place): put the spec above this example into Fixtures/<name>/spec.yaml (and `fixtureCases`), so the example can run against it")
                continue
            }
            byFixture[fixture.folder, default: []].append(example)
        }
        let folder = Self.root.appendingPathComponent("Tests/GeneratedCodeTests")
        let existing = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("DocExamples-") }
        #expect(
            Set(existing) == Set(byFixture.keys.map { "DocExamples-\($0).swift" }),
            "stale or missing DocExamples files: run `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests`")
        for (folderName, examples) in byFixture {
            let target = try #require(try Self.fixture(withSpec: examples[0].governingSpec!)).target
            let spec = try #require(SpecLoader.load(Data(examples[0].governingSpec!.utf8), file: "spec.yaml").spec)
            let expected = Self.swiftFile(fixture: folderName, target: target, apiName: spec.api.name.value, examples: examples)
            let url = folder.appendingPathComponent("DocExamples-\(folderName).swift")
            let committed = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            if TestSupport.isRecording, committed != expected {
                try Data(expected.utf8).write(to: url)
                continue
            }
            #expect(
                committed == expected,
                "the docs' examples changed: run `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests`\n\(TestSupport.diff(expected: expected, actual: committed, name: url.lastPathComponent))"
            )
        }
    }

    /// The DocC articles' statements compile against the code their spec generates: the spec above them
    /// in the article or, in an article without one, the catalog's own spec (GettingStarted's Household). An
    /// example may use `client`, an ``APIClient`` of that API, without making one. They are compiled rather
    /// than run: the articles' APIs (the seed libraries' and Household) each need a server of their own, and
    /// README's and docs/'s examples run the same calls.
    @Test func articleStatementsCompile() async throws {
        let catalogSpec = try #require(
            Self.examples.first { $0.file == DocExample.articlesFolder + "/GettingStarted.md" && $0.kind == .spec }?.code, "GettingStarted.md has no spec")
        let statements = Self.examples.filter { $0.isArticle && $0.kind == .statements }
        #expect(statements.count > 10, "the DocC articles were not found")
        for example in statements {
            let output = try Generator().generate(spec: Data((example.governingSpec ?? catalogSpec).utf8), file: example.place)
            // The article's imports name the reader's module (`import HouseholdModels`); here the generated code
            // is in the same module.
            let body = example.code.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("import ") }
                .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
            // A store's generated code needs CrudeStore; an example that checks what it shows, Swift Testing.
            let imports =
                (output.files.contains { $0.contents.contains("import CrudeStore") } ? "import CrudeStore\n" : "")
                + (example.code.contains("#expect") ? "import Testing\n" : "")
            let wrapper = "import CrudeRuntime\n\(imports)import Foundation\nimport HTTPTypes\n\nfunc example(client: APIClient) async throws {\n\(body)}\n"
            let result = try await SwiftCompiler.compile(output.files.map { ($0.name, $0.contents) } + [("Example.swift", wrapper)], warningsAsErrors: false)
            #expect(result.succeeded, "\(example.place) does not compile as written:\n\(result.output.prefix(3000))")
        }
    }

    /// The fixture folder and target whose spec.yaml is `spec`.
    static func fixture(withSpec spec: String) throws -> (folder: String, target: String)? {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for match in manifest.matches(of: #/\("(Fixture\w+)", "([\w-]+)"/#) {
            let folder = String(match.output.2)
            let url = root.appendingPathComponent("Fixtures/\(folder)/spec.yaml")
            if (try? String(contentsOf: url, encoding: .utf8)) == spec { return (folder, String(match.output.1)) }
        }
        return nil
    }

    /// The test file that runs `examples`, each in a test of its own.
    static func swiftFile(fixture: String, target: String, apiName: String, examples: [DocExample]) -> String {
        // A spec with a local store: its examples use CrudeStore and the API's `storeSchema`.
        let usesStore = examples[0].governingSpec?.contains("store: true") == true
        var text = """
            // swift-format-ignore-file
            // Generated from the examples in README.md and docs/ by `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests`. Do not edit.
            import CrudeRuntime
            \(usesStore ? "import CrudeStore\n" : "")import \(target)
            import Foundation
            import Testing

            /// The docs' examples written against Fixtures/\(fixture)/spec.yaml, each run against a loopback server
            /// serving that API; inside an example, `\(apiName).configuration()` points at that server.
            @Suite struct DocExamples\(target.dropFirst("Fixture".count)) {

            """
        // Named by file and position among the file's runnable examples, not by line, so that editing the
        // text around an example does not change this file.
        var counts: [String: Int] = [:]
        for (index, example) in examples.enumerated() {
            counts[example.file, default: 0] += 1
            let file = example.file.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
            let name = "\(file)_example\(counts[example.file]!)"
            if index > 0 { text += "\n" }
            text += """
                    /// Example \(counts[example.file]!) of \(example.file).
                    @Test func \(name)() async throws {
                        try await DocExampleEnvironment.run(fixture: "\(fixture)") {
                            enum \(apiName) {
                                static func configuration() -> ClientConfiguration {
                                    \(target).\(apiName).configuration(baseURL: DocExampleEnvironment.baseURL)
                                }\(usesStore ? "\n                static var storeSchema: StoreSchema { \(target).\(apiName).storeSchema }" : "")
                            }

                """
            for line in example.code.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                text += line.isEmpty ? "\n" : "            " + line + "\n"
            }
            text += "        }\n    }\n"
        }
        return text + "}\n"
    }
}
