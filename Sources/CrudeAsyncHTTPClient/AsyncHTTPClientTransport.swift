#if CrudeAsyncHTTPClient
import AsyncHTTPClient
import CrudeRuntime
import Foundation
import HTTPTypes
import HTTPTypesFoundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Sends requests with AsyncHTTPClient, the HTTP client of server-side Swift (SwiftNIO): for server apps and
/// command-line tools on Linux, where `URLSessionTransport` is FoundationNetworking's.
///
/// It keeps the contract of `URLSessionTransport`: the timeout is an overall deadline for the whole exchange,
/// the wait for a free pooled connection and the body included (`APIError.timedOut(after:)`); cancelling the calling task cancels the request
/// (`APIError.cancelled`); redirects are followed as the `HTTPClient`'s configuration says, a 307 or 308
/// sending the same method and body again, a file upload included; a response body is collected into `Data`
/// up to ``maximumResponseBodySize`` bytes, past which the request fails with
/// `APIError.transport(description:underlying:)` whose underlying error is AsyncHTTPClient's
/// `ResponseAccumulator.ResponseTooBigError`.
///
/// Give it the app's own `HTTPClient` (``init(client:maximumResponseBodySize:)``), which the app shuts down
/// as usual, or let it create one (``init(configuration:maximumResponseBodySize:)``): ``shutdown()`` waits
/// for that client to close, and a transport released without it shuts its client down in the background
/// (AsyncHTTPClient stops a debug build whose client is released running).
public final class AsyncHTTPClientTransport: HTTPTransport {
    /// The client that sends the requests.
    public let client: HTTPClient
    /// The largest response body accepted, in bytes: at most 4 GiB − 1, the most a SwiftNIO `ByteBuffer` holds.
    public let maximumResponseBodySize: Int
    /// Whether ``shutdown()`` shuts `client` down: only a client this transport created.
    private let ownsClient: Bool

    /// The bytes read from an uploaded file at a time: large enough for few reads, small enough to keep memory flat.
    private static let uploadChunkSize = 256 * 1024

    /// A transport sending with `client`, the app's own, whose configuration (redirects, TLS, proxy, pool) applies.
    ///
    /// The app keeps shutting `client` down itself; ``shutdown()`` leaves it alone.
    public init(client: HTTPClient, maximumResponseBodySize: Int = 64 * 1024 * 1024) {
        self.client = client
        self.maximumResponseBodySize = maximumResponseBodySize
        ownsClient = false
    }

