import CrudeRuntime
import Foundation
import HTTPTypes
import TestHTTPServer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if CrudeAsyncHTTPClient
import AsyncHTTPClient
import CrudeAsyncHTTPClient
#endif

/// What each transport does on the wire, against a real HTTP server: redirects, uploads, large bodies, the
/// headers it adds, and the initializers that take the app's own session or client. Where FoundationNetworking
/// (`URLSessionTransport` on Linux) does something else than HTTP says, the test states what it does.
@Suite struct TransportTests {
    /// A request for `path` on `server`.
    static func request(_ method: HTTPRequest.Method, _ path: String, on server: TestServer, headers: HTTPFields = [:]) -> HTTPRequest {
        HTTPRequest(method: method, scheme: "http", authority: "\(server.origin.host!):\(server.origin.port!)", path: path, headerFields: headers)
    }

    /// A server that answers `/old` with `status` and a relative `Location: /new`, and `/new` with what it received.
    static func redirectingServer(_ status: Int) async throws -> TestServer {
        try await TestServer { request in
            request.path == "/old"
                ? TestServer.Reply(status: status, headers: ["Location": "/new"], body: Data())
                : TestServer.Reply(status: 200, headers: ["X-Method": request.method], body: request.body)
        }
    }

    /// A 307 or 308 sends the same method and body to the new location (RFC 9110 §15.4.8, §15.4.9).
    @Test(arguments: [307, 308], TestTransport.allCases)
    func aRedirectBy307Or308KeepsTheMethodAndBody(_ status: Int, _ transport: TestTransport) async throws {
        let server = try await Self.redirectingServer(status)
        defer { Task { await server.stop() } }
        let body = Data(#"{"name": "Ada"}"#.utf8)
        let (response, received) = try await transport.make().send(Self.request(.post, "/old", on: server), body: body, timeout: .seconds(30))
        #expect(response.status.code == 200)
        #expect(server.received.map(\.path) == ["/old", "/new"])
        #expect(response.headerFields[HTTPField.Name("X-Method")!] == "POST")
        if transport.isFoundationNetworking {
            #expect(received.isEmpty, "FoundationNetworking follows the redirect without the body")
        } else {
            #expect(received == body)
        }
    }

    /// A file upload that meets a 307 is sent again, whole, from the file.
    @Test(arguments: TestTransport.allCases) func anUploadFollowsA307WithTheWholeFile(_ transport: TestTransport) async throws {
        let server = try await Self.redirectingServer(307)
        defer { Task { await server.stop() } }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-transport-test-\(UUID().uuidString)")
        // Larger than one chunk AsyncHTTPClientTransport reads at a time, and not a multiple of it.
        let bytes = Data((0..<700_001).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let (response, received) = try await transport.make().upload(Self.request(.put, "/old", on: server), fromFile: file, timeout: .seconds(30))
        #expect(response.status.code == 200)
        #expect(server.received.first?.body == bytes, "the first request carries the whole file")
        if transport.isFoundationNetworking {
            #expect(received.isEmpty, "FoundationNetworking follows the redirect without the body")
        } else {
            #expect(received == bytes)
        }
    }

    /// A response body of several megabytes arrives whole.
    @Test(arguments: TestTransport.allCases) func aLargeResponseBodyArrivesWhole(_ transport: TestTransport) async throws {
        let bytes = Data((0..<6_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let server = try await TestServer { _ in TestServer.Reply(status: 200, headers: ["Content-Type": "application/octet-stream"], body: bytes) }
        defer { Task { await server.stop() } }
        let (_, received) = try await transport.make().send(Self.request(.get, "/big", on: server), body: nil, timeout: .seconds(30))
        #expect(received == bytes)
    }

    /// The request's own headers reach the server; FoundationNetworking adds `Accept-Language: en` to a request
    /// without one, AsyncHTTPClient adds nothing of the kind.
    @Test(arguments: TestTransport.allCases) func headersAreSentAsGiven(_ transport: TestTransport) async throws {
        let server = try await TestServer { _ in .json("{}") }
        defer { Task { await server.stop() } }
        _ = try await transport.make().send(Self.request(.get, "/", on: server, headers: [.accept: "application/json"]), body: nil, timeout: .seconds(30))
        let headers = try #require(server.received.first?.headers)
        #expect(headers["accept"] == "application/json")
        #if canImport(FoundationNetworking)
        #expect(headers["accept-language"] == (transport == .urlSession ? "en" : nil))
        #else
        #expect(headers["accept-language"] == nil || transport == .urlSession)
        #endif
    }

    /// `URLSessionTransport(session:)` sends with the app's session, whose configuration applies, and leaves it
    /// valid when the transport is gone.
    @Test func urlSessionTransportSendsWithTheAppsSession() async throws {
        let server = try await TestServer { _ in .json("{}") }
        defer { Task { await server.stop() } }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = ["X-App-Session": "mine"]
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        _ = try await URLSessionTransport(session: session).send(Self.request(.get, "/first", on: server), body: nil, timeout: .seconds(30))
        _ = try await URLSessionTransport(session: session).send(Self.request(.get, "/second", on: server), body: nil, timeout: .seconds(30))
        #expect(server.received.map(\.path) == ["/first", "/second"], "the first transport left the session usable")
        #expect(server.received.map { $0.headers["x-app-session"] } == ["mine", "mine"])
    }

    #if CrudeAsyncHTTPClient
    /// A body over the transport's limit fails with AsyncHTTPClient's typed error, a body at the limit does not.
    @Test func aResponseBodyOverTheLimitFails() async throws {
        let server = try await TestServer { request in
            TestServer.Reply(status: 200, headers: [:], body: Data(repeating: 1, count: request.path == "/over" ? 1001 : 1000))
        }
        defer { Task { await server.stop() } }
        let transport = AsyncHTTPClientTransport(client: .shared, maximumResponseBodySize: 1000)
        #expect(try await transport.send(Self.request(.get, "/at", on: server), body: nil, timeout: .seconds(30)).1.count == 1000)
        let error = await #expect(throws: APIError.self) {
            _ = try await transport.send(Self.request(.get, "/over", on: server), body: nil, timeout: .seconds(30))
        }
        guard case let .transport(description, underlying)? = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect((underlying as? ResponseAccumulator.ResponseTooBigError)?.maxBodySize == 1000)
        #expect(description == "the response body is larger than 1000 bytes")
    }

    /// A transport released without ``AsyncHTTPClientTransport/shutdown()`` shuts its own client down: a
    /// client released running stops a debug build, which would end this test process.
    @Test func anOwnedClientReleasedWithoutShutdownIsShutDown() async throws {
        let server = try await TestServer { _ in .json("{}") }
        defer { Task { await server.stop() } }
        var owning: AsyncHTTPClientTransport? = AsyncHTTPClientTransport()
        let client = try #require(owning?.client)
        #expect(try await owning?.send(Self.request(.get, "/", on: server), body: nil, timeout: .seconds(30)).0.status == .ok)
        owning = nil
        let stillUsable = await withCheckedContinuation { continuation in
            client.shutdown { continuation.resume(returning: $0 == nil) }
        }
        #expect(!stillUsable, "the released transport shut its client down, so shutting it down again fails")
    }

    /// A transport that made its own client sends with it and shuts it down; one given the app's client
    /// leaves that client running.
    @Test func anOwnedClientIsShutDownAndTheAppsIsNot() async throws {
        let server = try await TestServer { _ in .json("{}") }
        defer { Task { await server.stop() } }
        let owning = AsyncHTTPClientTransport()
        #expect(try await owning.send(Self.request(.get, "/", on: server), body: nil, timeout: .seconds(30)).0.status == .ok)
        try await owning.shutdown()
        await #expect(throws: APIError.self) { _ = try await owning.send(Self.request(.get, "/", on: server), body: nil, timeout: .seconds(30)) }

        let appClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        let borrowing = AsyncHTTPClientTransport(client: appClient)
        try await borrowing.shutdown()
        #expect(try await borrowing.send(Self.request(.get, "/", on: server), body: nil, timeout: .seconds(30)).0.status == .ok)
        try await appClient.shutdown()
    }

    /// A request that waits for a pooled connection longer than the client's connect timeout, because every
    /// connection is busy, is still sent once one is free: only its own deadline ends it, even for a POST.
    @Test func aRequestWaitingForABusyPoolOutlivesTheConnectTimeout() async throws {
        let arrived = Signal()
        let release = Signal()
        let server = try await TestServer { request in
            if request.path == "/busy" {
                arrived.fire()
                release.block()
            }
            return .json("{}")
        }
        defer { Task { await server.stop() } }
        var configuration = AsyncHTTPClientTransport.defaultConfiguration
        configuration.timeout.connect = .milliseconds(100)
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 1)
        let transport = AsyncHTTPClientTransport(configuration: configuration)
        async let busy = transport.send(Self.request(.get, "/busy", on: server), body: nil, timeout: .seconds(60))
        await arrived.wait()
        async let waiting = transport.send(Self.request(.post, "/waiting", on: server), body: Data("{}".utf8), timeout: .seconds(60))
        // Not a timing assertion: the waiting request must only have sat in the pool past its connect timeout
        // (ten times over) before the busy connection frees up; on a slower machine it has waited longer still.
        try await Task.sleep(for: .seconds(1))
        release.fire()
        #expect(try await busy.0.status == .ok)
        #expect(try await waiting.0.status == .ok)
        #expect(server.received.map(\.path) == ["/busy", "/waiting"])
        try await transport.shutdown()
    }
    #endif
}
