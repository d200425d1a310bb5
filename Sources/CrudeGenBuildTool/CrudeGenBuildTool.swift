import CrudeGenCore
import Foundation

/// The build plugin's tool: `CrudeGenBuildTool SPEC OUTPUT_FILE [CONFIG_FILE]` generates one spec into one
/// Swift file, as `crudegen SPEC --output-file OUTPUT_FILE --config CONFIG_FILE` does.
///
/// It is not the `crudegen` command line because a plugin user builds the plugin's tool on every clean
/// build: the plugin always passes the same arguments, so the tool needs neither swift-argument-parser nor
/// the command line's other modes, and a clean build compiles only the generator and Yams.
@main
enum CrudeGenBuildTool {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard (2...3).contains(arguments.count) else {
            printError("usage: CrudeGenBuildTool <spec> <output-file> [<crudegen-config.yaml>]\nThe crudegen build plugin runs this tool; by hand, run `crudegen <spec> --output-file <file>`.")
            exit(64)
        }
        let (spec, outputFile) = (arguments[0], URL(fileURLWithPath: arguments[1]))
        do {
            let generated = try Generator(configurationFile: arguments.count == 3 ? arguments[2] : nil).generate(specsAt: [spec])
            DiagnosticFormatter.writeToStandardError(generated.warnings)
            let (writer, plan) = try OutputWriter.combining(generated.files, into: outputFile, specName: URL(fileURLWithPath: spec).lastPathComponent)
            try writer.apply(plan)
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
