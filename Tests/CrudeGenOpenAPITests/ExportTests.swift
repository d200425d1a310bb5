import CrudeGenCore
import CrudeGenOpenAPI
import CrudeYAML
import Foundation
import TestTags
import Testing
import Yams

/// `crudegen export`, and the round trips between specs and OpenAPI documents.
@Suite struct ExportTests {
    static func fixtureSpec(_ name: String) -> String {
        OpenAPITestSupport.packageRoot.appendingPathComponent("Fixtures/\(name)/spec.yaml").path
    }

    /// Imports `document` and expects no warnings and the Swift that `spec` generates, file by file.
    static func expectImportGeneratesTheSameSwift(
        _ document: String, file: String, as spec: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let imported = try OpenAPIImporter.importDocument(Data(document.utf8), file: file)
        #expect(imported.warnings.isEmpty, "\(imported.warnings)", sourceLocation: sourceLocation)
        #expect(
            try OpenAPITestSupport.generatedSwift(imported.yaml) == OpenAPITestSupport.generatedSwift(spec), "\(imported.yaml)",
            sourceLocation: sourceLocation)
    }

    @Test(.tags(.integration), .skippedWhenQuick) func everyFixtureExportsADeterministicDocumentTheValidatorAccepts() async throws {
        let fixtures = OpenAPITestSupport.fixtures
        #expect(fixtures.count >= 13)
        try await OpenAPITestSupport.withTemporaryDirectory { folder in
            var files: [URL] = []
            for fixture in fixtures {
                for format in [OpenAPIExporter.Format.yaml, .json] {
                    let first = try OpenAPIExporter.export(specAt: Self.fixtureSpec(fixture), format: format).text
                    let second = try OpenAPIExporter.export(specAt: Self.fixtureSpec(fixture), format: format).text
                    #expect(first == second, "export of \(fixture) is not deterministic")
                    let file = folder.appendingPathComponent("\(fixture).\(format == .yaml ? "yaml" : "json")")
                    try Data(first.utf8).write(to: file)
                    files.append(file)
                }
            }
            for file in files {
                let run = try await OpenAPITestSupport.validateOpenAPI(file)
                #expect(run.status == 0 && run.stdout.contains("\(file.path): OK"), "\(file.lastPathComponent): \(run.stdout)\(run.stderr)")
            }
        }
    }

    @Test func envelopesNamespacesAndPaginationAreTheWrappingSchemas() async throws {
        let yaml = try OpenAPIExporter.export(specAt: Self.fixtureSpec("crude-futures"), format: .yaml).text
        let document = try #require(try Yams.load(yaml: yaml) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: Any])
        #expect(
            Set(paths.keys) == ["/people", "/people/{id}", "/household/people/{id}", "/households/{householdID}/people", "/households", "/households/{id}"])
        let read = try #require((paths["/people/{id}"] as? [String: Any])?["get"] as? [String: Any])
        let schema = try #require(
            ((((read["responses"] as? [String: Any])?["200"] as? [String: Any])?["content"] as? [String: Any])?["application/json"] as? [String: Any])?[
                "schema"] as? [String: Any])
        let data = try #require((schema["properties"] as? [String: Any])?["data"] as? [String: Any])
        let person = try #require((data["properties"] as? [String: Any])?["person"] as? [String: Any])
        #expect(person["$ref"] as? String == "#/components/schemas/Person")
        let parameters = try #require(read["parameters"] as? [[String: Any]])
        #expect(parameters.map { $0["name"] as? String } == ["id", "Accept-Language"])
        #expect(((paths["/household/people/{id}"] as? [String: Any])?["patch"]) != nil, "update goes out as PATCH on its own route")
        let components = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let personSchema = try #require((components["Person"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(personSchema.keys) == ["id_Number", "first_name", "last_name", "favorite_color", "birthday", "completion", "tags"])

        let raccoon = try OpenAPIExporter.export(specAt: Self.fixtureSpec("raccoon"), format: .json).text
        #expect(raccoon.contains(#""previous": {"#) && raccoon.contains(#""results": {"#), "the DRF page wrapper")
    }

    /// Summaries take the article the name is spoken with: "an Author" but "a User", "an HTTPLog" but "a URLSet".
    @Test func summariesUseTheRightArticle() throws {
        let spec = """
            api: { name: Library }
            resources:
              Author: { path: authors, operations: [create, read], fields: { name: String } }
              Item: { path: items, operations: [delete], fields: { name: String } }
              User: { path: users, operations: [create], fields: { name: String } }
              Book: { path: books, operations: [create], fields: { name: String } }
              HTTPLog: { path: logs, operations: [create], fields: { name: String } }
              URLSet: { path: sets, operations: [create], fields: { name: String } }
              Hour: { path: hours, operations: [create], fields: { name: String } }
            """
        let yaml = try OpenAPIExporter.export(spec: Data(spec.utf8), file: "library.crude.yaml", format: .yaml).text
        let summaries = yaml.split(separator: "\n").compactMap { line in
            line.trimmingCharacters(in: .whitespaces).hasPrefix("summary: ") ? line.trimmingCharacters(in: .whitespaces).dropFirst("summary: ".count) : nil
        }
        #expect(
            Set(summaries) == [
                "Creates an Author.", "Reads an Author by its id.", "Deletes an Item.", "Creates a User.", "Creates a Book.", "Creates an HTTPLog.",
                "Creates a URLSet.", "Creates an Hour.",
            ], "\(summaries)")
    }

    /// Every answer `crudegen serve` gives is listed with its body (issue 43): a create's 400, 409, 413 and
    /// 415, an item's 404, a GET's 304, a paged list's 400, a nested route's 404, an action's 501 and the
    /// 204 of what returns nothing. The two error bodies are component schemas named so that a spec's own
    /// `ValidationErrors` and `ErrorDetail` keep their names, and import reads none of it back as types.
    @Test(.tags(.integration), .skippedWhenQuick) func everyAnswerTheServerGivesIsListedWithItsBody() async throws {
        let spec = """
            api: { name: Shop, base_url: "https://shop.example.com/v1" }
            models:
              ValidationErrors: { fields: { messages: "[String]" } }
              ErrorDetail: { fields: { detail: String } }
            resources:
              Order:
                path: orders
                operations: [create, read, update, patch, delete, list]
                responses: { create: none }
                fields: { title: String, problems: ValidationErrors? }
                actions:
                  cancel: { path: "orders/{id}/cancel", method: POST }
              Line:
                path: "orders/{orderID}/lines"
                params: { orderID: Int }
                operations: [create, list]
                pagination: { style: page, count: count }
                fields: { note: ErrorDetail }
            """
        let yaml = try OpenAPIExporter.export(spec: Data(spec.utf8), file: "shop.crude.yaml", format: .yaml).text
        let document = try #require(try Yams.load(yaml: yaml) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
        func statuses(_ path: String, _ method: String) -> [String] {
            ((paths[path]?[method]?["responses"] as? [String: Any])?.keys).map { $0.sorted() } ?? []
        }
        #expect(statuses("/orders", "post") == ["201", "204", "400", "409", "413", "415"])
        #expect(statuses("/orders", "get") == ["200", "304"], "a list without query parameters reads nothing a client wrote")
        #expect(statuses("/orders/{id}", "get") == ["200", "304", "404"])
        #expect(statuses("/orders/{id}", "put") == ["200", "400", "404", "413", "415"])
        #expect(statuses("/orders/{id}", "patch") == ["200", "400", "404", "413", "415"])
        #expect(statuses("/orders/{id}", "delete") == ["204", "404"])
        #expect(statuses("/orders/{id}/cancel", "post") == ["200", "204", "404", "501"])
        #expect(statuses("/orders/{orderID}/lines", "get") == ["200", "304", "400", "404"], "the page parameter is read; the order may not exist")
        #expect(statuses("/orders/{orderID}/lines", "post") == ["201", "400", "404", "409", "413", "415"])

        let create = try #require(paths["/orders"]?["post"]?["responses"] as? [String: Any])
        #expect((create["400"] as? [String: Any])?["$ref"] as? String == "#/components/responses/ValidationFailed")
        #expect((create["409"] as? [String: Any])?["$ref"] as? String == "#/components/responses/Conflict")
        let components = try #require(document["components"] as? [String: Any])
        let responses = try #require(components["responses"] as? [String: [String: Any]])
        #expect(
            Set(responses.keys) == ["NotModified", "ValidationFailed", "NotFound", "Conflict", "ContentTooLarge", "UnsupportedMediaType", "NotImplemented"])
        func bodySchema(_ name: String) -> String? {
            (((responses[name]?["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] as? [String: Any])?["$ref"] as? String
        }
        #expect(bodySchema("ValidationFailed") == "#/components/schemas/crudegen.ValidationErrors")
        #expect(bodySchema("NotFound") == "#/components/schemas/crudegen.ErrorDetail")
        #expect(responses["NotModified"]?["content"] == nil)
        let schemas = try #require(components["schemas"] as? [String: [String: Any]])
        #expect(Set(schemas.keys) == ["ValidationErrors", "ErrorDetail", "Order", "Line", "crudegen.ValidationErrors", "crudegen.ErrorDetail"])
        let errors = try #require((schemas["crudegen.ValidationErrors"]?["properties"] as? [String: [String: Any]])?["errors"])
        #expect((errors["additionalProperties"] as? [String: Any])?["type"] as? String == "array")
        #expect(schemas["crudegen.ErrorDetail"]?["required"] as? [String] == ["detail"])

        try await OpenAPITestSupport.withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("shop.yaml")
            try Data(yaml.utf8).write(to: file)
            let run = try await OpenAPITestSupport.validateOpenAPI(file)
            #expect(run.status == 0 && run.stdout.contains("\(file.path): OK"), "\(run.stdout)\(run.stderr)")
        }
        try Self.expectImportGeneratesTheSameSwift(yaml, file: "shop.yaml", as: spec)
    }

    /// A `lenient` field's schema takes every JSON scalar the runtime reads into its type: schemathesis saw
    /// `crudegen serve` answer `"view_count": true`, which the client reads as 1, against `[integer, string]`.
    @Test func lenientFieldsTakeEveryScalarTheRuntimeReads() async throws {
        let spec = """
            api: { name: Blog }
            models:
              Stats:
                fields:
                  views: { type: Int, transform: lenient }
                  score: { type: Double, transform: lenient }
                  published: { type: Bool, transform: lenient }
                  title: { type: String, transform: lenient }
            """
        let yaml = try OpenAPIExporter.export(spec: Data(spec.utf8), file: "blog.crude.yaml", format: .yaml).text
        let document = try #require(try Yams.load(yaml: yaml) as? [String: Any])
        let stats = try #require(((document["components"] as? [String: Any])?["schemas"] as? [String: Any])?["Stats"] as? [String: Any])
        let properties = try #require(stats["properties"] as? [String: [String: Any]])
        #expect(properties["views"]?["type"] as? [String] == ["number", "string", "boolean"], "fractions are truncated, booleans read as 0 and 1")
        #expect(properties["score"]?["type"] as? [String] == ["number", "string", "boolean"])
        #expect(properties["published"]?["type"] as? [String] == ["boolean", "string", "number"])
        #expect(properties["title"]?["type"] as? [String] == ["string", "number", "boolean"])
        try Self.expectImportGeneratesTheSameSwift(yaml, file: "blog.yaml", as: spec)
    }

    /// A field's `example` is the schema's `examples`, typed as JSON where the field's type is a number or a
    /// flag and the text reads back the same; import reads it back, from a property and a query parameter.
    @Test func examplesAreTheSchemasExamplesAndComeBack() async throws {
        let spec = """
            api: { name: Shop }
            resources:
              Item:
                path: items
                query: { limit: { type: Int?, example: "20" } }
                fields:
                  count: { type: Int, example: "42" }
                  code: { type: Int, example: "007" }
                  price: { type: Double, example: "4.50" }
                  paid: { type: Bool, example: "true" }
                  name: { type: String, example: "Jane Doe" }
            """
        let yaml = try OpenAPIExporter.export(spec: Data(spec.utf8), file: "shop.crude.yaml", format: .yaml).text
        let document = try #require(try Yams.load(yaml: yaml) as? [String: Any])
        let item = try #require(((document["components"] as? [String: Any])?["schemas"] as? [String: Any])?["Item"] as? [String: Any])
        let properties = try #require(item["properties"] as? [String: [String: Any]])
        #expect(properties["count"]?["examples"] as? [Int] == [42])
        #expect(properties["code"]?["examples"] as? [String] == ["007"], "a number that would read back as another text stays text")
        #expect(properties["price"]?["examples"] as? [String] == ["4.50"])
        #expect(properties["paid"]?["examples"] as? [Bool] == [true])
        #expect(properties["name"]?["examples"] as? [String] == ["Jane Doe"])
        let list = try #require(((document["paths"] as? [String: Any])?["/items"] as? [String: Any])?["get"] as? [String: Any])
        let limit = try #require((list["parameters"] as? [[String: Any]])?.first { $0["name"] as? String == "limit" })
        #expect((limit["schema"] as? [String: Any])?["examples"] as? [Int] == [20])
        let imported = try OpenAPIImporter.importDocument(Data(yaml.utf8), file: "shop.yaml")
        for line in ["example: \"42\"", "example: \"007\"", "example: \"4.50\"", "example: \"true\"", "example: Jane Doe", "example: \"20\""] {
            #expect(imported.yaml.contains(line), "\(line) in:\n\(imported.yaml)")
        }
        let swift = try OpenAPITestSupport.generatedSwift(imported.yaml)
        #expect(swift == (try OpenAPITestSupport.generatedSwift(spec)))
        #expect(swift["Item.swift"]?.contains("/// Example: `Jane Doe`") == true)
    }

    /// A JSON:API resource exports as JSON:API documents of their media type: under `data`, its resource
    /// object, with the `type` of its one value, its `id`, its fields as `attributes` and its relationships
    /// as `relationships` holding resource identifiers (`null` for an empty to-one relationship, an array
    /// for a to-many one).
    @Test func aJSONAPIResourceExportsJSONAPIDocuments() throws {
        let exported = try OpenAPIExporter.export(specAt: Self.fixtureSpec("jsonapi"), format: .json).text
        let document = try JSONSerialization.jsonObject(with: Data(exported.utf8))
        func at(_ keys: String...) -> Any? {
            keys.reduce(Optional(document)) { value, key in (value as? [String: Any])?[key] }
        }
        let media = "application/vnd.api+json"
        let wrapped: NSDictionary = ["type": "object", "required": ["data"], "properties": ["data": ["$ref": "#/components/schemas/Article"]]]
        #expect(at("paths", "/articles/", "post", "requestBody", "content", media, "schema") as? NSDictionary == wrapped)
        #expect(at("paths", "/articles/{id}/", "get", "responses", "200", "content", media, "schema") as? NSDictionary == wrapped)
        #expect(at("paths", "/articles/{id}/", "patch", "requestBody", "content", media, "schema") as? NSDictionary == wrapped)
        #expect(at("paths", "/articles/", "get", "responses", "200", "content", media, "schema", "properties", "data", "type") as? String == "array")
        #expect(at("paths", "/articles/", "get", "responses", "200", "content", "application/json") == nil)
        let article = "components schemas Article properties".split(separator: " ").map(String.init)
        func inArticle(_ keys: String...) -> Any? {
            keys.reduce(at(article[0], article[1], article[2], article[3])) { value, key in (value as? [String: Any])?[key] }
        }
        #expect(inArticle("type") as? NSDictionary == ["type": "string", "enum": ["articles"]])
        #expect(inArticle("id", "type") as? String == "string")
        #expect((inArticle("attributes", "properties") as? [String: Any]).map { Set($0.keys) } == ["title", "body", "published_at", "word_count"])
        let identifier: NSDictionary = [
            "type": "object", "required": ["type", "id"], "properties": ["type": ["type": "string", "enum": ["people"]], "id": ["type": "string"]],
        ]
        #expect(inArticle("relationships", "properties", "author", "properties", "data") as? NSDictionary == ["anyOf": [identifier, ["type": "null"]]])
        #expect(inArticle("relationships", "properties", "author", "description") as? String == "The person who wrote it.")
        #expect(inArticle("relationships", "properties", "reviewers", "properties", "data") as? NSDictionary == ["type": "array", "items": identifier])
        #expect(inArticle("relationships", "required") as? [String] == ["reviewers"])
    }

    /// `import(export(spec))` generates the same Swift as the spec, for every fixture: what OpenAPI cannot
    /// say travels in the `x-crudegen-…` extensions (docs/openapi.md), and nothing is reported as lost.
    @Test(arguments: OpenAPITestSupport.fixtures)
    func importOfTheExportGeneratesTheSameSwift(fixture: String) async throws {
        let exported = try OpenAPIExporter.export(specAt: Self.fixtureSpec(fixture), format: .yaml).text
        let imported = try OpenAPIImporter.importDocument(Data(exported.utf8), file: "\(fixture).yaml")
        let original = try OpenAPITestSupport.generatedSwift(String(contentsOfFile: Self.fixtureSpec(fixture), encoding: .utf8))
        let roundTripped = try OpenAPITestSupport.generatedSwift(imported.yaml)
        #expect(Set(roundTripped.keys) == Set(original.keys), "\(fixture): other files after the round trip")
        for (name, text) in original.sorted(by: { $0.key < $1.key }) {
            let same = roundTripped[name] == text
            #expect(same, "\(fixture): \(name) differs after the round trip")
        }
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    /// What a random spec found: an API action whose name `import` would camel-case (`URLSession12` came
    /// back `uRLSession12`), and a route using a parameter twice, which OpenAPI declares once.
    @Test func actionNamesAndRepeatedRouteParametersSurviveTheRoundTrip() async throws {
        let yaml = """
            api: { name: Shop }
            resources:
              Order:
                path: orders
                operations: [list]
                fields: { title: String }
                actions:
                  twice: { path: "orders/{id}/{id}", method: GET }
            actions:
              URLSession12: { path: sessions, returns: "[Order]" }
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-export-\(UUID().uuidString).yaml")
        try Data(yaml.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let exported = try OpenAPIExporter.export(specAt: file.path, format: .yaml).text
        #expect(exported.components(separatedBy: "- name: id\n").count == 2, "`id` is declared once")
        let imported = try OpenAPIImporter.importDocument(Data(exported.utf8), file: "shop.yaml")
        #expect(try OpenAPITestSupport.generatedSwift(imported.yaml) == OpenAPITestSupport.generatedSwift(yaml))
    }

    /// A route parameter's Swift name survives the round trip whether it is the camel case import gives
    /// (`team_id` → `teamId`), the name as written (`owner_id`), or another (`reportYear`): export writes
    /// `x-crudegen-swift-name` for the last two.
    @Test func routeParametersKeepTheirSwiftNames() async throws {
        let yaml = """
            api: { name: Teams }
            resources:
              Hero:
                path: "teams/{team_id}/owners/{owner_id}/heroes"
                operations: [list]
                params: { team_id: { type: Int, swift_name: teamId }, owner_id: Int }
                fields: { title: String }
            actions:
              report: { path: "reports/{year}", params: { year: { type: Int, swift_name: reportYear } }, returns: "[Hero]" }
            """
        let exported = try OpenAPIExporter.export(spec: Data(yaml.utf8), file: "teams.crude.yaml", format: .yaml).text
        #expect(exported.components(separatedBy: "x-crudegen-swift-name").count == 3, "\(exported)")
        let imported = try OpenAPIImporter.importDocument(Data(exported.utf8), file: "teams.yaml")
        #expect(imported.yaml.contains("    path: teams/{team_id}/owners/{owner_id}/heroes\n"), "\(imported.yaml)")
        #expect(try OpenAPITestSupport.generatedSwift(imported.yaml) == OpenAPITestSupport.generatedSwift(yaml))
    }

    /// A route parameter's value goes into the path as its type writes it: the generated client applies no
    /// transform there, so the export types it by its type alone (an `Int` param that is `lenient` is an
    /// integer, not every scalar), and the import gives the same Swift back.
    @Test func aRouteParameterIsTypedAsThePathCarriesIt() async throws {
        let yaml = """
            api: { name: Shop }
            resources:
              Line:
                path: "orders/{orderID}/lines"
                operations: [list]
                params: { orderID: { type: Int, transform: lenient } }
                fields: { note: String }
            actions:
              tag: { path: "tags/{code}", params: { code: { type: Int, transform: lenient } } }
            """
        let exported = try OpenAPIExporter.export(spec: Data(yaml.utf8), file: "shop.crude.yaml", format: .json).text
        let document = try #require(try JSONSerialization.jsonObject(with: Data(exported.utf8)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        for (path, method) in [("/orders/{orderID}/lines", "get"), ("/tags/{code}", "get")] {
            let operation = try #require(paths[path]?[method] as? [String: Any], "\(path)")
            let parameters = try #require(operation["parameters"] as? [[String: Any]])
            let schema = try #require(parameters.first { $0["in"] as? String == "path" }?["schema"] as? [String: Any])
            #expect(schema["type"] as? String == "integer", "\(path): \(schema)")
        }
        let imported = try OpenAPIImporter.importDocument(Data(exported.utf8), file: "shop.json")
        #expect(try OpenAPITestSupport.generatedSwift(imported.yaml) == OpenAPITestSupport.generatedSwift(yaml), "\(imported.yaml)")
    }

    /// A `required` optional field is a required key whose schema allows `null`, and imports back as one;
    /// a key that is only nullable, or only required, is not `required`.
    @Test func aRequiredOptionalFieldIsARequiredNullableKey() async throws {
        let yaml = """
            api: { name: Cloud }
            resources:
              Droplet:
                path: droplets
                fields: { name: String, vpc: { type: String?, required: true }, tag: String? }
            """
        let exported = try OpenAPIExporter.export(spec: Data(yaml.utf8), file: "cloud.crude.yaml", format: .yaml).text
        #expect(exported.contains("required:\n        - name\n        - vpc\n"), "\(exported)")
        let imported = try OpenAPIImporter.importDocument(Data(exported.utf8), file: "cloud.yaml")
        #expect(imported.yaml.contains("      vpc: { type: String?, required: true }\n      tag: String?\n"), "\(imported.yaml)")
        #expect(try OpenAPITestSupport.generatedSwift(imported.yaml) == OpenAPITestSupport.generatedSwift(yaml))
    }

    /// Two operations on one path and verb (a create and an action, both `POST people`): OpenAPI holds one,
    /// so the second goes into the path item's `x-crudegen-operations` with a warning at its line, the JSON
    /// has no repeated key, and the import gives both back. Headers OpenAPI ignores as parameters
    /// (`Accept`) and a base URL's trailing slash come back too.
    @Test func aSecondOperationOnOnePathAndVerbIsKeptInAnExtension() throws {
        let yaml = """
            api: { name: People, base_url: "https://api.example.com/v1/" }
            resources:
              Person:
                path: people
                operations: [create, list]
                fields: { name: String }
                actions:
                  merge: { path: people, method: POST, body: Person, returns: Person, headers: { X-Trace: on, Accept: application/merge+json } }
            """
        let exported = try OpenAPIExporter.export(spec: Data(yaml.utf8), file: "people.crude.yaml", format: .json)
        #expect(
            exported.warnings.map(\.description) == [
                "people.crude.yaml:8:7: warning: action `merge` of `Person` is another operation on `POST /people`; OpenAPI holds one per path and method, so it is exported in the path's `x-crudegen-operations`, which only crudegen reads\n    hint: give it a path or method of its own for other tools to see it"
            ])
        // Strict JSON: the reader refuses a repeated key.
        let people = try #require(try JSONReader.read(exported.text, file: "people.json").mapping?["paths"]?.mapping?["/people"]?.mapping)
        #expect(Set(people.keys.compactMap(\.scalar?.string)) == ["get", "post", "x-crudegen-operations"])
        let imported = try OpenAPIImporter.importDocument(Data(exported.text.utf8), file: "people.json")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        #expect(imported.yaml.contains("base_url: https://api.example.com/v1/\n"), "\(imported.yaml)")
        #expect(try OpenAPITestSupport.generatedSwift(imported.yaml) == OpenAPITestSupport.generatedSwift(yaml))
    }

    /// Operation ids are unique in the document, as OpenAPI requires, where the names they are built from
    /// meet: resources `any` and `Any` both delete, an API action `createPerson` beside resource `Person`'s
    /// create, resource `Person`'s action `x` beside an API action `Person_x`. The import reads each back by
    /// its marks, not its id.
    @Test func operationIDsAreUniqueWhereTheirNamesMeet() throws {
        let yaml = """
            api: { name: People }
            resources:
              Person:
                path: people
                operations: [create, delete]
                fields: { name: String }
                actions:
                  x: { path: people/x, method: POST }
              any:
                path: anys
                operations: [delete]
                fields: { name: String }
              Any:
                path: others
                swift_name: AnyModel
                operations: [delete]
                fields: { name: String }
            actions:
              createPerson: { path: people/new, method: POST }
              Person_x: { path: people/y, method: POST }
            """
        let exported = try OpenAPIExporter.export(spec: Data(yaml.utf8), file: "people.crude.yaml", format: .json).text
        let document = try #require(try JSONSerialization.jsonObject(with: Data(exported.utf8)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let ids = paths.values.flatMap { item in item.values.compactMap { ($0 as? [String: Any])?["operationId"] as? String } }
        #expect(
            ids.sorted() == [
                "Person_x", "Person_x2", "createPerson", "createPerson2", "deleteAny", "deleteAny2", "deletePerson",
            ], "\(ids)")
        try Self.expectImportGeneratesTheSameSwift(exported, file: "people.json", as: yaml)
    }

    /// A union's variant that is a model named like a built-in keeps its place: a model `JSON` reads objects
    /// only, so import must not move it last as it moves the built-in `JSON`, which reads every value (a
    /// random spec found `[Bool, JSON, Decimal]` come back `[Bool, Decimal, JSON]`).
    @Test func aVariantThatIsAModelNamedLikeABuiltinKeepsItsPlace() async throws {
        let yaml = """
            api: { name: Shapes }
            models:
              JSON: { swift_name: JSONModel, fields: { name: String } }
            unions:
              Value: { variants: [Bool, JSON, Decimal] }
            resources:
              Shape:
                path: shapes
                fields: { value: Value }
            """
        let exported = try OpenAPIExporter.export(spec: Data(yaml.utf8), file: "shapes.crude.yaml", format: .yaml).text
        try Self.expectImportGeneratesTheSameSwift(exported, file: "shapes.yaml", as: yaml)
    }

    /// OpenAPI allows only ASCII letters, digits, `.`, `_` and `-` in a component's key: a type named
    /// `Ünïcode` is keyed `.DC.n.EF.code`, referenced so, and imported back by its `x-crudegen-name`.
    @Test func aComponentKeyIsOneOpenAPIAllows() throws {
        let yaml = """
            api: { name: Shop }
            resources:
              Ünïcode:
                path: items
                fields: { name: String }
            """
        let exported = try OpenAPIExporter.export(spec: Data(yaml.utf8), file: "shop.crude.yaml", format: .json).text
        let schemas = try #require(try JSONReader.read(exported, file: "shop.json").mapping?["components"]?.mapping?["schemas"]?.mapping)
        #expect(schemas.keys.compactMap(\.scalar?.string).first == ".DC.n.EF.code")
        #expect(exported.contains(##""$ref": "#/components/schemas/.DC.n.EF.code""##))
        try Self.expectImportGeneratesTheSameSwift(exported, file: "shop.json", as: yaml)
    }

    /// `returns: File` is an `application/octet-stream` response of binary bytes, and imports back as a download.
    @Test func aDownloadIsABinaryResponseAndImportsBackAsOne() async throws {
        let yaml = """
            api: { name: Reports }
            actions:
              export: { path: "reports/{id}/export", params: { id: Int }, returns: File }
            """
        let exported = try OpenAPIExporter.export(spec: Data(yaml.utf8), file: "reports.crude.yaml", format: .yaml).text
        #expect(exported.contains("content:\n            application/octet-stream:\n              schema:\n                type: string\n"), "\(exported)")
        let imported = try OpenAPIImporter.importDocument(Data(exported.utf8), file: "reports.yaml")
        #expect(imported.yaml.contains("returns: File"), "\(imported.yaml)")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        #expect(try OpenAPITestSupport.generatedSwift(imported.yaml) == OpenAPITestSupport.generatedSwift(yaml))
    }

    /// `export(import(doc))` describes the same operations and schemas as `doc` for the CRUD subset.
    @Test func exportOfTheImportDescribesTheSameOperations() async throws {
        let source = try Data(contentsOf: ImportTests.shop)
        let imported = try OpenAPIImporter.importDocument(source, file: "shop.yaml")
        let exported = try OpenAPIExporter.export(spec: Data(imported.yaml.utf8), file: "shop.crude.yaml", format: .yaml).text
        let before = try Self.outline(String(decoding: source, as: UTF8.self))
        let after = try Self.outline(exported)
        // Every operation is described again, the multipart upload too.
        #expect(before.operations.subtracting(after.operations).isEmpty)
        #expect(after.operations.subtracting(before.operations).isEmpty)
        #expect(after.schemas["Pet"] == before.schemas["Pet"].map { $0.union(before.schemas["Named"] ?? []) }, "allOf merged into one object")
        for name in ["Species", "Size", "Named"] {
            #expect(after.schemas[name] == before.schemas[name], "\(name)")
        }
        #expect(after.schemas["PaginatedPetList"] == nil, "the page `pagination: true` says, described in place")
    }

    /// The same for swift-openapi-generator's Petstore: every operation import kept is described again,
    /// and the ones it reported as left out are exactly the missing ones.
    @Test(.tags(.integration), .skippedWhenQuick, OpenAPITestSupport.Peer.needed) func exportOfThePetstoresImportKeepsEveryOperationItDidNotReport()
        async throws
    {
        let source = try await OpenAPITestSupport.peerDocument("Tests/OpenAPIGeneratorReferenceTests/Resources/Docs/petstore.yaml")
        let imported = try OpenAPIImporter.importDocument(source, file: "petstore.yaml")
        let exported = try OpenAPIExporter.export(spec: Data(imported.yaml.utf8), file: "petstore.crude.yaml", format: .yaml).text
        let before = try Self.outline(String(decoding: source, as: UTF8.self))
        let after = try Self.outline(exported)
        let leftOut = Set(
            imported.warnings.compactMap { warning -> String? in
                guard let range = warning.message.range(of: #"^[A-Z]+ \S+ is left out"#, options: .regularExpression) else { return nil }
                let words = warning.message[range].split(separator: " ")
                return "\(words[0]) " + String(words[1]).replacingOccurrences(of: #"\{[^}]*\}"#, with: "{}", options: .regularExpression)
            })
        #expect(leftOut == ["PUT /pets/{}/avatar", "POST /pets/multipart-typed"], "the form body of POST /pets/create imports")
        #expect(before.operations.subtracting(after.operations) == leftOut)
        #expect(after.operations.subtracting(before.operations).isEmpty)
        #expect(before.operations.count == 10 && before.schemas["Pet"]?.contains("kind") == true)
        #expect(after.schemas["Pet"] == before.schemas["Pet"])
    }

    /// A document's operations (`GET /pets/{}`, parameters by position) and each schema's property keys.
    static func outline(_ yaml: String) throws -> (operations: Set<String>, schemas: [String: Set<String>]) {
        let document = try #require(try Yams.load(yaml: yaml) as? [String: Any])
        var operations: Set<String> = []
        for (path, item) in document["paths"] as? [String: Any] ?? [:] {
            let normalized = path.replacingOccurrences(of: #"\{[^}]*\}"#, with: "{}", options: .regularExpression)
            for method in (item as? [String: Any] ?? [:]).keys where ["get", "put", "post", "patch", "delete"].contains(method) {
                operations.insert("\(method.uppercased()) \(normalized)")
            }
        }
        var schemas: [String: Set<String>] = [:]
        for (name, schema) in (document["components"] as? [String: Any])?["schemas"] as? [String: Any] ?? [:] {
            let object = schema as? [String: Any] ?? [:]
            var keys = Set((object["properties"] as? [String: Any] ?? [:]).keys)
            for member in object["allOf"] as? [[String: Any]] ?? [] {
                keys.formUnion((member["properties"] as? [String: Any] ?? [:]).keys)
            }
            if let values = object["enum"] as? [Any] { keys = Set(values.map { "\($0)" }) }
            schemas[name] = keys
        }
        return (operations, schemas)
    }
}
