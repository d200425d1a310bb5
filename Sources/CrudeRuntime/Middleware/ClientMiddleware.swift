import Foundation
import HTTPTypes

/// Code that runs around every request a client sends: add credentials, validate, log, reshape.
///
/// Middlewares run in the order given to ``APIClient``; the first is outermost. Each calls `next` to
/// continue (or answers without calling it).
public protocol ClientMiddleware: Sendable {
    /// Handles one request: usually changes it, calls `next` and looks at or changes the response.
    func intercept(_ request: ClientRequest, next: @Sendable (ClientRequest) async throws -> ClientResponse) async throws -> ClientResponse
}

/// Changes every request before it is sent, as ApiModel's `beforeRequest` (for example to add a token).
public struct BeforeRequest: ClientMiddleware {
    let body: @Sendable (inout ClientRequest) async throws -> Void

    /// A middleware that runs `body` on every request before passing it on.
    public init(_ body: @escaping @Sendable (inout ClientRequest) async throws -> Void) {
        self.body = body
    }

    public func intercept(_ request: ClientRequest, next: @Sendable (ClientRequest) async throws -> ClientResponse) async throws -> ClientResponse {
        var request = request
        try await body(&request)
        return try await next(request)
    }
}

/// Sees every request with its response, as ApiModel's `afterRequest` and Raccoon's `prepare`/`process`:
/// validate (throw to fail the call), log or post-process.
public struct AfterResponse: ClientMiddleware {
    let body: @Sendable (ClientRequest, ClientResponse) async throws -> Void

    /// A middleware that runs `body` on every response; a thrown error fails the call.
    public init(_ body: @escaping @Sendable (ClientRequest, ClientResponse) async throws -> Void) {
        self.body = body
    }

    public func intercept(_ request: ClientRequest, next: @Sendable (ClientRequest) async throws -> ClientResponse) async throws -> ClientResponse {
        let response = try await next(request)
        try await body(request, response)
        return response
    }
}

/// Reshapes successful response bodies before they are decoded, as Raccoon's custom serializer: for a
/// server whose JSON arrives wrapped in something else.
public struct ResponseBodyTransform: ClientMiddleware {
    let transform: @Sendable (ClientRequest, Data) throws -> Data

    /// A middleware that replaces every successful response's body with `transform`'s result.
    public init(_ transform: @escaping @Sendable (ClientRequest, Data) throws -> Data) {
        self.transform = transform
    }

    public func intercept(_ request: ClientRequest, next: @Sendable (ClientRequest) async throws -> ClientResponse) async throws -> ClientResponse {
        var response = try await next(request)
        if response.head.status.kind == .successful {
            response.body = try transform(request, response.body)
        }
        return response
    }
}
