import CrudeRuntime
import FixtureDRFApiModel
import Foundation
import TestHTTPServer
import TestTags
import Testing

/// Every flow of ApiModel's README (seed 004) through code generated from
/// Fixtures/drf-apimodel/spec.yaml, against the real Django REST Framework server
/// (Tests/DRFServer/seeds/apimodel.py).
///
/// | seed line | flow | test |
/// |---|---|---|
/// | 70–118 | `Post`: string id, title, contents, `createdAt`; namespace `post`; index and show routes | ``saveFindUpdateDestroy(_:)`` |
/// | 122–131 | `ApiConfiguration(host:)` and the API singleton | every test (`configuration(baseURL:)`) |
/// | 133–135 | `requestLogging = false` | every test: a client logs only through a `RequestLogger` it is given |
/// | 141–164 | `ApiForm<Post>.get/post/put/delete(path, parameters:)` | ``basicRESTVerbs(_:)`` |
/// | 168–178 | `findArray` (`GET /posts.json`) | ``saveFindUpdateDestroy(_:)`` |
/// | 180–190 | `find` (`GET /user.json`) | ``usersHoldTheirPosts(_:)`` |
/// | 192–221 | `form.save`: no id, so `POST /posts.json` with `{"post": {…}}` | ``saveFindUpdateDestroy(_:)`` |
/// | 223–231 | the server's attributes update the model (`{"post": {"id": 1}}`) | ``saveFindUpdateDestroy(_:)`` |
/// | 233–251 | errors as `{"post": {"errors": {"contents": […]}}}`, `form.errors["contents"]`, `errorMessages` | ``validationErrors(_:)`` |
/// | 253–269 | transforms (`IntTransform`, `StringTransform`, `NSDateTransform`) | ``usersHoldTheirPosts(_:)`` |
/// | 271–292 | nested models (`ArrayTransform<Post>`, `ModelTransform`) | ``usersHoldTheirPosts(_:)`` |
/// | 294–304 | `PercentageTransform` | ``percentagesRoundTrip(_:)`` |
/// | 308–317 | `beforeRequest` adding `access_token` | every test (``client(_:_:)``), ``withoutTheTokenTheServerRefuses(_:)`` |
/// | 319–325 | `afterRequest` with request and response | ``basicRESTVerbs(_:)`` |
/// | 327–332 | `post.apiUrlForRoute(Post.apiRoutes().show)` | ``theURLOfARoute(_:)`` |
/// | 334–336 | string ids (`ApiId`) the server sends as numbers | ``saveFindUpdateDestroy(_:)`` |
/// | 338–351 | the `data` envelope (`rootNamespace`) | every test |
/// | 353–370 | a dotted `rootNamespace` | ``aDottedRootNamespace(_:)`` |
/// | 372–374 | caching left to the app | not a flow: without a cache in the configuration nothing is kept |
@Suite(.tags(.integration), .skippedWhenQuick) struct DRFApiModelTests {
    /// ApiModel's `beforeRequest` hook: every request carries the access token as a query parameter.
    static let accessToken = BeforeRequest { request in
        let path = request.head.path ?? "/"
        request.head.path = path + (path.contains("?") ? "&" : "?") + "access_token=secret"
    }

    /// A client for the group; request bodies are `{"post": {…}}` without the envelope, as the README sends them.
    static func client(
        _ transport: TestTransport, _ group: DRFSeedGroup, _ change: (inout ClientConfiguration) -> Void = { _ in }, middlewares: [any ClientMiddleware] = []
    )
        -> APIClient
    {
        var configuration = group.configure(ApiServer.configuration(), seed: "apimodel")
        configuration.wrapsRequestsInEnvelope = false
        change(&configuration)
        return APIClient(configuration: configuration, transport: transport.make(), middlewares: [accessToken] + middlewares)
    }

    @Test(arguments: TestTransport.allCases) func saveFindUpdateDestroy(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        // `createdAt` is read-only: the server sets it, the new post leaves it out.
        let draft = Post(title: "Hello world - A prologue", contents: "Hello, world! A prologue.", completion: 0.5)
        let saved = try await draft.save(on: client)
        let id = try #require(saved.id, "the server's numeric id arrives as a string")
        #expect(Int(id) != nil && saved.title == draft.title && saved.createdAt != nil)

        #expect(try await Post.read(id: id, on: client) == saved)
        #expect(try await Post.list(on: client) == [saved])

        var edited = saved
        edited.title = "Hello again"
        let updated = try await edited.save(on: client)
        #expect(updated.title == "Hello again" && updated.createdAt == saved.createdAt)

        try await updated.delete(on: client)
        #expect(try await Post.list(on: client).isEmpty)
        #expect(
            try await group.requests().map { "\($0.method) \($0.path.split(separator: "?")[0]) \($0.status ?? 0)" } == [
                "POST /api/apimodel/posts.json 201",
                "GET /api/apimodel/post/\(id).json 200",
                "GET /api/apimodel/posts.json 200",
                "PUT /api/apimodel/post/\(id).json 200",
                "DELETE /api/apimodel/post/\(id).json 204",
                "GET /api/apimodel/posts.json 200",
            ])
    }

    @Test(arguments: TestTransport.allCases) func theURLOfARoute(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        let post = try await Post(title: "Hello", contents: "Hello, world! A prologue.", completion: 0).save(on: client)
        let id = try #require(post.id)
        let show = Post.readOperation(id: id)
        let url = try show.url(on: client)
        #expect(url.absoluteString == "\(group.api.absoluteString)/apimodel/post/\(id).json")
        #expect(try post.updateOperation().url(on: client) == url, "update goes to the show route too")
        #expect(try await group.requests().count == 1, "asking for a URL sends nothing")
        #expect(try await show.send(on: client) == post)
        #expect(try await group.requests().last?.path.hasPrefix(url.path) == true)
    }

    @Test(arguments: TestTransport.allCases) func validationErrors(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        let error = await #expect(throws: APIError.self) {
            try await Post(title: "Hello", contents: "Hello!", completion: 1.5).save(on: client)
        }
        guard case let .validation(status, errors, _)? = error else {
            Issue.record("expected .validation, got \(String(describing: error))")
            return
        }
        #expect(status == .badRequest)
        #expect(errors["contents"] == ["Ensure this field has at least 10 characters."])
        #expect(errors["completion"] == ["Ensure this value is less than or equal to 100."])
        #expect(errors.values.flatMap { $0 }.count == 2, "every message, as `errorMessages`")
    }

    @Test(arguments: TestTransport.allCases) func percentagesRoundTrip(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        let post = try await Post(title: "Draft", contents: "Almost a third done.", completion: 0.29).save(on: client)
        #expect(post.completion == 0.29, "sent as 29, which DRF's IntegerField accepts, and read back as 0.29")
        let id = try #require(post.id)
        let stored = try await client.request(.get, "post/\(id).json")
        #expect(stored["data"]?["post"]?["completion"] == .number(29))
        var more = post
        more.completion = 0.57
        #expect(try await more.save(on: client).completion == 0.57)
    }

    @Test(arguments: TestTransport.allCases) func usersHoldTheirPosts(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        let me = try await User.current(on: client)
        #expect(me.email == "ada@example.com" && me.posts == [])
        let first = try await Post(title: "First", contents: "The first of two posts.", completion: 1, authorID: me.id).save(on: client)
        let second = try await Post(title: "Second", contents: "The second of two posts.", completion: 0.1, authorID: me.id).save(on: client)
        let reread = try await User.current(on: client)
        #expect(reread.posts == [second, first], "nested posts, newest first, with their dates and percentages")
        #expect(try await User.read(id: me.id, on: client) == reread)
    }

    @Test(arguments: TestTransport.allCases) func withoutTheTokenTheServerRefuses(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        var client = Self.client(transport, group)
        client.middlewares = []
        let error = await #expect(throws: APIError.self) { try await User.current(on: client) }
        guard case .unauthorized? = error else {
            Issue.record("expected .unauthorized, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: TestTransport.allCases) func basicRESTVerbs(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let statuses = Mutex<[String]>([])
        let client = Self.client(
            transport,
            group,
            middlewares: [
                AfterResponse { request, response in
                    statuses.withLock { $0.append("\(request.head.method) \(response.head.status.code)") }
                }
            ])
        let body: JSONValue = .object(["post": .object(["title": .string("Raw"), "contents": .string("Posted without a model."), "completion": .number(10)])])
        let created = try await client.request(.post, "posts.json", body: body)
        let id = try #require(created["data"]?["post"]?["id"])
        guard case let .number(number) = id else {
            Issue.record("expected a numeric id, got \(id)")
            return
        }
        let index = try await client.request(.get, "posts.json", query: [URLQueryItem(name: "title", value: "Raw")])
        #expect(index["data"]?["posts"] == .array([try #require(created["data"]?["post"])]))
        let changed: JSONValue = .object([
            "post": .object(["title": .string("Cooked"), "contents": .string("Put with every field."), "completion": .number(20)])
        ])
        #expect(try await client.request(.put, "post/\(Int(number)).json", body: changed)["data"]?["post"]?["title"] == .string("Cooked"))
        #expect(try await client.request(.delete, "post/\(Int(number)).json") == .null)
        #expect(statuses.withLock { $0 } == ["POST 201", "GET 200", "PUT 200", "DELETE 204"])
    }

    @Test(arguments: TestTransport.allCases) func aDottedRootNamespace(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let path = ["JsonResponseEnvelope", "SuccessFullJsonResponse", "SoapResponseContainer", "EnterpriseBeanData"]
        let client = Self.client(transport, group) {
            $0.envelope = path
            $0.headers["X-Envelope"] = path.joined(separator: ".")
        }
        #expect(try await User.current(on: client).email == "ada@example.com")
    }
}
