import Foundation
import PackagePlugin

// Shared by both plugins (each plugin folder links this file; plugins cannot depend on a library).

/// Which files are specs, and what the build plugin calls a spec's output.
enum CrudeSpecs {
    /// A spec is a YAML file whose name ends with one of these, e.g. `Household.crude.yaml`.
    static let suffixes = [".crude.yaml", ".crude.yml"]

    /// Whether `url` names a spec.
    static func isSpec(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        return suffixes.contains { name.count > $0.count && name.hasSuffix($0) }
    }

    /// `Household.crude.yaml` → `Household.crude`: the stem of the build plugin's output names, derived from
    /// the spec's name alone so that the build command's outputs are known before the generator runs; the
    /// `.crude` part keeps them from clashing with a hand-written `Household.swift`.
    static func outputStem(forSpec url: URL) -> String {
        let name = url.lastPathComponent
        let suffix = suffixes.first { name.hasSuffix($0) } ?? ""
        return name.dropLast(suffix.count) + ".crude"
    }

    /// The `count` files the build plugin spreads a spec over: `Household.crude.00.swift` …
    /// `Household.crude.95.swift`, numbered with a fixed width so that they sort in order.
    static func outputNames(forSpec url: URL, count: Int) -> [String] {
        let stem = outputStem(forSpec: url)
        let width = String(count - 1).count
        return (0..<count).map { index in
            let number = String(index)
            return "\(stem).\(String(repeating: "0", count: width - number.count))\(number).swift"
        }
    }

    /// The specs anywhere below `directory` on disk (hidden folders skipped), sorted by path. Used by the
    /// command plugin, which also sees specs a target excludes from its sources.
    static func find(in directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else {
            return []
        }
        var specs: [URL] = []
        for case let url as URL in enumerator where isSpec(url) {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { specs.append(url) }
        }
        return specs.sorted { $0.path < $1.path }
    }

    /// The specs among a target's files, sorted by path: how the build plugin finds them under SwiftPM and
    /// both plugins under Xcode, whose targets list their files but have no folder of their own.
    static func among(_ files: [URL]) -> [URL] {
        files.filter(isSpec).sorted { $0.path < $1.path }
    }

    /// The deepest folder holding every one of `specs` (at least one): where the command plugin writes an
    /// Xcode target's files, as it writes a package target's into the target's folder.
    static func commonFolder(of specs: [URL]) -> URL {
        let folders = specs.map { $0.deletingLastPathComponent().standardizedFileURL.pathComponents }
        var common = folders[0]
        for folder in folders.dropFirst() {
            common = Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
        }
        return common.dropFirst().reduce(URL(fileURLWithPath: "/", isDirectory: true)) { $0.appendingPathComponent($1, isDirectory: true) }
    }

    /// Two specs whose outputs would share names (`A/Household.crude.yaml`, `B/Household.crude.yml`).
    static func checkUniqueOutputNames(_ specs: [URL], target: String) throws {
        var seen: [String: URL] = [:]
        for spec in specs {
            let stem = outputStem(forSpec: spec)
            if let other = seen[stem] {
                throw CrudeGenPluginError("target '\(target)': `\(other.path)` and `\(spec.path)` would both generate \(stem).*.swift; rename one of them")
            }
            seen[stem] = spec
        }
    }
}

/// A target's optional `crudegen-config.yaml`, next to its sources (`templates: Templates`,
/// `files_per_spec: 96`).
///
/// The plugins pass it to crudegen with `--config`, and crudegen reads it each time it runs. SwiftPM runs a
/// plugin again only when it plans the build again (when a target's files are added or removed, or the
/// manifest changes), not when a file's contents change, so settings the plugin read would go stale; a build
/// command's input files, on the other hand, are checked on every build. The one setting the build plugin
/// must read itself is `files_per_spec`, because it declares the output files when SwiftPM plans: crudegen
/// always spreads the spec over the files the plugin declared, and warns when the configuration has since
/// asked for another count.
enum TargetConfiguration {
    static let fileName = "crudegen-config.yaml"

