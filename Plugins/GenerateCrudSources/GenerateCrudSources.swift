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
            throw CrudeGenPluginError(
                "unexpected arguments \(extractor.remainingArguments); usage: swift package generate-crud-sources [--target NAME]... [--check] [--verbose]")
        }
        let targets = targetNames.isEmpty ? context.package.targets : try context.package.targets(named: targetNames)
        let tool = try context.tool(named: "CrudeGenCLI")
        var generated: [String] = []
        var failed: [String] = []
        var reports = ""
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
            // SwiftPM prints a plugin's error before the plugin's own output, so crudegen's findings become
            // part of the error: they then read in order, above nothing.
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let reported = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            generated.append(target.name)
            if process.terminationReason != .exit || process.terminationStatus != 0 {
                failed.append(target.name)
                reports += reported
            } else {
                FileHandle.standardError.write(Data(reported.utf8))
            }
        }
        guard !generated.isEmpty else {
            let scope = targetNames.isEmpty ? "package '\(context.package.displayName)'" : "targets \(targetNames.joined(separator: ", "))"
            throw CrudeGenPluginError("no *.crude.yaml spec found in the folders of \(scope)")
        }
        if !failed.isEmpty {
            let findings = reports.trimmingCharacters(in: .whitespacesAndNewlines)
            let summary =
                check
                ? "the generated code of \(failed.joined(separator: ", ")) is not up to date; run `\(Self.regenerate)` and commit the result"
                : "crudegen could not generate the code of \(failed.joined(separator: ", "))"
            // crudegen's own summary already names the command; the plugin's closes the list otherwise.
            throw CrudeGenPluginError(findings.contains("is not up to date") ? findings : findings.isEmpty ? summary : findings + "\n" + summary)
        }
    }

    /// The command that brings committed generated code up to date.
    static let regenerate = "swift package --allow-writing-to-package-directory generate-crud-sources"
}
