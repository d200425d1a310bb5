import CrudeGenCore
import CrudeGenOpenAPI
import Foundation
import Testing

/// What published documents do that OpenAPI or crudegen's spec does not allow, one case each, as found in
/// the corpus of real documents: each imports what it can, and says at its line what it left out or read
/// as meant.
@Suite struct FlawedDocumentTests {
    /// `document`'s import; it fails the test when the document does not import.
    static func imported(_ document: String, file: String = "api.yaml") throws -> OpenAPIImporter.Result {
        try OpenAPIImporter.importDocument(Data(document.utf8), file: file)
    }

    /// A document of `paths` and component `schemas`, both written as YAML at the indentation they have here.
    static func document(paths: String, schemas: String = "", extra: String = "") -> String {
        """
        openapi: 3.0.3
        info: { title: Flawed, version: '1' }
        paths:
        \(paths)
        components:
          schemas:
            Item:
              type: object
              properties: { id: { type: integer }, name: { type: string } }
        \(schemas)
        \(extra)
        """
    }

    /// An operation at `path` answering an `Item`.
    static let readsItem = "responses: { '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } } }"

    /// Box writes `/oauth2/token#refresh` beside `/oauth2/token` to tell two POSTs apart.
    /// A few lines whose aliases nest nine to a level (a "billion laughs") are an error where the expansion
    /// passes the limit, not a read that never ends.
    @Test(.timeLimit(.minutes(1))) func aliasesThatExpandWithoutBoundAreAnErrorAtTheirLine() throws {
        let laughs = (1...9).reduce("x-l0: &l0 lol\n") { text, level in
            text + "x-l\(level): &l\(level) [\(Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", "))]\n"
        }
        let document = "openapi: 3.0.3\ninfo: { title: Laughs, version: '1' }\npaths: {}\n" + laughs
        #expect {
            try Self.imported(document, file: "laughs.yaml")
        } throws: { error in
            (error as? DiagnosticsError)?.diagnostics.map(\.description).first?.hasPrefix(
                "laughs.yaml:11:12: error: this alias takes the document past 1000000 nodes with its aliases expanded") == true
        }
    }

    @Test func aPathKeysFragmentIsNoPartOfTheRoute() throws {
        let result = try Self.imported(
            Self.document(
                paths: """
                      /oauth2/token:
                        post: { operationId: requestToken, \(Self.readsItem) }
                      /oauth2/token#refresh:
                        post: { operationId: refreshToken, \(Self.readsItem) }
                    """))
        #expect(result.yaml.contains("  refreshToken:\n    method: POST\n    path: oauth2/token\n"), "\(result.yaml)")
        #expect(result.yaml.contains("  requestToken:\n    method: POST\n    path: oauth2/token\n"))
        #expect(
            result.warnings.map(\.description).contains(
                "api.yaml:7:5: warning: the `#refresh` of path `/oauth2/token#refresh` is not part of a route; its operations are sent to `/oauth2/token` (#/paths/~1oauth2~1token#refresh)"
            ))
    }

    /// Intercom's `{jobIdentifier}` route beside a `jobIdentifier` query parameter; Linode's `{username}`
    /// beside a body's `username`: each argument of the action gets a Swift name of its own.
    @Test func argumentsThatShareARouteParametersNameAreRenamed() throws {
        let result = try Self.imported(
            Self.document(
                paths: """
                      /export/{job_identifier}:
                        get:
                          operationId: getExport
                          parameters:
                            - { name: job_identifier, in: path, required: true, schema: { type: string } }
                            - { name: jobIdentifier, in: query, schema: { type: string } }
                          \(Self.readsItem)
                      /users/{username}:
                        put:
                          operationId: putUser
                          parameters: [{ name: username, in: path, required: true, schema: { type: string } }]
                          requestBody:
                            content: { application/json: { schema: { type: object, properties: { username: { type: string } } } } }
                          \(Self.readsItem)
                    """))
        #expect(result.yaml.contains("jobIdentifier2: { type: String?, key: jobIdentifier }"), "\(result.yaml)")
        #expect(result.yaml.contains("username2: { type: String?, key: username }"), "\(result.yaml)")
    }

    /// Okta lists some enum values twice.
    @Test func anEnumValueListedTwiceIsOneCase() throws {
        let result = try Self.imported(
            Self.document(
                paths: "  /items:\n    get: { operationId: listItems, \(Self.readsItem) }",
                schemas: "    Kind: { type: string, enum: [BY_DATE_TIME, BY_DATE_TIME, BY_SKIP_COUNT] }"))
        #expect(result.yaml.contains("  Kind: [BY_DATE_TIME, BY_SKIP_COUNT]"), "\(result.yaml)")
    }

    /// Jellyfin's headers carry `allowEmptyValue`, which OpenAPIKit refuses in a header: read without it,
    /// one warning for all of them.
    @Test func headersWrittenAsParametersAreReadAsHeaders() throws {
        let header = "headers: { Message: { description: why, allowEmptyValue: true, schema: { type: string } } }"
        let result = try Self.imported(
            Self.document(
                paths: """
                      /items:
                        get: { operationId: listItems, responses: { '200': { description: ok, \(header), content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } } } }
                      /items/{id}:
                        get: { operationId: readItem, parameters: [{ name: id, in: path, required: true, schema: { type: integer } }], responses: { '200': { description: ok, \(header), content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } } } }
                    """))
        #expect(result.summary.resources == 1 && result.summary.leftOut == 0)
        let repaired = result.warnings.filter { $0.message.contains("allowEmptyValue") }
        #expect(
            repaired.map(\.description) == [
                "api.yaml:5:95: warning: a header object has no `allowEmptyValue`, which only parameters have; read without; the same at 1 more place (#/paths/~1items/get/responses/200/headers/Message)"
            ])
    }

    /// Okta's path parameters without `required: true`; Ory Kratos's security requirement naming a
    /// scheme it never declares; Meilisearch's `items: false` beside `prefixItems`: each read as meant.
    @Test func flawsWhoseIntentIsClearAreReadAsMeant() throws {
        let result = try Self.imported(
            Self.document(
                paths: """
                      /items/{id}:
                        get:
                          operationId: readItem
                          security: [{ sessionToken: [] }]
                          parameters: [{ name: id, in: path, schema: { type: integer } }]
                          \(Self.readsItem)
                    """,
                schemas:
                    "    Swap:\n      type: object\n      properties:\n        indexes: { type: array, items: false, prefixItems: [{ type: string }, { type: string }] }"
            ))
        #expect(result.yaml.contains("readItem:\n    path: items/{id}\n    params: { id: Int }"), "\(result.yaml)")
        #expect(result.yaml.contains("indexes: \"[String]?\""), "\(result.yaml)")
        let messages = result.warnings.map(\.description)
        #expect(
            messages.contains("api.yaml:8:20: warning: a path parameter is always required; read as `required: true` (#/paths/~1items~1{id}/get/parameters/0)"))
        #expect(
            messages.contains(
                "api.yaml:7:18: warning: the security requirement names `sessionToken`, which `components/securitySchemes` does not declare; left out (#/paths/~1items~1{id}/get/security/0)"
            ))
        #expect(
            messages.contains(
                "api.yaml:18:40: warning: `items` is a boolean, which OpenAPI's schemas do not take; read as any of `prefixItems` (#/components/schemas/Swap/properties/indexes/items)"
            ), "\(messages)")
    }

    /// DigitalOcean bounds 64-bit integers by `18446744073709552000`; Plaid lists `null` among a 3.0 enum's
    /// values. Both read as meant, and a bound written `1.0` is an integer as it stands.
    @Test func boundsAndNullsOutsideTheirTypesAreReadAsMeant() throws {
        let result = try Self.imported(
            Self.document(
                paths: "  /items:\n    get: { operationId: listItems, \(Self.readsItem) }",
                schemas: """
                        Limits:
                          type: object
                          properties:
                            lag: { type: integer, format: int64, minimum: 1.0, maximum: 18446744073709552000 }
                            version: { type: string, enum: [v1, v2, null] }
                    """))
        #expect(result.yaml.contains("  LimitsVersion: [v1, v2]"), "\(result.yaml)")
        #expect(result.yaml.contains("      lag: Int64?\n      version: LimitsVersion?\n"), "\(result.yaml)")
        #expect(
            result.warnings.map(\.description).filter { $0.contains("read as") || $0.contains("read without") } == [
                "api.yaml:14:14: warning: an integer's `maximum` is not a value a 64-bit integer can have; read without (#/components/schemas/Limits/properties/lag)",
                "api.yaml:15:18: warning: `null` is listed among an enum's values; read as `nullable: true` (#/components/schemas/Limits/properties/version)",
            ])
    }

    /// PagerDuty answers with a reference to a request body: OpenAPIKit cannot read that response, which
    /// is left out with a warning at its line, and the rest of the document imports.
    @Test func aPartThatCannotBeReadIsLeftOutAndTheRestImports() throws {
        let result = try Self.imported(
            Self.document(
                paths: """
                      /items:
                        get: { operationId: listItems, \(Self.readsItem) }
                      /broken:
                        put: { operationId: putBroken, responses: { '200': { $ref: '#/components/requestBodies/Broken' } } }
                    """,
                extra: "  requestBodies:\n    Broken: { content: { application/json: { schema: { type: string } } } }"))
        #expect(result.yaml.contains("listItems:"))
        let leftOut = result.warnings.filter { $0.message.contains("cannot be read") }.map(\.description)
        #expect(
            leftOut == [
                "api.yaml:7:56: warning: response `200` cannot be read and is left out: Found neither a $ref nor a Response (#/paths/~1broken/put/responses/200)"
            ], "\(leftOut)")
    }

    /// DigitalOcean's document is 2,907 files: path items, operations, parameters, responses, schemas and
    /// even descriptions are references to other files, relative to the file they are written in.
    @Test func aDocumentInSeveralFilesIsReadAsOne() async throws {
        try await OpenAPITestSupport.withTemporaryDirectory { folder in
            let files: [String: String] = [
                "api.yaml": """
                openapi: 3.0.3
                info: { title: Shop, version: '1', description: { $ref: 'texts.yaml#/intro' } }
                paths:
                  /pets: { $ref: 'resources/pets/pets.yaml' }
                  /pets/{pet_id}:
                    get: { $ref: 'resources/pets/pet_get.yaml' }
                """,
                "texts.yaml": "intro: A shop.\n",
                "resources/pets/pets.yaml": """
                get:
                  operationId: listPets
                  responses:
                    '200':
                      description: ok
                      content: { application/json: { schema: { type: array, items: { $ref: 'models/pet.yaml' } } } }
                """,
                "resources/pets/pet_get.yaml": """
                operationId: getPet
                parameters: [{ $ref: 'parameters.yaml#/pet_id' }]
                responses:
                  '200': { $ref: '../../shared/responses/pet.yaml' }
                """,
                "resources/pets/parameters.yaml": "pet_id: { name: pet_id, in: path, schema: { type: integer } }\n",
                "resources/pets/models/pet.yaml": """
                type: object
                properties:
                  pet_id: { type: integer }
                  name: { type: string }
                  owner: { $ref: '../../owners/models/owner.yaml' }
                """,
                "resources/owners/models/owner.yaml": "type: object\nproperties:\n  name: { type: string }\n",
                "shared/responses/pet.yaml": """
                description: ok
                content: { application/json: { schema: { $ref: '../../resources/pets/models/pet.yaml' } } }
                """,
            ]
            for (path, text) in files {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            let entry = folder.appendingPathComponent("api.yaml").path
            let result = try OpenAPIImporter.importDocument(Data(contentsOf: URL(fileURLWithPath: entry)), file: entry)
            #expect(result.summary.resources == 1, "\(result.yaml)")
            #expect(result.yaml.contains("  Owner:\n    fields:\n      name: String?\n"), "\(result.yaml)")
            #expect(
                result.yaml.contains(
                    "  Pet:\n    path: pets\n    id: { name: pet_id, type: Int }\n    operations: [read, list]\n    fields:\n      name: String?\n      owner: Owner?\n"
                ), "\(result.yaml)")
            // A warning about a part of another file names that file, at its line.
            let parameterFile = folder.appendingPathComponent("resources/pets/parameters.yaml").standardizedFileURL.path
            #expect(
                result.warnings.map(\.description).contains(
                    "\(parameterFile):1:9: warning: a path parameter is always required; read as `required: true` (#/paths/~1pets~1{pet_id}/get/parameters/0)"
                ), "\(result.warnings.map(\.description))")
        }
    }

    /// A reference to a file that is not there is a warning at the reference, not a failure of the import.
    @Test func aMissingFileIsAWarningAtItsReference() async throws {
        try await OpenAPITestSupport.withTemporaryDirectory { folder in
            let text = Self.document(paths: "  /items:\n    get: { operationId: listItems, \(Self.readsItem) }\n  /gone: { $ref: 'gone.yaml' }")
            let entry = folder.appendingPathComponent("api.yaml").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: entry))
            let result = try OpenAPIImporter.importDocument(Data(text.utf8), file: entry)
            #expect(result.yaml.contains("listItems:"))
            #expect(
                result.warnings.map(\.description).contains(
                    "\(entry):6:10: warning: `gone.yaml` cannot be read; what refers to it is left as an unresolved reference"))
        }
    }
}
