import ArgumentParser
import CrudeGenCore
import CrudeGenOpenAPI
import Foundation

/// `crudegen import openapi.yaml -o api.crude.yaml`: an OpenAPI 3.0 or 3.1 (or Swagger 2.0) document as a crudegen spec.
struct ImportCommand: ParsableCommand {
    /// The command's name and help.
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a crudegen spec for an OpenAPI 3.0 or 3.1, or Swagger 2.0, document (YAML or JSON).",
        discussion: """
            Component schemas become enums and models, collection and item paths (`/pets`, `/pets/{id}`) \
            become resources with their CRUD operations, and every other operation becomes an action. What \
            a spec cannot express is reported as `openapi.yaml:LINE:COL: warning: …` and left out or \
            approximated (docs/openapi.md lists the mapping). The spec is validated before it is written.

            A Swagger 2.0 document is converted to OpenAPI 3.0 first, as swagger2openapi converts it; what \
            3.0 has no place for is a warning at its line in the Swagger file.

            --tag and --path-prefix import part of the document: the operations with one of the tags or \
            under one of the prefixes, and only the types they use. Importing a large API in parts, a spec \
            per target, keeps the build plugin's edits fast (docs/plugin.md, "Large APIs"). \
            --used-types-only imports every operation but leaves out the schemas none of them uses.

            --split tags (or paths) imports the whole document as several specs, one per operation tag (or \
            first path segment; --parts N groups the segments into N targets), each in a target of its own \
            below the output folder, and one of the types \
            several parts use, which the others name through `uses` (docs/plugin.md, "Large APIs"). It \
            prints the targets to declare in Package.swift, and says which the package beside the folder \
            lacks. Run again on a changed document, it rewrites the specs and removes those of parts that \
            are gone.

            The output is replaced only when it is a spec crudegen imported earlier, unless --force is given.

            Examples:
              crudegen import openapi.yaml -o Sources/API/API.crude.yaml
              crudegen import schema.json -o - > api.crude.yaml
              crudegen import openai.yaml --tag Chat --api-name ChatAPI -o Chat.crude.yaml
              crudegen import openai.yaml --split tags -o Sources
            """
    )

    @Argument(help: ArgumentHelp("The OpenAPI document to import.", valueName: "openapi"))
    var document: String

    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp("The spec file to write, or - for standard output; with --split, the folder of the targets (Sources).", valueName: "path"))
    var output: String

    @Option(
        help: ArgumentHelp("Import the whole document as a spec per operation tag or first path segment, and one of shared types.", valueName: "tags|paths"))
    var split: SplitCriterion?

    @Option(help: ArgumentHelp("With --split paths, cut the first path segments, in order, into this many targets.", valueName: "count"))
    var parts: Int?

    @Option(help: ArgumentHelp("With --split, the target of the types several parts use.", valueName: "name"))
    var sharedTarget = "Shared"

    @Option(
        name: .customLong("tag"),
        help: ArgumentHelp("Import only the operations with this tag (repeat for several), and the types they use.", valueName: "tag"))
    var tags: [String] = []

    @Option(
        name: .customLong("path-prefix"),
        help: ArgumentHelp(
            "Import only the operations under this path (repeat for several; whole segments: /users takes /users/{id}, not /usernames).",
            valueName: "path"))
    var pathPrefixes: [String] = []

    @Flag(help: "Import only the models and enums the imported operations use (implied by --tag and --path-prefix).")
    var usedTypesOnly = false

    @Option(help: ArgumentHelp("The API's Swift name, instead of one made from the document's title.", valueName: "name"))
    var apiName: String?

    @Flag(help: "Replace the output file even when crudegen did not write it.")
    var force = false

    func validate() throws {
        guard split != nil else {
            if parts != nil { throw ValidationError("--parts takes a count of 1 or more, with --split paths") }
            return
        }
        if !tags.isEmpty || !pathPrefixes.isEmpty || apiName != nil {
            throw ValidationError("--split imports the whole document, each part named after its tag or path; leave out --tag, --path-prefix and --api-name")
        }
        if output == "-" { throw ValidationError("--split writes a folder per target; give the folder that holds them with -o (Sources)") }
        if let parts, split != .paths || parts < 1 { throw ValidationError("--parts takes a count of 1 or more, with --split paths") }
    }

    /// Imports, prints the warnings and writes the spec (or prints it for `-o -`).
    func run() throws {
        do {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: document))
            } catch {
                throw DiagnosticsError([.error("cannot read `\(document)`: \(error.localizedDescription)", at: nil)])
            }
            if let split {
                try write(OpenAPIImporter.importDocument(data, file: document, splitBy: split, parts: parts, sharedTarget: sharedTarget, folder: output))
                return
            }
            let result = try OpenAPIImporter.importDocument(
                data, file: document, specFile: output == "-" ? "imported.crude.yaml" : output,
                selection: OperationSelection(tags: tags, pathPrefixes: pathPrefixes, usedTypesOnly: usedTypesOnly), apiName: apiName)
            DiagnosticFormatter.writeToStandardError(result.warnings)
            let skipped = result.warnings.count
            let warnings = skipped == 1 ? "the warning above says" : "the \(skipped) warnings above say"
            let summary = "\(document): \(result.summary)" + (skipped == 0 ? "." : "; \(warnings) what is left out or approximated.")
            if output == "-" {
                FileHandle.standardOutput.write(Data(result.yaml.utf8))
                // Standard output holds the spec; the summary goes where the warnings went.
                FileHandle.standardError.write(Data((summary + "\n").utf8))
                return
            }
            try SpecFile.write(result.yaml, to: output, force: force, marker: SpecFile.importMarker)
            print("\(output): imported. " + summary)
        } catch let error as DiagnosticsError {
            DiagnosticFormatter.writeToStandardError(error.diagnostics)
            throw ExitCode.failure
        }
    }

    /// Writes the split's specs, each into its target's folder below `output` (none unless all can be),
    /// removes the specs an earlier split of the document wrote for parts that are gone, and prints the
    /// targets to declare.
    private func write(_ split: SplitImport) throws(DiagnosticsError) {
        DiagnosticFormatter.writeToStandardError(split.warnings)
        let paths = split.parts.map { SpecPath.joined(output, SplitImport.specPath(of: $0.target)) }
        for path in paths { try SpecFile.checkReplaceable(path, force: force, marker: SpecFile.importMarker) }
        for (part, path) in zip(split.parts, paths) { try SpecFile.write(part.yaml, to: path, force: force, marker: SpecFile.importMarker) }
        let documentName = URL(fileURLWithPath: document).lastPathComponent
        let stale = SpecFiles.fileSystem.specs(output).filter { path in
            !paths.contains(path) && SpecPath.folder(of: SpecPath.folder(of: path)) == SpecPath.normalized(output)
                && SpecFile.head(of: path).map { $0.contains(SpecFile.importMarker) && $0.contains("from \(documentName) (") && $0.contains("of a split by") }
                    == true
        }
        for path in stale { try? FileManager.default.removeItem(atPath: path) }
        for (part, path) in zip(split.parts, paths) {
            print(
                "\(path): imported, \(part.resources) resource\(part.resources == 1 ? "" : "s"), \(part.actions) action\(part.actions == 1 ? "" : "s")"
                    + (part.uses.isEmpty ? "." : ", using \(part.uses.joined(separator: ", "))."))
        }
        for path in stale { print("\(path): removed, its part is no longer in the document.") }
        print("\(document): \(split.summary)" + (split.warnings.isEmpty ? "." : "; the warnings above say what is left out or approximated."))
        let manifest = SpecPath.joined(output, "../Package.swift")
        let declared = (try? String(contentsOfFile: manifest, encoding: .utf8)).map { text in
            split.parts.filter { text.contains("name: \"\($0.target)\"") }.map(\.target)
        }
        let missing = split.parts.map(\.target).filter { !(declared ?? []).contains($0) }
        guard !missing.isEmpty else {
            print("\(manifest) declares every target of the split.")
            return
        }
        print(
            (declared == nil ? "Declare the targets in Package.swift" : "\(manifest) lacks \(missing.map { "`\($0)`" }.joined(separator: ", ")); declare")
                + " (and depend on the part targets your code uses):\n" + split.targetDeclarations())
    }
}

extension SplitCriterion: ExpressibleByArgument {}
