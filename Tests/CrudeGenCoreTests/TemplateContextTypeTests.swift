import Foundation
import Testing

@testable import CrudeGenCore

@testable import CrudeGenEngine

/// Templates receive typed contexts: the names they may use are read from the types, and a context reaches
/// the engine as the values its properties hold.
@Suite struct TemplateContextTypeTests {
    @Test func variablesAreReadFromTheContextType() {
        #expect(
            TemplateVariables.of(UnionTemplateContext.self) == [
                "access": "String", "name": "String", "documentation": "[String]", "discriminator": "Object", "discriminator.key": "String",
                "variants": "[Object]", "variants[].name": "String", "variants[].type": "String", "variants[].tag": "String",
                "variants[].decode": "String", "variants[].encode": "String",
            ])
        let api = TemplateVariables.of(APITemplateContext.self)
        #expect(api["payloadModels"] == "[model context]" && api["functions"] == "[function context]")
        #expect(api["cache.operations[].key"] == "String" && api["hasActions"] == "Bool")
        #expect(!api.keys.contains { $0.hasPrefix("payloadModels") && $0 != "payloadModels" }, "a list of contexts is described by that context")
    }

    @Test func aContextReachesTheEngineAsItsValues() {
        let context = UnionTemplateContext(
            access: "public ", name: "Pet", documentation: ["/// A pet."], discriminator: nil,
            variants: [.init(name: "cat", type: "Cat", tag: "\"cat\"", decode: "self = .cat(try decoder.variant())", encode: "try value.encode(to: encoder)")])
        let variables = TemplateValueEncoder.variables(of: context)
        #expect(variables.names.sorted() == ["access", "documentation", "name", "variants"], "a nil optional is no variable, so its section is skipped")
        guard case let .list(variants)? = variables["variants"], case let .object(variant)? = variants.first,
            case let .string(tag)? = variant["tag"], case let .list(documentation)? = variables["documentation"]
        else {
            Issue.record("unexpected shape: \(variables)")
            return
        }
        #expect(tag == "\"cat\"" && variants.count == 1 && documentation.count == 1)
        let rendered = TemplateSet.bundled.render(variables, template: "union-file")
        #expect(rendered.contains("case cat(Cat)") && rendered.contains("public indirect enum Pet: Hashable"))
    }

    /// The API's cache and its own policy are optional parts of the API context that no fixture holds together:
    /// present, the configuration sets both; absent, it is one line.
    @Test func optionalPartsRenderOnlyWhenTheSpecHasThem() throws {
        func apiFile(_ cache: String) throws -> String {
            let spec = """
                api: { name: Placeholder, base_url: "https://jsonplaceholder.typicode.com"\(cache) }
                resources:
                  User: { path: users, cache: { read: use_protocol, list: cache_else_load }, fields: { name: String } }
                """
            let files = try Generator().generate(spec: Data(spec.utf8), file: "placeholder.crude.yaml").files
            return try #require(files.first { $0.name == "Placeholder.swift" }).contents
        }
        let cached = try apiFile(", cache: use_protocol")
        #expect(cached.contains("configuration.cachePolicy = .useProtocolCachePolicy"))
        #expect(cached.contains("configuration.operationCachePolicies[User.Operations.list] = .returnCacheDataElseLoad"))
        let uncached = try apiFile("")
        #expect(!uncached.contains("configuration.cachePolicy ="), "without an API-wide policy the client's default stays")
        #expect(uncached.contains("configuration.operationCachePolicies[User.Operations.read] = .useProtocolCachePolicy"))
    }
}
