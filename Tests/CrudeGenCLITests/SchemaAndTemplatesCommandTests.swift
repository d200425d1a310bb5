import Foundation
import Testing

/// `crudegen schema` and `crudegen templates`, run as a user would.
@Suite struct SchemaAndTemplatesCommandTests {
    @Test func schemaPrintsTheRepositorySchema() async throws {
        let run = try await CLITests.run(["schema"])
        #expect(run.status == 0)
        let committed = try String(contentsOf: CLITests.packageRoot.appendingPathComponent("Schemas/crudegen-spec.schema.json"), encoding: .utf8)
        #expect(run.stdout == committed)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["$schema"] as? String == "http://json-schema.org/draft-07/schema#")
    }

    @Test func templatesListNamesEveryTemplate() async throws {
        let run = try await CLITests.run(["templates", "list"])
        #expect(run.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: CLITests.packageRoot.appendingPathComponent("Templates").path)
            .filter { $0.hasSuffix(".mustache") }.map { String($0.dropLast(".mustache".count)) }
        #expect(names.count == 10)
        for name in names {
            #expect(run.stdout.contains("\n  \(name) "), "\(name) is not listed")
        }
        #expect(run.stdout.hasPrefix("Template context version 2 (docs/templates.md):\n"))
    }

    @Test func templatesCatPrintsTheBundledSource() async throws {
        for argument in ["model", "model.mustache"] {
            let run = try await CLITests.run(["templates", "cat", argument])
            #expect(run.status == 0)
            #expect(run.stdout == (try String(contentsOf: CLITests.packageRoot.appendingPathComponent("Templates/model.mustache"), encoding: .utf8)))
        }
        let misspelt = try await CLITests.run(["templates", "cat", "modle"])
        #expect(misspelt.status == 1)
        #expect(misspelt.stdout.isEmpty)
        #expect(misspelt.stderr.contains("error: crudegen has no template named `modle`"))
        #expect(misspelt.stderr.contains("hint: did you mean `model` or `model-file`?"))
    }

    /// The templates a user starts from work as overrides; one for another context version fails generation.
    @Test func catOutputIsAValidOverrideAndAnOldOneFails() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-templates-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = folder.appendingPathComponent("Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let source = try await CLITests.run(["templates", "cat", "enum-file"]).stdout
        try source.replacingOccurrences(of: "    /// The cases the spec lists.", with: "    /// Every case the spec lists.")
            .write(to: templates.appendingPathComponent("enum-file.mustache"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out").path
        let run = try await CLITests.run([CLITests.crudeSpec, "-o", output, "--templates", templates.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOfFile: output + "/Color.swift", encoding: .utf8).contains("/// Every case the spec lists."))

        try source.replacingOccurrences(of: "{{! crudegen-templates: 2 }}", with: "{{! crudegen-templates: 0 }}")
            .write(to: templates.appendingPathComponent("enum-file.mustache"), atomically: true, encoding: .utf8)
        let old = try await CLITests.run([CLITests.crudeSpec, "-o", output, "--templates", templates.path])
        #expect(old.status == 1)
        #expect(
            old.stderr.contains(
                "enum-file.mustache:2:1: error: template `\(templates.path)/enum-file.mustache` was written for template context version 0, but this crudegen renders version 2"
            ))
    }

    /// A misspelt variable in a user's template fails generation at its tag before any file is written.
    @Test func aMisspeltVariableFailsBeforeWritingAnything() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-templates-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = folder.appendingPathComponent("Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let source = try await CLITests.run(["templates", "cat", "model"]).stdout
        try source.replacingOccurrences(of: "struct {{name}}:", with: "struct {{nme}}:")
            .write(to: templates.appendingPathComponent("model.mustache"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out")
        let run = try await CLITests.run([CLITests.crudeSpec, "-o", output.path, "--templates", templates.path])
        #expect(run.status == 1)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(lines.firstIndex { $0.contains("struct {{name}}:") })
        let tag = try #require(lines[index].firstRange(of: "{{name}}"))
        let column = lines[index].distance(from: lines[index].startIndex, to: tag.lowerBound) + 1
        #expect(
            run.stderr.contains(
                "\(templates.path)/model.mustache:\(index + 1):\(column): error: template variable `nme` does not exist in the api or model context"),
            "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing is written")
    }
}
