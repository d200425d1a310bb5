import CrudeRuntime
import FixtureApiModel
import Foundation
import TestHTTPServer
import Testing

/// ApiModel's Post/User flow from Fixtures/apimodel/spec.yaml: envelope `data`, request bodies wrapped in
/// the `post` namespace as ApiModel sends them, string ids sent as numbers, lenient coercion, validation
/// errors in ApiModel's `{"post": {"errors": …}}` shape, and the current user through an action.
@Suite struct ApiModelTests {
    static let postJSON = """
        {"id": 12, "title": "Hello world", "contents": "Hello!", "created_at": "2015-03-08T14:19:31Z",
         "view_count": "42", "rating": 80, "published": "true", "author_id": 5}
        """

    static func client(_ server: TestServer) -> APIClient {
        var configuration = Blog.configuration(baseURL: server.origin.appendingPathComponent("api/v1"))
        // ApiModel unwraps `data` from responses but sends `{"post": {…}}` without it.
        configuration.wrapsRequestsInEnvelope = false
        return APIClient(configuration: configuration)
    }

    @Test func savingAPostCreatesThenUpdates() async throws {
        let server = try await TestServer { request in
            switch (request.method, request.path) {
            case ("POST", "/api/v1/posts.json"), ("PUT", "/api/v1/post/12.json"), ("GET", "/api/v1/post/12.json"):
                return .json(#"{"data": {"post": \#(Self.postJSON)}}"#)
            case ("GET", "/api/v1/posts.json"):
                return .json(#"{"data": {"posts": [\#(Self.postJSON)]}}"#)
            default:
                return .json("{}", status: 404)
            }
        }
        defer { Task { await server.stop() } }
        let client = Self.client(server)

        let draft = Post(title: "Hello world - A prologue", contents: "Hello!", createdAt: Date(), viewCount: 0, rating: 0.5, published: false)
        let saved = try await draft.save(on: client)
        #expect(saved.id == "12", "a numeric id arrives as a string")
        #expect(saved.viewCount == 42 && saved.published && saved.rating == 0.8, "lenient transforms coerce strings")
        #expect(saved.authorID == "5")

        let create = try #require(server.received.first)
        #expect(create.method == "POST")
        let body = try #require(create.jsonObject?["post"] as? [String: Any], "bodies are wrapped as {\"post\": {…}}")
        #expect(body["title"] as? String == "Hello world - A prologue")
        #expect(body["created_at"] == nil, "read-only created_at is never sent")
        #expect(body["view_count"] as? Int == 0)

        _ = try await saved.save(on: client)
        #expect(server.received.last?.method == "PUT")
        #expect(server.received.last?.path == "/api/v1/post/12.json")

        #expect(try await Post.list(on: client).map(\.id) == ["12"])
        #expect(try await Post.read(id: "12", on: client).title == "Hello world")
    }

    @Test func validationErrorsAreParsedPerField() async throws {
        let server = try await TestServer { _ in
            .json(#"{"post": {"errors": {"contents": ["must be longer than 140 characters"], "title": ["is taken", "is rude"]}}}"#, status: 422)
        }
        defer { Task { await server.stop() } }
        let draft = Post(title: "t", contents: "short", createdAt: Date(), viewCount: 0, rating: 0, published: false)
        do {
            _ = try await draft.create(on: Self.client(server))
            Issue.record("a 422 must throw")
        } catch let error {
            guard case let .validation(status, errors, _) = error else {
                Issue.record("expected a validation error, got \(error)")
                return
            }
            #expect(status.code == 422)
            #expect(errors == ["contents": ["must be longer than 140 characters"], "title": ["is taken", "is rude"]])
        }
    }

    @Test func plainFieldErrorsAreParsedToo() async throws {
        let server = try await TestServer { _ in .json(#"{"email": ["is invalid"]}"#, status: 400) }
        defer { Task { await server.stop() } }
        do {
            _ = try await User.read(id: "1", on: Self.client(server))
            Issue.record("a 400 must throw")
        } catch {
            guard case let .validation(_, errors, _) = error else {
                Issue.record("expected a validation error, got \(error)")
                return
            }
            #expect(errors == ["email": ["is invalid"]])
        }
    }

    @Test func theCurrentUserComesFromAnAction() async throws {
        let server = try await TestServer { request in
            request.path == "/api/v1/user.json"
                ? .json(#"{"data": {"user": {"id": "u1", "email": "ada@example.com", "posts": [\#(Self.postJSON)]}}}"#)
                : .json("{}", status: 404)
        }
        defer { Task { await server.stop() } }
        let user = try await User.current(on: Self.client(server))
        #expect(user.email == "ada@example.com")
        #expect(user.posts.first?.title == "Hello world")
        #expect(server.received.last?.method == "GET")
    }
}
