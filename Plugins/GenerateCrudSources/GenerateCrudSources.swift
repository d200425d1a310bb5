import Foundation
import PackagePlugin

/// `swift package generate-crud-sources [--target NAME]... [--check] [--verbose]`
///
/// For teams that commit generated code: runs crudegen on every `*.crude.yaml` of a target and writes one
/// file per type into the target's folder, with the CLI's semantics (only changed files are written,
/// generated files no spec produces any more are removed, other files are never touched). `--check` writes
/// nothing and fails if the folder is not up to date. In an Xcode project it is the "GenerateCrudSources"
/// command of a target's context menu, with the same arguments.
@main
struct GenerateCrudSources: CommandPlugin {
    /// SwiftPM's entry point: every spec below each target's folder, written into that folder.
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let request = try Request(arguments)
        let targets = request.targetNames.isEmpty ? context.package.targets : try context.package.targets(named: request.targetNames)
        let jobs = targets.compactMap { $0 as? SourceModuleTarget }.map { target in
            Job(
                target: target.name, specs: CrudeSpecs.find(in: target.directoryURL), folder: target.directoryURL,
                configuration: TargetConfiguration.file(inTargetDirectory: target.directoryURL))
        }
        try Self.generate(
            jobs, tool: context.tool(named: "CrudeGenCLI").url, request: request, in: "package '\(context.package.displayName)'",
            regenerate: "`swift package --allow-writing-to-package-directory generate-crud-sources`")
    }

    /// What the command was asked to do.
    struct Request {
        /// The targets named with `--target`; all of them when empty.
        var targetNames: [String]
        /// `--check`: write nothing, fail when a folder is out of date.
        var check: Bool
        /// `--verbose`: crudegen lists every file.
        var verbose: Bool

        /// Parses the command's arguments, the same under SwiftPM and Xcode.
        init(_ arguments: [String]) throws {
            var extractor = ArgumentExtractor(arguments)
            targetNames = extractor.extractOption(named: "target")
            check = extractor.extractFlag(named: "check") > 0
            verbose = extractor.extractFlag(named: "verbose") > 0
            guard extractor.remainingArguments.isEmpty else {
                throw CrudeGenPluginError(
                    "unexpected arguments \(extractor.remainingArguments); usage: swift package generate-crud-sources [--target NAME]... [--check] [--verbose]")
            }
        }
    }

    /// One target's specs and the folder their files go to.
    struct Job {
        /// The target's name, for messages.
        var target: String
        /// Its specs; a target without any is skipped.
        var specs: [URL]
        /// Where the generated files are written.
        var folder: URL
        /// The target's `crudegen-config.yaml`, if any.
        var configuration: URL?
    }

    /// Runs crudegen for each job with specs; `scope` names what was searched when no job has any, and
    /// `regenerate` how the user runs this command where they are (a terminal or Xcode).
    static func generate(_ jobs: [Job], tool: URL, request: Request, in scope: String, regenerate: String) throws {
        var generated: [String] = []
        var failed: [String] = []
        var reports = ""
        for job in jobs where !job.specs.isEmpty {
            var arguments = job.specs.map(\.path) + ["-o", job.folder.path] + TargetConfiguration.arguments(for: job.configuration)
            if request.check { arguments += ["--check", "--regenerate-command", regenerate] }
            if request.verbose { arguments.append("--verbose") }
            let process = Process()
            process.executableURL = tool
            process.arguments = arguments
            // SwiftPM prints a plugin's error before the plugin's own output, so crudegen's findings become
            // part of the error: they then read in order, above nothing.
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let reported = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            generated.append(job.target)
            if process.terminationReason != .exit || process.terminationStatus != 0 {
                failed.append(job.target)
                reports += reported
            } else {
                FileHandle.standardError.write(Data(reported.utf8))
            }
        }
        guard !generated.isEmpty else {
            let searched = request.targetNames.isEmpty ? scope : "targets \(request.targetNames.joined(separator: ", "))"
            throw CrudeGenPluginError("no *.crude.yaml spec found in the folders of \(searched)")
        }
        if !failed.isEmpty {
            let findings = reports.trimmingCharacters(in: .whitespacesAndNewlines)
            let summary =
                request.check
                ? "the generated code of \(failed.joined(separator: ", ")) is not up to date; run \(regenerate) and commit the result"
                : "crudegen could not generate the code of \(failed.joined(separator: ", "))"
            // crudegen's own summary already names the command; the plugin's closes the list otherwise.
            throw CrudeGenPluginError(findings.contains("is not up to date") ? findings : findings.isEmpty ? summary : findings + "\n" + summary)
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension GenerateCrudSources: XcodeCommandPlugin {
    /// Xcode's entry point: a target of an app project has no folder of its own, so its specs are the
    /// `*.crude.yaml` files that are members of it, and its files are written into the folder holding them.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let request = try Request(arguments)
        let targets = context.xcodeProject.targets.filter { request.targetNames.isEmpty || request.targetNames.contains($0.displayName) }
        let jobs = targets.map { target in
            let files = target.inputFiles.map(\.url)
            let specs = CrudeSpecs.among(files)
            return Job(
                target: target.displayName, specs: specs, folder: specs.isEmpty ? context.xcodeProject.directoryURL : CrudeSpecs.commonFolder(of: specs),
                configuration: TargetConfiguration.file(among: files))
        }
        try Self.generate(
            jobs, tool: context.tool(named: "CrudeGenCLI").url, request: request, in: "project '\(context.xcodeProject.displayName)'",
            regenerate: "generate-crud-sources from the project's context menu in Xcode")
    }
}
#endif
