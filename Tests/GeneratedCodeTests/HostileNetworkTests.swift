import CrudeRuntime
import Foundation
import HTTPTypes
import TestHTTPServer
import Testing
#if os(Linux)
import Glibc
#endif

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if CrudeAsyncHTTPClient
import AsyncHTTPClient
import CrudeAsyncHTTPClient
#endif

/// What the client does when the network or the server misbehaves (issue 27): connections reset mid-body,
/// truncated and chunked bodies, a server that never answers or drips, 5 MB and 50 MB bodies, gzip, a chain
/// of 1,000 redirects and a redirect loop. Each ends in the documented ``APIError`` within its timeout, only
/// idempotent requests are retried, and no connection or file descriptor outlives its request.
///
/// Against ``TestServer``, whose threads are its own: the test process's cooperative threads cannot
/// starve it. Serialized, so that the 50 MB bodies are not all in memory at once and the file descriptors
/// counted are this suite's.
@Suite(.serialized) struct HostileNetworkTests {
    /// A client of `server` over `transport`, with `timeout` and a policy of `attempts` attempts, retried
    /// after a millisecond.
    static func client(_ transport: TestTransport, _ server: TestServer, timeout: Duration = .seconds(30), attempts: Int = 3) -> APIClient {
        var configuration = ClientConfiguration(baseURL: server.origin)
        configuration.timeout = timeout
        configuration.retry = RetryPolicy(maxAttempts: attempts, baseDelay: .milliseconds(1))
        return APIClient(configuration: configuration, transport: transport.make())
    }

    /// The error `call` throws, or `nil` when it succeeds.
    static func failure(_ call: () async throws -> Void) async -> APIError? {
        do {
            try await call()
            return nil
        } catch let error as APIError {
            return error
        } catch {
            Issue.record("the client throws only APIError, not \(error)")
            return nil
        }
    }

    /// A body that breaks after the head: reset, cut short of its `Content-Length`, or cut inside a chunk.
    enum BrokenBody: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Reset after part of the declared body.
        case resetMidBody
        /// Closed after part of the declared body.
        case truncated
        /// Closed inside a chunk.
        case chunkedCutMidChunk

        /// The case's name, which test reports show beside each argument.
        var testDescription: String { rawValue }

