import CrudeGenCore
import CrudeGenOpenAPI
import Foundation
import TestTags
import Testing

/// `crudegen import`: documents written here for one mapping each, and real documents no one here wrote.
@Suite struct ImportTests {
    static let shop = OpenAPITestSupport.packageRoot.appendingPathComponent("Tests/CrudeGenOpenAPITests/Documents/shop.yaml")

    @Test(.tags(.integration), .skippedWhenQuick) func mapsADjangoStyleDocumentAsAPersonWouldWriteIt() async throws {
        let result = try OpenAPIImporter.importDocument(Data(contentsOf: Self.shop), file: "shop.yaml")
        let expected = """
            # Imported by crudegen \(CrudeGenVersion.current) from shop.yaml (OpenAPI 3.0.3).
            api:
              name: PetShop
              base_url: https://shop.example.com/api
              keys: snake_case

            enums:
              Species: [cat, dog, red_panda]
              Size:
                type: Int
                cases:
                  value1: 1
                  value2: 2
                  value3: 3

            unions:
              PetExtra: [String, Int]

            models:
              Named:
                fields:
                  name:
                    type: String
                    description: The pet's name.

            resources:
              Pet:
                description: A pet in the shop.
                path: pets/
                id: { name: id, type: Int64 }
                pagination: true
                fields:
                  name:
                    type: String
                    description: The pet's name.
                  species: Species
                  size: Size?
                  tags: "[String]"
                  bornAt: Date?
                  chipId: UUID?
                  homePage: URL?
                  attributes: "[String: Int]?"
                  extra: PetExtra?

            actions:
              petsAdopt:
                description: Adopts the pet.
                path: pets/{id}/adopt/
                params: { id: Int64 }
                query:
                  note: String?
                body:
                  ownerName: String
                returns:
                  adoptedAt: Date?
              photosUpload:
                path: photos/
                body:
                  file: File?
                body_format: multipart

            """
        #expect(result.yaml == expected)
        #expect(
            result.warnings.map(\.description) == [
                "shop.yaml:67:11: warning: cookie parameter `session` of POST /pets/{id}/adopt/ is not imported: a spec has no cookies (#/paths/~1pets~1{id}~1adopt~1/post/parameters/2)"
            ])
        #expect(try await OpenAPITestSupport.typecheckGenerated(result.yaml) == "")
    }

    @Test func readsJSONAndOpenAPI31NullableTypes() throws {
        let json = #"""
            {"openapi": "3.1.0", "info": {"title": "notes", "version": "1"},
             "paths": {"/notes": {"get": {"operationId": "listNotes", "responses": {"200": {"description": "ok",
               "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Note"}}}}}}}},
               "/notes/{noteId}": {"get": {"operationId": "getNote", "parameters": [{"name": "noteId", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}],
                 "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Note"}}}}}}}},
             "components": {"schemas": {"Note": {"type": "object", "required": ["noteId", "text", "pinnedAt"], "properties": {
               "noteId": {"type": "string", "format": "uuid"}, "text": {"type": "string"},
               "pinnedAt": {"type": ["string", "null"], "format": "date-time"},
               "editor": {"anyOf": [{"$ref": "#/components/schemas/Editor"}, {"type": "null"}]}}},
               "Editor": {"type": "object", "properties": {"name": {"type": "string"}}}}},
             "webhooks": {"noteChanged": {"post": {"responses": {"200": {"description": "ok"}}}}}}
            """#
        let result = try OpenAPIImporter.importDocument(Data(json.utf8), file: "notes.json")
        #expect(
            result.yaml.contains(
                """
                  Note:
                    path: notes
                    id: { name: noteId, type: UUID }
                    operations: [read, list]
                    fields:
                      text: String
                      pinnedAt: { type: Date?, required: true }
                      editor: Editor?
                """))
        #expect(!result.yaml.contains("keys:"), "camelCase keys stay verbatim")
        #expect(
            result.warnings.map(\.description) == [
                "notes.json:11:30: warning: webhook `noteChanged` is not imported: a spec describes calls the client makes (#/webhooks/noteChanged)"
            ])
    }

    @Test func reportsWhatADocumentIsNotInsteadOfCrashing() async throws {
        let cases: [(text: String, message: String)] = [
            ("swagger: '1.2'\ninfo: {title: x, version: '1'}\npaths: {}\n", "Swagger version `1.2` is not supported"),
            ("info: {title: x, version: '1'}\npaths: {}\n", "has no `openapi` version"),
            ("openapi: 3.0.3\ninfo: {title: x}\npaths: {}\n", "not a valid OpenAPI document"),
            ("openapi: 4.0.0\ninfo: {title: x, version: '1'}\npaths: {}\n", "OpenAPI version `4.0.0` is not supported"),
            ("- just\n- a list\n", "its top level is not a mapping"),
            ("openapi: [unclosed\n", "bad.yaml:1:10: error: a `[` opened here is never closed (YAML syntax: at 2:1, expected `,` or `]`)"),
        ]
        for item in cases {
            #expect(throws: DiagnosticsError.self) { try OpenAPIImporter.importDocument(Data(item.text.utf8), file: "bad.yaml") }
            do {
                _ = try OpenAPIImporter.importDocument(Data(item.text.utf8), file: "bad.yaml")
            } catch {
                #expect(error.description.contains(item.message), "\(error.description)")
            }
        }
    }

    /// A published example that is no value of its property's type (Asana's cursor as an integer offset,
    /// Okta's `non-compliant` beside its enum) is left out with a warning at it, so that the spec generates
    /// without warnings; one that fits is kept, from a schema's `examples` or 3.0's `example`.
    @Test func examplesThatAreNoValueOfTheirTypeAreLeftOut() throws {
        let yaml = """
            openapi: 3.0.3
            info: { title: Shop, version: "1" }
            paths: {}
            components:
              schemas:
                Order:
                  type: object
                  properties:
                    offset: { type: integer, example: eyJ0eXAiOiJKV1Qi }
                    count: { type: integer, example: 3 }
                    state: { type: string, enum: [open, closed], example: non-compliant }
                    note: { type: string, example: Leave at the door }
            """
        let result = try OpenAPIImporter.importDocument(Data(yaml.utf8), file: "shop.yaml")
        #expect(
            result.warnings.map(\.description) == [
                "shop.yaml:9:17: warning: the example `eyJ0eXAiOiJKV1Qi` is no value of `Int`; it is left out (#/components/schemas/Order/properties/offset)",
                "shop.yaml:11:16: warning: the example `non-compliant` is no value of `OrderState`; it is left out (#/components/schemas/Order/properties/state)",
            ])
        #expect(result.yaml.contains("count: { type: Int?, example: \"3\" }"), "\(result.yaml)")
        #expect(result.yaml.contains("note: { type: String?, example: Leave at the door }"), "\(result.yaml)")
        #expect(!result.yaml.contains("eyJ0eXAiOiJKV1Qi") && !result.yaml.contains("non-compliant"))
    }

    @Test func queryArraysKeepTheirStyleBothWays() async throws {
        let yaml = """
            openapi: 3.1.0
            info: { title: Search, version: "1" }
            paths:
              /issues:
                get:
                  operationId: search-issues
                  parameters:
                    - { name: ids, in: query, schema: { type: array, items: { type: integer } } }
                    - { name: labels, in: query, required: true, explode: false, schema: { type: array, items: { type: string } } }
                    - { name: since, in: query, schema: { type: string, format: date-time } }
                    - { name: filter, in: query, schema: { type: object, properties: { a: { type: string } } } }
                  responses:
                    "204": { description: Done. }
            """
        let result = try OpenAPIImporter.importDocument(Data(yaml.utf8), file: "search.yaml")
        #expect(
            result.yaml.hasSuffix(
                """
                actions:
                  searchIssues:
                    path: issues
                    query:
                      ids: "[Int]?"
                      labels: { type: "[String]", array_style: comma }
                      since: Date?

                """))
        #expect(
            result.warnings.map(\.message) == [
                "query parameter `filter` of GET /issues is not imported: a spec's query values are scalars or arrays of scalars (#/paths/~1issues/get/parameters/3)"
            ])
        let exported = try OpenAPIExporter.export(spec: Data(result.yaml.utf8), file: "search.crude.yaml", format: .json).text
        #expect(exported.contains(#""name": "labels","#) && exported.contains(#""style": "form","#) && exported.contains(#""explode": false"#))
    }

    /// OpenAPI's `deprecated: true` deprecates the operation or action it marks; the message, which OpenAPI
    /// has no place for, travels in `x-crudegen-deprecation-message`.
    @Test func deprecatedOperationsStayDeprecated() async throws {
        let yaml = """
            openapi: 3.1.0
            info: { title: Shop, version: "1" }
            paths:
              /items:
                get:
                  operationId: list-items
                  deprecated: true
                  x-crudegen-deprecation-message: 'Use "search": it pages'
                  responses:
                    "200":
                      description: ok
                      content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Item" } } } }
              /items/{id}:
                get:
                  operationId: read-item
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } }
              /ping:
                post: { operationId: ping, deprecated: true, responses: { "204": { description: Done. } } }
            components:
              schemas:
                Item: { type: object, required: [id], properties: { id: { type: integer }, title: { type: string } } }
            """
        let result = try OpenAPIImporter.importDocument(Data(yaml.utf8), file: "shop.yaml")
        #expect(result.yaml.contains("    deprecated: { list: \"Use \\\"search\\\": it pages\" }\n"), "\(result.yaml)")
        #expect(result.yaml.contains("  ping:\n    method: POST\n    path: ping\n    deprecated: true\n"), "\(result.yaml)")
        let exported = try OpenAPIExporter.export(spec: Data(result.yaml.utf8), file: "shop.crude.yaml", format: .json).text
        #expect(exported.components(separatedBy: #""deprecated": true"#).count == 3, "\(exported)")
        #expect(exported.contains(#""x-crudegen-deprecation-message": "Use \"search\": it pages""#), "\(exported)")
    }

    /// `x-crudegen-…` values a spec would not accept, as another tool or a hand might write them, are
    /// ignored: the import still validates, and keeps what the document says without them.
    @Test(.tags(.integration), .skippedWhenQuick) func extensionsASpecWouldRejectAreIgnored() async throws {
        let yaml = """
            openapi: 3.1.0
            info: { title: Odd, version: "1" }
            x-crudegen-access: private
            x-crudegen-cache: sometimes
            x-crudegen-keys: SCREAMING
            x-crudegen-name: "not a name"
            x-crudegen-transforms: { iso8601: { date_format: x }, "bad name": { date_format: x }, cents: { type: "[", swift: Cents } }
            paths:
              /things:
                get:
                  x-crudegen-resource: Thing
                  x-crudegen-operation: list
                  x-crudegen-cache: forever
                  x-crudegen-pagination: { style: sideways, size: -3 }
                  responses:
                    "200":
                      description: ok
                      content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Thing" } } } }
              /search:
                get:
                  operationId: search
                  x-crudegen-pagination: { style: page, next: "a..b" }
                  responses:
                    "200":
                      description: ok
                      content: { application/json: { schema: { type: object, properties: { total: { type: integer } } } } }
              /find:
                get:
                  operationId: find
                  x-crudegen-pagination: { style: page }
                  responses:
                    "200":
                      description: ok
                      content: { application/json: { schema: { type: object, properties: { results: { type: string } } } } }
            components:
              schemas:
                Thing:
                  type: object
                  x-crudegen-name: Codable
                  x-crudegen-swift-name: "two words"
                  x-crudegen-path: "orgs/{org}/things"
                  properties:
                    id: { type: integer }
                    label: { type: string, x-crudegen-transform: percentage, x-crudegen-swift-name: "9lives" }
                    when: { type: string, x-crudegen-transform: cents, x-crudegen-type: Nowhere }
                    other: { type: string, x-crudegen-name: label }
            """
        let result = try OpenAPIImporter.importDocument(Data(yaml.utf8), file: "odd.yaml")
        #expect(
            result.yaml.hasSuffix(
                """
                api:
                  name: Odd

                resources:
                  Thing:
                    path: things
                    operations: [list]
                    fields:
                      label: String?
                      when: String?
                      other: String?

                actions:
                  search:
                    path: search
                    returns:
                      total: Int?
                  find:
                    path: find
                    returns:
                      results: String?

                """), "\(result.yaml)")
        #expect(try await OpenAPITestSupport.typecheckGenerated(result.yaml) == "")
    }

    /// One component served at two path pairs (one serializer behind two viewsets): the second pair is a
    /// resource of its own, named after its path, with the same fields.
    @Test func aModelServedAtTwoPathsIsTwoResources() async throws {
        let yaml = """
            openapi: 3.0.3
            info: { title: Shelf, version: "1" }
            paths:
              /items/:
                get:
                  responses: { "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Item" } } } } } }
                post:
                  requestBody: { content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } }
                  responses: { "201": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } } }
              /items/{id}/:
                get:
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } } }
              /archived-entries/:
                get:
                  responses: { "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Item" } } } } } }
              /archived-entries/{id}/:
                get:
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } } }
                delete:
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  responses: { "204": { description: gone } }
            components:
              schemas:
                Item:
                  type: object
                  required: [id, title]
                  properties:
                    id: { type: integer, readOnly: true }
                    title: { type: string }
            """
        let result = try OpenAPIImporter.importDocument(Data(yaml.utf8), file: "shelf.yaml")
        #expect(
            result.yaml.hasSuffix(
                """
                resources:
                  Item:
                    path: items/
                    operations: [create, read, list]
                    fields:
                      title: String
                  ArchivedEntry:
                    path: archived-entries/
                    operations: [read, delete, list]
                    fields:
                      title: String

                """), "\(result.yaml)")
        #expect(result.warnings.isEmpty)
    }

    /// A model that holds itself by value cannot be a Swift struct: the field becomes `JSON`, reported.
    @Test func breaksValueCyclesWithALocatedWarning() async throws {
        let yaml = """
            openapi: 3.0.3
            info: { title: Tree, version: "1" }
            paths: {}
            components:
              schemas:
                Node:
                  type: object
                  properties:
                    parent: { $ref: "#/components/schemas/Node" }
                    children: { type: array, items: { $ref: "#/components/schemas/Node" } }
            """
        let result = try OpenAPIImporter.importDocument(Data(yaml.utf8), file: "tree.yaml")
        #expect(result.yaml.contains("      parent: JSON?\n      children: \"[Node]?\"\n"))
        #expect(result.warnings.first?.description.hasPrefix("tree.yaml:9:17: warning: field `parent` of `Node` makes it contain itself by value") == true)
    }

    /// The schema drf-spectacular writes for a small Django REST Framework project, generated now by the
    /// pinned versions (Scripts/python-requirements.txt) from Documents/drf/schema.py.
    @Test(.tags(.integration), .skippedWhenQuick) func importsTheSchemaDRFSpectacularWrites() async throws {
        let python = try await OpenAPITestSupport.runTool("/bin/bash", [OpenAPITestSupport.packageRoot.appendingPathComponent("Scripts/python-env.sh").path])
        try #require(python.status == 0, "\(python.stderr)")
        let project = OpenAPITestSupport.packageRoot.appendingPathComponent("Tests/CrudeGenOpenAPITests/Documents/drf/schema.py")
        let schema = try await OpenAPITestSupport.runTool(python.stdout.trimmingCharacters(in: .whitespacesAndNewlines), [project.path])
        try #require(schema.status == 0, "\(schema.stderr)")
        let result = try OpenAPIImporter.importDocument(schema.stdoutData, file: "schema.yaml")
        #expect(
            result.yaml.contains(
                """
                resources:
                  Person:
                    path: people/
                    operations: [create, read, update, patch, delete, list]
                    pagination: true
                    fields:
                      firstName:
                        type: String
                        description: What friends call them.
                      favoriteColor: FavoriteColorEnum?
                      birthday: Date?
                      createdAt: { type: Date, read_only: true }
                      externalId: UUID?
                """), "\(result.yaml)")
        #expect(result.yaml.contains("  keys: snake_case\n"))
        #expect(result.yaml.contains("  peopleGreetCreate:\n    description: Says hello to the person.\n    path: people/{id}/greet/\n"))
        #expect(
            result.warnings.map(\.message) == [
                "security scheme `basicAuth` is not imported; give the client an `Authenticator` or default headers (#/components/securitySchemes/basicAuth)",
                "security scheme `cookieAuth` is not imported; give the client an `Authenticator` or default headers (#/components/securitySchemes/cookieAuth)",
            ])
        #expect(try await OpenAPITestSupport.typecheckGenerated(result.yaml) == "")
    }

    /// `Fixtures/drf-imported/spec.yaml` is what import makes now of the schema drf-spectacular writes for
    /// the Django REST Framework test server (`Tests/DRFServer/server.py --schema`), so the code
    /// GeneratedCodeTests runs against that server cannot drift from it.
    @Test(.tags(.integration), .skippedWhenQuick) func theDRFServersSchemaImportsAsTheCommittedFixture() async throws {
        let result = try await Self.importLiveSchema(
            of: "Tests/DRFServer/server.py", arguments: ["page-items", "limit-items", "cursor-items", "authors", "books", "tags", "users", "token"],
            file: "drf-schema.yaml", into: "drf-imported")
        // Every collection and item pair is a resource; the cover upload and the token login are actions.
        #expect(result.summary.description == "44 operations read: 7 resources (42 operations), 2 actions, 0 left out")
        #expect(
            result.warnings.map(\.message) == [
                "security scheme `basicAuth` is not imported; give the client an `Authenticator` or default headers (#/components/securitySchemes/basicAuth)",
                "security scheme `cookieAuth` is not imported; give the client an `Authenticator` or default headers (#/components/securitySchemes/cookieAuth)",
            ])
    }

    /// `Fixtures/fastapi-imported/spec.yaml` is what import makes now of the schema FastAPI serves for the
    /// FastAPI + SQLModel test server (`Tests/FastAPIServer/app.py --schema`): every collection and item pair
    /// a resource, whatever each endpoint's model is called. FastAPI's `HTTPValidationError` and
    /// `ValidationError`, which only its 422 responses use, are left out and counted: the client reads
    /// error bodies itself.
    @Test(.tags(.integration), .skippedWhenQuick) func theFastAPIServersSchemaImportsAsTheCommittedFixture() async throws {
        let result = try await Self.importLiveSchema(of: "Tests/FastAPIServer/app.py", file: "fastapi-schema.json", into: "fastapi-imported")
        #expect(
            result.summary.description
                == "21 operations read: 3 resources (14 operations), 7 actions, 0 left out; 3 error types left out (the client reads error bodies itself)")
        #expect(
            result.warnings.map(\.message) == [
                "security scheme `OAuth2PasswordBearer` is not imported; give the client an `Authenticator` or default headers (#/components/securitySchemes/OAuth2PasswordBearer)"
            ])
    }

    /// `Fixtures/fastapi-vendor-styles/spec.yaml` is what import makes now of the schema FastAPI serves for
    /// `Tests/FastAPIServer/vendor_styles.py`, whose resources answer in Hetzner Cloud's, DigitalOcean's,
    /// PagerDuty's and Asana's envelope and paging styles: every pair a resource, each wrapper a namespace,
    /// each page a pagination whose key paths reach into `meta` and `links`, and none of the wrappers and
    /// page parts left declared.
    @Test(.tags(.integration), .skippedWhenQuick) func theVendorStylesServersSchemaImportsAsTheCommittedFixture() async throws {
        let result = try await Self.importLiveSchema(of: "Tests/FastAPIServer/vendor_styles.py", file: "vendor-styles.json", into: "fastapi-vendor-styles")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(
            result.summary.description
                == "21 operations read: 5 resources (21 operations), 0 actions, 0 left out; 3 error types left out (the client reads error bodies itself)")
        // The only models are the contact methods an addon's `contact` union holds: the wrappers and the
        // pages' parts say nothing the resources do not.
        #expect(result.yaml.contains("models:\n  EmailContactMethod:\n") && result.yaml.contains("\n  PhoneContactMethod:\n"))
        let models = result.yaml.split(separator: "\n").drop { $0 != "models:" }.prefix { $0 != "resources:" }.filter {
            $0.hasPrefix("  ") && !$0.hasPrefix("   ")
        }
        #expect(models == ["  EmailContactMethod:", "  PhoneContactMethod:"], "\(result.yaml)")
    }

    /// `Fixtures/litestar-imported/spec.yaml` is what import makes now of the schema the Litestar test server
    /// serves (`Tests/LitestarServer/app.py --schema`), as for the DRF server above: Litestar's pages, its
    /// DTOs' bodies and its nested item paths are resources; the upload and the form login are actions.
    @Test(.tags(.integration), .skippedWhenQuick) func theLitestarServersSchemaImportsAsTheCommittedFixture() async throws {
        let result = try await Self.importLiveSchema(of: "Tests/LitestarServer/app.py", file: "litestar-schema.json", into: "litestar-imported")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(result.summary.description == "16 operations read: 3 resources (14 operations), 2 actions, 0 left out")
    }

    /// Imports the schema a Python test server prints for `mode` (`--schema`, or the DRF server's
    /// `--swagger`) with `arguments`, compares it with
    /// `Fixtures/<fixture>/spec.yaml` but for the first line, which names crudegen's version, and returns
    /// the import. `CRUDEGEN_RECORD=1` rewrites the fixture instead (then regenerate its
    /// `Expected/` as for every fixture).
    static func importLiveSchema(
        of server: String, mode: String = "--schema", arguments: [String] = [], file: String, into fixture: String
    ) async throws -> OpenAPIImporter.Result {
        let python = try await OpenAPITestSupport.runTool("/bin/bash", [OpenAPITestSupport.packageRoot.appendingPathComponent("Scripts/python-env.sh").path])
        try #require(python.status == 0, "\(python.stderr)")
        let script = OpenAPITestSupport.packageRoot.appendingPathComponent(server)
        let schema = try await OpenAPITestSupport.runTool(
            python.stdout.trimmingCharacters(in: .whitespacesAndNewlines), [script.path, mode] + arguments)
        try #require(schema.status == 0, "\(schema.stderr)")
        let result = try OpenAPIImporter.importDocument(schema.stdoutData, file: file)
        let committed = OpenAPITestSupport.packageRoot.appendingPathComponent("Fixtures/\(fixture)/spec.yaml")
        if ProcessInfo.processInfo.environment["CRUDEGEN_RECORD"] == "1" {
            try Data(result.yaml.utf8).write(to: committed)
            return result
        }
        let body = { (text: String) in text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().joined() }
        #expect(body(result.yaml) == body(try String(contentsOf: committed, encoding: .utf8)), "CRUDEGEN_RECORD=1 re-records it:\n\(result.yaml)")
        return result
    }

    /// swift-openapi-generator's reference Petstore: every feature its generator tests.
    @Test(.tags(.integration), .skippedWhenQuick, OpenAPITestSupport.Peer.needed) func importsSwiftOpenAPIGeneratorsPetstore() async throws {
        let data = try await OpenAPITestSupport.peerDocument("Tests/OpenAPIGeneratorReferenceTests/Resources/Docs/petstore.yaml")
        let result = try OpenAPIImporter.importDocument(data, file: "petstore.yaml")
        #expect(
            result.yaml.contains(
                """
                resources:
                  Pet:
                    description: Pet metadata
                    path: pets
                    id: { name: id, type: Int64 }
                    operations: [create, update, list]
                """))
        let messages = result.warnings.map(\.description)
        #expect(
            result.yaml.contains(
                """
                  createPetWithForm:
                    description: Create a pet using a url form
                    path: pets/create
                    body:
                      name: String
                      kind: PetKind?
                      tag: String?
                      genome: Data?
                    body_format: form
                """), "\(result.yaml)")
        #expect(
            messages.contains {
                $0.hasPrefix(
                    "petstore.yaml:277:9: warning: POST /pets/multipart-typed is left out: its `multipart/form-data` body is not an object of fields a form can carry"
                )
            })
        #expect(messages.contains { $0.hasPrefix("petstore.yaml:66:11: warning: header parameter `My-Request-UUID` of GET /pets is not imported") })
        #expect(result.yaml.contains("\nunions:\n"), "its oneOf and anyOf schemas are unions")
        // The list's object-valued query parameters are reported; its scalar ones (`limit`, `habitat`, `feeds`, `since`) are its `query`.
        #expect(
            messages.contains {
                $0.hasPrefix(
                    "petstore.yaml:86:11: warning: query parameter `filter` of GET /pets is not imported: a spec's query values are scalars or arrays of scalars"
                )
            })
        // Its binary responses are downloads (`returns: File`), which lose nothing and warn of nothing.
        #expect(messages.count == 12, "\(messages.joined(separator: "\n"))")
        #expect(try await OpenAPITestSupport.typecheckGenerated(result.yaml) == "")
    }

    /// The large real-world document of swift-openapi-generator's examples (about 900 KB).
    @Test(.tags(.integration), .skippedWhenQuick, OpenAPITestSupport.Peer.needed) func importsTheChatGPTDocumentAndItsSwiftCompiles() async throws {
        let data = try await OpenAPITestSupport.peerDocument("Examples/streaming-chatgpt-proxy/Sources/ChatGPT/openapi.yaml")
        let result = try OpenAPIImporter.importDocument(data, file: "openapi.yaml")
        let spec = SpecLoader.load(Data(result.yaml.utf8), file: "chatgpt.crude.yaml").spec
        #expect((spec?.models.count ?? 0) > 300)
        #expect((spec?.resources.count ?? 0) == 19, "collection and item paths such as /assistants and /assistants/{assistant_id}")
        #expect((spec?.actions.count ?? 0) > 50)
        #expect(result.warnings.allSatisfy { $0.location?.file == "openapi.yaml" && $0.severity == .warning })
        // The transcription's `model` is `anyOf` two strings, which no form field can be; an upload's part imports.
        #expect(
            result.warnings.contains {
                $0.message.hasPrefix("POST /audio/transcriptions is left out: its `multipart/form-data` body is not an object of fields a form can carry")
            })
        #expect(
            result.yaml.contains(
                "    path: uploads/{upload_id}/parts\n    params: { upload_id: { type: String, swift_name: uploadId } }\n    body:\n      data:\n        type: File\n"
            ))
        #expect(result.yaml.contains("    body_format: multipart\n"))
        #expect(try await OpenAPITestSupport.typecheckGenerated(result.yaml) == "")
    }

    /// A body of several media types is read the same on every run: JSON documents reach OpenAPIKit through
    /// Foundation's decoder, which hands over a mapping's keys in hash order, so "the first media type" named
    /// a different one from run to run (Docker's `application/x-tar` or `application/octet-stream`).
    @Test func aBodyOfSeveralMediaTypesImportsAlikeOnEveryRun() throws {
        let json = #"""
            {"openapi": "3.0.3", "info": {"title": "Archives", "version": "1"},
             "paths": {
               "/archive": {"put": {"operationId": "putArchive", "requestBody": {"content": {
                   "application/x-tar": {"schema": {"type": "string", "format": "binary"}},
                   "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}},
                 "responses": {"204": {"description": "stored"}}}},
               "/search": {"post": {"operationId": "search", "requestBody": {"content": {
                   "application/vnd.search+json": {"schema": {"type": "object", "properties": {"vendorTerm": {"type": "string"}}}},
                   "application/json": {"schema": {"type": "object", "properties": {"term": {"type": "string"}}}}}},
                 "responses": {"200": {"description": "found", "content": {
                   "application/problem+json": {"schema": {"type": "object", "properties": {"problem": {"type": "string"}}}},
                   "application/json": {"schema": {"type": "object", "properties": {"hits": {"type": "integer"}}}}}}}}}}}
            """#
        let result = try OpenAPIImporter.importDocument(Data(json.utf8), file: "archives.json")
        #expect(
            result.warnings.map(\.message).contains(
                "PUT /archive is left out: its request body is `application/octet-stream` or `application/x-tar`, and a spec sends JSON, forms and multipart bodies of objects only (#/paths/~1archive/put/requestBody)"
            ), "\(result.warnings)")
        // `application/json` is preferred to another JSON type wherever it stands.
        #expect(result.yaml.contains("term: String?") && !result.yaml.contains("vendorTerm"), "\(result.yaml)")
        #expect(result.yaml.contains("hits: Int?") && !result.yaml.contains("problem"), "\(result.yaml)")
    }
}