    /// How many files a spec is spread over when the configuration does not say. Measured with 10, 32, 100
    /// and 1000 files (Benchmarks/README.md): about 100 makes a one-field edit of a 100-resource spec rebuild
    /// fastest at the same clean-build cost, and costs a 10-resource spec under a second of CPU for its empty
    /// files. The compiler compiles a module's files in batches of at most 25, so 96 rather than 100: with
    /// the target's own files (SwiftPM builds no target without one) the module stays at 4 full batches up
    /// to 4 of them, where 100 and one file made 5, the last compiled alone on a 2-core machine.
    static let defaultFilesPerSpec = 96

    /// The configuration file of the target in `directory`, if it has one.
    static func file(inTargetDirectory directory: URL) -> URL? {
        let url = directory.appendingPathComponent(fileName)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The configuration file among a target's files: an Xcode target has no folder, so the file is found
    /// when it is a member of the target.
    static func file(among files: [URL]) -> URL? {
        files.first { $0.lastPathComponent == fileName }
    }

    /// The arguments that hand the configuration to crudegen.
    static func arguments(for file: URL?) -> [String] {
        file.map { ["--config", $0.path] } ?? []
    }

    /// The configuration's `files_per_spec: N` line (a top-level key on a line of its own, as documented),
    /// or the default. The plugin cannot link a YAML parser, so it reads only that form; crudegen parses the
    /// whole file, reports a bad value and warns when its count differs from the one the plugin used.
    static func filesPerSpec(in file: URL?) -> Int {
        guard let file, let text = try? String(contentsOf: file, encoding: .utf8) else { return defaultFilesPerSpec }
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("files_per_spec:") {
            let value = line.dropFirst("files_per_spec:".count).prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
            // The range crudegen accepts (GeneratorConfiguration.filesPerSpecRange); out of it, crudegen reports the error.
            if let count = Int(value), (1...1000).contains(count) { return count }
        }
        return defaultFilesPerSpec
    }
}

/// An error whose description SwiftPM prints as it is.
struct CrudeGenPluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The build plugin's work for one target, whichever build system asks: SwiftPM (`BuildToolPlugin`) or an
/// Xcode project (`XcodeBuildToolPlugin`), which differ only in how they describe the target.
enum CrudeGenBuild {
    /// One build command per spec among `files` (the target's files), each writing the spec's fixed set of
    /// output files into `workDirectory` with `tool`. `usableSpecs` (the specs of the targets the target
    /// depends on) are inputs too: a spec may use their types (`uses`), so an edit of one generates again.
    static func commands(target: String, files: [URL], usableSpecs: [URL] = [], configuration: URL?, workDirectory: URL, tool: URL) throws -> [Command] {
        let specs = CrudeSpecs.among(files)
        guard !specs.isEmpty else {
            Diagnostics.warning("target '\(target)' applies CrudeGenPlugin but holds no spec; name specs *.crude.yaml")
            return []
        }
        try CrudeSpecs.checkUniqueOutputNames(specs, target: target)
        // Every template in the target is an input, so that editing one re-runs crudegen whichever folder the
        // configuration names (adding or removing one makes the build system plan again, which runs the plugin
        // again). Templates outside the target are read too, but no build system watches them.
        let templates = files.filter { $0.pathExtension == "mustache" }
        let outputFolder = workDirectory.appendingPathComponent("GeneratedSources", isDirectory: true)
        let count = TargetConfiguration.filesPerSpec(in: configuration)
        return specs.map { spec in
            let outputs = CrudeSpecs.outputNames(forSpec: spec, count: count).map { outputFolder.appendingPathComponent($0) }
            return .buildCommand(
                displayName: "Generating \(CrudeSpecs.outputStem(forSpec: spec)).*.swift from \(spec.lastPathComponent)",
                executable: tool,
                arguments: [spec.path] + TargetConfiguration.arguments(for: configuration) + outputs.map(\.path),
                environment: [:],
                inputFiles: [spec] + usableSpecs + (configuration.map { [$0] } ?? []) + templates,
                outputFiles: outputs
            )
        }
    }
}
