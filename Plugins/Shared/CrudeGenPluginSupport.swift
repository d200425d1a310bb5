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