        /// What the server does to break the body.
        var reply: TestServer.Reply {
            switch self {
            case .resetMidBody: .resetMidBody(declaredLength: 100_000, sentLength: 10_000)
            case .truncated: .truncate(declaredLength: 1000, sentLength: 10)
            case .chunkedCutMidChunk: .chunkedCutMidChunk
            }
        }
    }

    /// A broken body is a transport failure (no whole response arrived): a GET is retried up to the policy's
    /// attempts, each on a new connection; a POST, which is not idempotent, is sent once.
    @Test(arguments: BrokenBody.allCases, TestTransport.allCases)
    func aBrokenBodyIsATransportFailureRetriedOnlyWhenIdempotent(_ fault: BrokenBody, _ transport: TestTransport) async throws {
        let server = try await TestServer { _ in fault.reply }
        defer { Task { await server.stop() } }
        let client = Self.client(transport, server, attempts: 3)
        let read = await Self.failure { _ = try await client.request(.get, "items") }
        guard case .transport? = read else {
            Issue.record("expected a transport failure, got \(String(describing: read))")
            return
        }
        #expect(server.received.map(\.method) == ["GET", "GET", "GET"], "a GET is retried up to the policy's 3 attempts")
        let create = await Self.failure { _ = try await client.request(.post, "items", body: ["name": "Ada"]) }
        guard case .transport? = create else {
            Issue.record("expected a transport failure, got \(String(describing: create))")
            return
        }
        #expect(server.received.map(\.method) == ["GET", "GET", "GET", "POST"], "a POST is sent once")
        #expect(server.connectionsAccepted == 4, "the server closed each broken connection, so each attempt opened one")
    }

    /// A chunked body of many small chunks arrives whole.
    @Test(arguments: TestTransport.allCases) func aChunkedBodyArrivesWhole(_ transport: TestTransport) async throws {
        let numbers = Array(0..<2000)
        let body = try JSONEncoder().encode(numbers)
        let server = try await TestServer { _ in .chunked(body: body, chunkSize: 100) }
        defer { Task { await server.stop() } }
        #expect(try await Self.client(transport, server).requestObject([Int].self, .get, "numbers") == numbers)
    }

    /// A server that never answers, or that drips a byte at a time for ever (which keeps the connection busy,
    /// so no idle timeout fires): the client's timeout is an overall deadline and ends the request with
    /// `.timedOut`, which is not retried (the attempt took the whole timeout already), and the client closes
    /// its connection.
    @Test(.timeLimit(.minutes(2)), arguments: [SilentReply.hang, .drip], TestTransport.allCases)
    func aSilentServerTimesOutOnceAndTheConnectionIsClosed(_ silence: SilentReply, _ transport: TestTransport) async throws {
        let server = try await TestServer { _ in silence.reply }
        defer { Task { await server.stop() } }
        let error = await Self.failure { _ = try await Self.client(transport, server, timeout: .seconds(1)).request(.get, "items") }
        guard case .timedOut(after: .seconds(1))? = error else {
            Issue.record("expected a timeout after 1 second, got \(String(describing: error))")
            return
        }
        #expect(server.received.count == 1, "a timeout is not retried")
        await server.allConnectionsClosed()
    }

    /// A server that keeps a request waiting for ever.
    enum SilentReply: String, CaseIterable, Sendable {
        /// Never answers.
        case hang
        /// Answers a byte every 20 ms, for ever.
        case drip

        /// The server's reply.
        var reply: TestServer.Reply {
            switch self {
            case .hang: .hang
            case .drip: .drip(interval: .milliseconds(20))
            }
        }
    }

    /// Bodies of 5 MB and 50 MB arrive whole and in order, chunk by chunk.
    @Test(.timeLimit(.minutes(2)), arguments: [5_000_000, 50_000_000], TestTransport.allCases)
    func largeBodiesArriveWhole(_ size: Int, _ transport: TestTransport) async throws {
        let server = try await TestServer { _ in .large(byteCount: size) }
        defer { Task { await server.stop() } }
        let response = try await Self.client(transport, server, timeout: .seconds(90)).send(
            OperationRequest(resource: "raw", operation: "GET", method: .get, path: "large"))
        try #require(response.body.count == size)
        let chunkSize = TestServer.largeBodyChunkSize
        let mismatched = response.body.withUnsafeBytes { bytes in
            stride(from: 0, to: size, by: chunkSize).filter { start in
                let expected = TestServer.largeBodyChunk(start / chunkSize)
                return memcmp(bytes.baseAddress! + start, expected, min(chunkSize, size - start)) != 0
            }
        }
        #expect(mismatched.isEmpty, "chunks at offsets \(mismatched.prefix(5)) differ")
    }

    /// A gzip-encoded body is decompressed: a request without `Accept-Encoding` accepts any content coding
    /// (RFC 9110 §12.5.3). FoundationNetworking decompresses through libcurl; AsyncHTTPClient's shared client
    /// is configured to (`decompression: .enabled`).
    ///
    /// The body, made with `printf '{"compressed": true, "note": "gzip on the wire"}' | gzip -n -9 | base64 -w0`.
    @Test(arguments: TestTransport.allCases) func aGzipBodyIsDecompressed(_ transport: TestTransport) async throws {
        let gzip = try #require(Data(base64Encoded: "H4sIAAAAAAACA6tWSs7PLShKLS5OTVGyUigpKk3VUVDKyy9JBfKU0qsyCxTy8xRKMlIVyjOLUpVqAaeFoRUwAAAA"))
        let server = try await TestServer { _ in
            .respond(status: 200, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: gzip)
        }
        defer { Task { await server.stop() } }
        let value = try await Self.client(transport, server).request(.get, "compressed")
        #expect(value == .object(["compressed": .bool(true), "note": .string("gzip on the wire")]))
    }

    #if CrudeAsyncHTTPClient
    /// A transport's own client decompresses too (``AsyncHTTPClientTransport/defaultConfiguration``); one made
    /// from AsyncHTTPClient's plain default passes the compressed bytes on, which fail to decode as JSON.
    @Test func anOwnedAsyncHTTPClientDecompressesGzip() async throws {
        let gzip = try #require(Data(base64Encoded: "H4sIAAAAAAACA6tWSs7PLShKLS5OTVGyUigpKk3VUVDKyy9JBfKU0qsyCxTy8xRKMlIVyjOLUpVqAaeFoRUwAAAA"))
        let server = try await TestServer { _ in
            .respond(status: 200, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: gzip)
        }
        defer { Task { await server.stop() } }
        let owned = AsyncHTTPClientTransport()
        let plain = AsyncHTTPClientTransport(configuration: HTTPClient.Configuration())
        let configuration = ClientConfiguration(baseURL: server.origin)
        let value = try? await APIClient(configuration: configuration, transport: owned).request(.get, "compressed")
        let error = await Self.failure { _ = try await APIClient(configuration: configuration, transport: plain).request(.get, "compressed") }
        try await owned.shutdown()
        try await plain.shutdown()
        #expect(value == .object(["compressed": .bool(true), "note": .string("gzip on the wire")]))
        guard case .decoding? = error else {
            Issue.record("expected the compressed bytes to fail decoding, got \(String(describing: error))")
            return
        }
    }
    #endif

    /// A chain of 1,000 redirects and a redirect to itself end in a transport failure after a bounded number
    /// of requests, not in a request followed for ever: both transports follow at most 20 redirects (the
    /// shared `HTTPClient`'s configuration, and FoundationNetworking's own limit); AsyncHTTPClient also
    /// recognises a cycle before following it, FoundationNetworking follows the loop to its limit.
    @Test(.timeLimit(.minutes(2)), arguments: TestTransport.allCases)
    func endlessRedirectsFailAfterABoundedNumberOfRequests(_ transport: TestTransport) async throws {
        let server = try await TestServer { request in
            guard let rest = request.path.split(separator: "/").last, let remaining = Int(rest) else { return .redirect(to: "/loop") }
            return remaining == 0
                ? .respond(status: 200, headers: ["Content-Type": "application/json"], body: Data("{}".utf8)) : .redirect(to: "/chain/\(remaining - 1)")
        }
        defer { Task { await server.stop() } }
        let client = Self.client(transport, server, attempts: 1)
        let chain = await Self.failure { _ = try await client.request(.get, "chain/1000") }
        guard case let .transport(_, underlying)? = chain else {
            Issue.record("expected a transport failure, got \(String(describing: chain))")
            return
        }
        #expect(Self.isTooManyRedirects(underlying, cycle: false), "\(underlying)")
        let chainRequests = server.received.count
        #expect(chainRequests == 21, "the first request and 20 redirects")
        let loop = await Self.failure { _ = try await client.request(.get, "loop") }
        guard case let .transport(_, underlying)? = loop else {
            Issue.record("expected a transport failure, got \(String(describing: loop))")
            return
        }
        #expect(Self.isTooManyRedirects(underlying, cycle: true), "\(underlying)")
        #expect(server.received.count - chainRequests == (transport.isFoundationNetworking ? 21 : 1))
    }

    /// Whether `error` is the transport's own error for too many redirects, or for a redirect `cycle`.
    static func isTooManyRedirects(_ error: any Error, cycle: Bool) -> Bool {
        if let error = error as? URLError { return error.code == .httpTooManyRedirects }
        #if CrudeAsyncHTTPClient
        if let error = error as? HTTPClientError { return error == (cycle ? .redirectCycleDetected : .redirectLimitReached) }
        #endif
        return false
    }

    #if os(Linux)
    /// The descriptors of this process that are TCP connections with `port` at one end (the server's
    /// listening socket included). Other suites run alongside this one and open descriptors of their own,
    /// which a count of every descriptor would take for this test's leaks.
    static func openSockets(port: UInt16) throws -> Int {
        let socketInodes = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { descriptor in
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")
            return target.flatMap { $0.hasPrefix("socket:[") ? String($0.dropFirst(8).dropLast()) : nil }
        }
        let hexPort = String(port, radix: 16, uppercase: true)
        let portSuffix = ":" + String(repeating: "0", count: 4 - hexPort.count) + hexPort
        var inodesAtPort = Set<String>()
        for table in ["/proc/self/net/tcp", "/proc/self/net/tcp6"] {
            // Columns: sl, local address, remote address, state, queues, timer, retransmits, uid, timeout, inode.
            // Read to the end: the kernel writes the table a page per read, which String(contentsOfFile:) stops after.
            guard let file = FileHandle(forReadingAtPath: table) else { continue }
            defer { try? file.close() }
            for row in String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self).split(separator: "\n").dropFirst() {
                let columns = row.split(separator: " ")
                if columns.count > 9, columns[1].hasSuffix(portSuffix) || columns[2].hasSuffix(portSuffix) {
                    inodesAtPort.insert(String(columns[9]))
                }
            }
        }
        return socketInodes.filter(inodesAtPort.contains).count
    }

    /// A TCP connection to 127.0.0.1:`port`, left open.
    static func connect(port: UInt16) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard descriptor >= 0, connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        return descriptor
    }

    /// Faulty requests by the hundred leave no socket open and no connection the server still holds: the
    /// count after them is within a pool's few connections of the count before (a socket leaked per request
    /// would add 150), and the server sees every connection closed, the hanging ones included.
    @Test(.timeLimit(.minutes(2)), arguments: TestTransport.allCases)
    func faultsLeakNoFileDescriptorOrConnection(_ transport: TestTransport) async throws {
        let server = try await TestServer { request in
            switch request.path {
            case "/reset": .resetMidBody(declaredLength: 100_000, sentLength: 10_000)
            case "/truncated": .truncate(declaredLength: 1000, sentLength: 10)
            case "/cut": .chunkedCutMidChunk
            case "/hang": .hang
            default: .respond(status: 200, headers: ["Content-Type": "application/json", "Connection": "close"], body: Data("{}".utf8))
            }
        }
        defer { Task { await server.stop() } }
        let port = UInt16(server.origin.port!)
        // The count sees a connection this process holds open.
        let listening = try Self.openSockets(port: port)
        let held = try Self.connect(port: port)
        #expect(try Self.openSockets(port: port) > listening)
        close(held)
        let client = Self.client(transport, server, attempts: 1)
        // The transport's own descriptors (event loops, a session's sockets) exist before counting.
        _ = try await client.request(.get, "warm-up")
        await server.allConnectionsClosed()
        let before = try Self.openSockets(port: port)
        let paths = Array(repeating: ["reset", "truncated", "cut"], count: 50).flatMap { $0 }
        let failures = await withTaskGroup(of: APIError?.self) { group in
            for path in paths {
                group.addTask { await Self.failure { _ = try await client.request(.get, RoutePath(stringLiteral: path)) } }
            }
            return await group.reduce(into: [APIError]()) { if let error = $1 { $0.append(error) } }
        }
        #expect(failures.count == paths.count, "every faulty request failed")
        var shortTimeout = client
        shortTimeout.configuration.timeout = .seconds(1)
        let hanging = shortTimeout
        let timeouts = await withTaskGroup(of: APIError?.self) { group in
            for _ in 0..<4 { group.addTask { await Self.failure { _ = try await hanging.request(.get, "hang") } } }
            return await group.reduce(into: 0) { count, error in if case .timedOut? = error { count += 1 } }
        }
        #expect(timeouts == 4)
        await server.allConnectionsClosed()
        let after = try Self.openSockets(port: port)
        #expect(after - before < paths.count / 3, "\(before) sockets at the server's port before \(paths.count) faulty requests, \(after) after")
    }
    #endif
}
