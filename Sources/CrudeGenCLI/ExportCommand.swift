import ArgumentParser
import CrudeGenCore
import CrudeGenOpenAPI
import Foundation

/// `crudegen export api.crude.yaml -o openapi.yaml`: a spec described as an OpenAPI 3.1 document.
struct ExportCommand: ParsableCommand {
    /// The command's name and help.
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write an OpenAPI 3.1 document describing a crudegen spec.",
        discussion: """
            Every CRUD operation and action becomes an operation with its path, verb, parameters, fixed \
            headers, body and response; enums, models, resources and payloads become component schemas. \
            Envelopes, namespaces and pagination appear as the objects that wrap bodies on the wire. The \
            output is the same for the same spec, and JSON when the output file ends in .json.

            The output is replaced only when crudegen exported it earlier, unless --force is given.

            Examples:
              crudegen export Household.crude.yaml -o openapi.yaml
              crudegen export Household.crude.yaml -o - --format json
            """
    )

    @Argument(help: ArgumentHelp("The spec to export.", valueName: "spec"))
    var spec: String

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The document to write, or - for standard output.", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("yaml or json; by default json for a .json output, else yaml.", valueName: "format"))
    var format: String?

    @Flag(help: "Replace the output file even when crudegen did not write it.")
    var force = false

    /// Rejects a format other than yaml or json before anything is read.
    func validate() throws {
        if let format, !["yaml", "json"].contains(format) {
            throw ValidationError("--format must be yaml or json.")
        }
    }

    /// Exports and writes the document (or prints it for `-o -`).
    func run() throws {
        let chosen: OpenAPIExporter.Format =
            switch format {
            case "json"?: .json
            case "yaml"?: .yaml
            default: output.lowercased().hasSuffix(".json") ? .json : .yaml
            }
        do {
            let exported = try OpenAPIExporter.export(specAt: spec, format: chosen)
            DiagnosticFormatter.writeToStandardError(exported.warnings)
            if output == "-" {
                FileHandle.standardOutput.write(Data(exported.text.utf8))
                return
            }
            try SpecFile.write(exported.text, to: output, force: force, marker: SpecFile.exportMarker)
            print("\(output): exported from \(spec).")
        } catch {
            DiagnosticFormatter.writeToStandardError(error.diagnostics)
            throw ExitCode.failure
        }
    }
}
