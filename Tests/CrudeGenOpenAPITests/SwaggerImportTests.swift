import CrudeGenCore
import CrudeGenOpenAPI
import Foundation
import TestTags
import Testing

/// `crudegen import` of Swagger 2.0 documents, which it converts to OpenAPI 3.0 before importing them.
@Suite struct SwaggerImportTests {
    /// A petstore in Swagger 2.0 with one of each thing the conversion rewrites: a body parameter, a form
    /// with a file, a query array with its `collectionFormat`, `x-nullable`, `host` and `basePath`,
    /// `produces` and `consumes`, security definitions and references to `definitions`.
    static let petstore = """
        swagger: "2.0"
        info: { title: Petstore, version: "1.0" }
        host: petstore.example.com
        basePath: /v2
        schemes: [https]
        consumes: [application/json]
        produces: [application/json]
        securityDefinitions:
          api_key: { type: apiKey, name: api_key, in: header }
          petstore_auth:
            type: oauth2
            flow: implicit
            authorizationUrl: https://petstore.example.com/oauth/dialog
            scopes: { "write:pets": modify your pets }
        paths:
          /pets:
            get:
              operationId: listPets
              parameters:
                - { name: tags, in: query, type: array, items: { type: string }, collectionFormat: csv }
                - { name: ids, in: query, type: array, items: { type: integer, format: int64 }, collectionFormat: multi }
              responses:
                "200": { description: The pets., schema: { type: array, items: { $ref: "#/definitions/Pet" } } }
            post:
              operationId: addPet
              parameters:
                - { $ref: "#/parameters/PetBody" }
              responses:
                "201": { description: The new pet., schema: { $ref: "#/definitions/Pet" } }
          /pets/{petId}:
            parameters:
              - { name: petId, in: path, required: true, type: integer, format: int64 }
            get:
              operationId: getPet
              responses:
                "200": { description: The pet., schema: { $ref: "#/definitions/Pet" } }
                default: { $ref: "#/responses/Problem" }
            put:
              operationId: updatePet
              parameters:
                - { name: pet, in: body, required: true, schema: { $ref: "#/definitions/Pet" } }
              responses:
                "200": { description: The pet., schema: { $ref: "#/definitions/Pet" } }
            delete:
              operationId: deletePet
              responses:
                "204": { description: Deleted. }
          /pets/{petId}/photo:
            post:
              operationId: uploadPhoto
              consumes: [multipart/form-data]
              parameters:
                - { name: petId, in: path, required: true, type: integer, format: int64 }
                - { name: caption, in: formData, type: string }
                - { name: photo, in: formData, required: true, type: file }
              responses:
                "200": { description: The stored photo., schema: { $ref: "#/definitions/Photo" } }
        parameters:
          PetBody: { name: pet, in: body, required: true, schema: { $ref: "#/definitions/Pet" } }
        responses:
          Problem: { description: What went wrong., schema: { $ref: "#/definitions/Problem" } }
        definitions:
          Pet:
            type: object
            required: [name, status]
            properties:
              id: { type: integer, format: int64, readOnly: true }
              name: { type: string }
              nickname: { type: string, x-nullable: true }
              status: { type: string, enum: [available, sold] }
          Photo:
            type: object
            required: [url]
            properties:
              url: { type: string, format: uri }
          Problem:
            type: object
            properties:
              detail: { type: string }
        """

