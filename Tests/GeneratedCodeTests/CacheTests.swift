import CrudeRuntime
import FixtureIService
import Foundation
import HTTPTypes
import ProcessRunner
import TestHTTPServer
import Testing

/// iService's cache policies per CRUD method (Fixtures/iservice/spec.yaml: `read` by HTTP's rules, `list`
/// from the cache before the network), per client and per call, through the runtime's own cache, which
/// works on Linux too. Each test counts the requests that reach the server.
@Suite struct CacheTests {
    static let userJSON = IServiceTests.userJSON

    static func client(_ server: TestServer, _ configure: (inout ClientConfiguration) -> Void = { _ in }) -> APIClient {
        var configuration = Placeholder.configuration(baseURL: server.origin)
        configure(&configuration)
        return APIClient(configuration: configuration)
    }

    static func reads(_ server: TestServer) -> Int {
        server.received.filter { $0.method == "GET" }.count
    }

    @Test func freshResponsesAreReusedAndNoStoreNeverKept() async throws {
        let server = try await TestServer { request in
            request.path == "/users/1"
                ? .json(Self.userJSON, headers: ["Cache-Control": "private, max-age=60"]) : .json(Self.userJSON, headers: ["Cache-Control": "no-store"])
        }
        defer { Task { await server.stop() } }
        let client = Self.client(server)
        for _ in 0..<3 { _ = try await User.read(id: "1", on: client) }
        #expect(Self.reads(server) == 1, "max-age=60 keeps the response fresh; private caches may keep private responses")
        for _ in 0..<2 { _ = try await User.read(id: "2", on: client) }
        #expect(Self.reads(server) == 3, "no-store is never kept")
    }

