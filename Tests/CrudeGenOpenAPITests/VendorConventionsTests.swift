import CrudeGenCore
import CrudeGenOpenAPI
import Foundation
import TestTags
import Testing

/// How import reads the conventions published vendor APIs share, each in a small document of its own
/// (`Documents/conventions/`) written after the shapes of the corpus's documents: one object wrapped under its
/// name, pages whose position and total sit in `meta` or `links`, the whole page split among `allOf` members,
/// an item path's parameter naming a field other than `id`, and objects written in place instead of
/// components. The live counterpart is VendorStylesTests, against a FastAPI app in these styles.
@Suite struct VendorConventionsTests {
    /// The import of `Documents/conventions/<name>`.
    static func imported(_ name: String) throws -> OpenAPIImporter.Result {
        let url = OpenAPITestSupport.packageRoot.appendingPathComponent("Tests/CrudeGenOpenAPITests/Documents/conventions/\(name)")
        return try OpenAPIImporter.importDocument(Data(contentsOf: url), file: name)
    }

    /// Hetzner Cloud: `get_server_response` is a component whose one property holds the server, so it is the
    /// namespace, not the model; the list's page number and total are in `meta.pagination`; the create body
    /// is sent bare, so the namespace is the responses'; and neither the wrappers nor `meta` stay declared.
    @Test func aWrapperComponentIsANamespaceAndThePageIsReadInMeta() throws {
        let result = try Self.imported("wrapped.yaml")
        #expect(
            result.yaml.hasSuffix(
                """
                resources:
                  Server:
                    path: servers
                    namespace: { one: server, applies_to: responses }
                    id: { name: id, type: Int64 }
                    operations: [create, read, delete, list]
                    query:
                      perPage: Int?
                    pagination: { style: page, items: servers, next: meta.pagination.next_page, count: meta.pagination.total_entries }
                    fields:
                      name: String

                """), "\(result.yaml)")
        #expect(!result.yaml.contains("models:"), "the wrappers, the page and its `meta` say nothing the resource does not")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    /// DigitalOcean's next link in `links.pages` (an `anyOf` of forward and backward links) and total in
    /// `meta`, PagerDuty's offset page whose keys are another component's `allOf` member, Box's marker sent
    /// back as the list's `marker` parameter (not its `prev_marker`, listed first, which leads back), and
    /// Airflow's total beside items asked for by `?offset=`.
    @Test func pagesAreReadWhereverTheirKeysAre() throws {
        let yaml = try Self.imported("pages.yaml").yaml
        #expect(yaml.contains("    pagination: { items: droplets, next: links.pages.next, count: meta.total }\n"), "\(yaml)")
        #expect(yaml.contains("    pagination: { style: offset, items: addons, count: total }\n"))
        #expect(yaml.contains("    pagination: { style: cursor, items: entries, next: next_marker, parameter: marker }\n"))
        #expect(yaml.contains("    pagination: { style: offset, items: connections, count: total_entries }\n"))
        #expect(!yaml.contains("PaginationModel") && !yaml.contains("Metadata"), "the pages' parts are not declared")
    }

