import Foundation
import PackagePlugin

/// `swift package generate-crud-sources [--target NAME]... [--check] [--verbose]`
///
/// For teams that commit generated code: runs crudegen on every `*.crude.yaml` below a target's folder and
/// writes one file per type into the target's folder, with the CLI's semantics (only changed files are
/// written, generated files no spec produces any more are removed, other files are never touched).
/// `--check` writes nothing and fails if the folder is not up to date.
@main
struct GenerateCrudSources: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let check = extractor.extractFlag(named: "check") > 0
        let verbose = extractor.extractFlag(named: "verbose") > 0
        guard extractor.remainingArguments.isEmpty else {
            throw CrudeGenPluginError("unexpected arguments \(extractor.remainingArguments); usage: swift package generate-crud-sources [--target NAME]... [--check] [--verbose]")
        }
        let targets = targetNames.isEmpty ? context.package.targets : try context.package.targets(named: targetNames)
        let tool = try context.tool(named: "CrudeGenCLI")
        var generated: [String] = []
        var failed: [String] = []
        for case let target as SourceModuleTarget in targets {
            let specs = CrudeSpecs.find(in: target.directoryURL)
            guard !specs.isEmpty else { continue }
            let configuration = TargetConfiguration.file(inTargetDirectory: target.directoryURL)
            var arguments = specs.map(\.path) + ["-o", target.directoryURL.path] + TargetConfiguration.arguments(for: configuration)
            if check { arguments += ["--check", "--regenerate-command", "`\(Self.regenerate)`"] }
            if verbose { arguments.append("--verbose") }
            let process = Process()
            process.executableURL = tool.url
            process.arguments = arguments
            // crudegen's errors are passed on before this plugin reports, so that they read in order.
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let reported = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            FileHandle.standardError.write(reported)
            generated.append(target.name)
            if process.terminationReason != .exit || process.terminationStatus != 0 { failed.append(target.name) }
        }
        guard !generated.isEmpty else {
            let scope = targetNames.isEmpty ? "package '\(context.package.displayName)'" : "targets \(targetNames.joined(separator: ", "))"
            throw CrudeGenPluginError("no *.crude.yaml spec found in the folders of \(scope)")
        }
        if !failed.isEmpty {
            let targets = failed.joined(separator: ", ")
            if check {
                throw CrudeGenPluginError("the generated code of \(targets) is not up to date; run `\(Self.regenerate)` and commit the result")
            }
            throw CrudeGenPluginError("the code of \(targets) could not be generated: crudegen reported the errors printed before this line")
        }
    }

    /// The command that brings committed generated code up to date.
    static let regenerate = "swift package --allow-writing-to-package-directory generate-crud-sources"
}
