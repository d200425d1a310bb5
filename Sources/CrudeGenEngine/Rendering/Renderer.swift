/// Renders a code model into Swift files: one per model, resource, enum and union, plus one for the API.
public struct Renderer: Sendable {
    package let templates: TemplateSet

    /// Creates a renderer with a template set.
    public init(templates: TemplateSet = .bundled) {
        self.templates = templates
    }

    /// The files for one spec, sorted by name.
    public func render(_ model: CodeModel) -> [GeneratedFile] {
        let access = model.access.modifier
        let used = model.usedModules.map { SwiftImport($0) }
        let clientImports = Self.clientImports + used
        var files = [file(model.api.name, model, TemplateContext.api(model.api, access: access), "api-file", imports: clientImports)]
        files += model.enums.map { file($0.name, model, TemplateContext.enumeration($0, access: access), "enum-file", imports: [Self.runtime]) }
        files += model.unions.map { file($0.name, model, TemplateContext.union($0, access: access), "union-file", imports: clientImports) }
        files += model.models.concurrentMap {
            file($0.name, model, TemplateContext.model($0, access: access, stringType: model.api.stringType), "model-file", imports: clientImports)
        }
        if let store = model.store { files += storeFiles(store, model) }
        return files.sorted { $0.name < $1.name }
    }

    /// The server's file, `<API>Service.swift`.
    package func render(_ server: ServerDeclaration, of model: CodeModel) -> GeneratedFile {
        let imports =
            [Self.runtime, SwiftImport("CrudeServe", spi: "Generated"), SwiftImport("Foundation")] + (server.modelsModule.map { [SwiftImport($0)] } ?? [])
            + model.usedModules.map { SwiftImport($0) }
        return file(server.protocolName, model, TemplateContext.server(server, access: model.access.modifier), "server-file", imports: imports)
    }

    /// The local store's files, `+Store` beside the files of the types they extend.
    private func storeFiles(_ store: StoreDeclaration, _ model: CodeModel) -> [GeneratedFile] {
        let access = model.access.modifier
        let storeImports = Self.storeImports + model.usedModules.map { SwiftImport($0) }
        var files = [file(store.apiName + "+Store", model, TemplateContext.schema(store, access: access), "api-store-file", imports: storeImports)]
        files += store.tables.map { file($0.name + "+Store", model, TemplateContext.table($0, access: access), "store-file", imports: storeImports) }
        files += store.containers.map {
            file($0.name + "+Store", model, TemplateContext.container($0, access: access), "store-file", imports: storeImports)
        }
        return files
    }

    /// The runtime, as every generated file imports it: with its `Generated` SPI, the API only generated
    /// code calls (`JSONKey`, the coding containers' overloads, `APIClient.require`, the transforms'
    /// wrappers), which an app's autocomplete and the runtime's reference leave out.
    private static let runtime = SwiftImport(RuntimeName.crudeRuntime.rawValue, spi: "Generated")
    /// What the API's file and the models' files use: the runtime, and Foundation's `Date`, `URL` and the others.
    private static let clientImports = [runtime, SwiftImport("Foundation")]
    /// What the store's files use: CrudeStore too.
    private static let storeImports = [runtime, SwiftImport("CrudeStore"), SwiftImport("Foundation")]

    /// The file of `typeName`: the modules its declarations use, then what `template` renders of `context`.
    /// The generator writes the imports, not the template, so that combining files never reads them back.
    private func file(_ typeName: String, _ model: CodeModel, _ context: some TemplateContextRoot, _ template: String, imports: [SwiftImport])
        -> GeneratedFile
    {
        let declarations = templates.render(TemplateValueEncoder.variables(of: context), template: template)
        return GeneratedFile(name: SwiftNaming.unescaped(typeName) + ".swift", specName: model.specName, imports: imports, declarations: declarations)
    }
}

extension AccessLevel {
    /// The modifier as templates prefix a declaration with it: `public `, `package `, or empty for `internal`.
    var modifier: String {
        self == .internal ? "" : rawValue + " "
    }
}
