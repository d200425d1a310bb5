import CrudeGenCore
import CrudeGenOpenAPI
import Foundation
import TestTags
import Testing

/// How import reads the shapes server frameworks give an API: a resource seen through several models
/// (FastAPI), ids named `{pk}` or `{hero_id}`, create bodies with fields the response never has, and key
/// styles decided key by key.
@Suite struct FrameworkShapesTests {
    static let heroes = OpenAPITestSupport.packageRoot.appendingPathComponent("Tests/CrudeGenOpenAPITests/Documents/heroes.yaml")

    /// SQLModel's tutorial app as FastAPI describes it: every collection and item pair is one resource named
    /// after its path, `{hero_id}` is the id, the create body's `password` is write-only, what no body
    /// sends is read-only, and the list's `offset` and `limit` are its typed query.
    @Test(.tags(.integration), .skippedWhenQuick) func fastAPIsModelsPerEndpointAreOneResourceEach() async throws {
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
                    query:
                      offset: Int?
                      limit: Int?
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
        #expect(
            result.summary.description
                == "11 operations read: 3 resources (11 operations), 0 actions, 0 left out; 3 error types left out (the client reads error bodies itself)")
        #expect(!result.yaml.contains("ValidationError"), "FastAPI's 422 body is read by the runtime, not declared")
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

