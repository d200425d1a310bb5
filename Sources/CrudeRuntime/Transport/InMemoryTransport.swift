import Foundation
import HTTPTypes

/// A transport that answers from a closure instead of the network, for tests of code that uses
/// generated operations. It does not enforce timeouts: a handler answers when it returns.
///
/// ```swift
/// let transport = InMemoryTransport { request, body in
///     (HTTPResponse(status: .ok), Data(#"{"id": 1, "name": "Ada"}"#.utf8))
/// }
/// let client = APIClient(configuration: Household.configuration(), transport: transport)
/// let person = try await Person.read(id: 1, on: client)
/// #expect(transport.requests.last?.head.path == "/api/people/1")
/// ```
public final class InMemoryTransport: HTTPTransport, @unchecked Sendable {
    /// A request the transport received.
    public struct Recorded: Sendable {
        /// Method, URL and headers, as the client sent them.
        public var head: HTTPRequest
        /// The encoded body, if any.
        public var body: Data?
    }

    /// Answers one request: its head and body in, the response and its body out.
    public typealias Handler = @Sendable (HTTPRequest, Data?) async throws -> (HTTPResponse, Data)

    private let handler: Handler
    private let lock = NSLock()
    private var recorded: [Recorded] = []

    /// Creates a transport that answers every request with `handler`.
    public init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    /// Creates a transport that answers every request with the same status and JSON body.
    public convenience init(status: HTTPResponse.Status = .ok, json: String) {
        self.init { _, _ in
            (HTTPResponse(status: status, headerFields: [.contentType: "application/json"]), Data(json.utf8))
        }
    }

    /// Every request received so far, oldest first.
    public var requests: [Recorded] {
        lock.withLock { recorded }
    }

    /// Records the request and answers it with the handler; `timeout` is not enforced.
    public func send(_ request: HTTPRequest, body: Data?, timeout: Duration) async throws -> (HTTPResponse, Data) {
        lock.withLock { recorded.append(Recorded(head: request, body: body)) }
        return try await handler(request, body)
    }
}
