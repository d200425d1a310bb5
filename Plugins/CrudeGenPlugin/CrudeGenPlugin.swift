import Foundation
import PackagePlugin

/// Compiles the Swift that crudegen generates from a target's `*.crude.yaml` specs into the target.
///
/// Each spec becomes one build command whose outputs are a fixed number of files named after the spec,
/// `<Name>.crude.00.swift` … (`files_per_spec` in `crudegen-config.yaml`, 96 by default), in the plugin's
/// work folder (never in the source tree); crudegen puts each type into the file a hash of its name picks.
/// The build system runs a command only when its spec, the target's `crudegen-config.yaml`, a template in
/// the target or crudegen itself changed since the last build. SwiftPM packages and Xcode projects get the
/// same commands from ``CrudeGenBuild``.
@main
struct CrudeGenPlugin: BuildToolPlugin {
    /// SwiftPM's entry point: a package target's files, and its folder's `crudegen-config.yaml`.
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try CrudeGenBuild.commands(
            target: target.name,
            files: target.sourceFiles.map(\.url),
            usableSpecs: Self.specsOfDependencies(of: target),
            configuration: TargetConfiguration.file(inTargetDirectory: target.directoryURL),
            workDirectory: context.pluginWorkDirectoryURL,
            tool: context.tool(named: "CrudeGenBuildTool").url
        )
    }

    /// The specs of the package's targets `target` depends on, directly or not, each once: those its specs
    /// may use (`uses: [Shared]`).
    static func specsOfDependencies(of target: SourceModuleTarget) -> [URL] {
        var visited: Set<Target.ID> = []
        var specs: [URL] = []
        func visit(_ target: any Target) {
            for case let .target(dependency) in target.dependencies where visited.insert(dependency.id).inserted {
                if let module = dependency as? SourceModuleTarget { specs += CrudeSpecs.among(module.sourceFiles.map(\.url)) }
                visit(dependency)
            }
        }
        visit(target)
        return specs
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension CrudeGenPlugin: XcodeBuildToolPlugin {
    /// Xcode's entry point: an app target has no folder of its own, so its specs and `crudegen-config.yaml`
    /// are the files that are members of the target.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        return try CrudeGenBuild.commands(
            target: target.displayName,
            files: files,
            configuration: TargetConfiguration.file(among: files),
            workDirectory: context.pluginWorkDirectoryURL,
            tool: context.tool(named: "CrudeGenBuildTool").url
        )
    }
}
#endif