    /// An id of a type no id can have names the type as a spec writes it.
    @Test func anIdOfAnotherTypeSaysWhichType() throws {
        let document = Self.pair(parameter: "pk", idKey: "pk")
            .replacingOccurrences(of: "pk: { type: integer, readOnly: true }", with: "pk: { type: boolean }")
        let result = try OpenAPIImporter.importDocument(Data(document.utf8), file: "stock.yaml")
        #expect(
            result.warnings.map(\.description) == [
                "stock.yaml:5:5: warning: `/api/parts/` and its item path are not imported as a resource: the id `pk` of `Part` is `Bool`; a resource's id is an integer, a string or a UUID; their operations become actions (#/paths/~1api~1parts~1)"
            ], "\(result.warnings)")
    }

    /// FastAPI appends the path and the method to a route function's name to make its `operationId`, and
    /// Litestar puts the path in front of the handler's name; the action takes the function's name. An
    /// `operationId` written by hand stays as it is.
    @Test func actionsTakeTheNameOfTheFrameworksRouteFunction() throws {
        let document = """
            openapi: 3.1.0
            info: { title: Teams, version: "1" }
            paths:
              /teams/{team_id}/heroes/:
                get:
                  operationId: read_team_heroes_teams__team_id__heroes__get
                  parameters: [{ name: team_id, in: path, required: true, schema: { type: integer } }]
                  responses: { "200": { description: ok, content: { application/json: { schema: { type: array, items: { type: string } } } } } }
              /authors/{author_id}/stats:
                get:
                  operationId: AuthorsAuthorIdStatsGetStats
                  parameters: [{ name: author_id, in: path, required: true, schema: { type: integer } }]
                  responses: { "200": { description: ok, content: { application/json: { schema: { type: string } } } } }
              /users/me:
                get:
                  operationId: current_user_get
                  responses: { "200": { description: ok, content: { application/json: { schema: { type: string } } } } }
            """
        let result = try OpenAPIImporter.importDocument(Data(document.utf8), file: "teams.yaml")
        #expect(
            result.yaml.contains("  readTeamHeroes:\n    path: teams/{team_id}/heroes/\n    params: { team_id: { type: Int, swift_name: teamId } }\n"),
            "\(result.yaml)")
        #expect(result.yaml.contains("  getStats:\n    path: authors/{author_id}/stats\n"))
        #expect(result.yaml.contains("  currentUserGet:\n"), "`current_user_get` does not end with the path, so it is no FastAPI name")
    }

    /// A list answering a bare array pages by its headers: GitHub's `Link`, or json-server's `?_page=` with
    /// the total in `X-Total-Count`.
    @Test(arguments: [
        ("Link", "_page", "pagination: { style: link_header }"),
        ("X-Total-Count", "_page", "pagination: { style: page, items: \"\", count_header: X-Total-Count, parameter: _page }"),
        ("X-Total-Count", "offset", "pagination: { style: offset, items: \"\", count_header: X-Total-Count }"),
    ])
    func aBareArrayPagesByItsHeaders(header: String, parameter: String, expected: String) throws {
        let document = Self.pair(parameter: "id", idKey: "id").replacingOccurrences(
            of: "      operationId: list\n      responses:\n        \"200\":\n          description: ok\n",
            with: "      operationId: list\n      parameters: [{ name: \(parameter), in: query, schema: { type: integer } }]\n"
                + "      responses:\n        \"200\":\n          description: ok\n          headers: { \(header): { schema: { type: string } } }\n")
        let result = try OpenAPIImporter.importDocument(Data(document.utf8), file: "stock.yaml")
        #expect(result.yaml.contains("    \(expected)\n"), "\(result.yaml)")
    }

    /// An operation whose responses are all errors or `default` is an action returning nothing, said aloud.
    @Test func anOperationWithoutASuccessResponseSaysSo() throws {
        let document = """
            openapi: 3.1.0
            info: { title: Pings, version: "1" }
            paths:
              /ping:
                post:
                  operationId: ping
                  responses: { default: { description: anything, content: { application/json: { schema: { type: object } } } } }
            """
        let result = try OpenAPIImporter.importDocument(Data(document.utf8), file: "pings.yaml")
        #expect(result.warnings.map(\.message) == ["POST /ping declares no 2xx response, so the action returns nothing (#/paths/~1ping/post/responses)"])
        #expect(result.yaml.contains("  ping:\n    method: POST\n    path: ping\n"), "\(result.yaml)")
    }

    /// A date without a time (`format: date`: Django's `DateField`, Litestar's `date`) is a `Date` read and
    /// written as `yyyy-MM-dd` by one declared transform, wherever it is: a field, an optional or array
    /// field, a referenced component, a query parameter.
    @Test(.tags(.integration), .skippedWhenQuick) func datesWithoutATimeAreDatesInTheirFormat() async throws {
        let document = """
            openapi: 3.0.3
            info: { title: Days, version: "1" }
            paths:
              /events:
                get:
                  operationId: events
                  parameters: [{ name: on, in: query, schema: { type: string, format: date } }]
                  responses: { "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Event" } } } } } }
            components:
              schemas:
                Day: { type: string, format: date }
                Event:
                  type: object
                  required: [day]
                  properties:
                    day: { type: string, format: date }
                    born: { type: string, format: date, nullable: true }
                    days: { type: array, items: { type: string, format: date } }
                    other: { $ref: "#/components/schemas/Day" }
                    at: { type: string, format: date-time }
            """
        let result = try OpenAPIImporter.importDocument(Data(document.utf8), file: "days.yaml")
        #expect(
            result.yaml.contains(
                """
                transforms:
                  date: { date_format: yyyy-MM-dd }

                models:
                  Event:
                    fields:
                      day: { type: Date, transform: date }
                      born: { type: Date?, transform: date }
                      days: { type: "[Date]?", transform: date }
                      other: { type: Date?, transform: date }
                      at: Date?
                """), "\(result.yaml)")
        #expect(result.yaml.contains("      \"on\": { type: Date?, transform: date }\n"))
        #expect(try await OpenAPITestSupport.typecheckGenerated(result.yaml) == "")
    }

    /// FastAPI's OAuth2 password login (`OAuth2PasswordRequestForm`) and an `UploadFile` endpoint, as FastAPI
    /// 0.115 writes them in OpenAPI 3.1: the bodies are components of their own (`Body_…`) that import
    /// declares in place as a form and a multipart body, the upload's file a `File`.
    @Test(.tags(.integration), .skippedWhenQuick) func fastAPIsFormLoginAndUploadBecomeFormAndMultipartBodies() async throws {
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
                    params: { user_id: { type: Int, swift_name: userId } }
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

    /// A document whose `/api/parts/` list answers a page with the integer keys `pageKeys` beside its `items`
    /// and takes the query parameters `query`.
    static func pagedList(pageKeys: [String], query: [String]) -> String {
        let parameters = query.map { "{ name: \($0), in: query, required: false, schema: { type: integer } }" }.joined(separator: ", ")
        let properties = pageKeys.map { "\($0): { type: integer }" }.joined(separator: ", ")
        return Self.pair(parameter: "id", idKey: "id").replacingOccurrences(
            of: "operationId: list\n",
            with: "operationId: list\n      parameters: [\(parameters)]\n"
        ).replacingOccurrences(
            of: "schema: { type: array, items: { $ref: \"#/components/schemas/Part\" } }",
            with: "schema: { type: object, properties: { items: { type: array, items: { $ref: \"#/components/schemas/Part\" } }, \(properties) } }"
        )
    }

    /// Litestar's pages have no next URL: `OffsetPagination` says its offset and the total, `ClassicPagination`
    /// its page number and the number of pages (no total of items, so a walk ends at the first empty page);
    /// the page number is asked for by the parameter of the page's own key, or by `page` when the list takes
    /// that instead.
    @Test(arguments: [
        (["limit", "offset", "total"], ["limit", "offset"], "{ style: offset, items: items, count: total }"),
        (["limit", "offset"], ["limit", "offset"], "{ style: offset, items: items, count: none }"),
        (["page_size", "current_page", "total_pages"], ["page_size", "current_page"], "{ style: page, items: items, parameter: current_page }"),
        (["page_size", "current_page", "total_pages"], ["page_size", "page"], "{ style: page, items: items }"),
        (["per_page", "page", "total"], ["page"], "{ style: page, items: items, count: total }"),
    ])
    func pagesWithoutANextURLAreLitestarsStyles(pageKeys: [String], query: [String], pagination: String) throws {
        let result = try OpenAPIImporter.importDocument(Data(Self.pagedList(pageKeys: pageKeys, query: query).utf8), file: "stock.yaml")
        #expect(
            result.yaml.contains("resources:\n  Part:\n    path: api/parts/\n    operations: [read, list]\n    pagination: \(pagination)\n"),
            "\(result.yaml)")
        #expect(result.warnings.isEmpty && !result.yaml.contains("actions:"))
    }

    /// A page whose only page key is no number of any known kind is no page: its list stays an action.
    @Test func aPageWithoutAnOffsetOrPageNumberIsNoPage() throws {
        let result = try OpenAPIImporter.importDocument(Data(Self.pagedList(pageKeys: ["size"], query: ["size"]).utf8), file: "stock.yaml")
        #expect(result.yaml.contains("    operations: [read]\n"), "\(result.yaml)")
        #expect(result.yaml.contains("actions:\n  list:\n"))
    }

    /// drf-spectacular's string that may be blank but has a format (`EmailField(blank=True)`, the email of
    /// Django's `User`) is a String: its blank alternative `{maxLength: 0}` is no URL, UUID or email.
    @Test func aDRFStringThatMayBeBlankIsAString() throws {
        let document = """
            openapi: 3.0.3
            info: { title: Accounts, version: "1" }
            paths: {}
            components:
              schemas:
                User:
                  type: object
                  properties:
                    email:
                      title: Email address
                      oneOf: [{ type: string, format: email, maxLength: 254 }, { type: string, maxLength: 0 }]
                    homepage:
                      nullable: true
                      oneOf: [{ type: string, format: uri }, { type: string, maxLength: 0 }]
                    contact:
                      oneOf: [{ type: string, format: uri }, { type: integer }]
                  required: [email]
            """
        let result = try OpenAPIImporter.importDocument(Data(document.utf8), file: "accounts.yaml")
        #expect(result.yaml.contains("      email: String\n      homepage: String?\n      contact: UserContact?\n"), "\(result.yaml)")
        #expect(result.yaml.contains("unions:\n  UserContact: [URL, Int]\n"), "two alternatives that are not both strings are a union")
        #expect(result.warnings.isEmpty)
    }
}
