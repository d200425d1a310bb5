import CrudeRuntime
import Foundation
import TestHTTPServer
import Testing

/// Where the Swift examples of README.md, docs/ and the DocC articles run (`DocExamples-*.swift`, generated
/// from the docs): a loopback server that serves the API of the spec above them, at the base URL an
/// example's `<API>.configuration()` points to.
enum DocExampleEnvironment {
    /// The loopback base URL of the running example.
    @TaskLocal static var baseURL = URL(string: "http://127.0.0.1:9/unset")!

    /// Runs `body`, the docs' `example` (`README.md example 1`), with a server for the fixture folder's API,
    /// then checks what the server received where the docs say what the example sends.
    static func run(fixture: String, example: String, _ body: () async throws -> Void) async throws {
        let (server, path) = try await server(for: fixture, example: example)
        defer { Task { await server.stop() } }
        try await $baseURL.withValue(path.isEmpty ? server.origin : server.origin.appendingPathComponent(path)) { try await body() }
        checkClaims(of: example, received: server.received)
    }

    /// A server answering the fixture's API, and the path of the API's base URL on it.
    private static func server(for fixture: String, example: String) async throws -> (TestServer, String) {
        switch fixture {
        case "store":
            // docs/store.md's Raccoon API (Fixtures/store), served at the server's root.
            return (try await StoreSampleServer().server, "")
        case "gallery":
            // README's Gallery API: a form login and a multipart upload, answered as a server would.
            return (try await TestServer { request in GalleryServer.reply(to: request) }, "api")
        case "readme":
            // CrudeRuntime's overview reads and updates a person it did not create.
            let ada: [String: Any] = ["id_Number": 7, "first_name": "Ada", "birthday": "1815-12-10T00:00:00Z"]
            let store = HouseholdStore(people: example.hasPrefix("CrudeRuntime.docc/CrudeRuntime.md") ? [ada] : [])
            return (try await TestServer { request in store.reply(to: request) }, "api")
        case "article-apimodel":
            return (try await TestServer { request in BlogArticleServer.reply(to: request) }, "api/v1")
        case "article-crude-futures-configuration", "article-crude-futures-model", "article-crude-futures-routes":
            return (try await TestServer { request in CRUDEFuturesArticleServer.reply(to: request) }, "")
        case "article-iservice":
            return (try await TestServer { request in PlaceholderArticleServer.reply(to: request) }, "")
        case "article-raccoon":
            return (try await TestServer { request in SampleAPIArticleServer.reply(to: request) }, "")
        case "jsonapi":
            // docs/spec.md's JSON:API article, its author included when asked for.
            return (try await TestServer { request in JSONAPIArticleServer.reply(to: request) }, "v1")
        case "crude-futures":
            // docs/serve.md's example starts its own server, `crudegen serve`'s `SpecServer`; this one answers nothing.
            return (try await TestServer { _ in .empty(status: 404) }, "")
        default:
            throw MissingServer(fixture: fixture)
        }
    }

    /// A fixture whose examples have no server here: the test fails with what to add, instead of the test
    /// process stopping.
    struct MissingServer: Error, CustomStringConvertible {
        /// The fixture folder.
        var fixture: String
        /// What to add, and where.
        var description: String { "no example server for Fixtures/\(fixture); add one to DocExampleEnvironment" }
    }

