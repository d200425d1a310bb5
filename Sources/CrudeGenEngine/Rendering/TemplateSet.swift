import Foundation

/// The parsed Mustache templates generation renders with: the bundled ones, or a user's copies.
public struct TemplateSet: Sendable {
    /// The templates a set must contain, by name (file name without `.mustache`).
    public static let requiredNames = BundledTemplates.sources.keys.sorted()

    let templates: [String: Template]

    /// The templates compiled into crudegen, rendered from the top-level `Templates/` folder.
    public static let bundled: TemplateSet = {
        do {
            return try TemplateSet(sources: BundledTemplates.sources, origin: "bundled")
        } catch {
            preconditionFailure("bundled templates do not parse: \(error)")
        }
    }()

    /// The bundled templates with any `*.mustache` file in `directory` replacing the one of the same name.
    public static func overriding(with directory: String) throws(DiagnosticsError) -> TemplateSet {
        let url = URL(fileURLWithPath: directory, isDirectory: true)
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil).filter { $0.pathExtension == "mustache" }
        } catch {
            throw DiagnosticsError([.error("cannot read templates folder `\(directory)`: \(FileSystemReason.describe(error))", at: nil, hint: "--templates and `templates:` in crudegen-config.yaml name a folder of *.mustache files")])
        }
        var sources = BundledTemplates.sources
        var diagnostics: [Diagnostic] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let name = file.deletingPathExtension().lastPathComponent
            guard sources[name] != nil else {
                diagnostics.append(.warning("template `\(file.lastPathComponent)` is not one crudegen renders; it is ignored", at: SourceLocation(file: file.path, line: 1, column: 1), hint: "template names are " + requiredNames.joined(separator: ", ")))
                continue
            }
            do {
                sources[name] = try String(contentsOf: file, encoding: .utf8)
            } catch {
                diagnostics.append(.error("cannot read template `\(file.path)`: \(FileSystemReason.describe(error))", at: nil))
            }
        }
        if diagnostics.containsErrors { throw DiagnosticsError(diagnostics) }
        return try TemplateSet(sources: sources, origin: directory)
    }

    private init(sources: [String: String], origin: String) throws(DiagnosticsError) {
        var templates: [String: Template] = [:]
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            do {
                templates[name] = try Template(source)
            } catch {
                let location = SourceLocation(file: "\(origin)/\(name).mustache", line: error.line, column: error.column)
                throw DiagnosticsError([.error("template does not parse: \(error.message)", at: location)])
            }
        }
        self.templates = templates
    }

    /// Renders a template with a context of dictionaries and arrays.
    func render(_ context: [String: TemplateValue], template name: String) -> String {
        templates[name]?.render(.object(context), partials: templates) ?? ""
    }
}
