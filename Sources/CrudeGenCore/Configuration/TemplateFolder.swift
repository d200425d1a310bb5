import CrudeGenEngine
import Foundation

extension TemplateSet {
    /// The bundled templates with any `*.mustache` file in `directory` replacing the one of the same name; a
    /// file of another name is a warning (``TemplateSet/warnings``), which generating reports.
    public static func overriding(with directory: String) throws(DiagnosticsError) -> TemplateSet {
        let url = URL(fileURLWithPath: directory, isDirectory: true)
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil).filter { $0.pathExtension == "mustache" }
        } catch {
            throw DiagnosticsError([
                .error(
                    "cannot read templates folder `\(directory)`: \(FileSystemReason.describe(error))", at: nil,
                    hint: "--templates and `templates:` in crudegen-config.yaml name a folder of *.mustache files")
            ])
        }
        var overrides: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let name = file.deletingPathExtension().lastPathComponent
            guard bundledSource(named: name) != nil else {
                diagnostics.append(
                    .warning(
                        "template `\(file.lastPathComponent)` is not one crudegen renders; it is ignored",
                        at: SourceLocation(file: file.path, line: 1, column: 1), hint: "template names are " + requiredNames.joined(separator: ", ")))
                continue
            }
            do {
                let source = try String(contentsOf: file, encoding: .utf8)
                if let problem = versionProblem(in: source, name: name, file: file.path) {
                    diagnostics.append(problem)
                    continue
                }
                overrides[name] = source
            } catch {
                diagnostics.append(.error("cannot read template `\(file.path)`: \(FileSystemReason.describe(error))", at: nil))
            }
        }
        if diagnostics.containsErrors { throw DiagnosticsError(diagnostics) }
        return try TemplateSet(overriding: overrides, origin: directory, warnings: diagnostics)
    }
}
