import Foundation
import HTTPTypes
import HTTPTypesFoundation

/// An operation as a value: built without being sent, then sent for its decoded value, for the value with
/// the exchange it came from, or for success only.
///
/// Generated operations build one of these and send it; building it yourself gives ApiModel's
/// `apiUrlForRoute` (``url(on:)``), iService's result parts (``response(on:)``) and CRUDE-Futures' `Okay`
/// variants (``succeed(on:)``) for any operation.
public struct Operation<Value: Sendable>: Sendable {
    /// The request the operation sends.
    public var request: OperationRequest
    /// Reads the value from a successful response.
    let read: @Sendable (APIClient, ClientResponse) throws(APIError) -> Value

    /// An operation whose value is decoded from the response body, unwrapped from the client's envelope
    /// and `namespace`.
    public init(request: OperationRequest, namespace: String? = nil) where Value: Decodable {
        self.request = request
        read = { client, response throws(APIError) in try client.decode(Value.self, from: response, namespace: namespace) }
    }

    /// An operation whose response carries nothing to decode.
    public init(request: OperationRequest) where Value == Void {
        self.request = request
        read = { _, _ in }
    }

    /// The URL the operation is sent to by `client`, query included.
    public func url(on client: APIClient) throws(APIError) -> URL {
        do {
            return try client.prepare(request).head.url ?? client.configuration.baseURL
        } catch {
            throw APIError(error)
        }
    }

    /// Sends the operation and returns its value.
    public func send(on client: APIClient) async throws(APIError) -> Value {
        try read(client, await client.send(request))
    }

    /// Sends the operation and returns its value with the request sent and the response received.
    public func response(on client: APIClient) async throws(APIError) -> OperationResponse<Value> {
        let sent: HTTPRequest
        do {
            sent = try client.prepare(request).head
        } catch {
            throw APIError(error)
        }
        let response = try await client.send(request)
        return OperationResponse(value: try read(client, response), request: sent, response: response.head, body: response.body)
    }

    /// Sends the operation and only checks that it succeeded, ignoring the response body (CRUDE-Futures'
    /// `createOnServerOkay`).
    public func succeed(on client: APIClient) async throws(APIError) {
        _ = try await client.send(request)
    }
}

/// An operation's value with the exchange it came from (iService's `result.request`, `result.response`,
/// `result.data`), one per call, so concurrent calls never mix them up as a client-wide middleware would.
public struct OperationResponse<Value: Sendable>: Sendable {
    public var value: Value
    /// The request as the client prepared it (method, URL and headers), before any middleware changed it.
    public var request: HTTPRequest
    /// The response's status and headers.
    public var response: HTTPResponse
    /// The response body as received.
    public var body: Data
}
