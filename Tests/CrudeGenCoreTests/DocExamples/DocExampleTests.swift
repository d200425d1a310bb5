import Foundation
import TestTags
import Testing

@testable import CrudeGenCore

/// Every code example of README.md, docs/*.md and the DocC articles is checked for what it is (see ``DocExample``): specs
/// and fragments generate and compile, configurations load, manifests evaluate, declarations compile, and
/// statements run in `swift test` against a loopback server serving their spec's API
/// (`Tests/GeneratedCodeTests/DocExamples-*.swift`, written from the docs by
/// `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests` and kept current here).
@Suite struct DocExampleTests {
    static let root = TestSupport.packageRoot
    static let examples = (try? DocExample.all(in: root)) ?? []

    @Test func everyBlockIsAKnownKindOfExample() {
        #expect(Self.examples.count > 20, "README.md and docs/ were not found")
        for example in Self.examples {
            #expect(example.kind != nil, "\(example.place): a ```\(example.language) block DocExample does not know; give it a language and shape it checks")
        }
    }

    /// A spec whose first line names its path (`# Sources/Shared/Shared.crude.yaml`) is a target's: later
    /// examples' `uses` find it there, and its module is compiled for them to import.
    @Test(.tags(.integration), .skippedWhenQuick) func specsAndFragmentsGenerateAndCompile() async throws {
        let modules = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-doc-modules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: modules) }
        var targetSpecs: [String: Data] = [:]
        for example in Self.examples where example.kind == .spec || example.kind == .specFragment {
            let yaml = example.kind == .spec ? example.code : example.completedSpec
            let targetSpec = yaml.firstMatch(of: /^# (Sources\/(\w+)\/\w+\.crude\.yaml)/).map { (path: String($0.output.1), module: String($0.output.2)) }
            if let targetSpec { targetSpecs[targetSpec.path] = Data(yaml.utf8) }
            let output: Generator.Output
            do {
                output = try Generator().generate(spec: Data(yaml.utf8), file: targetSpec?.path ?? example.place, files: .inMemory(targetSpecs))
            } catch {
                Issue.record("\(example.place): crudegen rejects this example:\n\(error.diagnostics.map(\.description).joined(separator: "\n"))")
                continue
            }
            #expect(output.warnings.isEmpty, "\(example.place): \(output.warnings.map(\.description))")
            let result = try await SwiftCompiler.compile(
                output.files.map { ($0.name, $0.contents) }, module: targetSpec?.module ?? "Generated", modules: targetSpec == nil ? nil : modules)
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

    @Test(.tags(.integration), .skippedWhenQuick) func declarationsCompile() async throws {
        for example in Self.examples where example.kind == .declarations {
            let imports = example.code.contains("import ") ? "" : "import CrudeRuntime\nimport Foundation\n\n"
            // A service needs its spec's server code, and CrudeServe: compiled only with its trait.
            guard let server = try serverCode(for: example) else { continue }
            let result = try await SwiftCompiler.compile([("Example.swift", imports + example.code)] + server)
            #expect(result.succeeded, "\(example.place) does not compile:\n\(result.output.prefix(2000))")
        }
    }

    /// What a service of docs/serve.md compiles against: its governing spec's server code with the models
    /// beside it (`crudegen --server`); none for an example that imports no CrudeServe, and `nil` for one
    /// that does in a build without the `CrudeServe` trait, which cannot compile it.
    private func serverCode(for example: DocExample) throws -> [(name: String, contents: String)]? {
        guard Self.imports(of: example).contains("CrudeServe") else { return [] }
        #if CrudeServe
        var generator = Generator()
        generator.server = Generator.ServerOutput()
        let spec = try #require(example.governingSpec, "\(example.place): a service example needs a spec above it (`<!-- spec: PATH -->`)")
        return try generator.generate(spec: Data(spec.utf8), file: "spec.yaml").files.map { ($0.name, $0.contents) }
        #else
        return nil
        #endif
    }

    @Test(.tags(.integration), .skippedWhenQuick) func manifestsEvaluate() async throws {
        for example in Self.examples where example.kind == .manifest {
            let manifest =
                example.code.hasPrefix("// swift-tools-version")
                ? example.code
                : "// swift-tools-version: 6.1\nimport PackageDescription\n\nlet package = Package(\n    name: \"App\",\n" + example.code + ")\n"
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-manifest-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
            // SwiftPM leaves a lock file in the temporary folder named after the scratch path: one fixed path
            // (which dump-package never creates) leaves one file, not one per manifest and run.
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-manifest-scratch").path
            let result = try await SwiftCompiler.run(["swift", "package", "--package-path", folder.path, "--scratch-path", scratch, "dump-package"])
            #expect(result.succeeded, "\(example.place) is not a valid manifest:\n\(result.output.prefix(2000))")
        }
    }

    /// The runnable examples, grouped by the fixture whose spec they are written against, are what the
    /// committed `DocExamples-<fixture>.swift` files hold. An article's example is written against the spec
    /// above it in the article or, in an article without one, the catalog's own spec (GettingStarted's
    /// Household), and may use `client`, an ``APIClient`` of that API, without making one.
    @Test func statementExamplesRunInTheTestSuite() async throws {
        let catalogSpec = try #require(
            Self.examples.first { $0.file == DocExample.articlesFolder + "/GettingStarted.md" && $0.kind == .spec }?.code, "GettingStarted.md has no spec")
        #expect(Self.examples.filter { $0.isArticle && $0.kind == .statements }.count > 10, "the DocC articles were not found")
        var byFixture: [String: [(example: DocExample, number: Int)]] = [:]
        // Numbered by file and position among the file's runnable examples, not by line, so that editing the
        // text around an example does not change the recording.
        var counts: [String: Int] = [:]
        for var example in Self.examples where example.kind == .statements {
            counts[example.file, default: 0] += 1
            if example.isArticle, example.governingSpec == nil { example.governingSpec = catalogSpec }
            guard let spec = example.governingSpec, let fixture = try Self.fixture(withSpec: spec) else {
                Issue.record(
                    "\(example.place): put the spec above this example into Fixtures/<name>/spec.yaml (and `fixtureCases`), so the example can run against it")
                continue
            }
            byFixture[fixture.folder, default: []].append((example, counts[example.file]!))
        }
        let folder = Self.root.appendingPathComponent("Tests/GeneratedCodeTests")
        let existing = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("DocExamples-") }
        #expect(
            Set(existing) == Set(byFixture.keys.map { "DocExamples-\($0).swift" }),
            "stale or missing DocExamples files: run `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests`")
        for (folderName, examples) in byFixture {
            let target = try #require(try Self.fixture(withSpec: examples[0].example.governingSpec!)).target
            let spec = try #require(SpecLoader.load(Data(examples[0].example.governingSpec!.utf8), file: "spec.yaml").spec)
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

    /// An example's values that nothing after it reads, such as a client an article only shows how to
    /// make: the recording reads them, so that the compiler does not warn about the example as written.
    @Test func unreadValuesAreFoundAtTheTopLevelOnly() {
        let code = """
            var configuration = Household.configuration()
            configuration.retry = RetryPolicy(maxAttempts: 3)
            let client = APIClient(configuration: Household.configuration())
            var ada = try await Person.read(id: 7, on: client)
            ada = try await ada.update(on: client)
            do {
                let inner = 1
            }
            let everyone = try await Person.list(on: client)

            """
        #expect(Self.unreadValues(in: code) == ["configuration", "everyone"])
    }

    /// The fixture folder and target whose spec.yaml is `spec`. Whole-line comments do not count: an
    /// article's spec starts with the editor's schema line, which does not change the API.
    static func fixture(withSpec spec: String) throws -> (folder: String, target: String)? {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for match in manifest.matches(of: #/\("(Fixture\w+)", "([\w-]+)"/#) {
            let folder = String(match.output.2)
            let url = root.appendingPathComponent("Fixtures/\(folder)/spec.yaml")
            if let fixtureSpec = try? String(contentsOf: url, encoding: .utf8), withoutComments(fixtureSpec) == withoutComments(spec) {
                return (folder, String(match.output.1))
            }
        }
        return nil
    }

    /// `yaml` without its whole-line comments.
    static func withoutComments(_ yaml: String) -> String {
        yaml.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#") }.joined(separator: "\n")
    }

    /// The names the example declares at its top level (`let x =`, `var x =`) that no later line reads;
    /// assigning to one, or to one of its properties, is not reading it.
    static func unreadValues(in code: String) -> [String] {
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var unread: [String] = []
        for (index, line) in lines.enumerated() {
            guard let declaration = line.firstMatch(of: #/^(?:let|var) (\w+)\b/#) else { continue }
            let name = String(declaration.output.1)
            let reads = lines[(index + 1)...].contains { later in
                let value = later.replacing(try! Regex("^\\s*\(name)(\\.\\w+)*\\s*=(?!=)"), with: "")
                // Not a member or an argument label of that name (`Household.configuration()`, `configuration:`).
                return value.firstMatch(of: try! Regex("(^|[^.\\w])\(name)(?![\\w:])")) != nil
            }
            if !reads { unread.append(name) }
        }
        return unread
    }

    /// What an example may use without making it, as the reader's app has it, and what the recording makes
    /// in its place; `{configuration}` stands for the API's configuration with the server's base URL.
    static let assumedValues: [(name: String, declaration: String)] = [
        ("client", "let client = APIClient(configuration: {configuration})"),
        // ChoosingATransport's session delegate, the app's own: a session without one answers the same.
        ("challengeHandler", "let challengeHandler: (any URLSessionDelegate)? = nil"),
    ]

    /// Modules an example may import that only exist with a package trait on, by the trait: its test is
    /// compiled and run only with the trait (`swift test --traits CrudeAsyncHTTPClient`).
    static let traitModules = ["AsyncHTTPClient": "CrudeAsyncHTTPClient", "CrudeAsyncHTTPClient": "CrudeAsyncHTTPClient", "CrudeServe": "CrudeServe"]

    /// The test file that runs `examples`, each in a test of its own, named by its file and its `number`
    /// among the file's runnable examples.
    static func swiftFile(fixture: String, target: String, apiName: String, examples: [(example: DocExample, number: Int)]) -> String {
        // A spec with a local store: its examples use CrudeStore and the API's `storeSchema`.
        let usesStore = examples[0].example.governingSpec?.contains("store: true") == true
        // The API's configuration as the example asks for it, and as the recording gives it: with the
        // loopback server's base URL instead of the spec's.
        let configuration = "\(apiName).configuration()"
        let serverConfiguration = "\(apiName).configuration(baseURL: DocExampleEnvironment.baseURL)"
        // The modules of a trait, imported under that trait's condition.
        let gated = Set(examples.flatMap { Self.imports(of: $0.example).filter { Self.traitModules[$0] != nil } })
        let traitImports = Dictionary(grouping: gated.sorted()) { Self.traitModules[$0]! }.sorted { $0.key < $1.key }
            .map { trait, modules in "#if \(trait)\n" + modules.map { "import \($0)\n" }.joined() + "#endif\n" }.joined()
        var text = """
            // swift-format-ignore-file
            // Generated from the examples in README.md, docs/ and the DocC articles by `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests`. Do not edit.
            import CrudeRuntime
            \(usesStore ? "import CrudeStore\n" : "")import \(target)
            import Foundation
            import HTTPTypes
            import Testing
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            \(traitImports)
            /// The docs' examples written against Fixtures/\(fixture)/spec.yaml, each run against a loopback server
            /// serving that API; the recording gives `\(apiName).configuration()` that server's base URL.
            @Suite struct DocExamples\(target.dropFirst("Fixture".count)) {

            """
        for (index, (example, number)) in examples.enumerated() {
            let file = example.file.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
            let name = "\(file)_example\(number)"
            // The article's imports name the reader's module (`import HouseholdModels`); here it is the fixture's.
            let code = example.code.split(separator: "\n", omittingEmptySubsequences: false).dropLast().filter { !$0.hasPrefix("import ") }
                .drop { $0.isEmpty }.joined(separator: "\n")
            let trait = Self.imports(of: example).compactMap { Self.traitModules[$0] }.first
            if index > 0 { text += "\n" }
            if let trait { text += "    #if \(trait)\n" }
            // The example is the body of a function, not of the closure `run` takes: in a closure, a `do`'s
            // `catch` sees `any Error` instead of the operations' `APIError`, and `catch .validation` would not
            // compile as it does in the reader's function.
            text += """
                    /// Example \(number) of \(example.file).
                    @Test func \(name)() async throws {
                        func example() async throws {

                """
            for (name, declaration) in Self.assumedValues
            where code.firstMatch(of: try! Regex("(^|[^.\\w])\(name)(?!\\w)")) != nil
                && code.firstMatch(of: try! Regex("(?m)^(let|var) \(name)(?!\\w)")) == nil
            {
                text += "            // What the example uses without making it.\n"
                text += "            " + declaration.replacing("{configuration}", with: serverConfiguration) + "\n"
            }
            for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
                text += line.isEmpty ? "\n" : "            " + line.replacing(configuration, with: serverConfiguration) + "\n"
            }
            let unread = Self.unreadValues(in: code)
            if !unread.isEmpty {
                text += "            // Values the example makes and does not use, read so that the compiler does not warn.\n"
                for name in unread { text += "            _ = \(name)\n" }
            }
            text += "        }\n"
            text += "        try await DocExampleEnvironment.run(fixture: \"\(fixture)\", example: \"\(example.file) example \(number)\", example)\n"
            text += "    }\n"
            if trait != nil { text += "    #endif\n" }
        }
        return text + "}\n"
    }

    /// The modules `example` imports.
    static func imports(of example: DocExample) -> [String] {
        example.code.split(separator: "\n").filter { $0.hasPrefix("import ") }.map { String($0.dropFirst("import ".count)) }
    }
}
