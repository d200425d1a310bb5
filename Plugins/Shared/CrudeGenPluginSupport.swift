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

/// A target's optional `crudegen-config.json`, next to its sources:
///
///     { "templates": "../../Templates" }
///
/// `templates` is a folder of Mustache templates that replace the bundled ones of the same name, relative to
/// the target's folder. It is a JSON file because a plugin cannot use a YAML library.
struct TargetConfiguration {
    static let fileName = "crudegen-config.json"

    /// The configuration file, when the target has one.
    var file: URL?
    /// The template override folder.
    var templates: URL?
    /// The `*.mustache` files in `templates`, which the build plugin declares as inputs.
    var templateFiles: [URL] = []

    /// Arguments to pass to crudegen.
    var arguments: [String] {
        templates.map { ["--templates", $0.path] } ?? []
    }

    /// Files whose changes must re-run the generator, besides the spec: the configuration, each template,
    /// and the template folder itself, whose timestamp changes when a template is added or removed (SwiftPM
    /// does not re-run the plugin for that, so the list of templates it saw may be stale).
    var inputFiles: [URL] {
        (file.map { [$0] } ?? []) + (templates.map { [$0] } ?? []) + templateFiles
    }

    /// Reads the configuration of the target in `directory`; no file means the defaults.
    static func load(targetDirectory directory: URL) throws -> TargetConfiguration {
        let url = directory.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return TargetConfiguration() }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        } catch {
            throw CrudeGenPluginError("\(url.path): not valid JSON: \(error.localizedDescription)")
        }
        guard let entries = object as? [String: Any] else {
            throw CrudeGenPluginError("\(url.path): expected an object such as { \"templates\": \"Templates\" }")
        }
        if let unknown = entries.keys.sorted().first(where: { $0 != "templates" }) {
            throw CrudeGenPluginError("\(url.path): unknown key `\(unknown)`; the only key is `templates`")
        }
        var configuration = TargetConfiguration(file: url)
        if let value = entries["templates"] {
            guard let path = value as? String, !path.isEmpty else {
                throw CrudeGenPluginError("\(url.path): `templates` must be a folder path relative to \(directory.path)")
            }
            let folder = path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)
            let templates = folder.standardizedFileURL
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: templates.path) else {
                throw CrudeGenPluginError("\(url.path): templates folder `\(templates.path)` cannot be read")
            }
            configuration.templates = templates
            configuration.templateFiles = names.filter { $0.hasSuffix(".mustache") }.sorted().map { templates.appendingPathComponent($0) }
        }
        return configuration
    }
}

/// An error whose description SwiftPM prints as it is.
struct CrudeGenPluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
