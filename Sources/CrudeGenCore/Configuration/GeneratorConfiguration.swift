import CrudeGenEngine
import Foundation
import Yams

/// The settings of a `crudegen-config.yaml`, given to crudegen with `--config`.
///
/// The build and command plugins pass a target's `crudegen-config.yaml` (next to its sources), so that
/// crudegen, not the plugin, reads it when it runs: SwiftPM does not run a plugin again when a file's
/// contents change, so settings read by the plugin would go stale.
///
///     templates: Templates    # a folder of *.mustache files replacing the bundled ones of the same name
public struct GeneratorConfiguration: Equatable, Sendable {
    /// The name the plugins look for in a target's folder.
    public static let fileName = "crudegen-config.yaml"

    /// The template override folder, relative paths resolved against the configuration file's folder.
    public var templates: String?

    /// Creates a configuration; no settings means crudegen's defaults.
    public init(templates: String? = nil) {
        self.templates = templates
    }

    /// Loads the configuration file at `path`.
    public static func load(contentsOf path: String) throws(DiagnosticsError) -> GeneratorConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw DiagnosticsError([.error("cannot read configuration `\(path)`: \(FileSystemReason.describe(error))", at: nil, hint: "check the path given to --config")])
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
        let root: Node
        switch YAMLDocument.compose(data, file: file) {
        case let .failure(diagnostic): throw DiagnosticsError([diagnostic])
        case let .success(node): root = node
        }
        var reader = NodeReader(file: file)
        var configuration = GeneratorConfiguration()
        if let entries = reader.entries(root, "the configuration", allowed: ["templates"]),
           let node = entries["templates"], let folder = reader.text(node, "`templates`") {
            let base = URL(fileURLWithPath: file).deletingLastPathComponent()
            configuration.templates = folder.value.hasPrefix("/") ? folder.value : base.appendingPathComponent(folder.value).standardizedFileURL.path
        }
        if reader.diagnostics.containsErrors { throw DiagnosticsError(reader.diagnostics) }
        return configuration
    }
}