    /// The petstore imports as the same API its OpenAPI 3 twin would: one resource with every CRUD
    /// operation, the upload as a multipart action, the server as the base URL.
    @Test func importsASwaggerPetstore() throws {
        let result = try OpenAPIImporter.importDocument(Data(Self.petstore.utf8), file: "petstore.yaml")
        let spec = try #require(SpecLoader.load(Data(result.yaml.utf8), file: "petstore.crude.yaml").spec)
        #expect(spec.api.baseURL?.value == "https://petstore.example.com/v2")
        #expect(spec.resources.map(\.name.value) == ["Pet"])
        let pet = try #require(spec.resources.first)
        #expect(pet.path.value == "pets")
        #expect(pet.operations.map(\.value) == [.create, .read, .update, .delete, .list])
        #expect(pet.id.type.value.description == "Int64")
        #expect(pet.fields.map { "\($0.name.value): \($0.type.value)" } == ["name: String", "nickname: String?", "status: PetStatus"])
        #expect(pet.query.map { "\($0.name.value): \($0.type.value) \($0.arrayStyle?.value ?? "-")" } == ["tags: [String]? comma", "ids: [Int64]? -"])
        #expect(spec.enums.map(\.name.value) == ["PetStatus"])
        let upload = try #require(spec.actions.first { $0.name.value == "uploadPhoto" })
        #expect(upload.path.value == "pets/{petId}/photo")
        #expect(upload.bodyFormat?.value == .multipart)
        #expect(result.yaml.contains("      caption: String?\n      photo: File\n"), "\(result.yaml)")
        #expect(result.yaml.hasPrefix("# Imported by crudegen \(CrudeGenVersion.current) from petstore.yaml (OpenAPI 2.0).\n"))
    }