    /// What a transport's own client is made from unless given another configuration: AsyncHTTPClient's
    /// default (following up to five redirects, no cycle), decompressing gzip and deflate bodies up to 25 times
    /// their compressed size. A request without `Accept-Encoding` accepts any content coding (RFC 9110
    /// §12.5.3), so a server may compress its answer; AsyncHTTPClient's default passes the compressed bytes on.
    public static var defaultConfiguration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.decompression = .enabled(limit: .ratio(25))
        return configuration
    }

    /// A transport with a client of its own, on SwiftNIO's shared event loops, made from `configuration`
    /// (``defaultConfiguration`` unless given).
    ///
    /// ``shutdown()`` closes the client and waits for it; released without it, the transport shuts the
    /// client down in the background.
    public init(configuration: HTTPClient.Configuration = defaultConfiguration, maximumResponseBodySize: Int = 64 * 1024 * 1024) {
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        self.maximumResponseBodySize = maximumResponseBodySize
        ownsClient = true
    }

    /// Shuts down the client this transport created, after the requests in flight; does nothing for the app's
    /// own client (``init(client:maximumResponseBodySize:)``).
    public func shutdown() async throws {
        if ownsClient { try await client.shutdown() }
    }

    /// Shuts down a client this transport created and nobody shut down: a transport dropped on an error path
    /// must not stop the app. The client stays alive until its shutdown completes; one already shut down
    /// reports that to the callback, which has nothing to do.
    deinit {
        if ownsClient { client.shutdown { _ in } }
    }

    /// Sends `request` with `body` held in one buffer, which a 307 or 308 sends again.
    public func send(_ request: HTTPRequest, body: Data?, timeout: Duration) async throws -> (HTTPResponse, Data) {
        // A body AsyncHTTPClient can write again is what lets a 307 or 308 send it to the new location.
        try await exchange(request, body: body.map { .byteBuffer(ByteBuffer(bytes: $0)) }, timeout: timeout)
    }

    /// Streams the file from disk in chunks, read on SwiftNIO's thread pool; a redirect reads it again from
    /// the start.
    public func upload(_ request: HTTPRequest, fromFile file: URL, timeout: Duration) async throws -> (HTTPResponse, Data) {
        let length: Int64
        do {
            length = try Int64(file.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0)
        } catch {
            throw APIError.transport(description: "cannot read the file to upload \(file.path): \(error)", underlying: error)
        }
        let group = client.eventLoopGroup
        let body = HTTPClient.Body.stream(contentLength: length) { writer in
            Self.write(file, to: writer, on: group.any())
        }
        return try await exchange(request, body: body, timeout: timeout)
    }

    /// Writes the bytes of `file` to `writer` one chunk at a time, each chunk read once the previous one is written.
    private static func write(_ file: URL, to writer: HTTPClient.Body.StreamWriter, on eventLoop: any EventLoop) -> EventLoopFuture<Void> {
        let pool = NIOThreadPool.singleton
        return pool.runIfActive(eventLoop: eventLoop) { try FileHandle(forReadingFrom: file) }.flatMap { handle in
            @Sendable func writeRest() -> EventLoopFuture<Void> {
                pool.runIfActive(eventLoop: eventLoop) { try handle.read(upToCount: uploadChunkSize) ?? Data() }.flatMap { chunk in
                    chunk.isEmpty ? eventLoop.makeSucceededVoidFuture() : writer.write(.byteBuffer(ByteBuffer(bytes: chunk))).flatMap(writeRest)
                }
            }
            return writeRest().always { _ in try? handle.close() }
        }
    }

    /// Streams the response body to `file` as it arrives, written on SwiftNIO's thread pool, so that its
    /// size is not bounded by memory: ``maximumResponseBodySize`` does not apply.
    public func download(_ request: HTTPRequest, body: Data?, toFile file: URL, timeout: Duration) async throws -> HTTPResponse {
        // AsyncHTTPClient's file delegate writes into an existing file without truncating it.
        try? FileManager.default.removeItem(at: file)
        do {
            let progress = try await exchange(request, body: body.map { .byteBuffer(ByteBuffer(bytes: $0)) }, timeout: timeout) { _ in
                try FileDownloadDelegate(path: file.path)
            }
            // The delegate creates the file with the body's first bytes: an empty body makes none.
            if !FileManager.default.fileExists(atPath: file.path) { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
            return Self.httpResponse(progress.head)
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
    }

    /// Sends `request` with `body` under the deadline and the calling task's cancellation, collecting the
    /// response body in memory.
    private func exchange(_ request: HTTPRequest, body: HTTPClient.Body?, timeout: Duration) async throws -> (HTTPResponse, Data) {
        let maximumResponseBodySize = maximumResponseBodySize
        let response = try await exchange(request, body: body, timeout: timeout) { request in
            ResponseAccumulator(request: request, maxBodySize: maximumResponseBodySize)
        }
        let head = HTTPResponseHead(version: response.version, status: response.status, headers: response.headers)
        return (Self.httpResponse(head), response.body.map { Data($0.readableBytesView) } ?? Data())
    }

    /// Sends `request` with `body` under the deadline and the calling task's cancellation, the response
    /// handled by the delegate `makeDelegate` makes for each attempt.
    private func exchange<Delegate: HTTPClientResponseDelegate>(
        _ request: HTTPRequest, body: HTTPClient.Body?, timeout: Duration, delegate makeDelegate: (HTTPClient.Request) throws -> Delegate
    ) async throws -> Delegate.Response where Delegate.Response: Sendable {
        guard let url = request.url else {
            throw APIError.transport(description: "cannot form a URL from \(request)", underlying: URLError(.badURL))
        }
        let clientRequest: HTTPClient.Request
        do {
            clientRequest = try HTTPClient.Request(
                url: url, method: HTTPMethod(rawValue: request.method.rawValue),
                headers: HTTPHeaders(request.headerFields.map { ($0.name.rawName, $0.value) }), body: body)
        } catch {
            throw APIError.transport(description: "cannot send to \(url): \(error)", underlying: error)
        }
        let (seconds, attoseconds) = timeout.components
        // AsyncHTTPClient's deadline covers the whole exchange, redirects and the response body included.
        let deadline = NIODeadline.now() + .seconds(seconds) + .nanoseconds(attoseconds / 1_000_000_000)
        do {
            return try await execute(clientRequest, deadline: deadline, delegate: makeDelegate)
        } catch {
            throw Self.apiError(error, timeout: timeout)
        }
    }

    /// The runtime's response head for AsyncHTTPClient's.
    private static func httpResponse(_ head: HTTPResponseHead) -> HTTPResponse {
        var fields = HTTPFields()
        for header in head.headers {
            // AsyncHTTPClient has parsed the head, so every name is a valid token; the check only satisfies the type.
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        return HTTPResponse(status: HTTPResponse.Status(code: Int(head.status.code), reasonPhrase: head.status.reasonPhrase), headerFields: fields)
    }

    /// Sends `request` until `deadline`, under the calling task's cancellation.
    ///
    /// AsyncHTTPClient gives up on a request that waited for a pooled connection longer than its configuration's
    /// connect timeout (10 s by default), although every connection was busy and none failed. Such a request
    /// was never sent, so it is queued again, whatever its method: only the request's own deadline ends it,
    /// as it does with `URLSessionTransport`, and a burst of requests larger than the pool loses none.
    private func execute<Delegate: HTTPClientResponseDelegate>(
        _ request: HTTPClient.Request, deadline: NIODeadline, delegate makeDelegate: (HTTPClient.Request) throws -> Delegate
    ) async throws -> Delegate.Response where Delegate.Response: Sendable {
        while true {
            if Task.isCancelled { throw CancellationError() }
            let task = client.execute(request: request, delegate: try makeDelegate(request), deadline: deadline)
            do {
                return try await withTaskCancellationHandler {
                    try await task.get()
                } onCancel: {
                    task.cancel()
                }
            } catch let error as HTTPClientError where error == .getConnectionFromPoolTimeout && NIODeadline.now() < deadline {
                continue
            }
        }
    }

    /// The runtime's error for AsyncHTTPClient's.
    private static func apiError(_ error: any Error, timeout: Duration) -> APIError {
        switch error {
        case let error as HTTPClientError where error == .cancelled: .cancelled
        case is CancellationError: .cancelled
        case let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout: .timedOut(after: timeout)
        case let error as ResponseAccumulator.ResponseTooBigError:
            .transport(description: "the response body is larger than \(error.maxBodySize) bytes", underlying: error)
        default: .transport(description: "\(error)", underlying: error)
        }
    }
}
#endif
