import Foundation
import HTTPTypes

/// Requests for what a spec does not cover, as CRUDE-Futures' `request`, `requestObject`,
/// `requestObjectsArray` and `requestForSuccess`. They use the client's configuration, middlewares and
/// error handling; typed results are unwrapped from the envelope. `headers` go with this one request,
/// after the configuration's.
extension APIClient {
    /// Sends a request and returns the whole response body as JSON (`null` for an empty body).
    public func request(
        _ method: HTTPRequest.Method, _ path: RoutePath, query: [URLQueryItem] = [], headers: [String: String] = [:], body: (any Encodable)? = nil
    ) async throws(APIError) -> JSONValue {
        let response = try await send(rawRequest(method, path, query: query, headers: headers, body: body))
        if response.body.isEmpty { return .null }
        return try configuration.decode(JSONValue.self, from: response.body, unwrapping: [])
    }

    /// Sends a request and decodes one object from the unwrapped body.
    public func requestObject<Value: Decodable>(
        _ type: Value.Type, _ method: HTTPRequest.Method, _ path: RoutePath, query: [URLQueryItem] = [], headers: [String: String] = [:],
        body: (any Encodable)? = nil
    ) async throws(APIError) -> Value {
        try decode(Value.self, from: await send(rawRequest(method, path, query: query, headers: headers, body: body)))
    }

    /// Sends a request and decodes an array of objects from the unwrapped body.
    public func requestObjectsArray<Value: Decodable>(
        _ type: Value.Type, _ method: HTTPRequest.Method, _ path: RoutePath, query: [URLQueryItem] = [], headers: [String: String] = [:],
        body: (any Encodable)? = nil
    ) async throws(APIError) -> [Value] {
        try decode([Value].self, from: await send(rawRequest(method, path, query: query, headers: headers, body: body)))
    }

    /// Sends a request and only checks that it succeeded.
    public func requestForSuccess(
        _ method: HTTPRequest.Method, _ path: RoutePath, query: [URLQueryItem] = [], headers: [String: String] = [:], body: (any Encodable)? = nil
    ) async throws(APIError) {
        _ = try await send(rawRequest(method, path, query: query, headers: headers, body: body))
    }

    /// A raw request belongs to the resource `raw` and the operation named by its method, so
    /// `operationHeaders[.raw(.get)]` reaches every raw GET.
    private func rawRequest(_ method: HTTPRequest.Method, _ path: RoutePath, query: [URLQueryItem], headers: [String: String], body: (any Encodable)?)
        throws(APIError) -> OperationRequest
    {
        // Encoded now: a raw body is any `Encodable`, which need not be `Sendable`.
        let data = try body.map { value throws(APIError) in RequestBody(data: try self.body(value)) }
        return OperationRequest(resource: "raw", operation: method.rawValue, method: method, path: path, query: query, headers: headers, body: data)
    }
}
