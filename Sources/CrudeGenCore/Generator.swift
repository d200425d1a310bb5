import CrudeGenEngine
import Foundation

/// The whole pipeline: load each spec, validate it, build its code model and render its files.
///
/// The CLI and the build plugin are thin shells over this type.
public struct Generator: Sendable {
    /// What a successful run produced.
    public struct Output: Sendable {
        /// Every generated file of every spec, sorted by name.
        public var files: [GeneratedFile]
        /// Warnings found on the way.
        public var warnings: [Diagnostic]
    }

    /// The build plugin's layout of one spec: the writer and plan that bring its files up to date, and the
    /// warnings of generating it.
    public struct SpreadOutput {
        /// Writes into the output files' folder, touching nothing else there.
        public var writer: OutputWriter
        /// The output files whose contents change, and those already up to date.
        public var plan: OutputWriter.Plan
        /// Warnings found on the way.
        public var warnings: [Diagnostic]
    }

    /// What server code to write (`crudegen --server`): the service protocol of each spec, with its defaults
    /// and handler, over CrudeServe.
    public struct ServerOutput: Sendable {
        /// The module holding the client's models, which the server's file imports; `nil` writes the models
        /// beside the server code.
        public var modelsModule: String?
        /// The service protocol's name; `nil` names it after the API (`HouseholdService`).
        public var serviceName: String?

        /// Server code importing the models from `modelsModule`, or with the models beside it when `nil`,
        /// its protocol named `serviceName` or after the API.
        public init(modelsModule: String? = nil, serviceName: String? = nil) {
            self.modelsModule = modelsModule
            self.serviceName = serviceName
        }
    }

    let renderer: Renderer
    /// The settings the generator was created with.
    public let configuration: GeneratorConfiguration
    /// The server code to write, if any; else the client.
    public var server: ServerOutput?

    /// Creates a generator that renders with `templates`.
    public init(templates: TemplateSet = .bundled, configuration: GeneratorConfiguration = GeneratorConfiguration()) {
        renderer = Renderer(templates: templates)
        self.configuration = configuration
    }

    /// Creates a generator set up as a `crudegen-config.yaml` says (crudegen's defaults without one), with
    /// `templates`, when given, replacing the configuration's template folder.
    public init(configurationFile: String?, templates: String? = nil) throws(DiagnosticsError) {
        let configuration = try configurationFile.map(GeneratorConfiguration.load(contentsOf:)) ?? GeneratorConfiguration()
        try self.init(templates: (templates ?? configuration.templates).map(TemplateSet.overriding(with:)) ?? .bundled, configuration: configuration)
    }

    /// Generates the spec at `path` spread over the Swift files `outputs` (the build plugin's layout, see
    /// ``GeneratedFile/sharding(_:into:specName:)``), warning when the configuration asks for another count.
    public func generate(specAt path: String, spreadOver outputs: [URL]) throws -> SpreadOutput {
        let generated = try generate(specsAt: [path])
        let (writer, plan) = try OutputWriter.sharding(generated.files, into: outputs, specName: URL(fileURLWithPath: path).lastPathComponent)
        let layout = configuration.layoutWarning(plannedFiles: outputs.count)
        return SpreadOutput(writer: writer, plan: plan, warnings: generated.warnings + (layout.map { [$0] } ?? []))
    }

    /// Generates the files of several specs; any error in any spec fails the whole run.
    public func generate(specsAt paths: [String]) throws(DiagnosticsError) -> Output {
        try generate(
            paths.map { path in
                {
                    switch SpecLoader.contents(of: path) {
                    case let .success(data):
                        let loaded = SpecLoader.load(data, file: path)
                        // A server reads its spec again when it starts: its file holds the spec as written.
                        return (loaded.spec, loaded.diagnostics, server == nil ? "" : String(decoding: data, as: UTF8.self))
                    case let .failure(diagnostic):
                        return (nil, [diagnostic], "")
                    }
                }
            })
    }

    /// Generates the files of one spec held in memory; `file` names it in diagnostics, and the specs it
    /// uses are read from `files`.
    public func generate(spec data: Data, file: String, files: SpecFiles = .fileSystem) throws(DiagnosticsError) -> Output {
        try generate([
            {
                let loaded = SpecLoader.load(data, file: file, files: files)
                return (loaded.spec, loaded.diagnostics, String(decoding: data, as: UTF8.self))
            }
        ])
    }

    private func generate(_ loaders: [() -> (spec: Spec?, diagnostics: [Diagnostic], text: String)]) throws(DiagnosticsError) -> Output {
        // The templates' warnings are reported with every run's.
        var diagnostics = renderer.templates.warnings
        var files: [GeneratedFile] = []
        var producers: [String: Spec] = [:]
        for load in loaders {
            let loaded = load()
            diagnostics += loaded.diagnostics
            guard let spec = loaded.spec else { continue }
            let (problems, validated) = ValidatedSpec.validate(spec)
            diagnostics += problems
            guard !loaded.diagnostics.containsErrors, let validated else { continue }
            if let modelsModule = server?.modelsModule, spec.api.access == .internal {
                diagnostics.append(
                    .error(
                        "the server's file imports the models from `\(modelsModule)`, but the spec's types are internal",
                        at: spec.api.name.location,
                        hint: "set `access: public` (or `package` for a module of the same package), or generate the models beside the server"))
                continue
            }
            // A server loads its spec from its own file, where the specs it uses are not: it embeds their types.
            let specText = spec.uses.isEmpty || server == nil ? loaded.text : SpecSerializer.yaml(of: spec, inliningUsedTypes: true)
            for file in render(APIResolver.resolve(validated), specText: specText) {
                if let other = producers[file.name] {
                    diagnostics.append(
                        .error(
                            "`\(file.name)` is generated by both `\(other.file)` and this spec", at: spec.api.name.location,
                            hint: "type names must be unique across the specs generated into one folder"))
                    continue
                }
                producers[file.name] = spec
                files.append(file)
            }
        }
        var seen: Set<Diagnostic> = []
        let unique = diagnostics.filter { seen.insert($0).inserted }
        if unique.containsErrors { throw DiagnosticsError(unique) }
        return Output(files: files.sorted { $0.name < $1.name }, warnings: DiagnosticsError(unique).diagnostics)
    }

    /// The files of one resolved spec: the client's, the server's beside them, or the server's alone.
    private func render(_ resolved: ResolvedAPI, specText: String) -> [GeneratedFile] {
        let model = CodeModelBuilder.build(resolved)
        guard let server else { return renderer.render(model) }
        let declaration = ServerModelBuilder.build(
            resolved, model: model, specText: specText, modelsModule: server.modelsModule, serviceName: server.serviceName)
        return (server.modelsModule == nil ? renderer.render(model) : []) + [renderer.render(declaration, of: model)]
    }
}
