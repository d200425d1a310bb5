/// The parsed Mustache templates generation renders with: the bundled ones, or a user's copies.
public struct TemplateSet: Sendable {
    /// The templates a set must contain, by name (file name without `.mustache`).
    public static let requiredNames = BundledTemplates.sources.keys.sorted()

    /// The version of the context templates are rendered with (the variables docs/templates.md lists).
    ///
    /// It goes up whenever a variable is removed, renamed or changes type, or one a template needs is
    /// added, so that a user's copy of an older template fails with a clear message instead of silently
    /// rendering blanks. Every template carries it as `{{! crudegen-templates: N }}`.
    public static let contextVersion = 2

    /// What each template renders, for `crudegen templates list`.
    public static let summaries: [String: String] = [
        "api-file": "the API file: base URL, headers, envelope, date formats, API-wide actions and their payload types",
        "enum-file": "one file per enum, with its unknown(RawValue) case",
        "union-file": "one file per union: a case per variant, and unknown(JSONValue) for what none reads",
        "model-file": "one file per model and resource: the model, then a resource's operations",
        "model": "partial: a struct with its Codable conformance (model files and action payloads)",
        "resource-operations": "partial: a resource's operations and its Patch type",
        "functions": "partial: generated functions, each a signature and a body",
        "store-file": "with `store: true`: a stored resource's table conformance, or a type's list of the stored resources it holds",
        "api-store-file": "with `store: true`: the API's store schema (tables, and the operations whose responses are kept)",
        "server-file": "with `--server`: the service protocol of the API's operations, their defaults, and the handler that calls them",
    ]

    /// The source of the bundled template `name`, or `nil` when crudegen has none of that name.
    public static func bundledSource(named name: String) -> String? {
        BundledTemplates.sources[name]
    }

    /// The marker every template carries: `{{! crudegen-templates: N }}`. Computed, because `Regex` is not
    /// `Sendable` and so cannot be a stored static.
    static var versionMarker: Regex<(Substring, Substring)> { /\{\{!\s*crudegen-templates:\s*([^\s}]*)\s*\}\}/ }

    /// An error when the template `name`, read from `file`, was not written for ``contextVersion``.
    package static func versionProblem(in source: String, name: String, file: String) -> Diagnostic? {
        let bundled = "`crudegen templates cat \(name)`"
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let match = line.firstMatch(of: versionMarker) else { continue }
            let version = String(match.output.1)
            guard version != String(contextVersion) else { return nil }
            let column = line.distance(from: line.startIndex, to: match.range.lowerBound) + 1
            return .error(
                "template `\(file)` was written for template context version \(version), but this crudegen renders version \(contextVersion)",
                at: SourceLocation(file: file, line: index + 1, column: column),
                hint:
                    "docs/templates.md lists what each version changed: compare the template with \(bundled), carry your changes over and set its marker to `{{! crudegen-templates: \(contextVersion) }}`"
            )
        }
        return .error(
            "template `\(file)` does not say which template context version it was written for",
            at: SourceLocation(file: file, line: 1, column: 1),
            hint:
                "this crudegen renders version \(contextVersion): check the template against \(bundled) and docs/templates.md, then add `{{! crudegen-templates: \(contextVersion) }}` to it"
        )
    }

    let templates: [String: Template]

    /// What reading a user's templates found without failing: files crudegen does not render, which it ignores.
    public let warnings: [Diagnostic]

    /// The templates compiled into crudegen, rendered from the top-level `Templates/` folder.
    public static let bundled: TemplateSet = {
        do {
            return try TemplateSet(overriding: [:], origin: "bundled", warnings: [])
        } catch {
            preconditionFailure("bundled templates do not load: \(error)")
        }
    }()

    /// The bundled templates with `overrides` (sources by template name, each checked with
    /// ``versionProblem(in:name:file:)``) in place of the bundled ones of the same name; `origin` names their folder
    /// in diagnostics. Every name a template uses must be a variable of its context (``TemplateNames``) and
    /// every partial it includes must exist: a misspelt name is an error at its tag, not a silent blank.
    package init(overriding overrides: [String: String], origin: String, warnings: [Diagnostic]) throws(DiagnosticsError) {
        var templates: [String: Template] = [:]
        var files: [String: String] = [:]
        for (name, source) in BundledTemplates.sources.merging(overrides, uniquingKeysWith: { $1 }).sorted(by: { $0.key < $1.key }) {
            let file = "\(overrides[name] == nil ? "bundled" : origin)/\(name).mustache"
            files[name] = file
            do {
                templates[name] = try Template(source)
            } catch {
                let location = SourceLocation(file: file, line: error.line, column: error.column)
                throw DiagnosticsError([.error("template does not parse: \(error.message)", at: location)])
            }
        }
        let problems = TemplateNames.problems(in: templates, files: files)
        if !problems.isEmpty { throw DiagnosticsError(warnings + problems) }
        self.templates = templates
        self.warnings = warnings
    }

    /// Renders a template with a context of objects and lists.
    func render(_ context: TemplateObject, template name: String) -> String {
        templates[name]?.render(.object(context), partials: templates) ?? ""
    }
}
