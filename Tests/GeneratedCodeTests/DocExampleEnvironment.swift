import CrudeRuntime
import Foundation
import TestHTTPServer

/// Where the Swift examples of README.md and docs/ run (`DocExamples-*.swift`, generated from the docs):
/// a loopback server that serves the API of the spec above them, at the base URL an example's
/// `<API>.configuration()` points to.
enum DocExampleEnvironment {
    /// The loopback base URL of the running example.
    @TaskLocal static var baseURL = URL(string: "http://127.0.0.1:9/unset")!

    /// Runs `body` with a server for the fixture folder's API.
    static func run(fixture: String, _ body: () async throws -> Void) async throws {
        if fixture == "store" {
            // docs/store.md's Raccoon API (Fixtures/store), served at the server's root.
            let server = try await StoreSampleServer()
            defer { Task { await server.stop() } }
            try await $baseURL.withValue(server.server.origin) { try await body() }
            return
        }
        if fixture == "gallery" {
            // README's Gallery API: a form login and a multipart upload, answered as a server would.
            let server = try await TestServer { request in GalleryServer.reply(to: request) }
            defer { Task { await server.stop() } }
            try await $baseURL.withValue(server.origin.appendingPathComponent("api")) { try await body() }
            return
        }
        let store = HouseholdStore()
        let server = try await TestServer { request in store.reply(to: request) }
        defer { Task { await server.stop() } }
        precondition(fixture == "readme", "no example server for Fixtures/\(fixture); add one to DocExampleEnvironment")
        try await $baseURL.withValue(server.origin.appendingPathComponent("api")) {
            try await body()
        }
    }
}

/// README's Household API kept in memory: people under `/api/people`, wrapped in `{"data": {"person": …}}`
/// and `{"data": {"people": […]}}`, ids under `id_Number`, updates by PATCH.
final class HouseholdStore: Sendable {
    private let people = Mutex<[Int: [String: Any]]>([:])
    private let nextID = Mutex(7)

    func reply(to request: TestServer.Received) -> TestServer.Reply {
        let parts = request.path.split(separator: "/").map(String.init)
        guard parts.count >= 2, parts[0] == "api", parts[1] == "people" else { return .json("{}", status: 404) }
        let id = parts.count == 3 ? Int(parts[2]) : nil
        switch (request.method, id) {
        case ("POST", nil):
            guard var person = Self.person(in: request) else { return .json(#"{"errors": {"person": ["missing"]}}"#, status: 422) }
            person["id_Number"] = nextID.withLock { id in
                defer { id += 1 }
                return id
            }
            people.withLock { $0[person["id_Number"] as! Int] = person }
            return Self.wrap(["person": person], status: 201)
        case ("GET", nil):
            return Self.wrap(["people": people.withLock { people in people.keys.sorted().compactMap { people[$0] } }])
        case let ("GET", id?):
            return people.withLock { $0[id] }.map { Self.wrap(["person": $0]) } ?? .json("{}", status: 404)
        case let ("PATCH", id?):
            guard let changes = Self.person(in: request) else { return .json("{}", status: 422) }
            let updated: [String: Any]? = people.withLock { people in
                guard var person = people[id] else { return nil }
                person.merge(changes) { $1 }
                people[id] = person
                return person
            }
            return updated.map { Self.wrap(["person": $0]) } ?? .json("{}", status: 404)
        case let ("DELETE", id?):
            return people.withLock { $0.removeValue(forKey: id) } == nil ? .json("{}", status: 404) : .empty()
        default:
            return .json("{}", status: 405)
        }
    }

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