    /// A page whose keys speak of paging that import does not recognise (a token no query parameter takes,
    /// a total beside items asked for by no position) stays an action answering the whole page, and a
    /// warning at the list says why: reading only its items would hide every page after the first.
    @Test func aPageImportCannotFollowStaysAnActionAndSaysWhy() throws {
        let result = try Self.imported("pages.yaml")
        #expect(result.yaml.contains("  getLogs:\n    path: logs\n    returns:\n      entries: \"[Log]?\"\n      nextToken: String?\n"), "\(result.yaml)")
        #expect(
            result.warnings.map(\.description).contains(
                "pages.yaml:69:7: warning: GET /logs is an action, not the list of `Log`: import does not recognise how its pages go on (`next_token` beside the items) (#/paths/~1logs/get)\n    hint: give the resource a `pagination` that says how it pages (docs/spec.md, Pagination)"
            ), "\(result.warnings)")
    }

    /// PagerDuty refers to the first member of `Tag`'s `allOf` as `#/components/schemas/Tag/allOf/0`, which
    /// OpenAPI's references cannot name: it is read as that member, so the add-on has `Tag`'s id, and one
    /// warning says so.
    @Test func aReferenceIntoAComponentIsReadAsThePartItNames() throws {
        let result = try Self.imported("pages.yaml")
        #expect(
            result.yaml.contains(
                """
                  Addon:
                    path: addons
                    namespace: addon
                    id: { name: id, type: String }
                    operations: [read, list]
                    pagination: { style: offset, items: addons, count: total }
                    fields:
                      summary: { type: String?, read_only: true }
                      name: String
                """), "\(result.yaml)")
        #expect(
            result.warnings.map(\.description).contains(
                "pages.yaml:109:11: warning: a `$ref` points inside a component or a path, which OpenAPI's references do not; read as the value it points to; the same at 1 more place (#/components/schemas/Addon/allOf/0)"
            ), "\(result.warnings)")
    }

    /// PagerDuty's `Reference` is `Tag`'s first `allOf` member and a member that only says `required: [id]`:
    /// the id keeps the member's type and becomes required, where the empty schema the second member
    /// gives it used to make it `JSON`.
    @Test func anAllOfMemberThatOnlyRequiresAPropertyKeepsItsType() throws {
        let yaml = try Self.imported("pages.yaml").yaml
        #expect(yaml.contains("  AddonReference:\n    fields:\n      id: { type: String, read_only: true }\n"), "\(yaml)")
    }

    /// Xero's read answers the same one-element list as its list (`{"Invoices": [ … ]}`): the list's items
    /// are the model, the list reads them through the key, and the read stays an action answering the list.
    @Test func aReadAnsweringAOneElementListLeavesTheModelToTheList() throws {
        let yaml = try Self.imported("pages.yaml").yaml
        #expect(
            yaml.contains(
                "  Invoice:\n    path: Invoices\n    namespace: { many: Invoices }\n    id: { name: InvoiceID, type: UUID, key: InvoiceID }\n    operations: [list]\n"
            ), "\(yaml)")
        #expect(
            yaml.contains(
                "  getInvoicesByInvoiceID:\n    path: Invoices/{InvoiceID}\n    params: { InvoiceID: { type: UUID, swift_name: invoiceID } }\n    returns: Invoices\n"
            ))
    }

    /// `{pool_name}` in `/pools/{pool_name}` names a pool's `name`, and `{connection_id}` a connection's
    /// `connection_id`: the field the parameter's words end with, in a collection its other words name.
    @Test func theItemParameterNamesTheFieldItEndsWith() throws {
        let yaml = try Self.imported("pages.yaml").yaml
        #expect(yaml.contains("  Pool:\n    path: pools\n    id: { name: name, type: String }\n"), "\(yaml)")
        #expect(yaml.contains("  Connection:\n    path: connections\n    id: { name: connection_id, type: String }\n"))
    }

    /// Linode writes every object in place: the read's object is the model, named after the path, and the
    /// list's items and the update's answer are recognised by their keys. A pair whose object has no id
    /// stays two actions, and nothing it would have declared is left behind.
    @Test func objectsWrittenInPlaceAreAResourcesModel() throws {
        let result = try Self.imported("in-place.yaml")
        #expect(
            result.yaml.contains(
                """
                resources:
                  LinodeInstance:
                    path: "{apiVersion}/linode/instances"
                    operations: [read, update, list]
                    params: { apiVersion: LinodeInstanceApiVersion }
                    pagination: { style: page, items: data, count: results }
                    fields:
                      label: String?
                      region: String?
                """), "\(result.yaml)")
        #expect(
            result.yaml.contains("models:\n  GetReportsResponseItem:\n    fields:\n      title: String?\n\nresources:"),
            "the reports' actions declare their own")
        #expect(result.summary.description == "5 operations read: 1 resource (3 operations), 2 actions, 0 left out")
    }

    /// A JSON:API document holds the resource in `data` beside its `links` and `meta` (Klaviyo's
    /// `GetAccountResponse`): the read's and the list's documents hold its resource objects, whose next page
    /// is at `links.next`, so it is a `jsonapi:` resource of the type its `type` allows, its fields its
    /// `attributes`; and the resource drops the words the generator added to its model's name
    /// (`AccountResponseObjectResource` → `Account`).
    @Test func aJSONAPIDocumentsDataIsTheNamespaceBesideItsLinksAndMeta() throws {
        let result = try Self.imported("json-api.yaml")
        #expect(
            result.yaml.hasSuffix(
                """
                resources:
                  Account:
                    path: api/accounts
                    jsonapi: account
                    id: { name: id, type: String }
                    operations: [read, list]
                    pagination: { items: data, next: links.next, count: none }
                    fields:
                      timezone: String?

                """), "\(result.yaml)")
        #expect(!result.yaml.contains("GetAccountResponse") && !result.yaml.contains("Links"), "the documents and their links are not declared")
        #expect(!result.yaml.contains("models:") && !result.yaml.contains("enums:"), "the resource object's parts are not declared")
    }

    /// JSON:API resource objects (`type`, `id`, `attributes`, `relationships`) under `data` make a
    /// `jsonapi:` resource whatever the media type says: the type is the one value `type` allows, else the
    /// collection's last segment; the attributes are its fields; a relationship holding a resource
    /// identifier is a to-one field of the related id, one holding an array of them a to-many field of
    /// ids (either optional when the relationship or its data may be `null` or left out), both with the related type (the one value the
    /// identifier's `type` allows); a relationship of only `links` is no field. Create and update bodies
    /// are resource objects too (update by PATCH), and nothing of the documents is declared.
    @Test func jsonAPIResourceObjectsMakeJSONAPIResourcesWithRelationships() throws {
        let result = try Self.imported("json-api-relationships.yaml")
        #expect(
            result.yaml == """
                # Imported by crudegen \(CrudeGenVersion.current) from json-api-relationships.yaml (OpenAPI 3.0.3).
                api:
                  name: Library
                  base_url: https://api.example.com/v1
                  methods: { update: PATCH }
                  keys: snake_case

                resources:
                  Article:
                    path: articles
                    jsonapi: articles
                    id: { name: id, type: String }
                    pagination: { items: data, next: links.next, count: none }
                    fields:
                      title: String
                      wordCount: { type: Int?, read_only: true }
                      author:
                        type: String?
                        relationship: people
                        description: The person who wrote it.
                      reviewers: { type: "[String]?", read_only: true, relationship: people }
                  Person:
                    path: people
                    jsonapi: people
                    id: { name: id, type: String }
                    operations: [read, list]
                    fields:
                      name: String?

                """, "\(result.yaml)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    /// The API is named after the document's title without the words that only say it is an API, and
    /// which version; a title of nothing else takes the name of the server's domain.
    @Test(arguments: [
        ("Netlify's API documentation", nil, "Netlify"),
        ("Airflow API (Stable)", nil, "Airflow"),
        ("The Plaid API", nil, "Plaid"),
        ("Mailchimp Transactional API v1.3", nil, "MailchimpTransactional"),
        ("API Reference", "https://{region}.sentry.io", "Sentry"),
        ("API", "http://localhost:8080", "API"),
    ])
    func theAPIIsNamedAfterItsTitleWithoutTheWordAPI(title: String, server: String?, name: String) throws {
        let servers = server.map { "servers: [{ url: \"\($0)\", variables: { region: { default: us } } }]\n" } ?? ""
        let document = "openapi: 3.0.3\ninfo: { title: \"\(title)\", version: \"1\" }\n\(servers)paths: {}\n"
        let result = try OpenAPIImporter.importDocument(Data(document.utf8), file: "api.yaml")
        #expect(result.yaml.contains("api:\n  name: \(name)\n"), "\(result.yaml)")
    }

    /// Asana wraps requests as it wraps answers, `{"data": …}` written in place without saying the key is
    /// required: the namespace is both ways. Its list answers `TaskCompact`, which lacks `notes` the
    /// resource requires, so the list stays an action, and the warning says that, not that its pages are
    /// not understood.
    @Test func aBodyWrappedInPlaceKeepsTheNamespaceOnRequests() throws {
        let result = try Self.imported("data-wrapped.yaml")
        #expect(
            result.yaml.contains(
                "  TaskResponse:\n    path: tasks\n    namespace: data\n    id: { name: gid, type: String }\n    operations: [create, read]\n"),
            "\(result.yaml)")
        #expect(
            result.warnings.map(\.description) == [
                "data-wrapped.yaml:7:7: warning: GET /tasks is an action, not the list of `TaskResponse`: its items are `TaskCompact`, which do not decode as `TaskResponse` (#/paths/~1tasks/get)"
            ])
    }

    /// Sentry's routes: the spec keeps the document's paths, relative to its server `/api/0` as OpenAPI reads
    /// them, and its parameter names, which Swift reads in camel case (or as `x-crudegen-swift-name` says);
    /// a server without a host is said, at its line.
    @Test func routesKeepTheDocumentsPathsAndParameterNames() throws {
        let result = try Self.imported("relative-server.yaml")
        #expect(
            result.yaml.contains(
                """
                  Project:
                    path: organizations/{organization_id_or_slug}/projects/
                    id: { name: id, type: String }
                    operations: [read, list]
                    routes:
                      read: organizations/{organization_id_or_slug}/projects/{project_id_or_slug}/
                    params: { organization_id_or_slug: { type: String, swift_name: organizationIdOrSlug }, project_id_or_slug: { type: String, swift_name: projectIdOrSlug } }

                """), "\(result.yaml)")
        #expect(
            result.yaml.contains(
                "    path: organizations/{organization_id_or_slug}/releases/{version}/files/\n    params: { organization_id_or_slug: { type: String, swift_name: organizationIdOrSlug }, version: { type: String, swift_name: releaseVersion } }\n"
            ))
        #expect(!result.yaml.contains("base_url"))
        let server = try #require(result.warnings.first { $0.message.hasPrefix("the server URL") })
        #expect(
            server.description
                == "relative-server.yaml:4:10: warning: the server URL `/api/0` has no host, so the spec has no `base_url`; its routes are the document's paths, relative to the server (#/servers/0/url)\n    hint: give the client a base URL that ends with `/api/0`, or write `base_url` into the spec"
        )
        let swift = try OpenAPITestSupport.generatedSwift(result.yaml)
        #expect(
            swift["Project.swift"]?.contains("public static func read(organizationIdOrSlug: String, projectIdOrSlug: String, on client: APIClient)") == true,
            "\(swift["Project.swift"] ?? "")")
    }

    /// Ids as vendors write them: Docker's `Id` for `{id}`, SendGrid's number, Netlify's `int32`; a route
    /// naming a field by its key keeps the key (`{site_id}`); Xero's items beside an array of warnings;
    /// Hetzner's wrapper component around an object written in place.
    @Test func idsAsVendorsWriteThem() throws {
        let result = try Self.imported("ids.yaml")
        #expect(result.yaml.contains("  Network:\n    path: networks\n    id: { name: Id, type: String }\n    operations: [read, list]\n"), "\(result.yaml)")
        #expect(result.yaml.contains("  SuppressionGroup:\n    path: asm/groups\n    id: { name: id, type: Int64 }\n"))
        #expect(
            result.warnings.map(\.description).contains(
                "ids.yaml:80:7: warning: the id `id` of `SuppressionGroup` is a number, read as `Int64`: an id in a path is written without a fraction (`asm/groups/5`, not `5.0`) (#/components/schemas/SuppressionGroup)"
            ), "\(result.warnings.map(\.description))")
        #expect(result.yaml.contains("  Snippet:\n    path: sites/{site_id}/snippets\n    operations: [read, list]\n    fields:\n      site_id: String?\n"))
        #expect(
            result.yaml.contains(
                "  Invoice:\n    path: Invoices\n    id: { name: InvoiceID, type: UUID }\n    operations: [list]\n    pagination: { style: page, items: Invoices }\n"
            ))
        #expect(
            result.yaml.contains(
                """
                  PlacementGroup:
                    path: placement_groups
                    namespace: { one: placement_group, applies_to: responses }
                    id: { name: id, type: Int64 }
                    operations: [create, read]
                    fields:
                      name: String

                """))
        #expect(!result.yaml.contains("GetPlacementgroupResponse"), "the wrapper and the type declared for its object say nothing the resource does not")
    }

    /// A route naming a field by its JSON key keeps the key, the document's spelling, and names the field
    /// so (`site_id`), with the name the key style gives it as its Swift name.
    @Test func aRouteNamingAFieldKeepsItsKey() throws {
        let document = """
            openapi: 3.0.3
            info: { title: Sites, version: "1" }
            paths:
              /sites/{site_id}/hooks:
                get:
                  parameters: [{ name: site_id, in: path, required: true, schema: { type: string } }]
                  responses: { "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Hook" } } } } } }
              /sites/{site_id}/hooks/{id}:
                get:
                  parameters:
                    - { name: site_id, in: path, required: true, schema: { type: string } }
                    - { name: id, in: path, required: true, schema: { type: string } }
                  responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Hook" } } } } }
            components:
              schemas:
                Hook:
                  type: object
                  required: [id, site_id, created_at]
                  properties: { id: { type: string }, site_id: { type: string }, created_at: { type: string } }
            """
        let result = try OpenAPIImporter.importDocument(Data(document.utf8), file: "sites.yaml")
        #expect(
            result.yaml.contains(
                "    path: sites/{site_id}/hooks\n    id: { name: id, type: String }\n    operations: [read, list]\n    fields:\n      site_id: { type: String, swift_name: siteId }\n      createdAt: String\n"
            ),
            "\(result.yaml)")
        let swift = try OpenAPITestSupport.generatedSwift(result.yaml)
        #expect(swift["Hook.swift"]?.contains("public var siteId: String") == true)
        #expect(swift["Hook.swift"]?.contains("path: \"sites/\\(siteId)/hooks\"") == true, "\(swift["Hook.swift"] ?? "")")
    }

    /// Every document of this suite generates Swift that compiles.
    @Test(
        .tags(.integration), .skippedWhenQuick,
        arguments: ["wrapped.yaml", "pages.yaml", "in-place.yaml", "json-api.yaml", "data-wrapped.yaml", "relative-server.yaml", "ids.yaml"])
    func eachConventionsSwiftCompiles(document: String) async throws {
        #expect(try await OpenAPITestSupport.typecheckGenerated(try Self.imported(document).yaml) == "")
    }
}
