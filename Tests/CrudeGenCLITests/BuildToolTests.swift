import Foundation
import Testing

/// `CrudeGenBuildTool`, what the build plugin runs: the same output as `crudegen --output-file …`.
@Suite struct BuildToolTests {
    static let tool = CLITests.builtExecutable(named: "CrudeGenBuildTool")

    func withTemporaryDirectory(_ body: (URL) async throws -> Void) async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-build-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        try await body(url)
    }

    @Test func writesWhatTheCommandLineWritesAndOnlyWhenItChanges() async throws {
        try await withTemporaryDirectory { folder in
            let viaTool = folder.appendingPathComponent("tool/Household.crude.swift")
            let viaCLI = folder.appendingPathComponent("cli/Household.crude.swift")
            #expect(try await CLITests.run([CLITests.crudeSpec, viaTool.path], executable: Self.tool).status == 0)
            #expect(try await CLITests.run([CLITests.crudeSpec, "--output-file", viaCLI.path]).status == 0)
            #expect(try Data(contentsOf: viaTool) == Data(contentsOf: viaCLI))

            let past = Date(timeIntervalSinceNow: -3600)
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: viaTool.path)
            let again = try await CLITests.run([CLITests.crudeSpec, viaTool.path], executable: Self.tool)
            #expect(again.status == 0 && again.stderr.isEmpty)
            let modified = try FileManager.default.attributesOfItem(atPath: viaTool.path)[.modificationDate] as? Date
            #expect(modified.map { abs($0.timeIntervalSince(past)) < 1 } == true)
        }
    }

    @Test func readsTheConfigurationFile() async throws {
        try await withTemporaryDirectory { folder in
            let templates = folder.appendingPathComponent("Templates")
            try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
            let bundled = try String(contentsOf: CLITests.packageRoot.appendingPathComponent("Templates/enum-file.mustache"), encoding: .utf8)
            try bundled.replacingOccurrences(of: "{{! crudegen-templates: 2 }}\n", with: "{{! crudegen-templates: 2 }}\n// from the target's templates\n")
                .write(to: templates.appendingPathComponent("enum-file.mustache"), atomically: true, encoding: .utf8)
            let config = folder.appendingPathComponent("crudegen-config.yaml")
            try "templates: Templates\n".write(to: config, atomically: true, encoding: .utf8)
            let output = folder.appendingPathComponent("Household.crude.swift")
            #expect(try await CLITests.run([CLITests.crudeSpec, "--config", config.path, output.path], executable: Self.tool).status == 0)
            #expect(try String(contentsOf: output, encoding: .utf8).contains("// from the target's templates"))
        }
    }

    @Test func aBrokenSpecFailsWithALocatedErrorAndWritesNothing() async throws {
        try await withTemporaryDirectory { folder in
            let spec = folder.appendingPathComponent("Broken.crude.yaml")
            try "api:\n  name: Broken\nresources:\n  Person:\n    path: people\n    fields:\n      age: Integr\n".write(
                to: spec, atomically: true, encoding: .utf8)
            let output = folder.appendingPathComponent("out/Broken.crude.swift")
            let run = try await CLITests.run([spec.path, output.path], executable: Self.tool)
            #expect(run.status == 1)
            #expect(run.stderr.contains("\(spec.path):7:12: error:"))
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
    }

    /// The plugin declared its files when SwiftPM planned the build; a configuration asking for another
    /// count since then gets a warning, and the spec is still spread over exactly the files given.
    @Test func spreadsTheSpecOverTheGivenFilesAndWarnsWhenTheConfigurationWantsAnotherCount() async throws {
        try await withTemporaryDirectory { folder in
            let config = folder.appendingPathComponent("crudegen-config.yaml")
            try "files_per_spec: 2\n".write(to: config, atomically: true, encoding: .utf8)
            let outputs = (0..<3).map { folder.appendingPathComponent("out/Household.crude.\($0).swift").path }
            let run = try await CLITests.run([CLITests.crudeSpec, "--config", config.path] + outputs, executable: Self.tool)
            #expect(run.status == 0)
            #expect(
                run.stderr.hasPrefix("\(config.path):1:17: warning: `files_per_spec: 2` is not in effect yet: this build was planned with 3 files per spec"),
                "\(run.stderr)")
            let viaCLI = (0..<3).map { folder.appendingPathComponent("cli/Household.crude.\($0).swift").path }
            #expect(try await CLITests.run([CLITests.crudeSpec] + viaCLI.flatMap { ["--output-file", $0] }).status == 0)
            for (tool, cli) in zip(outputs, viaCLI) {
                #expect(try Data(contentsOf: URL(fileURLWithPath: tool)) == Data(contentsOf: URL(fileURLWithPath: cli)))
            }
        }
    }

    @Test(arguments: [
        ["only-a-spec.crude.yaml"], ["spec.crude.yaml", "--config", "c.yaml"], ["spec.crude.yaml", "--config", "c.yaml", "a.swift", "--config", "d.yaml"],
    ])
    func otherArgumentsGetTheUsage(arguments: [String]) async throws {
        let run = try await CLITests.run(arguments, executable: Self.tool)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("usage: CrudeGenBuildTool <spec> [--config <crudegen-config.yaml>] <output-file>..."))
    }
}
