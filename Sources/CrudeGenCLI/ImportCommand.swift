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

            The output is replaced only when it is a spec crudegen imported earlier, unless --force is given.

            Examples:
              crudegen import openapi.yaml -o Sources/API/API.crude.yaml
              crudegen import schema.json -o - > api.crude.yaml
              crudegen import openai.yaml --tag Chat --api-name ChatAPI -o Chat.crude.yaml
            """
    )

    @Argument(help: ArgumentHelp("The OpenAPI document to import.", valueName: "openapi"))
    var document: String

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The spec file to write, or - for standard output.", valueName: "file"))
    var output: String

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

    /// Imports, prints the warnings and writes the spec (or prints it for `-o -`).
    func run() throws {
        do {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: document))
            } catch {
                throw DiagnosticsError([.error("cannot read `\(document)`: \(error.localizedDescription)", at: nil)])
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
}
