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

    /// `Household.crude.yaml` → `Household.crude.swift`: derived from the spec's name alone, so the build
    /// command's output is known before the generator runs; the `.crude` part keeps it from clashing with a
    /// hand-written `Household.swift`.
    static func outputName(forSpec url: URL) -> String {
        let name = url.lastPathComponent
        let suffix = suffixes.first { name.hasSuffix($0) } ?? ""
        return name.dropLast(suffix.count) + ".crude.swift"
    }

    /// The specs anywhere below `directory` on disk (hidden folders skipped), sorted by path. Used by the
    /// command plugin, which also sees specs a target excludes from its sources.
    static func find(in directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else {
            return []
        }
        var specs: [URL] = []
        for case let url as URL in enumerator where isSpec(url) {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { specs.append(url) }
        }
        return specs.sorted { $0.path < $1.path }
    }

    /// Two specs whose outputs would share a name (`A/Household.crude.yaml`, `B/Household.crude.yml`).
    static func checkUniqueOutputNames(_ specs: [URL], target: String) throws {
        var seen: [String: URL] = [:]
        for spec in specs {
            let name = outputName(forSpec: spec)
            if let other = seen[name] {
                throw CrudeGenPluginError("target '\(target)': `\(other.path)` and `\(spec.path)` would both generate \(name); rename one of them")
            }
            seen[name] = spec
        }
    }
}

/// A target's optional `crudegen-config.yaml`, next to its sources (for now it names a template folder:
/// `templates: Templates`).
///
/// The plugins do not read it: they pass it to crudegen with `--config`, and crudegen reads it each time it
/// runs. SwiftPM runs a plugin again only when it plans the build again (when a target's files are added or
/// removed, or the manifest changes), not when a file's contents change, so settings the plugin read would go
/// stale; a build command's input files, on the other hand, are checked on every build.
enum TargetConfiguration {
    static let fileName = "crudegen-config.yaml"

    /// The configuration file of the target in `directory`, if it has one.
    static func file(inTargetDirectory directory: URL) -> URL? {
        let url = directory.appendingPathComponent(fileName)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The arguments that hand the configuration to crudegen.
    static func arguments(for file: URL?) -> [String] {
        file.map { ["--config", $0.path] } ?? []
    }
}

/// An error whose description SwiftPM prints as it is.
struct CrudeGenPluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
