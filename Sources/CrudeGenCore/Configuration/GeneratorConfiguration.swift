import CrudeGenEngine
import CrudeYAML
import Foundation

/// The settings of a `crudegen-config.yaml`, given to crudegen with `--config`.
///
/// The build and command plugins pass a target's `crudegen-config.yaml` (next to its sources), so that
/// crudegen, not the plugin, reads it when it runs: SwiftPM does not run a plugin again when a file's
/// contents change, so settings read by the plugin would go stale.
///
///     templates: Templates    # a folder of *.mustache files replacing the bundled ones of the same name
///     files_per_spec: 96      # how many files the build plugin spreads each spec over
public struct GeneratorConfiguration: Equatable, Sendable {
    /// The name the plugins look for in a target's folder.
    public static let fileName = "crudegen-config.yaml"

    /// The template override folder, relative paths resolved against the configuration file's folder.
    public var templates: String?

    /// How many files the build plugin spreads each spec over, where the configuration sets it.
    ///
    /// The build plugin reads this line itself when SwiftPM plans the build, because it must declare its
    /// output files then; crudegen reads it too, to warn when the build was planned with another count (see
    /// ``layoutWarning(plannedFiles:)``).
    public var filesPerSpec: Located<Int>?

    /// The range `files_per_spec` accepts: at 1000 files the compiler's cost per file already outweighs what
    /// smaller files save (Benchmarks/README.md).
    public static let filesPerSpecRange = 1...1000

    /// Creates a configuration; no settings means crudegen's defaults.
    public init(templates: String? = nil, filesPerSpec: Located<Int>? = nil) {
        self.templates = templates
        self.filesPerSpec = filesPerSpec
    }

    /// A warning when the configuration asks for another number of files than the `plannedFiles` a build
    /// writes: the build plugin declared its outputs when SwiftPM last planned the build, and SwiftPM does
    /// not plan again when this file's contents change. Every type still lands in one of the planned files.
    public func layoutWarning(plannedFiles: Int) -> Diagnostic? {
        guard let filesPerSpec, filesPerSpec.value != plannedFiles else { return nil }
        return .warning(
            "`files_per_spec: \(filesPerSpec.value)` is not in effect yet: this build was planned with \(plannedFiles) files per spec, and crudegen spreads the spec over those",
            at: filesPerSpec.location,
            hint:
                "SwiftPM declares the plugin's files only when it plans the build; make it plan again with `swift build --disable-build-manifest-caching` once, by adding or removing a file in the target, or by building from clean"
        )
    }

    /// Loads the configuration file at `path`.
    public static func load(contentsOf path: String) throws(DiagnosticsError) -> GeneratorConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw DiagnosticsError([
                .error("cannot read configuration `\(path)`: \(FileSystemReason.describe(error))", at: nil, hint: "check the path given to --config")
            ])
        }
        return try load(data, file: path)
    }

    /// Loads a configuration held in memory; `file` names it in diagnostics and anchors relative paths.
    public static func load(_ data: Data, file: String) throws(DiagnosticsError) -> GeneratorConfiguration {
        let text = String(decoding: data, as: UTF8.self)
        let hasContent = text.split(whereSeparator: \.isNewline).contains { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && !trimmed.hasPrefix("#") && trimmed != "---"
        }
        guard hasContent else { return GeneratorConfiguration() }
        let root: YAMLNode
        switch YAMLDocument.compose(data, file: file) {
        case let .failure(diagnostic): throw DiagnosticsError([diagnostic])
        case let .success(node): root = node
        }
        var reader = NodeReader(file: file)
        var configuration = GeneratorConfiguration()
        let entries = reader.entries(root, "the configuration", keys: .configuration)
        if let node = entries?["templates"], let folder = reader.text(node, "`templates`") {
            let base = URL(fileURLWithPath: file).deletingLastPathComponent()
            configuration.templates = folder.value.hasPrefix("/") ? folder.value : base.appendingPathComponent(folder.value).standardizedFileURL.path
        }
        if let node = entries?["files_per_spec"], let text = reader.text(node, "`files_per_spec`") {
            if let count = Int(text.value), filesPerSpecRange.contains(count) {
                configuration.filesPerSpec = Located(count, at: text.location)
            } else {
                reader.error(
                    "`files_per_spec` must be a whole number from \(filesPerSpecRange.lowerBound) to \(filesPerSpecRange.upperBound), not `\(text.value)`",
                    at: node)
            }
        }
        if reader.diagnostics.containsErrors { throw DiagnosticsError(reader.diagnostics) }
        return configuration
    }
}
