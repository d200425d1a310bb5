import ArgumentParser
import CrudeGenCore
import Foundation

/// `crudegen [generate] <spec> ... -o <dir>`: the generator itself, and the command run when no other is named.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Swift models and CRUD operations from YAML resource specs (the default command).",
        discussion: """
            Each spec describes one REST API: its base URL, envelope and headers, and its resources with \
            their fields, transforms, routes and operations (see docs/spec.md). crudegen writes one Swift \
            file per resource, model and enum, plus one for the API, into the output folder.

            The output folder is managed carefully: only files whose contents change are rewritten, files \
            that crudegen generated earlier and no spec produces any more are removed, and any other file \
            is never touched. A file crudegen would have to overwrite but did not generate is an error.

            With --output-file instead of -o, crudegen writes all of one spec's declarations into that one \
            file and touches nothing else; repeat it to spread the spec over several files, each type going \
            to the file a hash of its name picks (the build plugin's layout). A file is replaced only when \
            its contents change.

            Problems are reported as `spec.yaml:LINE:COLUMN: error: …` and nothing is written.

            Examples:
              crudegen Household.yaml -o Sources/Models
              crudegen specs/*.yaml -o Sources/Models --check
              crudegen Household.crude.yaml --output-file Generated/Household.crude.swift
              crudegen API.yaml --output-file Gen/API.0.swift --output-file Gen/API.1.swift
              crudegen Household.yaml --server --models-module Models -o Sources/Server

            With --server, crudegen writes a server of the spec too: `<API>Service.swift`, a protocol with one \
            typed method per operation whose defaults answer as `crudegen serve` does, over CrudeServe (the \
            `CrudeServe` trait). With --models-module, it writes that file alone, importing the client's models \
            from the module named (docs/serve.md).
            """
    )

    @Argument(help: ArgumentHelp("The YAML spec files to generate from.", valueName: "spec"))
    var specs: [String]

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The folder to write generated Swift files to; created if missing.", valueName: "dir"))
    var output: String?

    @Option(
        help: ArgumentHelp(
            "Write the spec's declarations into this Swift file instead (one spec only; not with -o); repeat it to spread them over several files of one folder.",
            valueName: "file"))
    var outputFile: [String] = []

    @Flag(help: "Write nothing; exit with status 1 if the output folder is not up to date (for CI).")
    var check = false

    @Option(help: ArgumentHelp("A folder of Mustache templates that replace the bundled ones of the same name.", valueName: "dir"))
    var templates: String?

    @Option(
        help: ArgumentHelp(
            "A crudegen-config.yaml to read settings from (the plugins pass a target's); --templates overrides its `templates`.", valueName: "file"))
    var config: String?

    @Flag(help: "Also write the spec's server code, <API>Service.swift, over CrudeServe.")
    var server = false

    @Option(
        help: ArgumentHelp(
            "With --server: the module holding the client's models, which the server's file imports; only the server's file is written.",
            valueName: "module"))
    var modelsModule: String?

    @Option(help: ArgumentHelp("With --server: the service protocol's name (default: the API's name and Service).", valueName: "name"))
    var serviceName: String?

    @Flag(name: .shortAndLong, help: "List every file written, removed or already up to date.")
    var verbose = false

    /// What `--check` tells the user to run; the command plugin names itself here.
    @Option(help: .hidden)
    var regenerateCommand = "crudegen without --check"

    func validate() throws {
        if (modelsModule != nil || serviceName != nil) && !server {
            throw ValidationError("--models-module and --service-name shape the server code: give --server too.")
        }
        for (option, name) in [("--models-module", modelsModule), ("--service-name", serviceName)] {
            guard let name, !SwiftNaming.isPlainIdentifier(name) else { continue }
            throw ValidationError("\(option) takes a Swift identifier, such as HouseholdModels; \"\(name)\" is none.")
        }
        switch (output, outputFile.isEmpty) {
        case (nil, true):
            throw ValidationError("Give an output folder with -o <dir>, or one file with --output-file <file>.")
        case (_?, false):
            throw ValidationError("-o <dir> and --output-file <file> cannot be used together.")
        case (nil, false):
            guard specs.count == 1 else {
                throw ValidationError("--output-file takes exactly one spec; \(specs.count) were given.")
            }
            for file in outputFile {
                let name = URL(fileURLWithPath: file).lastPathComponent
                guard name.hasSuffix(".swift"), !name.hasPrefix("."), !file.hasSuffix("/") else {
                    throw ValidationError("--output-file must name a Swift file, such as Household.crude.swift.")
                }
            }
            let urls = outputFile.map { URL(fileURLWithPath: $0).standardizedFileURL }
            guard Set(urls.map(\.path)).count == urls.count, Set(urls.map { $0.deletingLastPathComponent().path }).count == 1 else {
                throw ValidationError("Repeated --output-file options must name different files of one folder.")
            }
        case (_?, true):
            break
        }
    }

    func run() throws {
        do {
            var generator = try Generator(configurationFile: config, templates: templates)
            if server { generator.server = Generator.ServerOutput(modelsModule: modelsModule, serviceName: serviceName) }
            let writer: OutputWriter
            let plan: OutputWriter.Plan
            if outputFile.isEmpty {
                let generated = try generator.generate(specsAt: specs)
                DiagnosticFormatter.writeToStandardError(generated.warnings)
                writer = OutputWriter(directory: URL(fileURLWithPath: output ?? ".", isDirectory: true))
                plan = try writer.plan(generated.files)
            } else {
                let generated = try generator.generate(specAt: specs[0], spreadOver: outputFile.map { URL(fileURLWithPath: $0) })
                DiagnosticFormatter.writeToStandardError(generated.warnings)
                (writer, plan) = (generated.writer, generated.plan)
            }
            if check {
                try verify(plan)
            } else {
                try writer.apply(plan)
                summarize(plan)
            }
        } catch let error as DiagnosticsError {
            DiagnosticFormatter.writeToStandardError(error.diagnostics)
            throw ExitCode.failure
        }
    }

    /// Where a generated file named `name` goes, as the user wrote it.
    private func path(of name: String) -> String {
        outputFile.first { URL(fileURLWithPath: $0).lastPathComponent == name } ?? "\(output ?? ".")/\(name)"
    }

    /// What the run writes to: the folder, or the files.
    private var destination: String { outputFile.isEmpty ? output ?? "." : outputFile.joined(separator: ", ") }

    private func verify(_ plan: OutputWriter.Plan) throws {
        guard !plan.isEmpty else {
            print("\(destination) is up to date (\(plan.unchanged.count) files).")
            return
        }
        for file in plan.writes { printError("\(path(of: file.name)): out of date") }
        for name in plan.removals { printError("\(path(of: name)): generated earlier, no longer produced") }
        printError("error: \(destination) is not up to date; run \(regenerateCommand) to regenerate it")
        throw ExitCode.failure
    }

    private func summarize(_ plan: OutputWriter.Plan) {
        if verbose {
            for file in plan.writes { print("wrote \(path(of: file.name))") }
            for name in plan.removals { print("removed \(path(of: name))") }
            for name in plan.unchanged { print("unchanged \(path(of: name))") }
        }
        // In --output-file mode crudegen usually runs inside a build: stay quiet unless asked.
        guard outputFile.isEmpty else { return }
        print("\(destination): \(plan.writes.count) written, \(plan.removals.count) removed, \(plan.unchanged.count) unchanged.")
    }

    private func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
