import Foundation
import HTTPTypes
import HTTPTypesFoundation

/// An operation as a value: built without being sent, then sent for its decoded value, for the value with
/// the exchange it came from, or for success only.
///
/// Every generated operation has a builder named after it (`Person.readOperation(id:)`,
/// `person.createOperation()`), and the generated method sends what the builder returns. From a value,
/// ``url(on:)`` gives ApiModel's `apiUrlForRoute`, ``response(on:)`` iService's result parts and
/// ``succeed(on:)`` CRUDE-Futures' `Okay` variants, for any operation.
public struct APIOperation<Value: Sendable>: Sendable {
    /// The request the operation sends; its body is encoded by the client that sends it.
    public var request: OperationRequest
    /// How pages follow one another, for an operation whose value is a ``Page``.
    let pagination: Pagination?
    /// Reads the value from a successful response to `request`.
    private let read: @Sendable (APIClient, OperationRequest, ClientResponse) throws(APIError) -> Value

    /// An operation whose value is decoded from the response body, unwrapped from the client's envelope
    /// and `namespace`.
    public init(request: OperationRequest, namespace: String? = nil) where Value: Decodable {
        self.request = request
        pagination = nil
        read = { client, _, response throws(APIError) in try client.decode(Value.self, from: response, namespace: namespace) }
    }

    /// An operation whose response carries nothing to decode.
    public init(request: OperationRequest) where Value == Void {
        self.request = request
        pagination = nil
        read = { _, _, _ in }
    }

    /// An operation whose value is the response body as it is, a file (the spec's `returns: File`): it
    /// accepts any media type (`Accept: */*`) unless the request's headers name one.
    public init(request: OperationRequest) where Value == Download {
        var request = request
        if !request.headers.keys.contains(where: { $0.lowercased() == "accept" }) { request.headers["Accept"] = "*/*" }
        self.request = request
        pagination = nil
        read = { _, _, response in Download(response) }
    }

    /// An operation whose value is one page of a paginated list, with the request for the next page.
    public init<Item>(request: OperationRequest, pagination: Pagination) where Value == Page<Item> {
        self.request = APIClient.firstPageRequest(request, pagination: pagination)
        self.pagination = pagination
        read = { client, request, response throws(APIError) in try client.page(from: response, to: request, pagination: pagination) }
    }

    /// The URL the operation is sent to by `client`, query included; nothing is encoded or sent.
    public func url(on client: APIClient) throws(APIError) -> URL {
        do {
            return try client.url(for: request)
        } catch {
            throw APIError(error)
        }
    }

    /// Sends the operation and returns its value.
    public func send(on client: APIClient) async throws(APIError) -> Value {
        try read(client, request, await client.send(request))
    }

    /// Sends the operation and returns its value with the request sent and the response received.
    public func response(on client: APIClient) async throws(APIError) -> OperationResponse<Value> {
        let prepared: ClientRequest
        do {
            prepared = try client.prepare(request)
        } catch {
            throw APIError(error)
        }
        let response = try await client.send(prepared, for: request)
        return OperationResponse(value: try read(client, request, response), request: prepared.head, response: response.head, body: response.body)
    }

    /// Sends the operation and only checks that it succeeded, ignoring the response body (CRUDE-Futures'
    /// `createOnServerOkay`).
    public func succeed(on client: APIClient) async throws(APIError) {
        _ = try await client.send(request)
    }

    /// Sends the operation and streams its successful response body to `destination`, replacing a file
    /// already there, as ``APIClient/download(_:to:)`` does: nothing is left at `destination` when it throws.
    public func download(to destination: URL, on client: APIClient) async throws(APIError) -> DownloadedFile where Value == Download {
        DownloadedFile(file: destination, response: try await client.download(request, to: destination))
    }

    /// Every page, from this operation's on, fetched as the sequence is iterated; `.items` walks the items
    /// one by one.
    public func pages<Item>(on client: APIClient) -> PageSequence<Item> where Value == Page<Item> {
        PageSequence(client: client, first: request, pagination: pagination ?? .djangoRESTFramework)
    }
}

/// An operation's value with the exchange it came from (iService's `result.request`, `result.response`,
/// `result.data`), one per call, so concurrent calls never mix them up as a client-wide middleware would.
public struct OperationResponse<Value: Sendable>: Sendable {
    /// The decoded value.
    public var value: Value
    /// The request as the client prepared it (method, URL and headers), before any middleware changed it.
    public var request: HTTPRequest
    /// The response's status and headers.
    public var response: HTTPResponse
    /// The response body as received.
    public var body: Data
}
