import Foundation
import RandomSpecs
import Testing

@testable import CrudeGenCore
@testable import CrudeGenEngine

@Suite struct SpecValidatorTests {
    static let header = "api: { name: Shop }\n"

    @Test func unknownTypesListTheNearestNames() throws {
        let found = diagnostics(
            for: Self.header + "models:\n  Order:\n    fields:\n      total: Doubel\n      buyer: Custmer\n  Customer: { fields: { name: String } }\n")
        #expect(found.map(\.message) == ["unknown type `Doubel`", "unknown type `Custmer`"])
        #expect(found.map(\.hint) == ["did you mean `Double`?", "did you mean `Customer`?"])
        #expect(found.first?.location?.line == 5)
        #expect(found.first?.location?.column == 14)
    }

    /// JSON Schema's, OpenAPI's, Python's and SQL's names of the built-in types are too far from Swift's by
    /// spelling for the nearest names to find; the hint names the Swift built-in.
    @Test func otherLanguagesTypeNamesSuggestTheSwiftBuiltin() {
        let fields = ["integer", "string", "boolean", "number", "float", "datetime", "timestamp", "object"]
        let found = diagnostics(
            for: Self.header + "models:\n  Order:\n    fields:\n" + fields.enumerated().map { "      f\($0.offset): \($0.element)\n" }.joined())
        #expect(
            found.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" }
                == fields.enumerated().map {
                    "\($0.offset + 5):11: unknown type `\($0.element)`"
                })
        #expect(
            found.map(\.hint) == [
                "did you mean `Int`?", "did you mean `String`?", "did you mean `Bool`?", "did you mean `Double`?", "did you mean `Float`?",
                "did you mean `Date` or `Data`?", "did you mean `Date`?", "did you mean `JSON`?",
            ])
    }

    /// An example that is no value of its field's type is a warning at the example; a fitting one, or one
    /// of a type the engine does not check, is none.
    @Test func examplesThatAreNoValueOfTheirTypeAreWarnings() {
        let found = diagnostics(
            for: Self.header + """
                enums:
                  Mood: [happy, sad]
                models:
                  Order:
                    fields:
                      count: { type: Int, example: many }
                      price: { type: Double?, example: "4.5" }
                      paid: { type: Bool, example: "yes" }
                      mood: { type: Mood, example: angry }
                      note: { type: String, example: "42" }
                      calm: { type: Mood, example: sad }
                      size: { type: Int32, example: "3000000000" }
                """)
        #expect(
            found.map { "\($0.severity) \($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" } == [
                "warning 7:36: the example of field `count` of model `Order` is `many`, which is not `Int`",
                "warning 9:37: the example of field `paid` of model `Order` is `yes`, which is not `Bool`",
                "warning 10:36: the example of field `mood` of model `Order` is `angry`, which is not one of the raw values of `Mood`",
                "warning 13:38: the example of field `size` of model `Order` is `3000000000`, which is not `Int32`",
            ])
    }

    @Test func duplicateNames() {
        let found = errors(for: Self.header + "models:\n  A: { fields: { firstName: String, first_name: Int } }\nenums:\n  A: [x]\n")
        #expect(found.contains("5:3: `A` is declared twice (first at line 3)"))
        #expect(
            errors(for: "api: { name: A, keys: snake_case }\nmodels:\n  M: { fields: { firstName: String, first_name: Int } }\n")
                .contains { $0.contains("has the JSON key `first_name`, already used at line 3") })
        #expect(errors(for: Self.header + "models:\n  Item: {}\n  ITEM: {}\n").contains { $0.contains("differs from `Item` only in case") })
        // A field may not take the JSON key of its resource's id: both would read the one value.
        #expect(
            errors(
                for: Self.header
                    + "resources:\n  Tag:\n    path: tags\n    id: { name: uid, type: String, key: ref }\n    fields: { label: { type: String, key: ref } }\n")
                == ["6:43: field `label` of resource `Tag` has the JSON key `ref`, already used at line 5"])
    }

    @Test func transformsMustFitTheirFields() {
        #expect(
            errors(for: Self.header + "models:\n  M: { fields: { a: { type: String, transform: percentage } } }\n")
                == ["3:48: transform `percentage` applies to `Double`, not to `String` (field `a` of model `M`)"])
        let unknown = diagnostics(for: Self.header + "models:\n  M: { fields: { a: { type: Date, transform: iso8061 } } }\n")
        #expect(unknown.first?.hint == "did you mean `iso8601`?")
        #expect(
            errors(
                for: Self.header + "transforms:\n  cents: { type: Decimal, swift: Cents }\nmodels:\n  M: { fields: { a: { type: Int, transform: cents } } }\n")
                == ["5:45: transform `cents` produces `Decimal`, but field `a` of model `M` holds `Int`"])
    }

    @Test func aFieldIsNotBothReadOnlyAndWriteOnly() {
        #expect(
            errors(for: Self.header + "models:\n  M: { fields: { a: { type: String, read_only: true, write_only: true } } }\n")
                == ["3:18: field `a` of model `M` is both `read_only` and `write_only`, so it would never be sent nor received"])
        #expect(errors(for: Self.header + "models:\n  M: { fields: { password: { type: String, write_only: true } } }\n").isEmpty)
        #expect(
            errors(for: Self.header + "actions:\n  find: { path: find, query: { q: { type: String, write_only: true } } }\n")
                == ["3:32: `write_only` of field `q` of the query of action `find` applies to fields of bodies only"])
    }

    /// `required` sends a `nil` as `null`: only an optional type has one, a write-only `nil` is never sent,
    /// and a query parameter has no `null`.
    @Test func aRequiredFieldIsOptionalAndSent() {
        #expect(errors(for: Self.header + "models:\n  M: { fields: { vpc: { type: String?, required: true } } }\n").isEmpty)
        #expect(
            errors(for: Self.header + "models:\n  M: { fields: { a: { type: String, required: true } } }\n")
                == ["3:18: `required` of field `a` of model `M` says a `nil` is sent as `null`, but `String` is not optional"])
        #expect(
            errors(for: Self.header + "models:\n  M: { fields: { a: { type: String?, required: true, write_only: true } } }\n")
                == ["3:18: field `a` of model `M` is both `required` and `write_only`, but a write-only `nil` is never sent"])
        #expect(
            errors(for: Self.header + "actions:\n  find: { path: find, query: { q: { type: String?, required: true } } }\n")
                == ["3:32: `required` of field `q` of the query of action `find` applies to fields of bodies only"])
    }

    @Test func aBodyDeclaredInPlaceHasNoReadOnlyField() {
        #expect(
            errors(
                for: Self.header
                    + "actions:\n  find: { path: find, body: { q: String, at: { type: Int?, read_only: true } }, returns: { at: { type: Int, read_only: true } } }\n"
            )
                == ["3:42: field `at` of the body of action `find` is `read_only`, so the call would never send it"])
    }

    /// A JSON:API resource object has a string id under `id`, its fields in `attributes` and
    /// `relationships`, and `data` for a namespace; a relationship holds the related ids.
    @Test func jsonAPIResourcesHoldWhatAResourceObjectCan() {
        let valid = """
            resources:
              Article:
                path: articles
                jsonapi: articles
                id: { name: id, type: String }
                fields: { title: String, author: { type: String?, relationship: people }, tags: { type: "[UUID]", relationship: tags } }
              Tag:
                path: tags
                jsonapi: tags
                id: { name: uuid, type: UUID, key: id }

            """
        #expect(errors(for: Self.header + valid).isEmpty)
        #expect(
            errors(for: Self.header + "resources:\n  Tag: { path: tags, jsonapi: tags, id: { name: uuid, type: UUID } }\n")
                == ["3:49: the id of JSON:API resource `Tag` has the key `uuid`, but a resource object's id is always under `id`"])
        let invalid = """
            resources:
              Article:
                path: articles
                jsonapi: articles
                namespace: article
                id: { name: id, key: uid }
                fields:
                  type: String
                  author: { type: Int, relationship: people, transform: lenient }
              Person:
                path: people
                id: { name: id, type: String }
                fields: { boss: { type: String, relationship: people } }
              Tag:
                path: tags
                jsonapi: tags
                id: { name: id, type: String }
                pagination: { items: results }
              Label:
                path: labels
                jsonapi: labels
                id: { name: id, type: String }
                pagination: { style: link_header }

            """
        #expect(
            errors(for: Self.header + invalid).sorted()
                == [
                    "19:26: resource `Tag` is a JSON:API resource, whose pages hold the resource objects in `data`, but its pagination reads them from `results`",
                    "24:17: resource `Label` is a JSON:API resource, whose pages hold the resource objects in `data`, but its pagination reads them from the bare array of a `link_header` page",
                    "9:7: field `type` of JSON:API resource `Article` has the key `type`, which JSON:API reserves for the resource object's own",
                    "10:23: field `author` of resource `Article` is a relationship, so it holds the related id, not `Int`",
                    "10:61: field `author` of resource `Article` is a relationship, whose ids take no transform",
                    "14:51: `relationship` of field `boss` of resource `Person` applies to fields of JSON:API resources only",
                    "6:16: resource `Article` is a JSON:API resource, whose bodies are wrapped in `data`, and has a `namespace` too",
                    "7:9: the id of JSON:API resource `Article` is `Int`, but a JSON:API id is a string",
                    "7:26: the id of JSON:API resource `Article` has the key `uid`, but a resource object's id is always under `id`",
                ].sorted())
    }

    @Test func unionsHoldVariantsGeneratedCodeCanRead() {
        let models = "models:\n  Cat: { fields: { name: String } }\n  Dog: { fields: { name: String } }\n"
        #expect(errors(for: Self.header + models + "unions:\n  Pet: { discriminator: kind, variants: [Cat, Dog] }\n  Id: [Int, String]\n").isEmpty)
        #expect(
            errors(for: Self.header + models + "unions:\n  Pet: { discriminator: kind, variants: [Cat, String] }\n")
                == ["6:47: variant `String` of union `Pet` is `String`, but a union with a discriminator reads it from an object"])
        #expect(
            errors(for: Self.header + models + "unions:\n  Pet: [Cat, Cat?, Date, Dog, Dog]\n")
                == [
                    "6:14: variant `Cat?` of union `Pet` has the case name `cat`, already used at line 6",
                    "6:14: variant `Cat?` of union `Pet` is optional; a union's value is one of its variants",
                    "6:20: variant `Date` of union `Pet` is `Date`, which is read through a transform, and a variant has none",
                    "6:31: variant `Dog` of union `Pet` has the case name `dog`, already used at line 6",
                    "6:31: variant `Dog` of union `Pet` has the type `Dog` of the variant at line 6, so it would never be read",
                ])
        #expect(
            errors(for: Self.header + models + "unions:\n  Pet: { variants: { unknown: Cat, any: JSON, dog: Dog } }\n")
                == [
                    "6:22: variant `unknown` of union `Pet` has the case name `unknown`, which is reserved for values no variant reads",
                    "6:41: variant `any` of union `Pet` is `JSON`, which reads every value, so the variants after it would never be read",
                ])
        #expect(
            errors(for: Self.header + "unions:\n  A: [B, Int]\n  B: [String, A]\n")
                == [
                    "3:3: union `A` holds itself as a variant (`A` → `B` → `A`), so reading it would never finish",
                    "4:3: union `B` holds itself as a variant (`B` → `A` → `B`), so reading it would never finish",
                    "3:7: variant `B` of union `A` is `B`, which reads every value, so the variants after it would never be read",
                ].sorted())
    }

    @Test func formAndMultipartBodiesHoldWhatAFormCarries() {
        let action =
            Self.header
            + "enums: { Color: [red] }\nmodels:\n  Address: { fields: { city: String } }\n  Login: { fields: { user: String, tags: \"[String]?\" } }\nactions:\n"
        #expect(
            errors(
                for: action
                    + "  login: { path: token, body_format: form, body: { user: String, at: Date?, ids: \"[Int]\", color: Color?, site: URL, blob: Data } }\n"
                    + "  login2: { path: token, body_format: form, body: Login }\n"
                    + "  upload: { path: up, body_format: multipart, body: { file: File, more: \"[File]?\", caption: String } }\n"
                    + "  json: { path: j, body_format: json, body: Address }\n"
            ).isEmpty)
        #expect(
            errors(
                for: action + "  login: { path: token, body_format: form, body: { home: Address, nested: \"[[Int]]\", map: \"[String: Int]\", file: File } }\n")
                == [
                    "7:58: field `home` of the body of action `login` has type `Address`, which a form body cannot carry",
                    "7:76: field `nested` of the body of action `login` has type `[[Int]]`, which a form body cannot carry",
                    "7:92: field `map` of the body of action `login` has type `[String: Int]`, which a form body cannot carry",
                    "7:114: field `file` of the body of action `login` is a `File`, which a form body cannot carry",
                ])
        let file = diagnostics(for: action + "  upload: { path: up, body: { file: File } }\n")
        #expect(
            file.map(\.message) == [
                "`File` is a file sent as a part of a multipart body or received as an action's whole response; it can only be the type of a field of an action's body declared in place, or an action's `returns` itself"
            ])
        #expect(
            file.first?.hint
                == "declare the field under the action's `body` and set `body_format: multipart`, or download one file with `returns: File`")
        #expect(errors(for: Self.header + "models:\n  M: { fields: { avatar: File? } }\n").first?.contains("`File` is a file") == true)
        #expect(errors(for: Self.header + "actions:\n  a: { path: a, returns: { f: File } }\n").first?.contains("`File` is a file") == true)
        #expect(
            errors(for: Self.header + "actions:\n  a: { path: a, body_format: multipart, body: \"[Login]\" }\nmodels: { Login: {} }\n") == [
                "3:48: the body of action `a` is sent as a multipart body, so it must be an object, not `[Login]`"
            ])
        let bare = diagnostics(for: Self.header + "actions:\n  a: { path: a, body_format: form }\n")
        #expect(bare.map(\.message) == ["action `a` sets `body_format`, but it sends no body"])
        #expect(bare.first?.location?.column == 30)
        #expect(
            diagnostics(for: Self.header + "actions:\n  a: { path: a, body_format: forms, body: { a: Int } }\n").first?.hint == "did you mean `form`?")
        // A spec's own `File` shadows the built-in one, as every built-in type.
        #expect(errors(for: Self.header + "models:\n  File: { fields: { name: String } }\n  M: { fields: { file: File } }\n").isEmpty)
    }

    /// `returns: File` is a download; `File` anywhere else in a response, and a paginated download, are
    /// errors at the type or at `pagination`.
    @Test func anActionReturnsAFileOnlyAsItsWholeResponse() {
        #expect(errors(for: Self.header + "actions:\n  export: { path: export, returns: File }\n").isEmpty)
        #expect(
            errors(
                for: Self.header + "resources:\n  Report:\n    path: reports\n    fields: { name: String }\n    actions:\n"
                    + "      export: { path: \"reports/{id}/export\", method: POST, body: { format: String }, returns: File }\n"
            ).isEmpty)
        for (returns, column) in [("\"File?\"", 37), ("\"[File]\"", 37), ("\"[String: File]\"", 37)] {
            let found = diagnostics(for: Self.header + "actions:\n  export: { path: export, returns: \(returns) }\n")
            #expect(found.map(\.message).first?.hasPrefix("`File` is a file sent as a part of a multipart body or received") == true, "\(returns)")
            #expect(found.first?.location?.column == column, "\(returns)")
            #expect(found.first?.hint?.contains("`returns: File`") == true)
        }
        #expect(
            errors(for: Self.header + "actions:\n  export: { path: export, returns: { report: File } }\n").first?.hasPrefix("3:46: `File` is a file") == true)
        let paged = diagnostics(
            for: Self.header + "actions:\n  export: { path: export, returns: File, pagination: { style: page, items: results } }\n")
        #expect(paged.map(\.message) == ["action `export` returns a file, which has no pages"])
        #expect(paged.first?.hint == "remove `pagination`, or return the array of the items the pages hold, as `returns: \"[User]\"`")
    }

    @Test func routesMustBeBalancedAndUseKnownParameters() {
        let unbalanced = errors(for: Self.header + "resources:\n  Person:\n    path: people\n    routes: { read: \"people/{id\" }\n")
        #expect(unbalanced == ["5:29: route `people/{id`: `{` is never closed"])
        let unknown = diagnostics(
            for: Self.header
                + "resources:\n  Person:\n    path: people\n    routes: { list: \"households/{houseID}/people\" }\n    fields: { householdID: Int }\n")
        #expect(unknown.first?.message == "route parameter `{houseID}` is not the id, a field or a declared param of resource `Person`")
        #expect(unknown.first?.hint == "did you mean `householdID`?")
        #expect(unknown.first?.location?.column == 33)
    }

    @Test func valueTypeRecursionIsRejected() {
        let found = errors(
            for: Self.header + "models:\n  Node: { fields: { next: Node? } }\n  A: { fields: { b: B } }\n  B: { fields: { a: A?, many: \"[A]\" } }\n")
        #expect(found.contains("3:27: `Node` contains itself by value (`Node` → `Node`); Swift cannot store such a struct"))
        #expect(found.contains { $0.hasPrefix("4:21: `A` contains itself by value (`A` → `B` → `A`)") })
        #expect(errors(for: Self.header + "models:\n  Tree: { fields: { children: \"[Tree]\", index: \"[String: Tree]\" } }\n").isEmpty)
    }

    @Test func enumsKeepUnknownAsAReservedName() {
        #expect(errors(for: Self.header + "enums:\n  E: [a, unknown]\n").contains { $0.contains("case name `unknown` in enum `E` is reserved") })
        #expect(errors(for: Self.header + "enums:\n  E: { type: Int, cases: { a: one } }\n") == ["3:31: raw value `one` of enum `E` is not an integer"])
    }

    @Test func apiValuesAreChecked() {
        let found = errors(for: "api: { name: A, base_url: not a url, envelope: data..x, methods: { update: PATCHY } }\n")
        #expect(
            found == [
                "1:27: base URL `not a url` is not an absolute URL",
                "1:48: envelope `data..x` has an empty segment",
                "1:76: `PATCHY` is not an HTTP method",
            ])
    }

    /// The base URL check accepts what RFC 3986 calls an absolute URL with a host, and nothing that needs
    /// a parser's leniency.
    @Test func baseURLsFollowRFC3986() {
        for accepted in [
            "https://api.example.com", "http://127.0.0.1:8080/a%20b?q=1&r=%2F#top", "https://user:pw@[::1]:8443/v1/",
            "custom+scheme.v2://host", "https://api.example.com/v1;x=(1)*~",
        ] {
            #expect(AbsoluteURLSyntax.accepts(accepted), "\(accepted)")
        }
        for rejected in [
            "", "api.example.com", "/v1", "https:api.example.com", "https://", "https:///v1", "https://:80",
            "https://api.example.com:8o", "1http://x", "https://a b", "http://127.0.0.1:8080/a b", "https://x/%2",
            "https://x/%zz", "https://x/\"", "https://x/\\", "https://x/é", "https://x/a#b#c", "https://[]", "https://[::1",
            "https://x/{id}", "https://x/\n", "https://%9aZ",
        ] {
            #expect(!AbsoluteURLSyntax.accepts(rejected), "\(rejected)")
        }
    }

    /// Whatever the check accepts, Foundation parses with a scheme and a host: the generated code
    /// force-unwraps `URL(string:)` of it. Random texts over URL characters and their troublemakers.
    @Test func everyAcceptedBaseURLParses() {
        var random = SeededGenerator(seed: 0xC0FF_EE)
        let pieces = [
            "https://", "http://", "a", "Z", "9", ".", "-", "_", "~", "/", "?", "#", ":", "@", "%", "%2F", "%4", "[", "]",
            "[::1]", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", " ", "\"", "\\", "é", "{", "}", "|", "^", "`",
            "<", ">", "\t", "80", "example.com",
        ]
        var accepted = 0
        for _ in 0..<20_000 {
            var text = Bool.random(using: &random) ? "https://" : ""
            for _ in 0..<Int.random(in: 1...8, using: &random) { text += pieces.randomElement(using: &random)! }
            guard AbsoluteURLSyntax.accepts(text) else { continue }
            accepted += 1
            let url = URL(string: text)
            #expect(url?.scheme != nil && url?.host != nil, "accepted `\(text)`, which Foundation does not parse with a scheme and host")
        }
        #expect(accepted > 1_000, "the generated texts should often be URLs: \(accepted)")
    }

    @Test func reservedTypeNames() {
        #expect(errors(for: Self.header + "models:\n  Codable: {}\n").first?.contains("reserved") == true)
        #expect(errors(for: "api: { name: JSONKey }\n").first?.contains("reserved") == true)
        // The built-in transforms' types are runtime names too: a model of that name would take their place.
        #expect(errors(for: Self.header + "models:\n  ISO8601DateTransform: {}\n").first?.contains("reserved") == true)
    }

    @Test func reservedNamesHaveAWayOutThroughSwiftName() {
        let reserved = diagnostics(for: Self.header + "resources:\n  Page: { path: pages }\n")
        #expect(reserved.first?.hint == "keep the name in the spec and choose the Swift name: `Page: { swift_name: PageModel, … }`")
        #expect(errors(for: Self.header + "resources:\n  Page: { path: pages, swift_name: CMSPage }\nmodels:\n  Patch: { swift_name: Revision }\n").isEmpty)
        #expect(errors(for: Self.header + "models:\n  A: { swift_name: Codable }\n").first?.contains("reserved") == true)
        #expect(errors(for: Self.header + "models:\n  A: { swift_name: B }\n  B: {}\n") == ["4:3: `B` is declared twice (first at line 3)"])
        #expect(errors(for: Self.header + "models:\n  A: { fields: { x: { type: Int, swift_name: \"not a name\" } } }\n").count == 1)
    }

    @Test func argumentsOfOneFunctionNeedDistinctSwiftNames() {
        let query = errors(for: Self.header + "actions:\n  list:\n    path: \"items/{page}\"\n    params: { page: Int }\n    query: { page: Int }\n")
        #expect(query == ["6:14: query parameter `page` of action `list` and its route parameter `{page}` would both be the argument `page`"])
        let body = errors(
            for: Self.header
                + "resources:\n  Tag:\n    path: tags\n    fields: { label: String }\n    actions:\n      rename: { path: \"tags/{label}/rename\", body: { label: String } }\n"
        )
        #expect(body == ["7:54: body field `label` of action `rename` and its route parameter `{label}` would both be the argument `label`"])
        let route = errors(for: Self.header + "resources:\n  R:\n    path: \"a/{x-y}/b/{xY}\"\n    params: { x-y: Int, xY: Int }\n")
        #expect(route.first?.contains("route parameters `{x-y}` and `{xY}`") == true)
    }

    @Test func queryParametersTakeScalarsDatesAndArrays() {
        #expect(
            errors(
                for: Self.header
                    + "actions:\n  find:\n    path: find\n    query: { since: Date, amount: Decimal, ids: \"[Int]?\", tags: { type: \"[String]\", array_style: comma } }\n"
            ).isEmpty)
        #expect(
            errors(for: Self.header + "actions:\n  find:\n    path: find\n    query: { nested: \"[[Int]]\" }\n").first?.contains("cannot be sent in a query")
                == true)
        #expect(
            errors(for: Self.header + "actions:\n  find:\n    path: find\n    query: { q: { type: String, array_style: comma } }\n") == [
                "5:46: `array_style` of query parameter `q` applies to arrays, not to `String`"
            ])
        #expect(
            errors(for: Self.header + "actions:\n  find:\n    path: find\n    query: { q: { type: \"[String]\", array_style: commas } }\n").first?.contains(
                "must be `repeated`") == true)
        #expect(
            errors(for: Self.header + "models:\n  M: { fields: { q: { type: \"[String]\", array_style: comma } } }\n").first?.contains(
                "applies to query parameters only") == true)
    }

    @Test func dateFormatsNeedDistinctTypeNames() {
        #expect(
            errors(for: Self.header + "transforms:\n  http_date: { date_format: yyyy }\n  httpDate: { date_format: MM }\n")
                == ["4:3: date formats `http_date` and `httpDate` would both be `HTTPDateDateFormat`"])
    }

    /// `time_zone` names a zone of the IANA database, with the nearest names as a hint, and belongs to a
    /// `date_format`; an accepted zone reaches the generated type.
    @Test func timeZonesAreIANAIdentifiers() throws {
        let misspelt = diagnostics(for: Self.header + "transforms:\n  local: { date_format: yyyy, time_zone: Europe/Pari }\n")
        #expect(misspelt.map(\.message) == ["unknown time zone `Europe/Pari` in transform `local`"])
        #expect(misspelt.first?.hint?.hasPrefix("did you mean `Europe/Paris`") == true)
        #expect(misspelt.first.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == "3:42")
        let unknown = diagnostics(for: Self.header + "transforms:\n  local: { date_format: yyyy, time_zone: \"+02:00\" }\n")
        #expect(unknown.first?.hint == "write an IANA time zone identifier, as `Europe/Paris`, `America/New_York` or `UTC`")
        #expect(
            errors(for: Self.header + "transforms:\n  cents: { type: Decimal, swift: Cents, time_zone: UTC }\n")
                == ["3:52: `time_zone` of transform `cents` applies to a `date_format`"])

        let spec = Self.header + "transforms:\n  local: { date_format: \"yyyy-MM-dd'T'HH:mm:ss\", time_zone: Europe/Paris }\n"
        let api = try #require(try Generator().generate(spec: Data(spec.utf8), file: "spec.yaml").files.first { $0.name == "Shop.swift" })
        #expect(api.contents.contains("    /// Dates written as `yyyy-MM-dd'T'HH:mm:ss` in the time zone `Europe/Paris`.\n"))
        #expect(api.contents.contains("        public static let timeZoneIdentifier = \"Europe/Paris\"\n"))
        let utc = try Generator().generate(spec: Data((Self.header + "transforms:\n  day: { date_format: yyyy-MM-dd }\n").utf8), file: "spec.yaml")
        #expect(utc.files.allSatisfy { !$0.contents.contains("timeZoneIdentifier") }, "a format without a zone is generated as before")
    }

    /// `count_header` is checked like every header name and is the only total a pagination reads.
    @Test func countHeadersAreHeaderNames() {
        let resource = Self.header + "resources:\n  R:\n    path: r\n    pagination: "
        let invalid = diagnostics(for: resource + "{ style: page, count_header: \"X-Total-Count:\" }\n")
        #expect(invalid.map(\.message) == ["`X-Total-Count:` is not a valid HTTP header name"])
        #expect(invalid.first?.hint == "write the header's name alone, as `X-Total-Count`")
        #expect(invalid.first.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == "5:47")
        let both = diagnostics(for: resource + "{ style: page, count: total, count_header: X-Total-Count }\n")
        #expect(both.map(\.message) == ["the pagination of resource `R` reads the total from both `count` and `count_header`"])
        #expect(both.first?.hint == "keep `count_header` for a total in a header, or `count` for one in the body")
        #expect(errors(for: resource + "{ style: offset, count: none, count_header: X-Total-Count }\n").isEmpty)
        #expect(errors(for: resource + "{ style: page, count_header: X-Total-Count, count_headr: X }\n").count == 1)
    }

    /// A next URL is followed from the body: `next: none` would leave nothing to follow (the generator used to
    /// follow `next` regardless, while the exported document said there was no next key).
    @Test func nextURLPaginationNeedsItsNextKey() {
        let resource = Self.header + "resources:\n  R:\n    path: r\n    pagination: "
        let found = diagnostics(for: resource + "{ next: none }\n")
        #expect(found.map(\.message) == ["`next_url` pagination of resource `R` needs the key of the next URL"])
        #expect(found.first.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == "5:25")
        #expect(errors(for: resource + "{ next: links.next }\n").isEmpty)
        #expect(errors(for: resource + "{ style: page, next: none }\n").isEmpty, "a page number without a next key is counted")
    }

    @Test func idsMeanTheBuiltInTypes() {
        let found = diagnostics(for: Self.header + "models:\n  Int: {}\nresources:\n  R: { path: r }\n")
        #expect(
            found.first?.message
                == "the id type `Int` of resource `R` names the type `Int` this spec declares (line 3), but ids are the built-in `Int`, `Int64`, `String` or `UUID`"
        )
        #expect(errors(for: Self.header + "models:\n  IntModel: { swift_name: Int }\nresources:\n  R: { path: r }\n").isEmpty)
    }

    @Test func idsWithoutIdentifierNamesKeepTheirRoutes() throws {
        #expect(
            errors(
                for: Self.header
                    + "resources:\n  Device:\n    path: devices/\n    id: { name: device-id, type: String }\n    routes: { delete: \"devices/{device-id}/remove\" }\n"
            ).isEmpty)
    }

    @Test func everyProblemIsReportedInOneRun() {
        let found = errors(for: Self.header + "models:\n  A: { fields: { x: Nope, y: { type: Int, transform: nah } } }\n  B: { feilds: {} }\n")
        #expect(found.count == 3)
    }

    @Test func unlistedOperationConfigurationWarns() throws {
        let found = diagnostics(for: Self.header + "resources:\n  P:\n    path: p\n    operations: [list]\n    routes: { read: \"x/{id}\" }\n")
        #expect(found.map(\.severity) == [.warning])
        #expect(found.first?.message.contains("does not list the `read` operation") == true)
    }
}