    /// The importer's own warnings point into the Swagger file: the security scheme it leaves out is the
    /// `securityDefinitions` entry's line.
    @Test func warningsPointIntoTheSwaggerFile() throws {
        let result = try OpenAPIImporter.importDocument(Data(Self.petstore.utf8), file: "petstore.yaml")
        #expect(
            result.warnings.map(\.description) == [
                "petstore.yaml:9:12: warning: security scheme `api_key` is not imported; give the client an `Authenticator` or default headers (#/components/securitySchemes/api_key)",
                "petstore.yaml:11:5: warning: security scheme `petstore_auth` is not imported; give the client an `Authenticator` or default headers (#/components/securitySchemes/petstore_auth)",
            ])
    }

    /// What OpenAPI 3.0 has no place for is dropped with a warning at the Swagger node, naming its Swagger
    /// pointer; malformed nodes are skipped the same way rather than stopping the import.
    @Test func warnsAtWhatItCannotConvert() throws {
        let yaml = """
            swagger: "2.0"
            info: { title: Odd, version: "1" }
            paths:
              /things:
                get:
                  operationId: listThings
                  schemes: [ws]
                  parameters:
                    - { name: ids, in: query, type: array, items: { type: string }, collectionFormat: tsv }
                    - just a string
                    - { name: where, in: cookie, type: string }
                  responses:
                    "200": { description: ok, schema: { type: array, items: { $ref: "#/definitions/Thing" } } }
            definitions:
              Thing: { type: object, properties: { name: { type: string } } }
              Broken: [not, a, schema]
            """
        let result = try OpenAPIImporter.importDocument(Data(yaml.utf8), file: "odd.yaml")
        #expect(
            result.warnings.map(\.description) == [
                "odd.yaml:7:16: warning: `schemes` of an operation has no place in OpenAPI 3.0 and is left out (#/paths/~1things/get/schemes)",
                "odd.yaml:9:11: warning: `collectionFormat: tsv` has no OpenAPI 3.0 style; the array is sent comma-separated (#/paths/~1things/get/parameters/0)",
                "odd.yaml:10:11: warning: a parameter must be a mapping; it is left out (#/paths/~1things/get/parameters/1)",
                "odd.yaml:11:11: warning: a parameter `in: cookie` is not Swagger 2.0; it is left out (#/paths/~1things/get/parameters/2)",
                "odd.yaml:16:11: warning: a schema must be a mapping; it is left out (#/definitions/Broken)",
            ])
        #expect(result.summary.description == "1 operation read: 0 resources (0 operations), 1 action, 0 left out")
    }

    /// What real Swagger documents write that OpenAPI 3.0 rejects (SendGrid's): a definition name with a
    /// colon is renamed, with the references to it; `type: null` is `nullable`; keywords no schema has are
    /// left out with a warning.
    @Test func repairsWhatOpenAPI30Rejects() throws {
        let yaml = """
            swagger: "2.0"
            info: { title: Mail, version: "1" }
            paths:
              /lists/{id}:
                get:
                  operationId: getList
                  parameters: [{ $ref: "#/parameters/trait:id" }]
                  responses:
                    "200": { description: ok, schema: { $ref: "#/definitions/list:full" } }
            parameters:
              "trait:id": { name: id, in: path, required: true, type: integer }
            definitions:
              "list:full":
                type: object
                required: [name, sent]
                properties:
                  name: { type: string, desc: The list's name. }
                  sent: { type: "null" }
            """
        let result = try OpenAPIImporter.importDocument(Data(yaml.utf8), file: "mail.yaml")
        #expect(result.yaml.contains("  ListFull:\n    fields:\n      name: String\n      sent: { type: JSON?, required: true }\n"), "\(result.yaml)")
        #expect(result.yaml.contains("    returns: ListFull\n"), "\(result.yaml)")
        #expect(
            result.warnings.map(\.description) == [
                "mail.yaml:17:35: warning: `desc` is not a keyword of an OpenAPI 3.0 schema; it is left out (#/definitions/list:full/properties/name/desc)",
                "mail.yaml:18:21: warning: `type: null` is not Swagger 2.0; the value is of any type, and nullable (#/definitions/list:full/properties/sent/type)",
            ])
    }

    /// `Fixtures/drf-yasg-imported/spec.yaml` is what import makes now of the Swagger 2.0 schema drf-yasg
    /// writes for the Django REST Framework test server (`Tests/DRFServer/server.py --swagger`), imported
    /// unchanged, so the code GeneratedCodeTests runs against that server cannot drift from it. Its users
    /// and token login are left out: Swagger 2.0 cannot say a field is write-only, so drf-yasg documents
    /// the password, and the token login's username, as fields every answer holds.
    @Test(.tags(.integration), .skippedWhenQuick) func theDRFServersSwaggerSchemaImportsAsTheCommittedFixture() async throws {
        let result = try await ImportTests.importLiveSchema(
            of: "Tests/DRFServer/server.py", mode: "--swagger", arguments: ["page-items", "limit-items", "cursor-items", "authors", "books", "tags"],
            file: "drf-swagger.yaml", into: "drf-yasg-imported")
        // Every collection and item pair is a resource, each paginator recognised in drf-yasg's in-place
        // page schemas; the cover upload, a form with a file, is a multipart action.
        #expect(result.summary.description == "37 operations read: 6 resources (36 operations), 1 action, 0 left out")
        #expect(result.yaml.contains("    pagination: { style: offset }\n"))
        #expect(result.yaml.contains("    body:\n      cover: File?\n    body_format: multipart\n"))
        #expect(
            result.warnings.map(\.message) == [
                "the server URL `/api` has no host, so the spec has no `base_url`; its routes are the document's paths, relative to the server (#/servers/0/url)",
                "security scheme `Basic` is not imported; give the client an `Authenticator` or default headers (#/components/securitySchemes/Basic)",
            ])
    }

    /// A Swagger document in JSON converts too, and a version other than 2.0 is refused.
    @Test func readsJSONAndRefusesOtherSwaggerVersions() throws {
        let json = """
            {"swagger": "2.0", "info": {"title": "Notes", "version": "1"}, "basePath": "/api",
             "paths": {"/notes/{id}": {"get": {"operationId": "getNote", "produces": ["application/json"],
               "parameters": [{"name": "id", "in": "path", "required": true, "type": "string"}],
               "responses": {"200": {"description": "ok", "schema": {"$ref": "#/definitions/Note"}}}}}},
             "definitions": {"Note": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}}}}}
            """
        let result = try OpenAPIImporter.importDocument(Data(json.utf8), file: "notes.json")
        #expect(result.yaml.contains("    path: notes/{id}\n"), "\(result.yaml)")
        #expect(result.warnings.contains { $0.message.hasPrefix("the server URL `/api` has no host") })
        #expect(throws: DiagnosticsError.self) {
            try OpenAPIImporter.importDocument(Data(#"{"swagger": "1.2", "info": {"title": "Old", "version": "1"}}"#.utf8), file: "old.json")
        }
    }
}
