/// Renders a code model into Swift files: one per model, resource and enum, plus one for the API.
public struct Renderer: Sendable {
    let templates: TemplateSet

    /// Creates a renderer with a template set.
    public init(templates: TemplateSet = .bundled) {
        self.templates = templates
    }

    /// The files for one spec, sorted by name.
    public func render(_ model: CodeModel) -> [GeneratedFile] {
        let access = model.accessModifier
        var files = [file(model.api.name, model, TemplateContext.api(model.api, access: access), "api-file")]
        files += model.enums.map { file($0.name, model, TemplateContext.enumeration($0, access: access), "enum-file") }
        files += model.models.map { file($0.name, model, TemplateContext.model($0, access: access), "model-file") }
        return files.sorted { $0.name < $1.name }
    }

    private func file(_ typeName: String, _ model: CodeModel, _ context: [String: TemplateValue], _ template: String) -> GeneratedFile {
        let body = templates.render(context, template: template)
        return GeneratedFile(name: typeName.replacingOccurrences(of: "`", with: "") + ".swift", specName: model.specName, body: body)
    }
}
