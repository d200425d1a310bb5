import Foundation
import RandomSpecs
import Testing

@testable import CrudeGenCore
@testable import CrudeGenEngine

/// Every fixture has a contract test in `Tests/ServeTests/Contracts/`, written by ``ContractTestWriter``
/// from the fixture's current spec: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles` rewrites them,
/// and otherwise this suite fails when one is out of date.
@Suite struct ContractTestFiles {
    /// Where the recorded tests live.
    static let folder = TestSupport.packageRoot.appendingPathComponent("Tests/ServeTests/Contracts")

    /// Each fixture's folder and module, as Package.swift's `fixtureCases` pairs them.
    static let fixtures: [(folder: String, module: String)] = {
        let manifest = (try? String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        let pattern = /\(\s*"(Fixture\w+)", "([\w-]+)"/
        return manifest.matches(of: pattern).map { (String($0.output.2), String($0.output.1)) }.sorted { $0.folder < $1.folder }
    }()

    @Test func everyFixtureHasAModule() {
        let folders = GoldenFileTests.cases
        #expect(Self.fixtures.map(\.folder) == folders, "Package.swift's fixtureCases and Fixtures/ disagree")
    }

    /// Seeds of ``RandomSpecGenerator`` whose specs are fixtures (`Fixtures/random-<seed>`), so that the
    /// golden files, the warnings-as-errors builds and the contract tests cover a sample of random specs too;
    /// an odd seed's module builds under default main-actor isolation, as the random-spec test compiles it.
    static let randomSeeds: [UInt64] = [2026, 2027, 2035, 2042]

    @Test(arguments: randomSeeds)
    func randomFixtureIsTheGeneratorsSpec(seed: UInt64) throws {
        var generator = RandomSpecGenerator(seed: seed)
        let yaml = "# RandomSpecGenerator(seed: \(seed)): ContractTestFiles re-records it with `CRUDEGEN_RECORD=1`.\n" + generator.spec()
        let file = TestSupport.packageRoot.appendingPathComponent("Fixtures/random-\(seed)/spec.yaml")
        if TestSupport.isRecording {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(yaml.utf8).write(to: file)
            return
        }
        let committed = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        #expect(committed == yaml, "Fixtures/random-\(seed)/spec.yaml is not the generator's spec of that seed (CRUDEGEN_RECORD=1 re-records)")
    }

    @Test(arguments: fixtures.map(\.folder))
    func recordedContractIsCurrent(fixture: String) throws {
        let module = try #require(Self.fixtures.first { $0.folder == fixture }?.module)
        let specPath = TestSupport.packageRoot.appendingPathComponent("Fixtures/\(fixture)/spec.yaml").path
        let validated = try ValidatedSpec.validate(SpecLoader.load(contentsOf: specPath))
        let written = ContractTestWriter(fixture: fixture, module: module, model: CodeModelBuilder.build(APIResolver.resolve(validated)), spec: validated.spec)
            .write()
        try expectRecorded(written, in: Self.folder.appendingPathComponent("Contract-\(fixture).swift"))
    }

    /// Where the fixtures' recorded servers live.
    static let serversFolder = TestSupport.packageRoot.appendingPathComponent("Tests/ServeTests/GeneratedServers")

    /// The fixtures whose generated server imports their module: those whose types are public or package.
    static let servedFixtures: [(folder: String, module: String)] = fixtures.filter { fixture in
        let path = TestSupport.packageRoot.appendingPathComponent("Fixtures/\(fixture.folder)/spec.yaml").path
        return SpecLoader.load(contentsOf: path).spec?.api.access != .internal
    }

    /// Each fixture's server, as `crudegen --server --models-module <module> --service-name <module>Service`
    /// writes it, compiled into ServeTests (only with the `CrudeServe` trait) for the contract tests.
    @Test(arguments: servedFixtures.map(\.folder))
    func recordedServerIsCurrent(fixture: String) throws {
        let module = try #require(Self.fixtures.first { $0.folder == fixture }?.module)
        var generator = Generator()
        generator.server = Generator.ServerOutput(modelsModule: module, serviceName: module + "Service")
        let output = try generator.generate(specsAt: [TestSupport.packageRoot.appendingPathComponent("Fixtures/\(fixture)/spec.yaml").path])
        let file = try #require(output.files.first)
        let written = """
            // Written from Fixtures/\(fixture)/spec.yaml by `crudegen --server --models-module \(module) --service-name \(module)Service`
            // (`CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`). Do not edit.
            #if CrudeServe
            \(file.contents)#endif

            """
        try expectRecorded(written, in: Self.serversFolder.appendingPathComponent(file.name))
    }

    /// The servers of the recorded services, each with its defaults alone, by fixture.
    @Test func recordedServerListIsCurrent() throws {
        var lines = [
            "// Written by ContractTestFiles (`CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`). Do not edit.",
            "#if CrudeServe",
            "import CrudeServe",
            "",
            "/// Every fixture's generated server answering with its defaults alone: what the contract tests run against beside `crudegen serve`.",
            "enum GeneratedServers {",
            "    /// The generated server of `fixture`, starting with `seed`, over `database`; `nil` for a fixture without one.",
            "    static func server(fixture: String, seed: Seed, database: String?) throws -> SpecServer? {",
            "        switch fixture {",
        ]
        lines += Self.servedFixtures.map { "        case \"\($0.folder)\": try \($0.module)Defaults().server(seed: seed, database: database)" }
        lines += ["        default: nil", "        }", "    }", "}"]
        for fixture in Self.servedFixtures {
            lines += [
                "", "/// Fixtures/\(fixture.folder)'s service with every method's default.", "struct \(fixture.module)Defaults: \(fixture.module)Service {}",
            ]
        }
        lines += ["#endif", ""]
        try expectRecorded(lines.joined(separator: "\n"), in: Self.serversFolder.appendingPathComponent("GeneratedServers.swift"))
    }

    /// Writes `text` to `file` when recording; else expects the file to hold it.
    private func expectRecorded(_ text: String, in file: URL) throws {
        if TestSupport.isRecording {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            return
        }
        let committed = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        #expect(
            committed == text,
            "\(file.lastPathComponent) is out of date (CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles re-records):\n\(TestSupport.diff(expected: committed, actual: text, name: file.lastPathComponent))"
        )
    }
}
