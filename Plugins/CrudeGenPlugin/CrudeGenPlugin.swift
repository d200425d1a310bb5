import Foundation
import PackagePlugin

/// Compiles the Swift that crudegen generates from a target's `*.crude.yaml` specs into the target.
///
/// Each spec becomes one build command whose outputs are a fixed number of files named after the spec,
/// `<Name>.crude.00.swift` … (`files_per_spec` in `crudegen-config.yaml`, 100 by default), in the plugin's
/// work folder (never in the source tree); crudegen puts each type into the file a hash of its name picks.
/// SwiftPM runs a command only when its spec, the target's `crudegen-config.yaml`, a template in the target
/// or crudegen itself changed since the last build.
@main
struct CrudeGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let specs = target.sourceFiles.map(\.url).filter(CrudeSpecs.isSpec).sorted { $0.path < $1.path }
        guard !specs.isEmpty else {
            Diagnostics.warning("target '\(target.name)' applies CrudeGenPlugin but holds no spec; name specs *.crude.yaml")
            return []
        }
        try CrudeSpecs.checkUniqueOutputNames(specs, target: target.name)
        let configuration = TargetConfiguration.file(inTargetDirectory: target.directoryURL)
        // Every template in the target is an input, so that editing one re-runs crudegen whichever folder the
        // configuration names (adding or removing one makes SwiftPM plan again, which runs this plugin again).
        // Templates outside the target are read too, but SwiftPM does not watch them.
        let templates = target.sourceFiles.map(\.url).filter { $0.pathExtension == "mustache" }
        let tool = try context.tool(named: "CrudeGenBuildTool")
        let outputFolder = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedSources", isDirectory: true)
        let count = TargetConfiguration.filesPerSpec(in: configuration)
        return specs.map { spec in
            let outputs = CrudeSpecs.outputNames(forSpec: spec, count: count).map { outputFolder.appendingPathComponent($0) }
            return .buildCommand(
                displayName: "Generating \(CrudeSpecs.outputStem(forSpec: spec)).*.swift from \(spec.lastPathComponent)",
                executable: tool.url,
                arguments: [spec.path] + TargetConfiguration.arguments(for: configuration) + outputs.map(\.path),
                environment: [:],
                inputFiles: [spec] + (configuration.map { [$0] } ?? []) + templates,
                outputFiles: outputs
            )
        }
    }
}
