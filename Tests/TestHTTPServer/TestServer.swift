import FlyingFox
import Foundation

/// A real HTTP server on 127.0.0.1 inside the test process, answering with a closure the test sets and
/// recording every request it receives.
public final class TestServer: Sendable {
    /// A request as the server received it.
    public struct Received: Sendable {
        public var method: String
        /// The percent-encoded path, exactly as sent.
        public var path: String
        /// The percent-encoded query string.
        public var query: String
        public var headers: [String: String]
        public var body: Data

        /// The body parsed as JSON.
        public var json: Any? { try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) }
        public var jsonObject: [String: Any]? { json as? [String: Any] }
    }

    /// What the server answers.
    public struct Reply: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        public var delay: Duration?

        public init(status: Int, headers: [String: String], body: Data, delay: Duration? = nil) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
        }

        public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Reply {
            Reply(status: status, headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: Data(text.utf8))
        }

        public static func empty(status: Int = 204) -> Reply {
            Reply(status: status, headers: [:], body: Data())
        }
    }

    public typealias Handler = @Sendable (Received) async -> Reply

    private let server: HTTPServer
    private let task: Task<Void, any Error>
    private let state = Mutex(State())
    /// `http://127.0.0.1:PORT`.
    public let origin: URL

    private struct State {
        var handler: Handler = { _ in .json("{}", status: 404) }
        var received: [Received] = []
    }

    /// Starts a server that answers with `handler`.
    public init(_ handler: @escaping Handler) async throws {
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
        self.server = server
        task = Task.onServerThread { try await server.run() }
        // Generous: with the plugin tests' builds and the compile tests beside them, a loaded 2-core machine
        // has taken longer than FlyingFox's default 5 s to schedule the listening task.
        try await server.waitUntilListening(timeout: 60)
        guard case let .ip4(_, port)? = await server.listeningAddress else {
            throw URLError(.cannotConnectToHost)
        }
        origin = URL(string: "http://127.0.0.1:\(port)")!
        state.withLock { $0.handler = handler }
        let state = self.state
        await server.appendRoute("*") { request in
            let received = Received(
                method: request.method.rawValue,
                path: request.target.path(),
                query: request.target.query(),
                headers: Dictionary(request.headers.map { ($0.key.rawValue.lowercased(), $0.value) }) { first, _ in first },
                body: try await request.bodyData
            )
            let handler = state.withLock { state in
                state.received.append(received)
                return state.handler
            }
            let reply = await handler(received)
            if let delay = reply.delay { try await Task.sleep(for: delay) }
            var headers = HTTPHeaders()
            for (name, value) in reply.headers { headers[HTTPHeader(name)] = value }
            // No reason phrase, as HTTP/2 has none: what a client reports must not depend on it.
            return HTTPResponse(statusCode: HTTPStatusCode(reply.status, phrase: ""), headers: headers, body: reply.body)
        }
    }

    /// Every request received so far, oldest first.
    public var received: [Received] { state.withLock { $0.received } }

    /// Replaces the handler.
    public func respond(_ handler: @escaping Handler) {
        state.withLock { $0.handler = handler }
    }

    public func stop() async {
        await server.stop(timeout: 1)
        task.cancel()
    }
}

/// A lock-protected value (the standard library's `Mutex` needs macOS 15).
public final class Mutex<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
