import Foundation
import Testing

/// `CrudeGenBuildTool`, what the build plugin runs: the same output as `crudegen --output-file`.
@Suite struct BuildToolTests {
    static let tool = CLITests.builtExecutable(named: "CrudeGenBuildTool")

    func withTemporaryDirectory(_ body: (URL) throws -> Void) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-build-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        try body(url)
    }

    @Test func writesWhatTheCommandLineWritesAndOnlyWhenItChanges() throws {
        try withTemporaryDirectory { folder in
            let viaTool = folder.appendingPathComponent("tool/Household.crude.swift")
            let viaCLI = folder.appendingPathComponent("cli/Household.crude.swift")
            #expect(try CLITests.run([CLITests.crudeSpec, viaTool.path], executable: Self.tool).status == 0)
            #expect(try CLITests.run([CLITests.crudeSpec, "--output-file", viaCLI.path]).status == 0)
            #expect(try Data(contentsOf: viaTool) == Data(contentsOf: viaCLI))

            let past = Date(timeIntervalSinceNow: -3600)
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: viaTool.path)
            let again = try CLITests.run([CLITests.crudeSpec, viaTool.path], executable: Self.tool)
            #expect(again.status == 0 && again.stderr.isEmpty)
            let modified = try FileManager.default.attributesOfItem(atPath: viaTool.path)[.modificationDate] as? Date
            #expect(modified.map { abs($0.timeIntervalSince(past)) < 1 } == true)
        }
    }

    @Test func readsTheConfigurationFile() throws {
        try withTemporaryDirectory { folder in
            let templates = folder.appendingPathComponent("Templates")
            try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
            let bundled = try String(contentsOf: CLITests.packageRoot.appendingPathComponent("Templates/enum-file.mustache"), encoding: .utf8)
            try bundled.replacingOccurrences(of: "import CrudeRuntime\n", with: "import CrudeRuntime\n// from the target's templates\n")
                .write(to: templates.appendingPathComponent("enum-file.mustache"), atomically: true, encoding: .utf8)
            let config = folder.appendingPathComponent("crudegen-config.yaml")
            try "templates: Templates\n".write(to: config, atomically: true, encoding: .utf8)
            let output = folder.appendingPathComponent("Household.crude.swift")
            #expect(try CLITests.run([CLITests.crudeSpec, output.path, config.path], executable: Self.tool).status == 0)
            #expect(try String(contentsOf: output, encoding: .utf8).contains("// from the target's templates"))
        }
    }

    @Test func aBrokenSpecFailsWithALocatedErrorAndWritesNothing() throws {
        try withTemporaryDirectory { folder in
            let spec = folder.appendingPathComponent("Broken.crude.yaml")
            try "api:\n  name: Broken\nresources:\n  Person:\n    path: people\n    fields:\n      age: Integr\n".write(to: spec, atomically: true, encoding: .utf8)
            let output = folder.appendingPathComponent("out/Broken.crude.swift")
            let run = try CLITests.run([spec.path, output.path], executable: Self.tool)
            #expect(run.status == 1)
            #expect(run.stderr.contains("\(spec.path):7:12: error:"))
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
    }

    @Test func otherArgumentsGetTheUsage() throws {
        let run = try CLITests.run(["only-a-spec.crude.yaml"], executable: Self.tool)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("usage: CrudeGenBuildTool <spec> <output-file> [<crudegen-config.yaml>]"))
    }
}