    /// Checks the requests the docs name beside an example (in comments or in the text around it).
    private static func checkClaims(of example: String, received: [TestServer.Received]) {
        let sent = received.map { "\($0.method) \($0.path)" }
        switch example {
        case "README.md example 1", "CrudeRuntime.docc/GettingStarted.md example 1":
            #expect(sent == ["POST /api/people", "GET /api/people/7", "PATCH /api/people/7", "GET /api/people", "DELETE /api/people/7"], "\(example)")
            #expect(updatedColor(in: received) == "green")
        case "CrudeRuntime.docc/CrudeRuntime.md example 1":
            #expect(sent == ["GET /api/people/7", "PATCH /api/people/7"], "\(example)")
            #expect(updatedColor(in: received) == "green")
        case "CrudeRuntime.docc/HandlingErrors.md example 1":
            #expect(sent == ["POST /api/people"], "\(example)")
        case "CrudeRuntime.docc/HandlingErrors.md example 2":
            #expect(sent == ["GET /api/people/404"], "\(example)")
        case "CrudeRuntime.docc/MigratingFromApiModel.md example 1":
            // `save(on:)` creates a value without an id.
            #expect(sent == ["GET /api/v1/posts.json", "POST /api/v1/posts.json"], "\(example)")
        case "CrudeRuntime.docc/MigratingFromCRUDEFutures.md example 2":
            #expect(sent == ["GET /people/12345", "GET /people/12345"], "\(example)")
        case "CrudeRuntime.docc/MigratingFromCRUDEFutures.md example 3":
            #expect(sent == ["GET /households/3/people"], "\(example)")
        case "CrudeRuntime.docc/MigratingFromIService.md example 1":
            // The realm's headers. (Its read-only `Accept-Language: en` is not checked: FoundationNetworking sends
            // that header on every request.)
            #expect(sent == ["GET /users/1"], "\(example)")
            #expect(received.first?.headers["authorization"] == "Token sagsrbiusd90322sdf4f3gd4")
        case "CrudeRuntime.docc/MigratingFromRaccoon.md example 1":
            #expect(sent == ["GET /users/1/"], "\(example)")
            #expect(received.first?.headers["apikey"] == "MY API KEY")
        case "CrudeRuntime.docc/MigratingFromRaccoon.md example 2":
            #expect(sent == ["POST /login/"], "\(example)")
            #expect(received.first?.jsonObject as? [String: String] == ["username": "username", "password": "password"])
        default:
            break
        }
    }

    /// The favourite colour the first PATCH of a person sent.
    private static func updatedColor(in received: [TestServer.Received]) -> String? {
        let update = received.first { $0.method == "PATCH" }?.jsonObject?["data"] as? [String: Any]
        return (update?["person"] as? [String: Any])?["favorite_color"] as? String
    }
}

/// README's Household API kept in memory: people under `/api/people`, wrapped in `{"data": {"person": …}}`
/// and `{"data": {"people": […]}}`, ids under `id_Number`, updates by PATCH. A blank first name is refused
/// with field errors and a missing person with a message, as HandlingErrors' examples show.
final class HouseholdStore: Sendable {
    private let people: Mutex<[Int: [String: Any]]>
    private let nextID: Mutex<Int>

    /// A store holding `people`; the next person created gets the id after theirs, 7 in an empty store.
    init(people: [[String: Any]] = []) {
        let byID = Dictionary(uniqueKeysWithValues: people.map { ($0["id_Number"] as! Int, $0) })
        self.people = Mutex(byID)
        nextID = Mutex((byID.keys.max() ?? 6) + 1)
    }

