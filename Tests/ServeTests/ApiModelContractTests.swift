#if CrudeServe
import CrudeRuntime
import CrudeServe
import FixtureApiModel
import Foundation
import Testing

/// ApiModel's Post/User example served from Fixtures/apimodel/spec.yaml: the `data` envelope, namespaces
/// that wrap request bodies too, Rails-style `.json` routes, string ids the server assigns as numbers,
/// lenient numbers and booleans, percentages, a read-only date the server sets, and a nested array of
/// posts. ApiModel's `find` of the signed-in user (`GET user.json`) is an action, which the server does not
/// run: it answers 501 with what to do instead.
@Suite struct ApiModelContractTests {
    @Test func postsAreSavedFoundUpdatedAndDestroyed() async throws {
        let server = try SpecServer(specAt: ServeSupport.fixture("apimodel"))
        let client = APIClient(configuration: Blog.configuration(baseURL: try await server.start()))
        defer { Task { await server.stop() } }

        // `form.save` without an id: POST posts.json with `{"post": {…}}`; the server's id arrives as a string.
        let draft = Post(title: "Hello world", contents: "A prologue.", viewCount: 3, rating: 0.5, published: true)
        let saved = try await draft.save(on: client)
        let id = try #require(saved.id)
        #expect(id == "1" && saved.title == "Hello world" && saved.rating == 0.5 && saved.published)
        #expect(saved.createdAt != nil, "the server sets the read-only date")
        // Stored as the wire writes it: the percentage as 50, the key style's keys, no author.
        let stored = try #require(try await server.records(of: "Post").first)
        #expect(stored["rating"] == .number(50) && stored["view_count"] == .number(3) && stored["title"] == .string("Hello world"))
        #expect(stored["author_id"] == nil || stored["author_id"] == .null)

        // `find` and `findArray` through the envelope and both namespaces.
        #expect(try await Post.read(id: id, on: client) == saved)
        #expect(try await Post.list(on: client) == [saved])

        // Saving again updates it at `post/{id}.json`; the server keeps its own date.
        var edited = saved
        edited.title = "Hello again"
        edited.authorID = "7"
        let updated = try await edited.save(on: client)
        #expect(updated.title == "Hello again" && updated.authorID == "7" && updated.createdAt == saved.createdAt)
        #expect(try await server.records(of: "Post").first?["title"] == .string("Hello again"))

        try await updated.delete(on: client)
        #expect(try await server.records(of: "Post").isEmpty)
        #expect(try await Post.list(on: client).isEmpty)
        await #expect(throws: APIError.self) { try await Post.read(id: id, on: client) }
    }

    @Test func usersHoldTheirPostsAndTheSignedInUserIsNotServed() async throws {
        let post: JSONValue = .object([
            "id": .number(4), "title": .string("Seed"), "contents": .string("From the seed."), "created_at": .string("2026-01-02T03:04:05Z"),
            "view_count": .string("12"), "rating": .number(90), "published": .string("true"),
        ])
        let user: JSONValue = .object(["id": .string("ada"), "email": .string("ada@example.com"), "posts": .array([post])])
        let server = try SpecServer(specAt: ServeSupport.fixture("apimodel"), seed: Seed(["User": [user]]))
        let client = APIClient(configuration: Blog.configuration(baseURL: try await server.start()))
        defer { Task { await server.stop() } }

        // The nested post decodes through its transforms: a numeric id as a string, lenient text as numbers
        // and booleans, a percentage as a fraction.
        var ada = try await User.read(id: "ada", on: client)
        let seeded = try #require(ada.posts.first)
        #expect(seeded.id == "4" && seeded.viewCount == 12 && seeded.published && seeded.rating == 0.9)

        ada.email = "ada@lovelace.org"
        #expect(try await ada.update(on: client).email == "ada@lovelace.org")
        #expect(try await server.records(of: "User").first?["email"] == .string("ada@lovelace.org"))

        let error = await #expect(throws: APIError.self) { try await User.current(on: client) }
        #expect(error?.status?.code == 501)
        #expect(error?.serverMessage?.contains(#"under "actions" as "User.current""#) == true, "\(String(describing: error))")
    }

    /// An action answers what the seed gives it, in the resource's namespace when it returns the resource,
    /// as ApiModel's `find` of the signed-in user reads `{"data": {"user": {…}}}`.
    @Test func theSignedInUserIsAnsweredFromTheSeed() async throws {
        let user: JSONValue = .object(["id": .number(1), "email": .string("ada@example.com"), "posts": .array([])])
        let server = try SpecServer(specAt: ServeSupport.fixture("apimodel"), seed: Seed(actions: ["User.current": user]))
        let client = APIClient(configuration: Blog.configuration(baseURL: try await server.start()))
        defer { Task { await server.stop() } }

        let current = try await User.current(on: client)
        #expect(current.id == "1" && current.email == "ada@example.com" && current.posts.isEmpty)
        // The same answer every time, and no stored user: actions keep no data.
        #expect(try await User.current(on: client) == current)
        #expect(try await server.records(of: "User").isEmpty)
    }
}
#endif
