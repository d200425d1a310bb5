import CrudeGenCore
import CrudeGenOpenAPI
import Foundation
import Testing

/// How import reads the shapes server frameworks give an API: a resource seen through several models
/// (FastAPI), ids named `{pk}` or `{hero_id}`, create bodies with fields the response never has, and key
/// styles decided key by key.
@Suite struct FrameworkShapesTests {
    static let heroes = OpenAPITestSupport.packageRoot.appendingPathComponent("Tests/CrudeGenOpenAPITests/Documents/heroes.yaml")

    /// SQLModel's tutorial app as FastAPI describes it: every collection and item pair is one resource named
    /// after its path, `{hero_id}` is the id, the create body's `password` is write-only, and what no body
    /// sends is read-only.
    @Test func fastAPIsModelsPerEndpointAreOneResourceEach() async throws {
        let result = try OpenAPIImporter.importDocument(Data(contentsOf: Self.heroes), file: "heroes.yaml")
        #expect(
            result.yaml.contains(
                """
                resources:
                  Hero:
                    path: heroes/
                    routes:
                      read: heroes/{id}
                      update: heroes/{id}
                      delete: heroes/{id}
                    fields:
                      name: String
                      secretName: String
                      age: Int?
                      teamId: Int?
                      team: { type: TeamPublic?, read_only: true }
                  Team:
                    path: teams/
                    operations: [create, read, update, list]
                """), "\(result.yaml)")
        #expect(result.yaml.contains("  methods: { update: PATCH }\n"), "a PATCH update generates the Patch type, which can clear a field")
        #expect(result.yaml.contains("      password: { type: String, write_only: true }\n"))
        #expect(!result.yaml.contains("HeroCreate") && !result.yaml.contains("HeroUpdate") && !result.yaml.contains("UserPublic"))
        #expect(!result.yaml.contains("actions:"), "no operation is left to be an action")
        #expect(result.summary.description == "11 operations read: 3 resources (11 operations), 0 actions, 0 left out")
        #expect(try await OpenAPITestSupport.typecheckGenerated(result.yaml) == "")
    }

    /// A document with one collection and item pair, its id parameter named `parameter` and its model's id
    /// field keyed `idKey`.
    static func pair(parameter: String, idKey: String, collection: String = "parts") -> String {
        """
        openapi: 3.0.3
        info: { title: Stock, version: "1" }
        paths:
          /api/\(collection)/:
            get:
              operationId: list
              responses:
                "200":
                  description: ok
                  content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Part" } } } }
          /api/\(collection)/{\(parameter)}/:
            get:
              operationId: retrieve
              parameters: [{ name: \(parameter), in: path, required: true, schema: { type: integer } }]
              responses:
                "200":
                  description: ok
                  content: { application/json: { schema: { $ref: "#/components/schemas/Part" } } }
        components:
          schemas:
            Part:
              type: object
              required: [\(idKey), name]
              properties:
                \(idKey): { type: integer, readOnly: true }
                name: { type: string }
        """
    }

    /// Django REST Framework calls the primary key `pk` as well as `id`, in paths and in serializers alike
    /// (InvenTree's serializers show `pk`); FastAPI names it after the resource.
    @Test(arguments: [("pk", "id"), ("id", "pk"), ("pk", "pk"), ("part_id", "id"), ("partId", "id"), ("id", "id")])
    func theItemPathsParameterIsTheIdWhateverItIsCalled(parameter: String, idKey: String) throws {
        let result = try OpenAPIImporter.importDocument(Data(Self.pair(parameter: parameter, idKey: idKey).utf8), file: "stock.yaml")
        let idLine = idKey == "id" ? "" : "    id: { name: \(idKey), type: Int }\n"
        #expect(result.yaml.contains("resources:\n  Part:\n    path: api/parts/\n\(idLine)    operations: [read, list]\n"), "\(result.yaml)")
        #expect(!result.yaml.contains("params:"), "the parameter is the id, not a parameter beside it")
        #expect(result.warnings.isEmpty)
    }

    /// A parameter that names something else (`{username}` beside an `id`) stays a route parameter.
    @Test func aParameterThatIsNoIdStaysAParameter() throws {
        let result = try OpenAPIImporter.importDocument(Data(Self.pair(parameter: "username", idKey: "id").utf8), file: "stock.yaml")
        #expect(result.yaml.contains("    routes:\n      read: api/parts/{username}/\n    params: { username: Int }\n"), "\(result.yaml)")
    }

    /// A pair that cannot be a resource says why, at its path.
    @Test func aPairThatIsNoResourceSaysWhy() throws {
        let document = Self.pair(parameter: "code", idKey: "sku")
            .replacingOccurrences(of: "sku: { type: integer, readOnly: true }", with: "sku: { type: boolean }")
        let result = try OpenAPIImporter.importDocument(Data(document.utf8), file: "stock.yaml")
        #expect(
            result.warnings.map(\.description) == [
                "stock.yaml:5:5: warning: `/api/parts/` and its item path are not imported as a resource: `Part` has no field `code`, `id` or `pk` for the item path's `{code}` to identify; a resource needs its id among its fields; their operations become actions (#/paths/~1api~1parts~1)"
            ])
        #expect(result.summary.description == "2 operations read: 0 resources (0 operations), 2 actions, 0 left out")
    }

    /// FastAPI appends the path and the method to a route function's name to make its `operationId`; the
    /// action takes the function's name. An `operationId` written by hand stays as it is.
    @Test func actionsTakeTheNameOfFastAPIsRouteFunction() throws {
        let document = """
            openapi: 3.1.0
            info: { title: Teams, version: "1" }
            paths:
              /teams/{team_id}/heroes/:
                get:
                  operationId: read_team_heroes_teams__team_id__heroes__get
                  parameters: [{ name: team_id, in: path, required: true, schema: { type: integer } }]
                  responses: { "200": { description: ok, content: { application/json: { schema: { type: array, items: { type: string } } } } } }
              /users/me:
                get:
                  operationId: read_users_me_get
                  responses: { "200": { description: ok, content: { application/json: { schema: { type: string } } } } }
            """
        let result = try OpenAPIImporter.importDocument(Data(document.utf8), file: "teams.yaml")
        #expect(result.yaml.contains("  readTeamHeroes:\n    path: teams/{team_id}/heroes/\n"), "\(result.yaml)")
        #expect(result.yaml.contains("  readUsersMeGet:\n"), "`read_users_me_get` does not end with the path, so it is no FastAPI name")
    }

    /// FastAPI's OAuth2 password login (`OAuth2PasswordRequestForm`) and an `UploadFile` endpoint, as FastAPI
    /// 0.115 writes them in OpenAPI 3.1: the bodies are components of their own (`Body_…`) that import
    /// declares in place as a form and a multipart body, the upload's file a `File`.
    @Test func fastAPIsFormLoginAndUploadBecomeFormAndMultipartBodies() async throws {
        let document = """
            openapi: 3.1.0
            info: { title: Accounts, version: "0.1.0" }
            paths:
              /token:
                post:
                  summary: Login
                  operationId: login_token_post
                  requestBody:
                    required: true
                    content:
                      application/x-www-form-urlencoded: { schema: { $ref: "#/components/schemas/Body_login_token_post" } }
                  responses:
                    "200": { description: Successful Response, content: { application/json: { schema: { $ref: "#/components/schemas/Token" } } } }
              /users/{user_id}/avatar:
                post:
                  operationId: upload_avatar_users__user_id__avatar_post
                  parameters: [{ name: user_id, in: path, required: true, schema: { type: integer, title: User Id } }]
                  requestBody:
                    required: true
                    content:
                      multipart/form-data: { schema: { $ref: "#/components/schemas/Body_upload_avatar_users__user_id__avatar_post" } }
                  responses:
                    "200": { description: Successful Response, content: { application/json: { schema: {} } } }
              /reports:
                post:
                  operationId: report_reports_post
                  requestBody:
                    content:
                      multipart/form-data:
                        schema: { type: object, properties: { meta: { type: object, properties: { a: { type: string } } } } }
                  responses: { "204": { description: ok } }
            components:
              schemas:
                Body_login_token_post:
                  type: object
                  title: Body_login_token_post
                  required: [username, password]
                  properties:
                    grant_type: { anyOf: [{ type: string, pattern: "^password$" }, { type: "null" }], title: Grant Type }
                    username: { type: string, title: Username }
                    password: { type: string, format: password, title: Password }
                    scope: { type: string, title: Scope, default: "" }
                    client_id: { anyOf: [{ type: string }, { type: "null" }], title: Client Id }
                    client_secret: { anyOf: [{ type: string }, { type: "null" }], format: password, title: Client Secret }
                Body_upload_avatar_users__user_id__avatar_post:
                  type: object
                  title: Body_upload_avatar_users__user_id__avatar_post
                  required: [file, caption]
                  properties:
                    file: { type: string, contentMediaType: application/octet-stream, title: File }
                    caption: { type: string, title: Caption }
                    extras: { type: array, items: { type: string, format: binary }, title: Extras }
                Token:
                  type: object
                  required: [access_token, token_type]
                  properties:
                    access_token: { type: string }
                    token_type: { type: string }
            """
        let result = try OpenAPIImporter.importDocument(Data(document.utf8), file: "accounts.yaml")
        #expect(
            result.yaml.contains(
                """
                actions:
                  login:
                    description: Login
                    path: token
                    body:
                      grantType: String?
                      username: String
                      password: String
                      scope: String?
                      clientId: String?
                      clientSecret: String?
                    body_format: form
                    returns: Token
                  uploadAvatar:
                    path: users/{user_id}/avatar
                    params: { user_id: Int }
                    body:
                      file: File
                      caption: String
                      extras: "[File]?"
                    body_format: multipart
                    returns: JSON
                """), "\(result.yaml)")
        #expect(!result.yaml.contains("BodyLogin") && !result.yaml.contains("BodyUpload"), "the body components are declared in place")
        #expect(!result.yaml.contains("ReportBodyMeta"), "a body left out declares nothing")
        #expect(
            result.warnings.map(\.description) == [
                "accounts.yaml:30:21: warning: POST /reports is left out: its `multipart/form-data` body is not an object of fields a form can carry (#/paths/~1reports/post/requestBody/content/multipart~1form-data/schema)\n    hint: a form field is a scalar, an enum, a file (in multipart bodies) or an array of them"
            ])
        #expect(try await OpenAPITestSupport.typecheckGenerated(result.yaml) == "")
    }

    /// Discourse's 901 keys are snake case but for two: those two keep explicit keys, the rest read as Swift.
    @Test func oneOddKeyChangesOnlyItsOwnField() throws {
        let document = """
            openapi: 3.1.0
            info: { title: Forum, version: "1" }
            paths: {}
            components:
              schemas:
                Topic:
                  type: object
                  properties:
                    category_id: { type: integer }
                    posts_count: { type: integer }
                    last_posted_at: { type: string }
                    "ID": { type: integer }
                    "mode-Name": { type: string }
            """
        let result = try OpenAPIImporter.importDocument(Data(document.utf8), file: "forum.yaml")
        #expect(result.yaml.contains("  keys: snake_case\n"))
        #expect(result.yaml.contains("      categoryId: Int?\n      postsCount: Int?\n      lastPostedAt: String?\n"), "\(result.yaml)")
        #expect(result.yaml.contains("      ID: { type: Int?, key: ID }\n      mode-Name: String?\n"), "a key that is no identifier is its own name")
    }
}
