import ArgumentParser
import CrudeGenCore
import Foundation

@main
struct CrudeGenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crudegen",
        abstract: "Generate Swift models and CRUD operations from YAML resource specs.",
        discussion: """
            Each spec describes one REST API: its base URL, envelope and headers, and its resources with \
            their fields, transforms, routes and operations (see docs/spec.md). crudegen writes one Swift \
            file per resource, model and enum, plus one for the API, into the output folder.

            The output folder is managed carefully: only files whose contents change are rewritten, files \
            that crudegen generated earlier and no spec produces any more are removed, and any other file \
            is never touched. A file crudegen would have to overwrite but did not generate is an error.

            Problems are reported as `spec.yaml:LINE:COLUMN: error: …` and nothing is written.

            Examples:
              crudegen Household.yaml -o Sources/Models
              crudegen specs/*.yaml -o Sources/Models --check
            """,
        version: CrudeGenVersion.current
    )

    @Argument(help: ArgumentHelp("The YAML spec files to generate from.", valueName: "spec"))
    var specs: [String]

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The folder to write generated Swift files to; created if missing.", valueName: "dir"))
    var output: String

    @Flag(help: "Write nothing; exit with status 1 if the output folder is not up to date (for CI).")
    var check = false

    @Option(help: ArgumentHelp("A folder of Mustache templates that replace the bundled ones of the same name.", valueName: "dir"))
    var templates: String?

    @Flag(name: .shortAndLong, help: "List every file written, removed or already up to date.")
    var verbose = false

    func run() throws {
        do {
            let templateSet = try templates.map(TemplateSet.overriding(with:)) ?? .bundled
            let generated = try Generator(templates: templateSet).generate(specsAt: specs)
            report(generated.warnings)
            let writer = OutputWriter(directory: URL(fileURLWithPath: output, isDirectory: true))
            let plan = try writer.plan(generated.files)
            if check {
                try verify(plan)
            } else {
                try writer.apply(plan)
                summarize(plan)
            }
        } catch let error as DiagnosticsError {
            report(error.diagnostics)
            throw ExitCode.failure
        }
    }

    private func verify(_ plan: OutputWriter.Plan) throws {
        guard !plan.isEmpty else {
            print("\(output) is up to date (\(plan.unchanged.count) files).")
            return
        }
        for file in plan.writes { printError("\(output)/\(file.name): out of date") }
        for name in plan.removals { printError("\(output)/\(name): generated earlier, no longer produced") }
        printError("error: \(output) is not up to date; run crudegen without --check to regenerate it")
        throw ExitCode.failure
    }

    private func summarize(_ plan: OutputWriter.Plan) {
        if verbose {
            for file in plan.writes { print("wrote \(output)/\(file.name)") }
            for name in plan.removals { print("removed \(output)/\(name)") }
            for name in plan.unchanged { print("unchanged \(output)/\(name)") }
        }
        print("\(output): \(plan.writes.count) written, \(plan.removals.count) removed, \(plan.unchanged.count) unchanged.")
    }

    private func report(_ diagnostics: [Diagnostic]) {
        var formatter = DiagnosticFormatter(showsSource: isatty(STDERR_FILENO) != 0)
        for diagnostic in diagnostics { printError(formatter.format(diagnostic)) }
    }

    private func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