    func reply(to request: TestServer.Received) -> TestServer.Reply {
        let parts = request.path.split(separator: "/").map(String.init)
        guard parts.count >= 2, parts[0] == "api", parts[1] == "people" else { return .json("{}", status: 404) }
        let id = parts.count == 3 ? Int(parts[2]) : nil
        switch (request.method, id) {
        case ("POST", nil):
            guard var person = Self.person(in: request) else { return .json(#"{"errors": {"person": ["missing"]}}"#, status: 422) }
            guard (person["first_name"] as? String)?.isEmpty == false else { return Self.blankFirstName }
            person["id_Number"] = nextID.withLock { id in
                defer { id += 1 }
                return id
            }
            people.withLock { $0[person["id_Number"] as! Int] = person }
            return Self.wrap(["person": person], status: 201)
        case ("GET", nil):
            return Self.wrap(["people": people.withLock { people in people.keys.sorted().compactMap { people[$0] } }])
        case let ("GET", id?):
            return people.withLock { $0[id] }.map { Self.wrap(["person": $0]) } ?? Self.notFound
        case let ("PATCH", id?):
            guard let changes = Self.person(in: request) else { return .json("{}", status: 422) }
            if (changes["first_name"] as? String)?.isEmpty == true { return Self.blankFirstName }
            let updated: [String: Any]? = people.withLock { people in
                guard var person = people[id] else { return nil }
                person.merge(changes) { $1 }
                people[id] = person
                return person
            }
            return updated.map { Self.wrap(["person": $0]) } ?? Self.notFound
        case let ("DELETE", id?):
            return people.withLock { $0.removeValue(forKey: id) } == nil ? Self.notFound : .empty()
        default:
            return .json("{}", status: 405)
        }
    }

    /// The answer to a person without a first name.
    private static let blankFirstName = TestServer.Reply.json(#"{"errors": {"first_name": ["must not be blank"]}}"#, status: 422)
    /// The answer about a person the store does not hold.
    private static let notFound = TestServer.Reply.json(#"{"detail": "Person not found"}"#, status: 404)

    private static func person(in request: TestServer.Received) -> [String: Any]? {
        (request.jsonObject?["data"] as? [String: Any])?["person"] as? [String: Any]
    }

    private static func wrap(_ payload: [String: Any], status: Int = 200) -> TestServer.Reply {
        let data = try! JSONSerialization.data(withJSONObject: ["data": payload], options: [.sortedKeys])
        return TestServer.Reply(status: status, headers: ["Content-Type": "application/json"], body: data)
    }
}

/// README's Gallery API: `POST /api/token` takes a form and answers a token, `POST /api/albums/3/photos` takes
/// a multipart body with a `photo` file part and answers the photo with its caption and the file's size.
/// Fixtures/jsonapi's Library API as a JSON:API server answers docs/spec.md: article 1 by Ada, whose person
/// object the document includes when the request asks for `include=author`, in the JSON:API media type only.
enum JSONAPIArticleServer {
    /// The answer to `request`.
    static func reply(to request: TestServer.Received) -> TestServer.Reply {
        guard request.method == "GET", request.path == "/v1/articles/1/", request.headers["accept"] == "application/vnd.api+json" else {
            return .json(#"{"errors": [{"detail": "Not found.", "status": "404"}]}"#, status: 404)
        }
        let article =
            #"{"type": "articles", "id": "1", "attributes": {"title": "Engines", "body": "…"}, "#
            + #""relationships": {"author": {"data": {"type": "people", "id": "9"}}, "reviewers": {"data": []}}}"#
        let included = request.query.contains("include=author") ? #", "included": [{"type": "people", "id": "9", "attributes": {"name": "Ada"}}]"# : ""
        return .json(#"{"data": "# + article + included + "}")
    }
}

enum GalleryServer {
    /// The answer to `request`.
    static func reply(to request: TestServer.Received) -> TestServer.Reply {
        let contentType = request.headers["content-type"] ?? ""
        switch (request.method, request.path) {
        case ("POST", "/api/token") where contentType == "application/x-www-form-urlencoded":
            let form = String(decoding: request.body, as: UTF8.self)
            guard form.contains("username=") && form.contains("password=") else { return .json(#"{"detail": "missing"}"#, status: 422) }
            return .json(#"{"access_token": "t0k3n", "token_type": "bearer"}"#)
        case ("POST", "/api/albums/3/photos") where contentType.hasPrefix("multipart/form-data; boundary="):
            guard let photo = filePart(named: "photo", in: request.body, contentType: contentType) else {
                return .json(#"{"detail": "no photo"}"#, status: 422)
            }
            return .json(#"{"id": 1, "caption": "Ada", "size": \#(photo.count)}"#, status: 201)
        default:
            return .json("{}", status: 404)
        }
    }

    /// The bytes of the file part `name` of a multipart body.
    static func filePart(named name: String, in body: Data, contentType: String) -> Data? {
        let boundary = Data(("--" + contentType.dropFirst("multipart/form-data; boundary=".count)).utf8)
        let separator = Data("\r\n\r\n".utf8)
        var rest = body[...]
        while let start = rest.range(of: boundary) {
            rest = rest[start.upperBound...]
            guard let headersEnd = rest.range(of: separator), let next = rest.range(of: boundary) else { return nil }
            let headers = String(decoding: rest[..<headersEnd.lowerBound], as: UTF8.self)
            if headers.contains("name=\"\(name)\"") && headers.contains("filename=") {
                return Data(rest[headersEnd.upperBound..<(next.lowerBound - 2)])
            }
        }
        return nil
    }
}

/// MigratingFromApiModel's Blog API under `/api/v1`: every body in `{"data": …}` and the post's namespace,
/// Rails-style `.json` routes, ids the server writes as numbers. A post without a title is refused with
/// ApiModel's `{"post": {"errors": …}}`.
enum BlogArticleServer {
    /// The answer to `request`.
    static func reply(to request: TestServer.Received) -> TestServer.Reply {
        switch (request.method, request.path) {
        case ("GET", "/api/v1/posts.json"):
            return .json(#"{"data": {"posts": [{"id": 1, "title": "First", "contents": "Hi", "created_at": "2024-01-01T10:00:00Z"}]}}"#)
        case ("POST", "/api/v1/posts.json"):
            let post = (request.jsonObject?["data"] as? [String: Any])?["post"] as? [String: Any]
            guard let title = post?["title"] as? String, !title.isEmpty, let contents = post?["contents"] as? String else {
                return .json(#"{"post": {"errors": {"title": ["can't be blank"]}}}"#, status: 422)
            }
            let created: [String: Any] = ["id": 2, "title": title, "contents": contents, "created_at": "2024-01-02T10:00:00Z"]
            let body = try! JSONSerialization.data(withJSONObject: ["data": ["post": created]], options: [.sortedKeys])
            return TestServer.Reply(status: 201, headers: ["Content-Type": "application/json"], body: body)
        default:
            return .json("{}", status: 404)
        }
    }
}

/// MigratingFromCRUDEFutures' Household APIs at the server's root: a person in the `person` namespace at
/// `people/{id}`, and a household's people, without a namespace, at `households/{householdID}/people`.
enum CRUDEFuturesArticleServer {
    /// The answer to `request`.
    static func reply(to request: TestServer.Received) -> TestServer.Reply {
        let parts = request.path.split(separator: "/").map(String.init)
        switch (request.method, parts.count, parts.first) {
        case ("GET", 2, "people"):
            guard let id = Int(parts[1]) else { return .json("{}", status: 404) }
            return .json(#"{"person": {"id_Number": \#(id), "first_name": "Ada", "last_name": "Lovelace", "favorite_color": "dark_red"}}"#)
        case ("GET", 3, "households") where parts[2] == "people":
            return .json(#"[{"id_Number": 1, "first_name": "Ada"}, {"id_Number": 2, "first_name": "Charles"}]"#)
        default:
            return .json("{}", status: 404)
        }
    }
}

/// MigratingFromIService's jsonplaceholder users at the server's root, with string ids.
enum PlaceholderArticleServer {
    /// The answer to `request`.
    static func reply(to request: TestServer.Received) -> TestServer.Reply {
        guard request.method == "GET", request.path == "/users/1" else { return .json("{}", status: 404) }
        return .json(#"{"id": "1", "userId": 1, "name": "Leanne Graham", "email": "Sincere@april.biz"}"#)
    }
}

/// MigratingFromRaccoon's sample API at the server's root: users at Django-style `users/{id}/` and a login
/// that answers a wrapper holding a token and the user.
enum SampleAPIArticleServer {
    /// The answer to `request`.
    static func reply(to request: TestServer.Received) -> TestServer.Reply {
        switch (request.method, request.path) {
        case ("GET", "/users/1/"):
            return .json(#"{"id": 1, "name": "Ada"}"#)
        case ("POST", "/login/"):
            guard let username = request.jsonObject?["username"] as? String, request.jsonObject?["password"] is String else {
                return .json(#"{"detail": "missing credentials"}"#, status: 400)
            }
            return .json(#"{"token": "t0k3n", "user": {"id": 1, "name": "\#(username)"}}"#)
        default:
            return .json("{}", status: 404)
        }
    }
}
