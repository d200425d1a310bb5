import Foundation
import ProcessRunner
import Testing

/// Runs the built `crudegen` executable as a user would.
@Suite(.serialized) struct CLITests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let crudeSpec = packageRoot.appendingPathComponent("Fixtures/crude-futures/spec.yaml").path

    /// The `crudegen` binary next to the test bundle in the build folder.
    static let executable = builtExecutable(named: "crudegen")

    /// A binary of this package next to the test bundle in the build folder.
    static func builtExecutable(named name: String) -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/\(name)")
    }

    static func run(_ arguments: [String], in directory: URL? = nil, executable: URL = executable) async throws -> Run {
        let finished = try await Subprocess.run(executable, arguments, in: directory)
        return Run(status: finished.status, stdout: finished.output, stderr: finished.errors)
    }

    func withTemporaryDirectory(_ body: (URL) async throws -> Void) async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        try await body(url)
    }

    @Test func helpReadsLikeDocumentation() async throws {
        let overview = try await Self.run(["--help"])
        #expect(overview.status == 0)
        #expect(overview.stdout.contains("generate (default)"))
        #expect(overview.stdout.contains("crudegen Household.yaml -o Sources/Models"))
        let run = try await Self.run(["help", "generate"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("USAGE: crudegen generate <spec> ... [--output <dir>] [--output-file <file> ...]"))
        #expect(run.stdout.contains("--check"))
        #expect(run.stdout.contains("--templates <dir>"))
        #expect(run.stdout.contains("Examples:"))
    }

    /// Every example in a command's help fits on its line, so that it can be copied and pasted whole.
    @Test(arguments: ["generate", "import", "export", "serve", "schema", "templates"])
    func helpExamplesAreWholeCommands(command: String) async throws {
        let help = try await Self.run(["help", command])
        #expect(help.status == 0)
        var inExamples = false
        for line in help.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasSuffix(":") && !line.hasPrefix(" ") {
                inExamples = line.hasPrefix("Example")
            } else if inExamples && !line.isEmpty {
                // A line the help wrapped starts at the margin; an example line is indented.
                #expect(line.hasPrefix("  "), "crudegen \(command) --help wraps an example: \(line)")
            } else if line.isEmpty {
                inExamples = false
            }
        }
    }

    /// Templates are compiled in, so a copied binary works without the build folder's resource bundles.
    @Test func aCopiedBinaryStillGenerates() async throws {
        try await withTemporaryDirectory { folder in
            let copy = folder.appendingPathComponent("bin/crudegen")
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.executable, to: copy)
            let run = try await Self.run([Self.crudeSpec, "-o", folder.appendingPathComponent("out").path], executable: copy)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try String(contentsOf: folder.appendingPathComponent("out/Person.swift"), encoding: .utf8).contains("public struct Person"))
        }
    }

    @Test func versionPrints() async throws {
        let run = try await Self.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }

    @Test func writesOnlyChangedFilesAndRemovesStaleOnes() async throws {
        try await withTemporaryDirectory { folder in
            let output = folder.appendingPathComponent("Models")
            let first = try await Self.run([Self.crudeSpec, "-o", output.path])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.contains("4 written, 0 removed, 0 unchanged"))

            let person = output.appendingPathComponent("Person.swift")
            // Dated in the past, so that a rewrite shows whatever the file system's timestamp resolution.
            let before = Date(timeIntervalSince1970: 1_000_000_000)
            try FileManager.default.setAttributes([.modificationDate: before], ofItemAtPath: person.path)
            let second = try await Self.run([Self.crudeSpec, "-o", output.path])
            #expect(second.stdout.contains("0 written, 0 removed, 4 unchanged"))
            let after = try FileManager.default.attributesOfItem(atPath: person.path)[.modificationDate] as? Date
            #expect(before == after, "an unchanged file must not be rewritten")

            let stale = output.appendingPathComponent("Old.swift")
            try "// Generated by crudegen from old.yaml. Do not edit: change the spec and regenerate.\n".write(to: stale, atomically: true, encoding: .utf8)
            let userFile = output.appendingPathComponent("Person+Extras.swift")
            try "extension Person {}\n".write(to: userFile, atomically: true, encoding: .utf8)
            let third = try await Self.run([Self.crudeSpec, "-o", output.path, "--verbose"])
            #expect(third.stdout.contains("removed \(output.path)/Old.swift"))
            #expect(!FileManager.default.fileExists(atPath: stale.path))
            #expect(try String(contentsOf: userFile, encoding: .utf8) == "extension Person {}\n")
        }
    }

    @Test func neverOverwritesAUserFile() async throws {
        try await withTemporaryDirectory { folder in
            let userFile = folder.appendingPathComponent("Person.swift")
            try "struct Mine {}\n".write(to: userFile, atomically: true, encoding: .utf8)
            let run = try await Self.run([Self.crudeSpec, "-o", folder.path])
            #expect(run.status == 1)
            #expect(run.stderr.contains("Person.swift` was not generated by crudegen; it will not be overwritten"))
            #expect(try String(contentsOf: userFile, encoding: .utf8) == "struct Mine {}\n")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Household.swift").path), "nothing is written when any file clashes")
        }
    }

    @Test func checkModeReportsOutOfDateFolders() async throws {
        try await withTemporaryDirectory { folder in
            let missing = try await Self.run([Self.crudeSpec, "-o", folder.path, "--check"])
            #expect(missing.status == 1)
            #expect(missing.stderr.contains("Person.swift: out of date"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "--check writes nothing")

            _ = try await Self.run([Self.crudeSpec, "-o", folder.path])
            let upToDate = try await Self.run([Self.crudeSpec, "-o", folder.path, "--check"])
            #expect(upToDate.status == 0)
            #expect(upToDate.stdout.contains("is up to date"))
        }
    }

    @Test func specErrorsAreLocatedAndWriteNothing() async throws {
        try await withTemporaryDirectory { folder in
            let spec = folder.appendingPathComponent("bad.yaml")
            try "api:\n  name: Shop\nmodels:\n  Order:\n    fields:\n      total: Doubel\n".write(to: spec, atomically: true, encoding: .utf8)
            let output = folder.appendingPathComponent("out")
            let run = try await Self.run(["bad.yaml", "-o", output.path], in: folder)
            #expect(run.status == 1)
            #expect(run.stderr.contains("bad.yaml:6:14: error: unknown type `Doubel`\n    hint: did you mean `Double`?\n"))
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
    }

    /// The exact line editors and `swift build` parse, at the quote that is never closed.
    @Test func anUnterminatedQuoteIsReportedAtItsQuote() async throws {
        try await withTemporaryDirectory { folder in
            try "api:\n  name: Shop\n  base_url: \"https://shop.example/api\nmodels:\n  Order: { fields: { total: Double } }\n"
                .write(to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
            let run = try await Self.run(["bad.yaml", "-o", folder.appendingPathComponent("out").path], in: folder)
            #expect(run.status == 1)
            #expect(
                run.stderr.hasPrefix(
                    "bad.yaml:3:13: error: a quoted string starts here and is never closed (YAML syntax: found unexpected end of stream)\n"),
                "\(run.stderr)")
        }
    }

    @Test func missingSpecFileIsAnError() async throws {
        let run = try await Self.run(["/nonexistent/spec.yaml", "-o", "/tmp/crudegen-never"])
        #expect(run.status == 1)
        #expect(run.stderr == "error: no spec at `/nonexistent/spec.yaml`\n    hint: check the path; relative paths start at the folder crudegen runs in\n")
    }

    /// README's exit statuses: 1 for errors in specs or files, 64 for a wrong command line.
    @Test func exitStatusesMatchTheReadme() async throws {
        #expect(try await Self.run([Self.crudeSpec]).status == 64, "no -o")
        #expect(try await Self.run([Self.crudeSpec, "-o", "/tmp/x", "--no-such-option"]).status == 64)
        #expect(try await Self.run(["/nonexistent/spec.yaml", "-o", "/tmp/crudegen-never"]).status == 1)
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("Exit status: 0 on success; 1 when a spec has errors") && readme.contains("64 when the command line itself is wrong"))
    }

    /// File-system mistakes get one sentence and a hint, never Foundation's error dump, and write nothing.
    @Test func fileSystemMistakesAreExplained() async throws {
        try await withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("afile.txt")
            try Data("mine".utf8).write(to: file)
            let intoFile = try await Self.run([Self.crudeSpec, "-o", file.path])
            #expect(intoFile.status == 1)
            #expect(intoFile.stderr.hasPrefix("error: the output folder `\(file.path)` is a file\n    hint: give -o a folder"))
            let belowFile = try await Self.run([Self.crudeSpec, "-o", file.appendingPathComponent("sub").path])
            #expect(belowFile.stderr.contains("lies inside `\(file.path)`, which is a file"))
            #expect(try String(contentsOf: file, encoding: .utf8) == "mine")
            let folderAsSpec = try await Self.run([folder.path, "-o", folder.appendingPathComponent("out").path])
            #expect(folderAsSpec.status == 1)
            #expect(folderAsSpec.stderr.hasPrefix("error: `\(folder.path)` is a folder, not a spec\n    hint: name the spec files"))
            for run in [intoFile, belowFile, folderAsSpec] {
                #expect(!run.stderr.contains("NSCocoaErrorDomain") && !run.stderr.contains("Error Domain"))
            }
        }
    }

    @Test func templatesCanBeOverridden() async throws {
        try await withTemporaryDirectory { folder in
            let templates = folder.appendingPathComponent("templates")
            try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
            let original = try String(contentsOf: Self.packageRoot.appendingPathComponent("Templates/enum-file.mustache"), encoding: .utf8)
            try original.replacingOccurrences(of: "{{access}}enum {{name}}: OpenEnum {", with: "// Custom template\n{{access}}enum {{name}}: OpenEnum {")
                .write(to: templates.appendingPathComponent("enum-file.mustache"), atomically: true, encoding: .utf8)
            let output = folder.appendingPathComponent("out")
            let run = try await Self.run([Self.crudeSpec, "-o", output.path, "--templates", templates.path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try String(contentsOf: output.appendingPathComponent("Color.swift"), encoding: .utf8).contains("// Custom template\npublic enum Color"))
            #expect(try !String(contentsOf: output.appendingPathComponent("Person.swift"), encoding: .utf8).contains("Custom template"))
        }
    }
}
