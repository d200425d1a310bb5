import CrudeGenCore
import Foundation

/// The build plugin's tool: `CrudeGenBuildTool SPEC [--config CONFIG_FILE] OUTPUT_FILE...` generates one spec
/// spread over the given Swift files, as `crudegen SPEC --config CONFIG_FILE --output-file OUTPUT_FILE...` does.
///
/// It is not the `crudegen` command line because a plugin user builds the plugin's tool on every clean
/// build: the plugin always passes the same arguments, so the tool needs neither swift-argument-parser nor
/// the command line's other modes, and a clean build compiles only the generator and its YAML reader (`CrudeYAML`).
@main
enum CrudeGenBuildTool {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var configuration: String?
        if arguments.count > 2, arguments[1] == "--config" {
            configuration = arguments.remove(at: 2)
            arguments.remove(at: 1)
        }
        guard arguments.count >= 2, !arguments.contains("--config") else {
            printError(
                "usage: CrudeGenBuildTool <spec> [--config <crudegen-config.yaml>] <output-file>...\nThe crudegen build plugin runs this tool; by hand, run `crudegen <spec> --output-file <file>...`."
            )
            exit(64)
        }
        do {
            let generated = try Generator(configurationFile: configuration).generate(
                specAt: arguments[0], spreadOver: arguments.dropFirst().map { URL(fileURLWithPath: $0) })
            DiagnosticFormatter.writeToStandardError(generated.warnings)
            try generated.writer.apply(generated.plan)
        } catch let error as DiagnosticsError {
            DiagnosticFormatter.writeToStandardError(error.diagnostics)
            exit(1)
        } catch {
            printError("error: \(error)")
            exit(1)
        }
    }

    private static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