    @Test func staleResponsesAreRevalidated() async throws {
        let server = try await TestServer { request in
            if request.path == "/users/1" {
                return request.headers["if-none-match"] == #""v1""#
                    ? .empty(status: 304) : .json(Self.userJSON, headers: ["ETag": #""v1""#, "Cache-Control": "no-cache"])
            }
            return request.headers["if-modified-since"] == "Tue, 01 Jan 2030 00:00:00 GMT"
                ? .empty(status: 304) : .json(Self.userJSON, headers: ["Last-Modified": "Tue, 01 Jan 2030 00:00:00 GMT"])
        }
        defer { Task { await server.stop() } }
        let client = Self.client(server)
        let first = try await User.read(id: "1", on: client)
        let second = try await User.read(id: "1", on: client)
        #expect(first == second && second.name == "Leanne", "a 304 answers with the kept body")
        #expect(server.received.map(\.headers["if-none-match"]) == [nil, #""v1""#])
        _ = try await User.read(id: "2", on: client)
        _ = try await User.read(id: "2", on: client)
        #expect(server.received.suffix(2).map(\.headers["if-modified-since"]) == [nil, "Tue, 01 Jan 2030 00:00:00 GMT"])
    }

    @Test func varyKeepsOneResponsePerHeaderValue() async throws {
        let server = try await TestServer { request in
            .json(Self.userJSON, headers: ["Cache-Control": "max-age=60", "Vary": "Accept-Language"])
        }
        defer { Task { await server.stop() } }
        let cache = MemoryResponseCache()
        let english = Self.client(server) { $0.cache = cache }
        let german = Self.client(server) {
            $0.cache = cache
            $0.operationHeaders[User.Operations.read] = ["Accept-Language": "de"]
        }
        _ = try await User.read(id: "1", on: english)
        _ = try await User.read(id: "1", on: german)
        _ = try await User.read(id: "1", on: german)
        _ = try await User.read(id: "1", on: english)
        #expect(
            server.received.map { $0.headers["accept-language"] } == ["en", "de", "en"], "the other language is not a match, and replaces the kept response")
    }

    @Test func policiesPerMethodClientAndCall() async throws {
        let server = try await TestServer { _ in .json("[\(Self.userJSON)]") }
        defer { Task { await server.stop() } }
        let client = Self.client(server)
        _ = try await User.list(on: client)
        _ = try await User.list(on: client)
        #expect(Self.reads(server) == 1, "the spec gives list `cache_else_load`: no cache headers needed")
        _ = try await User.list(on: client.cachePolicy(.reloadIgnoringCache))
        #expect(Self.reads(server) == 2, "a call's policy wins")
        let offline = Self.client(server) {
            $0.cachePolicy = .returnCacheDataDontLoad
            $0.operationCachePolicies = [:]
        }
        let miss = await #expect(throws: APIError.self) { _ = try await User.list(on: offline) }
        #expect(miss?.status == .gatewayTimeout, "nothing kept and loading forbidden: 504, as HTTP's only-if-cached")
        #expect(Self.reads(server) == 2)
    }

    @Test func successfulWritesForgetTheKeptResponse() async throws {
        let server = try await TestServer { request in
            request.method == "PATCH" ? .empty() : .json(Self.userJSON, headers: ["Cache-Control": "max-age=60"])
        }
        defer { Task { await server.stop() } }
        let client = Self.client(server)
        let user = try await User.read(id: "1", on: client)
        _ = try await User.read(id: "1", on: client)
        try await user.update(on: client)
        _ = try await User.read(id: "1", on: client)
        #expect(server.received.map(\.method) == ["GET", "PATCH", "GET"])
    }

    @Test func aDiskCacheOutlivesItsClientAndTreatsDamagedFilesAsMisses() async throws {
        let server = try await TestServer { _ in .json(Self.userJSON, headers: ["Cache-Control": "max-age=60", "ETag": #""v1""#]) }
        defer { Task { await server.stop() } }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-disk-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two launches of an app: a new client and cache over the same folder each time.
        for _ in 0..<2 {
            let cache = try DiskResponseCache(folder: folder)
            let user = try await User.read(id: "1", on: Self.client(server) { $0.cache = cache })
            #expect(user.name == "Leanne")
        }
        #expect(Self.reads(server) == 1, "the second launch answers from the file the first one wrote")
        let kept = try #require(try DiskResponseCache(folder: folder).response(for: server.origin.appendingPathComponent("users/1")))
        #expect(kept.head.status == .ok && kept.head.headerFields[.eTag] == #""v1""#, "status and headers survive the file")

        for file in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
            try Data("not a response".utf8).write(to: file)
        }
        _ = try await User.read(id: "1", on: Self.client(server) { $0.cache = try? DiskResponseCache(folder: folder) })
        #expect(Self.reads(server) == 2, "a damaged file is a miss, not an error")
    }

    @Test func aDiskCacheKeepsWithinItsCapacity() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-disk-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let body = Data(repeating: UInt8(ascii: "x"), count: 1000)
        let cache = try DiskResponseCache(folder: folder, capacity: 3500)
        for index in 0..<5 {
            cache.store(
                CachedResponse(head: HTTPResponse(status: .ok), body: body, storedAt: .now, varyingHeaders: [:]),
                for: URL(string: "https://example.com/users/\(index)")!)
        }
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.fileSizeKey])
        let size = try files.reduce(0) { $0 + (try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) }
        #expect(files.count == 2 && size <= 3500, "each file holds a 1000-byte body in base64 and its head: two fit")
        cache.removeResponse(for: URL(string: "https://example.com/users/4")!)
        #expect(cache.response(for: URL(string: "https://example.com/users/4")!) == nil)
    }

    /// A process killed while writing a response leaves its temporary file; the next process to write to the
    /// folder removes it, keeps a running writer's, and leaves other files alone.
    @Test func aDiskCacheRemovesTheTemporaryFilesOfKilledWriters() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-disk-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let abandoned = ".57efb549183337c0.response.\(try await Subprocess.endedProcessID()).\(UUID().uuidString).tmp"
        let kept = [".57efb549183337c0.response.\(getpid()).\(UUID().uuidString).tmp", ".notes.tmp", "notes.txt"]
        for name in [abandoned] + kept { try Data("{\"url\":".utf8).write(to: folder.appendingPathComponent(name)) }

        let cache = try DiskResponseCache(folder: folder)
        let url = URL(string: "https://example.com/users/1")!
        cache.store(CachedResponse(head: HTTPResponse(status: .ok), body: Data("{}".utf8), storedAt: .now, varyingHeaders: [:]), for: url)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(Set(names.filter { !$0.hasSuffix(".response") }) == Set(kept))
        #expect(names.filter { $0.hasSuffix(".response") }.count == 1 && cache.response(for: url)?.body == Data("{}".utf8))
    }
}
