import CrudeGenCore
import CrudeGenOpenAPI
import Foundation
import Testing

/// A success response that is not JSON is a download (`returns: File`), whatever its media type, in
/// OpenAPI 3 and Swagger 2.0 documents, and imports without a warning: nothing of it is lost.
@Suite struct DownloadImportTests {
    /// The `returns` of each action of an imported document, by action name.
    static func returns(of result: OpenAPIImporter.Result) throws -> [String: String] {
        let spec = try #require(SpecLoader.load(Data(result.yaml.utf8), file: "imported.crude.yaml").spec)
        return Dictionary(
            uniqueKeysWithValues: spec.actions.map { action in
                let returns: String =
                    switch action.returns {
                    case let .type(type)?: type.value.description
                    case .fields?: "fields"
                    case .none?, nil: "none"
                    }
                return (action.name.value, returns)
            })
    }

    @Test(arguments: [
        "application/octet-stream: {}",
        "application/pdf: { schema: { type: string, format: binary } }",
        "image/png: {}",
        "text/csv: { schema: { type: string } }",
        "application/zip: { schema: { type: string, contentMediaType: application/zip } }",
        "\"*/*\": { schema: { type: string, format: binary } }",
    ])
    func aResponseThatIsNotJSONIsADownload(_ content: String) throws {
        let yaml = """
            openapi: 3.0.3
            info: { title: Reports, version: "1" }
            paths:
              /reports/{id}/export:
                get:
                  operationId: exportReport
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  responses:
                    "200":
                      description: The report.
                      content:
                        \(content)
            """
        let result = try OpenAPIImporter.importDocument(Data(yaml.utf8), file: "reports.yaml")
        #expect(try Self.returns(of: result) == ["exportReport": "File"], "\(result.yaml)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    /// Swagger 2.0 says the same with `produces` and a `type: file` (or any) schema.
    @Test(arguments: ["schema: { type: file }", "schema: { type: string, format: binary }"])
    func aSwaggerFileResponseIsADownload(_ schema: String) throws {
        let yaml = """
            swagger: "2.0"
            info: { title: Reports, version: "1" }
            paths:
              /reports/{id}/export:
                get:
                  operationId: exportReport
                  produces: [application/pdf]
                  parameters: [{ name: id, in: path, required: true, type: integer }]
                  responses:
                    "200": { description: The report., \(schema) }
            """
        let result = try OpenAPIImporter.importDocument(Data(yaml.utf8), file: "reports.yaml")
        #expect(try Self.returns(of: result) == ["exportReport": "File"], "\(result.yaml)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    /// A JSON response stays decoded, even beside another media type.
    @Test func aJSONResponseBesideAFileStaysJSON() throws {
        let yaml = """
            openapi: 3.0.3
            info: { title: Reports, version: "1" }
            paths:
              /reports/{id}:
                get:
                  operationId: readReport
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  responses:
                    "200":
                      description: The report.
                      content:
                        text/csv: {}
                        application/json: { schema: { type: object, properties: { title: { type: string } } } }
            """
        let result = try OpenAPIImporter.importDocument(Data(yaml.utf8), file: "reports.yaml")
        #expect(try Self.returns(of: result) == ["readReport": "fields"], "\(result.yaml)")
    }
}
